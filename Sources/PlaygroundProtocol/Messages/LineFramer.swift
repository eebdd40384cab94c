/// The protocol's framing, for both ends: where a line ends, what is left of
/// it, and what becomes of one that is too long.
///
/// A line ends at `\n`; a `\r` before it is not part of the line, so a
/// client that writes `\r\n` is understood. A line is at most
/// ``maximumLength`` bytes (``ProtocolLimits/maximumLineLength``, its
/// newline not counted). A longer one is never held whole: it is reported
/// once, as soon as it is known to be too long, and its bytes are dropped
/// as they come, up to its newline. At the end of the stream, bytes after
/// the last newline are a line too. The maximum bounds what the daemon
/// reads; its answers are not bounded by it (a frame of long texts is
/// megabytes), so a client reads them with `maximumLength: .max`.
///
/// The framer holds no bytes: the reader keeps them (a NIO `ByteBuffer`, an
/// array) and asks what to do with those it has, so a line is handed on
/// without being copied. Its steps are inlined into the reader, so that
/// the search for a newline runs on the reader's own bytes.
///
/// ```swift
/// var framer = LineFramer()
/// var pending: [UInt8] = Array("{\"cmd\":\"hello\"}\r\n{\"cm".utf8)
/// while let step = framer.next(in: pending) {
///     if case .line(let length, _) = step { handle(pending.prefix(length)) }   // {"cmd":"hello"}
///     pending.removeFirst(step.consumed)
/// }
/// // pending is {"cm: the start of the next line
/// ```
package struct LineFramer: Sendable {
    /// What to do with the bytes at the front of those a reader holds.
    package enum Step: Hashable, Sendable {
        /// A whole line: its first `length` bytes, without its newline or a
        /// `\r` before it. The `consumed` bytes (the line and its ending)
        /// are done with.
        case line(length: Int, consumed: Int)
        /// A line longer than ``LineFramer/maximumLength``, said once a
        /// line: the `consumed` bytes are dropped, and the rest of the line
        /// will be (as ``skip(consumed:)``) up to its newline.
        case tooLong(consumed: Int)
        /// More of a line already reported too long: the `consumed` bytes
        /// are dropped.
        case skip(consumed: Int)

        /// How many bytes at the front the reader is done with.
        package var consumed: Int {
            switch self {
            case .line(_, let consumed), .tooLong(let consumed), .skip(let consumed): consumed
            }
        }
    }

    /// The longest line kept, in bytes, without its newline.
    package let maximumLength: Int
    /// Inside a line that is too long: dropping bytes up to its newline.
    @usableFromInline var skipping = false
    /// How many of the bytes at the front were searched for a newline
    /// already, so that a line that comes in many pieces is searched once.
    @usableFromInline var searched = 0

    package init(maximumLength: Int = ProtocolLimits.maximumLineLength) {
        self.maximumLength = maximumLength
    }

    /// The next step for the bytes a reader holds, which start where the
    /// last step's `consumed` ended; nil when they hold no whole line (wait
    /// for more, or call ``last(in:)`` at the end of the stream).
    @inlinable
    package mutating func next(in bytes: some RandomAccessCollection<UInt8>) -> Step? {
        let start = bytes.index(bytes.startIndex, offsetBy: min(searched, bytes.count))
        if let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            let length = bytes.distance(from: bytes.startIndex, to: newline)
            searched = 0
            if skipping {
                skipping = false
                return .skip(consumed: length + 1)
            }
            guard length <= maximumLength else { return .tooLong(consumed: length + 1) }
            let hasReturn = length > 0 && bytes[bytes.index(newline, offsetBy: -1)] == UInt8(ascii: "\r")
            return .line(length: hasReturn ? length - 1 : length, consumed: length + 1)
        }
        let count = bytes.count
        if skipping || count > maximumLength {
            // Too long already, without a newline: what came is dropped, and the rest up to the newline.
            defer { skipping = true }
            searched = 0
            guard count > 0 else { return nil }
            return skipping ? .skip(consumed: count) : .tooLong(consumed: count)
        }
        searched = count
        return nil
    }

    /// At the end of the stream, after ``next(in:)`` gave nil: the bytes
    /// left are the last line, which had no newline (a `\r` at its end is
    /// not part of it); nil when none are left, or when they are the end
    /// of a line already reported too long.
    @inlinable
    package mutating func last(in bytes: some RandomAccessCollection<UInt8>) -> Step? {
        let count = bytes.count
        defer {
            skipping = false
            searched = 0
        }
        guard count > 0 else { return nil }
        if skipping { return .skip(consumed: count) }
        guard count <= maximumLength else { return .tooLong(consumed: count) }
        let hasReturn = bytes[bytes.index(bytes.startIndex, offsetBy: count - 1)] == UInt8(ascii: "\r")
        return .line(length: hasReturn ? count - 1 : count, consumed: count)
    }
}
