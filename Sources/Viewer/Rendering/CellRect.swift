package import PlaygroundProtocol

/// A rectangle of cells: columns `left ..< right`, rows `top ..< bottom`.
package struct CellRect: Hashable, Sendable {
    package var left: Int
    package var top: Int
    package var right: Int
    package var bottom: Int

    package init(left: Int, top: Int, right: Int, bottom: Int) {
        self.left = left
        self.top = top
        self.right = right
        self.bottom = bottom
    }

    package var columns: Int { max(right - left, 0) }
    package var rows: Int { max(bottom - top, 0) }

    /// The cells inside a one-cell border.
    package var inner: CellRect { CellRect(left: left + 1, top: top + 1, right: right - 1, bottom: bottom - 1) }
}

extension CanvasPlacement {
    /// The box a rectangle in points is drawn as: its edges at the nearest
    /// cell boundaries, horizontally, and at the nearest half rows,
    /// vertically (`halfTop ..< halfBottom`); its rows are those the half
    /// rows fall in. Empty when the rectangle rounds to nothing.
    package func box(of rect: Rect) -> (cells: CellRect, halfTop: Int, halfBottom: Int) {
        let halfTop = halfRow(rect.minY)
        let halfBottom = halfRow(rect.maxY)  // exclusive
        let cells = CellRect(
            left: column(rect.minX), top: halfTop / 2, right: column(rect.maxX),
            bottom: halfBottom > halfTop ? (halfBottom - 1) / 2 + 1 : halfTop / 2)
        return (cells, halfTop, halfBottom)
    }

    /// The room for the text of a view with this frame: every column the
    /// frame covers, if only in part, and as many rows as its height
    /// rounds to, at least one, about its centre. A row is twice a
    /// column's height, so a row the frame only grazes is not counted.
    package func textArea(of rect: Rect) -> CellRect {
        let slack = 1e-6
        let rows = max(1, Int((rect.height * scale / 2).rounded()))
        let top = Int((rowPosition(rect.midY) - Double(rows) / 2).rounded())
        return CellRect(
            left: Int((columnPosition(rect.minX) + slack).rounded(.down)), top: top,
            right: Int((columnPosition(rect.maxX) - slack).rounded(.up)), bottom: top + rows)
    }

    /// The centre of a rectangle in points, in fractional columns and rows.
    package func centre(of rect: Rect) -> (column: Double, row: Double) {
        (columnPosition(rect.midX), rowPosition(rect.midY))
    }
}
