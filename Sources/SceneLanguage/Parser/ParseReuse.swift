/// What a parse keeps so that the next parse of the same scene, after a save, can reuse its unchanged lines:
/// ``Scene/parse(_:reusing:)`` makes one and takes the previous one.
///
/// A line is kept when it stands at the top level and holds only complete declarations whose whole effect was
/// to add views without a block, constraints (`row0: v0.leading == root.margins.leading + 4`), unnamed and
/// active visual format lines, or stack spacings, with no diagnostic: such a line reads the same wherever it
/// stands. The next parse finds a line whose bytes are the same, skips lexing and parsing it, and adds what
/// it added before, its source ranges moved to where the line stands now.
///
/// It holds the file it was parsed from and what that parse's lines added, and through the constraint syntax of
/// lines kept since, at most one file more (``KeptSyntax``): it does not grow from save to save. The lines are found by a hash of their bytes, computed a word at a time, in a table of indices:
/// making it costs little beside the parse.
public struct ParseReuse: Sendable {
    /// What the parse kept, in one object: a parse reads it at every reused line, and a copy of the value is
    /// then one reference counted, not one for each of its arrays.
    private final class Contents: Sendable {
        let file: SourceFile
        let effects: [LineEffect]
        let table: [Int32]
        let views: [ViewDeclaration]
        let lineSyntax: [KeptSyntax]
        let visualFormats: [VisualFormatSyntax]
        let customSpacings: [CustomSpacingSyntax]
        let checked: CheckedConstraints
        let reusedLineCount: Int
        let reusableLineCount: Int

        init(
            file: SourceFile, effects: [LineEffect], table: [Int32], views: [ViewDeclaration],
            lineSyntax: [KeptSyntax], visualFormats: [VisualFormatSyntax],
            customSpacings: [CustomSpacingSyntax], checked: CheckedConstraints, reusedLineCount: Int,
            reusableLineCount: Int
        ) {
            self.file = file
            self.effects = effects
            self.table = table
            self.views = views
            self.lineSyntax = lineSyntax
            self.visualFormats = visualFormats
            self.customSpacings = customSpacings
            self.checked = checked
            self.reusedLineCount = reusedLineCount
            self.reusableLineCount = reusableLineCount
        }
    }

    private let contents: Contents

    /// The file the lines were read from.
    var file: SourceFile { contents.file }
    /// What each kept line added, in the order of the lines.
    var effects: [LineEffect] { contents.effects }
    /// The kept lines by their bytes: an open-addressed table of indices into ``effects`` (-1 for none), a line
    /// written twice found at its first place.
    private var table: [Int32] { contents.table }
    /// What the parse added, which ``effects`` index into.
    var views: [ViewDeclaration] { contents.views }
    var visualFormats: [VisualFormatSyntax] { contents.visualFormats }
    var customSpacings: [CustomSpacingSyntax] { contents.customSpacings }
    /// The constraint syntax of kept line `index`.
    func syntax(ofLine index: Int) -> KeptSyntax { contents.lineSyntax[index] }
    /// How the check after the parse resolved its constraint syntax, which the next check can take again for the lines
    /// the next parse reuses.
    var checked: CheckedConstraints { contents.checked }
    /// How many lines this parse took from the previous one rather than reading them.
    package var reusedLineCount: Int { contents.reusedLineCount }

    /// How many constraints the check after this parse took as the last check resolved them.
    package var resolutionsTakenAgain: Int { checked.takenAgain }

    /// How many distinct lines the next parse can reuse.
    package var reusableLineCount: Int { contents.reusableLineCount }

    init(
        file: SourceFile, effects: [LineEffect], views: [ViewDeclaration],
        lineSyntax: [KeptSyntax], visualFormats: [VisualFormatSyntax],
        customSpacings: [CustomSpacingSyntax], checked: CheckedConstraints,
        reusedLineCount: Int
    ) {
        // At most half full, so that a probe stops soon.
        var capacity = 16
        while capacity < effects.count * 2 { capacity *= 2 }
        var table = [Int32](repeating: -1, count: capacity)
        var distinct = 0
        file.bytes.withUnsafeBytes { bytes in
            for index in effects.indices {
                let effect = effects[index]
                var slot = Int(truncatingIfNeeded: effect.hash) & (capacity - 1)
                while table[slot] >= 0 {
                    let other = effects[Int(table[slot])]
                    if other.hash == effect.hash && other.isSameLine(as: effect, in: bytes) { break }
                    slot = (slot + 1) & (capacity - 1)
                }
                guard table[slot] < 0 else { continue }
                table[slot] = Int32(index)
                distinct += 1
            }
        }
        contents = Contents(
            file: file, effects: effects, table: table, views: views, lineSyntax: lineSyntax,
            visualFormats: visualFormats, customSpacings: customSpacings, checked: checked,
            reusedLineCount: reusedLineCount, reusableLineCount: distinct)
    }

    /// The index in ``effects`` of the kept line whose bytes are those from `start` to `end` of `bytes`.
    func effect(ofLineFrom start: Int, to end: Int, in bytes: UnsafeRawBufferPointer) -> Int? {
        let hash = LineEffect.hash(bytes, from: start, to: end)
        let table = contents.table
        let effects = contents.effects
        let mask = table.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        return file.bytes.withUnsafeBytes { previous in
            while table[slot] >= 0 {
                let index = Int(table[slot])
                let effect = effects[index]
                if effect.hash == hash && effect.lineEnd - effect.lineStart == end - start
                    && LineEffect.equal(bytes, from: start, previous, from: effect.lineStart, count: end - start)
                {
                    return index
                }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }
}

/// What a kept line added: ranges of ``ParseReuse``'s arrays (of the parse's constraint syntax, by index, whose
/// resolutions the check after it kept), and where the line started, from which its source ranges are moved.
struct LineEffect: Sendable {
    var lineStart: Int
    /// Where its line break (or the end of the file) stands.
    var lineEnd: Int
    /// The hash of the line's bytes (``hash(_:from:to:)``).
    var hash: UInt64
    var views: Range<Int>
    var constraints: Range<Int>
    var visualFormats: Range<Int>
    var customSpacings: Range<Int>
    /// Whether a constraint of the line has a name: the checker reads the others' syntax only to resolve it.
    var namesConstraints: Bool
}

extension LineEffect {
    /// Whether another kept line of the same file has the same bytes.
    func isSameLine(as other: LineEffect, in bytes: UnsafeRawBufferPointer) -> Bool {
        lineEnd - lineStart == other.lineEnd - other.lineStart
            && LineEffect.equal(bytes, from: lineStart, bytes, from: other.lineStart, count: lineEnd - lineStart)
    }

    /// A fast multiplicative hash of a line's bytes, a word at a time (as rustc's FxHasher), and of their count.
    static func hash(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> UInt64 {
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
        hash = (((hash << 5) | (hash >> 59)) ^ tail) &* seed
        // The table indexes by the low bits: fold the high bits, which the multiplications mix best, into them.
        return hash ^ (hash >> 29)
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

    /// The offset of the first line break from `start` in `bytes`, or their end: eight bytes at a time.
    static func lineEnd(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
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

/// The constraint syntax a parse keeps of one line, and where the line starts in its ranges.
///
/// Constraint syntax holds no file but through a right side that is not linear (``ConstraintSyntax/LinearSide``),
/// which keeps its expression. A parse that reused no line (a scene's first, or one done again without reuse)
/// keeps its syntax as it read it, with those expressions in its file: detaching them would copy each one
/// again. One that reused lines keeps theirs as they were kept, and detaches the few it read itself
/// (``ConstraintSyntax/detached(from:)``, `origin` 0). So kept syntax points into one file at most besides
/// none: the file of the last parse that reused no line, which a parse that reuses none replaces. A save does
/// not keep its own file alive through the lines it read, and no chain of files builds up.
struct KeptSyntax: Sendable {
    var syntax: ArraySlice<ConstraintSyntax>
    /// Where the line starts in the syntax's ranges: 0 when it is detached.
    var origin: Int
}
