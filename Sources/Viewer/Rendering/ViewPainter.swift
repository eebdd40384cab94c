/// Draws the parts of one view into cells, clipped to the canvas, each
/// blended toward what is below by the view's shown alpha: a fill by half
/// rows or by whole cells, a box's outline, a name on its top edge, and
/// rows of text centred on a point. ``FrameRenderer`` decides which parts
/// a view has.
struct ViewPainter {
    /// The canvas's cells: nothing is drawn outside them.
    let clip: CellRect
    /// The view's alpha times its ancestors'.
    let alpha: Double
    /// The colour of the outline and the name.
    let ink: RGB
    /// A label's or button's own text colour (`textcolor`), used where it reads on what is below it.
    var textInk: RGB? = nil

    func inside(_ column: Int, _ row: Int) -> Bool {
        column >= clip.left && column < clip.right && row >= clip.top && row < clip.bottom
    }

    /// Fills columns over half rows: a cell whose two halves are both
    /// covered takes the colour as its background, one half of it a half
    /// block in the colour.
    func fill(_ color: RGB, columns: Range<Int>, halfRows: Range<Int>, into grid: inout CellGrid) {
        guard !columns.isEmpty, !halfRows.isEmpty else { return }
        for row in (halfRows.lowerBound / 2)...((halfRows.upperBound - 1) / 2) {
            let upper = halfRows.contains(2 * row)
            let lower = halfRows.contains(2 * row + 1)
            for column in columns where inside(column, row) {
                var cell = grid[column, row]
                if upper && lower {
                    cell.background = color.over(cell.background, alpha: alpha)
                    if alpha >= 0.5 { cell.character = " " }
                } else {
                    cell.foreground = color.over(cell.background, alpha: alpha)
                    cell.character = upper ? "▀" : "▄"
                }
                grid[column, row] = cell
            }
        }
    }

    /// Fills whole cells: the background behind a label's or a title's text.
    func fill(_ color: RGB, cells area: CellRect, into grid: inout CellGrid) {
        fill(
            color, columns: area.left..<max(area.right, area.left),
            halfRows: 2 * area.top..<max(2 * area.bottom, 2 * area.top), into: &grid)
    }

    /// A box's outline in box-drawing characters.
    func outline(_ box: CellRect, into grid: inout CellGrid) {
        let (right, bottom) = (box.right - 1, box.bottom - 1)
        guard right > box.left, bottom > box.top else { return }
        for column in (box.left + 1)..<right {
            put("─", column, box.top, into: &grid)
            put("─", column, bottom, into: &grid)
        }
        for row in (box.top + 1)..<bottom {
            put("│", box.left, row, into: &grid)
            put("│", right, row, into: &grid)
        }
        put("┌", box.left, box.top, into: &grid)
        put("┐", right, box.top, into: &grid)
        put("└", box.left, bottom, into: &grid)
        put("┘", right, bottom, into: &grid)
    }

    /// Characters from a position on one row, in the outline's colour or,
    /// `readable`, in the text colour for each cell's background.
    func write(_ characters: [Character], column: Int, row: Int, readable: Bool = false, into grid: inout CellGrid) {
        for (offset, character) in characters.enumerated() {
            put(character, column + offset, row, readable: readable, into: &grid)
        }
    }

    /// Rows of text, each centred on `centre` across and the rows together
    /// centred on it down, kept inside `area`; each character in the view's
    /// text colour, or where that would not read on what is below it, in
    /// one that does.
    func text(
        _ lines: [[Character]], centredOn centre: (column: Double, row: Double), within area: CellRect,
        into grid: inout CellGrid
    ) {
        guard !lines.isEmpty else { return }
        let first = placed(count: lines.count, centre: centre.row, from: area.top, to: area.bottom)
        for (offset, line) in lines.enumerated() {
            let start = placed(count: line.count, centre: centre.column, from: area.left, to: area.right)
            for (index, character) in line.enumerated() {
                put(character, start + index, first + offset, readable: true, into: &grid)
            }
        }
    }

    /// Where a run of `count` cells starts to be centred on a position, kept within `from ..< to` when it fits.
    private func placed(count: Int, centre: Double, from: Int, to: Int) -> Int {
        let start = Int((centre - Double(count) / 2).rounded())
        return max(from, min(start, to - count))
    }

    /// One character, in the outline's colour or, `readable`, in the text colour for the cell's background.
    private func put(
        _ character: Character, _ column: Int, _ row: Int, readable: Bool = false, into grid: inout CellGrid
    ) {
        guard inside(column, row) else { return }
        var cell = grid[column, row]
        let color = readable ? Palette.text(textInk, on: cell.background) : ink
        cell.character = character
        cell.foreground = color.over(cell.background, alpha: alpha)
        grid[column, row] = cell
    }
}
