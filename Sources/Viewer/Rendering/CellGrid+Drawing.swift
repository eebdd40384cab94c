extension CellGrid {
    /// Writes text from a position, one cell a character, cut at `width`
    /// cells (with an ellipsis) and at the grid's edge; returns the column after it.
    @discardableResult
    package mutating func write(
        _ text: String, column: Int, row: Int, foreground: RGB, background: RGB, width: Int? = nil
    ) -> Int {
        let room = min(width ?? columns, columns - column)
        guard row >= 0, row < rows, room > 0 else { return column }
        var characters = CellText.cells(text)
        if characters.count > room { characters = Array(characters.prefix(room - 1)) + ["…"] }
        for (offset, character) in characters.enumerated() where column + offset >= 0 {
            self[column + offset, row] = Cell(character, foreground: foreground, background: background)
        }
        return column + characters.count
    }

    /// Fills a rectangle, clipped to the grid.
    package mutating func fill(column: Int, row: Int, columns width: Int, rows height: Int, with cell: Cell) {
        for y in max(row, 0)..<min(row + height, rows) {
            for x in max(column, 0)..<min(column + width, columns) { self[x, y] = cell }
        }
    }

    /// A framed panel, cleared inside, with a title on its top edge.
    package mutating func panel(
        column: Int, row: Int, columns width: Int, rows height: Int, title: String, ink: RGB, paper: RGB
    ) {
        guard width >= 2, height >= 2 else { return }
        fill(
            column: column, row: row, columns: width, rows: height, with: Cell(" ", foreground: ink, background: paper))
        func put(_ character: Character, _ x: Int, _ y: Int) {
            guard contains(column: x, row: y) else { return }
            self[x, y] = Cell(character, foreground: ink, background: paper)
        }
        for x in (column + 1)..<(column + width - 1) {
            put("─", x, row)
            put("─", x, row + height - 1)
        }
        for y in (row + 1)..<(row + height - 1) {
            put("│", column, y)
            put("│", column + width - 1, y)
        }
        put("╭", column, row)
        put("╮", column + width - 1, row)
        put("╰", column, row + height - 1)
        put("╯", column + width - 1, row + height - 1)
        if width > 4 {
            write(" \(title) ", column: column + 2, row: row, foreground: ink, background: paper, width: width - 4)
        }
    }

    /// Copies another grid in at a position, clipped.
    package mutating func paste(_ other: CellGrid, column: Int, row: Int) {
        for y in 0..<other.rows where row + y >= 0 && row + y < rows {
            for x in 0..<other.columns where column + x >= 0 && column + x < columns {
                self[column + x, row + y] = other[x, y]
            }
        }
    }
}
