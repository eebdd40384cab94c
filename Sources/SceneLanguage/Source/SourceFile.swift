#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A scene file's text with the table that maps byte offsets to lines and
/// columns.
///
/// Offsets are UTF-8 byte offsets into ``text``; lines and columns are
/// 1-based, and columns count UTF-8 bytes, as swiftc's do. Bytes that are not
/// UTF-8 are replaced by U+FFFD when the file is read (``init(name:bytes:)``
/// says where), so offsets always refer to valid text. A UTF-8 byte-order
/// mark at the start stays in ``text`` and counts in offsets and columns, as
/// swiftc counts it; the lexer starts after it (``textStart``).
///
/// A file is a value, but its contents are held in one immutable object, so
/// a copy is a pointer: every ``SourceRange`` keeps the file it points into.
/// Two files are equal when they have the same name and text.
public struct SourceFile: Hashable, Sendable {
    /// The contents, shared by every copy and never changed.
    private final class Storage: Sendable {
        let name: String
        let text: String
        let bytes: [UInt8]
        let lineStarts: [Int]
        let textStart: Int
        let firstInvalidByte: Int?
        let generatedFrom: SourceMap?

        init(
            name: String, text: String, bytes: [UInt8], lineStarts: [Int], textStart: Int, firstInvalidByte: Int?,
            generatedFrom: SourceMap?
        ) {
            self.name = name
            self.text = text
            self.bytes = bytes
            self.lineStarts = lineStarts
            self.textStart = textStart
            self.firstInvalidByte = firstInvalidByte
            self.generatedFrom = generatedFrom
        }
    }

    private let storage: Storage

    /// Whether `other` is this file, not only the same text: a copy of the same read.
    package func isSameFile(as other: SourceFile) -> Bool { storage === other.storage }

    /// The name shown in diagnostics, usually the path as the user gave it.
    public var name: String { storage.name }
    public var text: String { storage.text }
    /// The UTF-8 bytes of ``text``.
    package var bytes: [UInt8] { storage.bytes }
    /// The offset at which each line starts.
    package var lineStarts: [Int] { storage.lineStarts }
    /// The offset of the text after a UTF-8 byte-order mark (EF BB BF) at the
    /// start of the file: 3 if there is one, else 0.
    package var textStart: Int { storage.textStart }
    /// The offset of the first byte that was not UTF-8, if any was replaced.
    public var firstInvalidByte: Int? { storage.firstInvalidByte }
    /// For a text written from another file (a scene imported from UIKit Swift), where each of its lines came
    /// from: diagnostics are shown there (``Diagnostic/inOriginalSource``).
    public var generatedFrom: SourceMap? { storage.generatedFrom }

    public static func == (lhs: SourceFile, rhs: SourceFile) -> Bool {
        lhs.storage === rhs.storage || (lhs.name == rhs.name && lhs.text == rhs.text)
    }

    /// Hashes the name and the length only, so that hashing a range costs
    /// nothing however long its file.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(bytes.count)
    }

    public init(name: String, text: String) {
        self.init(name: name, validText: text, firstInvalidByte: nil)
    }

    /// A text written from another file, whose diagnostics are shown where `map` says its lines came from.
    public init(name: String, text: String, generatedFrom map: SourceMap) {
        self.init(name: name, validText: text, firstInvalidByte: nil, generatedFrom: map)
    }

    /// Reads raw bytes, replacing what is not UTF-8 by U+FFFD.
    public init(name: String, bytes: [UInt8]) {
        // Valid UTF-8, the usual case, is taken as it is, without decoding it scalar by scalar.
        if let text = String(validating: bytes, as: UTF8.self) {
            // The bytes are the text's: kept, not made again from it.
            self.init(name: name, validText: text, bytes: bytes, firstInvalidByte: nil)
            return
        }
        // The bytes before the first that is not UTF-8 are the repaired text's too: where that byte stands.
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var firstInvalid = 0
        while case .scalarValue(let scalar) = decoder.decode(&iterator) { firstInvalid += UTF8.width(scalar) }
        // The standard library's repair, each maximal ill-formed sequence replaced by one U+FFFD as the decoder
        // above reports them, in one pass over the bytes rather than a scalar appended at a time.
        self.init(name: name, validText: String(decoding: bytes, as: UTF8.self), firstInvalidByte: firstInvalid)
    }

    private init(
        name: String, validText: String, bytes known: [UInt8]? = nil, firstInvalidByte: Int?,
        generatedFrom: SourceMap? = nil
    ) {
        let bytes = known ?? Array(validText.utf8)
        var starts = [0]
        // The C library's memchr finds each new line many bytes at a time.
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count, let found = memchr(base + offset, 0x0A, buffer.count - offset) {
                offset = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found)) + 1
                starts.append(offset)
            }
        }
        self.storage = Storage(
            name: name, text: validText, bytes: bytes, lineStarts: starts,
            textStart: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0, firstInvalidByte: firstInvalidByte,
            generatedFrom: generatedFrom)
    }

    /// The 1-based line and UTF-8 column of an offset.
    public func location(of offset: Int) -> SourcePosition {
        let lineStarts = storage.lineStarts
        let clamped = min(max(offset, 0), bytes.count)
        var lo = 0
        var hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= clamped { lo = mid } else { hi = mid - 1 }
        }
        return SourcePosition(line: lo + 1, column: clamped - lineStarts[lo] + 1)
    }

    /// The text of a 1-based line, without its newline (nor, on line 1, a byte-order mark).
    public func line(_ number: Int) -> Substring {
        guard number >= 1 && number <= lineStarts.count else { return "" }
        let start = number == 1 ? textStart : lineStarts[number - 1]
        var end = number < lineStarts.count ? lineStarts[number] - 1 : bytes.count
        if end > start && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: start)
        let upper = utf8.index(utf8.startIndex, offsetBy: max(end, start))
        return text[lower..<upper]
    }

    /// The text of a range of this file.
    public func text(of range: SourceRange) -> Substring {
        let bytes = storage.bytes
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: min(range.start, bytes.count))
        let upper = utf8.index(utf8.startIndex, offsetBy: min(range.end, bytes.count))
        return text[lower..<upper]
    }
}

/// A 1-based line and UTF-8 column.
public struct SourcePosition: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public var description: String { "\(line):\(column)" }
}

/// A half-open range of UTF-8 offsets in a ``SourceFile``, which it keeps:
/// a diagnostic at a range can be located and shown without being told its
/// file (a scene's, or the source of an `exec`).
public struct SourceRange: Hashable, Sendable {
    /// The file the offsets point into.
    public let file: SourceFile
    public var start: Int
    public var end: Int

    public init(start: Int, end: Int, in file: SourceFile) {
        self.file = file
        self.start = start
        self.end = max(start, end)
    }

    /// An empty range at an offset, such as the end of the file.
    public static func at(_ offset: Int, in file: SourceFile) -> SourceRange {
        SourceRange(start: offset, end: offset, in: file)
    }

    /// The smallest range that covers both, in this range's file.
    public func union(_ other: SourceRange) -> SourceRange {
        SourceRange(start: min(start, other.start), end: max(end, other.end), in: file)
    }

    /// The 1-based line and UTF-8 column of the start.
    public var location: SourcePosition { file.location(of: start) }

    /// The text the range covers.
    public var text: Substring { file.text(of: self) }
}
