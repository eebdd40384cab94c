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
    var views: Range<Int>
    var constraints: Range<Int>
    var visualFormats: Range<Int>
    var customSpacings: Range<Int>
}

/// A line's bytes (without its line break), compared and hashed as bytes, without making a string of them.
struct LineKey: Hashable, Sendable {
    /// The whole file's bytes, shared, not copied.
    let bytes: [UInt8]
    let start: Int
    let end: Int

    static func == (lhs: LineKey, rhs: LineKey) -> Bool {
        guard lhs.end - lhs.start == rhs.end - rhs.start else { return false }
        return lhs.bytes.withUnsafeBufferPointer { l in
            rhs.bytes.withUnsafeBufferPointer { r in
                UnsafeBufferPointer(rebasing: l[lhs.start..<lhs.end])
                    .elementsEqual(UnsafeBufferPointer(rebasing: r[rhs.start..<rhs.end]))
            }
        }
    }

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBufferPointer { buffer in
            hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[start..<end])))
        }
    }
}
