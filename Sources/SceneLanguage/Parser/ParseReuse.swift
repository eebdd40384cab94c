/// What a parse keeps so that the next parse of the same scene, after a save, can reuse its unchanged lines:
/// ``Scene/parse(_:reusing:)`` makes one and takes the previous one.
///
/// A line is kept when it stands at the top level and holds only complete declarations whose whole effect was
/// to add views without a block, constraints (`row0: v0.leading == root.margins.leading + 4`), unnamed and
/// active visual format lines, or stack spacings, with no diagnostic: such a line reads the same wherever it
/// stands. The next parse finds a line whose bytes are the same, skips lexing and parsing it, and adds what
/// it added before, its source ranges moved to where the line stands now.
///
/// It holds the file it was parsed from and what that parse's lines added, no more: it does not grow from save
/// to save.
public struct ParseReuse: Sendable {
    /// The file the lines were read from.
    let file: SourceFile
    /// Each kept line's text, and its effect's index in ``effects``.
    let lines: [LineKey: Int]
    let effects: [LineEffect]
    /// What the parse added, which ``effects`` index into.
    let views: [ViewDeclaration]
    let constraints: [ConstraintSyntax]
    let visualFormats: [VisualFormatSyntax]
    let customSpacings: [CustomSpacingSyntax]
    /// How many lines this parse took from the previous one rather than reading them.
    package let reusedLineCount: Int

    /// How many distinct lines the next parse can reuse.
    package var reusableLineCount: Int { lines.count }
}

/// What a kept line added: ranges of ``ParseReuse``'s arrays, and where the line started, from which its
/// source ranges are moved.
struct LineEffect: Sendable {
    var lineStart: Int
    /// Where its line break (or the end of the file) stands.
    var lineEnd: Int
    var views: Range<Int>
    var constraints: Range<Int>
    var visualFormats: Range<Int>
    var customSpacings: Range<Int>
}

/// A line's bytes (without its line break), compared and hashed as bytes, without making a string of them. The
/// hash is computed once, eight bytes at a time, as the key is made: a dictionary rehashes its keys as it grows.
struct LineKey: Hashable, Sendable {
    /// The whole file's bytes, shared, not copied.
    let bytes: [UInt8]
    let start: Int
    let end: Int
    private let hash: UInt64

    /// The line from `start` to `end` of `bytes`, which `buffer` holds.
    init(bytes: [UInt8], in buffer: UnsafeBufferPointer<UInt8>, start: Int, end: Int) {
        self.bytes = bytes
        self.start = start
        self.end = end
        self.hash = LineKey.hash(UnsafeRawBufferPointer(buffer), from: start, to: end)
    }

    /// A fast multiplicative hash of the bytes, a word at a time (as rustc's FxHasher), and of their count.
    private static func hash(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> UInt64 {
        let seed: UInt64 = 0x517C_C1B7_2722_0A95
        var hash = UInt64(end - start) &* seed
        var offset = start
        while offset + 8 <= end {
            let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            hash = (((hash << 5) | (hash >> 59)) ^ word) &* seed
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < end {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        return (((hash << 5) | (hash >> 59)) ^ tail) &* seed
    }

    static func == (lhs: LineKey, rhs: LineKey) -> Bool {
        let count = lhs.end - lhs.start
        guard lhs.hash == rhs.hash, count == rhs.end - rhs.start else { return false }
        return lhs.bytes.withUnsafeBytes { l in
            rhs.bytes.withUnsafeBytes { r in equal(l, from: lhs.start, r, from: rhs.start, count: count) }
        }
    }

    /// Whether `count` bytes from `start` in `l` are those from `otherStart` in `r`, compared a word at a time.
    static func equal(
        _ l: UnsafeRawBufferPointer, from start: Int, _ r: UnsafeRawBufferPointer, from otherStart: Int, count: Int
    ) -> Bool {
        var offset = 0
        while offset + 8 <= count {
            guard
                l.loadUnaligned(fromByteOffset: start + offset, as: UInt64.self)
                    == r.loadUnaligned(fromByteOffset: otherStart + offset, as: UInt64.self)
            else { return false }
            offset += 8
        }
        while offset < count {
            guard l[start + offset] == r[otherStart + offset] else { return false }
            offset += 1
        }
        return true
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }

    /// The offset of the first line break from `start` in `bytes`, or their end: eight bytes at a time.
    static func lineEnd(in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let bytes = UnsafeRawBufferPointer(buffer)
        let ones: UInt64 = 0x0101_0101_0101_0101
        var offset = start
        while offset + 8 <= bytes.count {
            // The lowest byte equal to `\n` sets the high bit of its byte in `found` (bytes above it may be
            // set falsely, never bytes below it).
            let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ (ones &* 0x0A)
            let found = (word &- ones) & ~word & (ones &* 0x80)
            if found != 0 { return offset + found.trailingZeroBitCount / 8 }
            offset += 8
        }
        while offset < bytes.count && bytes[offset] != UInt8(ascii: "\n") { offset += 1 }
        return offset
    }
}
