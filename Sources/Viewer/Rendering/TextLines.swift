/// A label's or button's text as rows of cells in the room its view has,
/// the way UIKit lays a label's text out in its bounds, with a cell for a
/// character.
///
/// Lines the frame gives (``PlaygroundProtocol/ViewFrame/lines``) are drawn
/// as they are, a row each; without them the text is one line, wrapped at
/// spaces onto further rows when it does not fit the columns and there are
/// rows for it. What still does not fit ends in "…": a row too long is cut
/// with one, and when the rows run out, the last row shown ends in one.
///
/// ```swift
/// TextLines.fit("What is 7+7?", lines: nil, columns: 8, rows: 2)   // ["What is", "7+7?"]
/// TextLines.fit("What is 7+7?", lines: nil, columns: 8, rows: 1)   // ["What is…"]
/// ```
enum TextLines {
    static let ellipsis: Character = "…"

    static func fit(_ text: String, lines: [String]?, columns: Int, rows: Int) -> [[Character]] {
        guard columns > 0, rows > 0 else { return [] }
        if let lines {
            var shown = lines.prefix(rows).map { cut(CellText.cells($0), to: columns) }
            if lines.count > rows, let last = shown.popLast() {
                shown.append(endingInEllipsis(last, columns: columns))
            }
            return shown
        }
        var shown: [[Character]] = []
        // Text without the frame's lines breaks only at its own new lines (as the language measures it), then wraps.
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, paragraph) in paragraphs.enumerated() {
            var rest = trimmed(CellText.cells(String(paragraph)))
            repeat {
                if shown.count == rows - 1 {
                    // The last row: the rest of the text, cut; more paragraphs after it are cut too.
                    let more = index < paragraphs.count - 1
                    let last = cut(rest, to: columns)
                    shown.append(more && last == rest ? endingInEllipsis(last, columns: columns) : last)
                    return shown
                }
                let (line, after) = wrap(rest, columns: columns)
                shown.append(line)
                rest = after
            } while !rest.isEmpty
        }
        return shown
    }

    /// The first line of `text` in `columns`: up to the last space that
    /// lets it fit, or, for a word longer than the row, as much as fits;
    /// and what is left for the next rows.
    static func wrap(_ text: [Character], columns: Int) -> (line: [Character], rest: [Character]) {
        guard text.count > columns else { return (text, []) }
        // A space just past the row's end lets the row be full.
        if let space = text[...columns].lastIndex(of: " "), space > 0 {
            return (trimmed(Array(text[..<space])), trimmed(Array(text[space...])))
        }
        return (Array(text[..<columns]), trimmed(Array(text[columns...])))
    }

    /// A row cut to `columns`, its end replaced by "…", when it is longer.
    static func cut(_ line: [Character], to columns: Int) -> [Character] {
        guard line.count > columns else { return line }
        return trimmed(Array(line.prefix(columns - 1))) + [ellipsis]
    }

    /// A row that ends in "…" because text after it is not shown.
    static func endingInEllipsis(_ line: [Character], columns: Int) -> [Character] {
        if line.last == ellipsis { return line }
        let kept = trimmed(line)
        return kept.count < columns ? kept + [ellipsis] : trimmed(Array(kept.prefix(columns - 1))) + [ellipsis]
    }

    /// Without spaces at either end.
    static func trimmed(_ line: [Character]) -> [Character] {
        guard let first = line.firstIndex(where: { $0 != " " }), let last = line.lastIndex(where: { $0 != " " })
        else { return [] }
        return Array(line[first...last])
    }
}
