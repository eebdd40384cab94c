/// A rectangle of cells, row by row: a picture of a frame, before it is
/// written to a terminal (``FrameRenderer`` draws it).
public struct CellGrid: Hashable, Sendable {
    public let columns: Int
    public let rows: Int
    public private(set) var cells: [Cell]

    public init(columns: Int, rows: Int, filling cell: Cell) {
        self.columns = max(columns, 0)
        self.rows = max(rows, 0)
        self.cells = Array(repeating: cell, count: self.columns * self.rows)
    }

    public subscript(column: Int, row: Int) -> Cell {
        get { cells[row * columns + column] }
        set { cells[row * columns + column] = newValue }
    }

    /// Whether a position is on the grid.
    public func contains(column: Int, row: Int) -> Bool {
        column >= 0 && column < columns && row >= 0 && row < rows
    }

    /// The characters alone, a line per row, trailing spaces cut: the
    /// picture `layout-view --once` prints without `--color`.
    public var plainText: String {
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
