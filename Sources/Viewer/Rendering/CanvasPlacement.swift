public import PlaygroundProtocol

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
public struct CanvasPlacement: Hashable, Sendable {
    /// Columns per point (and half rows per point).
    public let scale: Double
    /// The canvas's first column and row, inside the border.
    public let left: Int
    public let top: Int
    /// How many columns and rows the canvas covers.
    public let columns: Int
    public let rows: Int

    public init(canvas: Size, columns available: Int, rows availableRows: Int) {
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
    public func column(_ x: Double) -> Int {
        left + Int((x * scale).rounded())
    }

    /// The half row of a vertical position in points, counted from the canvas's top row's upper half.
    public func halfRow(_ y: Double) -> Int {
        2 * top + Int((y * scale).rounded())
    }
}
