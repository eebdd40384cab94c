/// What may go into one cell: a character a terminal draws one column wide.
///
/// Names and texts come from scene files, so they may hold anything:
/// control characters and escape sequences (which would reach the terminal
/// as commands), wide characters and emoji (which take two columns and
/// would shift the rest of the row). Those are drawn as `?`.
enum CellText {
    static let replacement: Character = "?"

    static func displayable(_ character: Character) -> Character {
        var scalars = character.unicodeScalars.makeIterator()
        guard let first = scalars.next(), width(of: first) == 1 else { return replacement }
        while let next = scalars.next() {
            // Combining marks and joiners ride on the first; anything else makes the cluster wider.
            guard width(of: next) == 0 else { return replacement }
        }
        return character
    }

    /// The columns a scalar takes: 0 for combining marks and format
    /// characters, 2 for East Asian wide characters and emoji, -1 for
    /// control characters, 1 otherwise.
    static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return -1 }
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        case .control, .surrogate, .lineSeparator, .paragraphSeparator: return -1
        default: break
        }
        if scalar.properties.isEmojiPresentation { return 2 }
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x3FFFD,
        ]
        return wide.contains { $0.contains(value) } ? 2 : 1
    }

    /// A string as cells: each character made displayable, new lines as spaces.
    static func cells(_ text: String) -> [Character] {
        text.map { $0 == "\n" ? " " : displayable($0) }
    }
}
