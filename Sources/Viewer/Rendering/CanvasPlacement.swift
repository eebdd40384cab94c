package import PlaygroundProtocol

/// Where a scene's canvas goes in a terminal area: scaled to fit inside a
/// one-cell border with the canvas's aspect ratio, a cell being about twice
/// as tall as it is wide, and centred across.
///
/// Vertical positions are kept in half rows: the half-block characters
/// `▀▄` draw fills at twice the rows' resolution.
///
/// ```swift
/// let placement = CanvasPlacement(canvas: Size(width: 375, height: 667), columns: 80, rows: 40)
/// placement.column(187.5)   // the cell column of the canvas's middle
/// ```
package struct CanvasPlacement: Hashable, Sendable {
    /// Columns per point (and half rows per point).
    package let scale: Double
    /// The canvas's first column and row, inside the border.
    package let left: Int
    package let top: Int
    /// How many columns and rows the canvas covers.
    package let columns: Int
    package let rows: Int

    package init(canvas: Size, columns available: Int, rows availableRows: Int) {
        let width = max(canvas.width, 1)
        let height = max(canvas.height, 1)
        let inner = (columns: max(available - 2, 1), rows: max(availableRows - 2, 1))
        scale = min(Double(inner.columns) / width, 2 * Double(inner.rows) / height)
        columns = max(1, min(inner.columns, Int((width * scale).rounded())))
        rows = max(1, min(inner.rows, Int((height * scale / 2).rounded())))
        left = 1 + (inner.columns - columns) / 2
        top = 1
    }

    /// The column of a horizontal position in points (the cell whose left edge is nearest).
    package func column(_ x: Double) -> Int {
        left + Int((x * scale).rounded())
    }

    /// The half row of a vertical position in points, counted from the canvas's top row's upper half.
    package func halfRow(_ y: Double) -> Int {
        2 * top + Int((y * scale).rounded())
    }

    /// A horizontal position in points as a fractional column: cell `c`
    /// spans `c ..< c + 1`.
    package func columnPosition(_ x: Double) -> Double {
        Double(left) + x * scale
    }

    /// A vertical position in points as a fractional row: row `r` spans `r ..< r + 1`.
    package func rowPosition(_ y: Double) -> Double {
        Double(top) + y * scale / 2
    }
}
