/// Splits a byte stream into the bodies of JSON-RPC messages, framed as the
/// Language Server Protocol frames them: a header block of `Name: value`
/// lines ending in `\r\n`, an empty line, then exactly `Content-Length`
/// bytes of body.
///
/// ```swift
/// var framer = MessageFramer()
/// framer.append(bytesReadFromStandardInput)
/// while let next = framer.next() {
///     switch next {
///     case .success(let body): handle(body)
///     case .failure(let error): log(error)
///     }
/// }
/// ```
///
/// Bad framing never traps and never makes the framer hold more than it
/// must: a header block without `Content-Length`, with a length that is not
/// a number, or longer than ``maximumHeaderLength`` is reported and skipped
/// up to its end, and the framer reads on from there; a body above
/// ``maximumBodyLength`` is reported and its bytes are dropped as they come,
/// never buffered. Header names are matched ignoring case; other headers
/// (`Content-Type`) are read and ignored. A lone `\n` ends a header line too,
/// as some clients write it.
public struct MessageFramer: Sendable {
    /// The longest header block kept while waiting for its end: 8 KiB.
    public static let maximumHeaderLength = 8 * 1024
    /// The largest body accepted: 64 MiB, far above any scene file.
    public static let maximumBodyLength = 64 * 1024 * 1024

    /// Why bytes were not a message.
    public enum FramingError: Error, Hashable, Sendable, CustomStringConvertible {
        /// A header block without a `Content-Length` header.
        case missingContentLength
        /// A `Content-Length` that is not a whole number of bytes (the text as written, cut to 40 characters).
        case invalidContentLength(String)
        /// A header line without a colon (the line, cut to 40 characters).
        case invalidHeader(String)
        /// A header block longer than ``maximumHeaderLength`` without its empty line.
        case headerTooLong
        /// A body longer than ``maximumBodyLength``: its length.
        case bodyTooLong(Int)

        public var description: String {
            switch self {
            case .missingContentLength: "a header block without Content-Length"
            case .invalidContentLength(let text): "Content-Length '\(text)' is not a number of bytes"
            case .invalidHeader(let line): "the header line '\(line)' has no ':'"
            case .headerTooLong: "a header block longer than \(MessageFramer.maximumHeaderLength) bytes"
            case .bodyTooLong(let length):
                "a body of \(length) bytes, above the limit of \(MessageFramer.maximumBodyLength)"
            }
        }
    }

    /// Bytes received and not yet taken.
    private var buffer: [UInt8] = []
    /// Where unread bytes start in ``buffer``: taken bytes are dropped in bulk, not one message at a time.
    private var start = 0
    /// The length of the body being read, once its header block is read.
    private var bodyLength: Int?
    /// Bytes of a body too long to keep, still to be dropped as they arrive.
    private var toSkip = 0

    public init() {}

    /// How many bytes wait in the framer: at most a header block's limit, or a body's.
    public var bufferedCount: Int { buffer.count - start }

    /// Adds bytes read from the stream.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// The next message's body, a framing error, or nil when more bytes are needed.
    public mutating func next() -> Result<[UInt8], FramingError>? {
        while true {
            if toSkip > 0 {
                let dropped = min(toSkip, buffer.count - start)
                start += dropped
                toSkip -= dropped
                compact()
                if toSkip > 0 { return nil }
            }
            if let length = bodyLength {
                guard buffer.count - start >= length else { return nil }
                let body = Array(buffer[start..<start + length])
                start += length
                bodyLength = nil
                compact()
                return .success(body)
            }
            guard let (headerEnd, next) = headerBlockEnd() else {
                if buffer.count - start > Self.maximumHeaderLength {
                    // Keep the last few bytes: they may be the start of the next header block's end.
                    start = buffer.count - 3
                    compact()
                    return .failure(.headerTooLong)
                }
                return nil
            }
            let header = buffer[start..<headerEnd]
            start = next
            compact()
            switch Self.contentLength(in: header) {
            case .failure(let error):
                return .failure(error)
            case .success(let length) where length > Self.maximumBodyLength:
                toSkip = length
                return .failure(.bodyTooLong(length))
            case .success(let length):
                bodyLength = length
            }
        }
    }

    /// Frames a body to send: its `Content-Length` header, the empty line, the body.
    public static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    /// Where the header block that starts at ``start`` ends (before its empty line), and where its body starts;
    /// nil when its empty line has not arrived. Blank lines before a header block (a stray line end after a body)
    /// are skipped.
    private mutating func headerBlockEnd() -> (Int, Int)? {
        while start < buffer.count, buffer[start] == UInt8(ascii: "\r") || buffer[start] == UInt8(ascii: "\n") {
            start += 1
        }
        var index = start
        var lineStart = start
        while index < buffer.count {
            if buffer[index] == UInt8(ascii: "\n") {
                var lineEnd = index
                if lineEnd > lineStart && buffer[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
                if lineEnd == lineStart { return (lineStart, index + 1) }
                lineStart = index + 1
            }
            index += 1
        }
        return nil
    }

    /// The `Content-Length` of a header block.
    private static func contentLength(in header: ArraySlice<UInt8>) -> Result<Int, FramingError> {
        var length: Result<Int, FramingError> = .failure(.missingContentLength)
        for rawLine in header.split(separator: UInt8(ascii: "\n")) {
            let line = rawLine.last == UInt8(ascii: "\r") ? rawLine.dropLast() : rawLine
            if line.isEmpty { continue }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                return .failure(.invalidHeader(shown(line)))
            }
            let name = String(decoding: line[..<colon], as: UTF8.self)
            guard name.lowercased() == "content-length" else { continue }
            let value = line[(colon + 1)...].drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            let digits = value.reversed().drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.reversed()
            guard !digits.isEmpty, digits.count <= 18,
                digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
            else { return .failure(.invalidContentLength(shown(value))) }
            length = .success(digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) })
        }
        return length
    }

    /// Header text as an error message shows it: at most 40 characters, control characters escaped.
    private static func shown(_ bytes: some Collection<UInt8>) -> String {
        var text = ""
        for scalar in String(decoding: bytes.prefix(40), as: UTF8.self).unicodeScalars {
            text += scalar.value < 0x20 || scalar.value == 0x7F ? scalar.escaped(asASCII: true) : String(scalar)
        }
        return text
    }

    /// Drops the bytes already taken once they are most of the buffer, so that appending stays amortised.
    private mutating func compact() {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.count < 1 << 20)
            start = 0
        } else if start > 4096 && start * 2 > buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
    }
}
