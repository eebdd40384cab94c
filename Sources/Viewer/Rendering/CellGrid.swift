/// A rectangle of cells, row by row: a picture of a frame, before it is
/// written to a terminal (``FrameRenderer`` draws it).
package struct CellGrid: Hashable, Sendable {
    package let columns: Int
    package let rows: Int
    package private(set) var cells: [Cell]

    package init(columns: Int, rows: Int, filling cell: Cell) {
        self.columns = max(columns, 0)
        self.rows = max(rows, 0)
        self.cells = Array(repeating: cell, count: self.columns * self.rows)
    }

    package subscript(column: Int, row: Int) -> Cell {
        get { cells[row * columns + column] }
        set { cells[row * columns + column] = newValue }
    }

    /// Whether a position is on the grid.
    package func contains(column: Int, row: Int) -> Bool {
        column >= 0 && column < columns && row >= 0 && row < rows
    }

    /// The characters alone, a line per row, trailing spaces cut: the
    /// picture `layout-view --once` prints without `--color`.
    package var plainText: String {
        var lines: [String] = []
        lines.reserveCapacity(rows)
        for row in 0..<rows {
            var line = String(cells[(row * columns)..<((row + 1) * columns)].map(\.character))
            while line.last == " " { line.removeLast() }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
