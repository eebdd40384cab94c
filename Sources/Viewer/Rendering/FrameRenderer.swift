package import PlaygroundProtocol

/// Draws a frame into cells: the canvas in its border, then each view in
/// the frame's order (subviews after, so over, their parents): its fill in
/// its colour at twice the rows' resolution, its outline in box-drawing
/// characters, its name on the top edge and its text in the middle, all
/// clipped to the box and the canvas. Alpha blends toward what is below,
/// multiplied down the view's ancestors; hidden views, and everything in
/// them, are not drawn.
///
/// ```swift
/// let grid = FrameRenderer.render(frame, columns: 80, rows: 24)
/// print(grid.plainText, terminator: "")
/// ```
package enum FrameRenderer {
    package static func render(_ frame: Frame, columns: Int, rows: Int) -> CellGrid {
        var grid = CellGrid(
            columns: columns, rows: rows, filling: Cell(" ", foreground: Palette.text, background: Palette.screen))
        guard columns >= 3, rows >= 3 else { return grid }
        let placement = CanvasPlacement(canvas: frame.canvas, columns: columns, rows: rows)
        drawCanvas(placement, into: &grid)
        var byName: [String: Int] = [:]
        for (index, view) in frame.views.enumerated() where byName[view.name] == nil { byName[view.name] = index }
        // Guides are in frames for tests to assert on; they are never drawn.
        for (index, view) in frame.views.enumerated() where view.kind != .guide {
            guard let alpha = shownAlpha(of: index, in: frame.views, byName: byName) else { continue }
            draw(view, index: index, alpha: alpha, placement: placement, into: &grid)
        }
        return grid
    }

    /// A view's alpha times its ancestors'; nil when it or one of them is hidden.
    static func shownAlpha(of index: Int, in views: [ViewFrame], byName: [String: Int]) -> Double? {
        var alpha = 1.0
        var current: Int? = index
        var steps = 0
        while let at = current, steps <= views.count {
            let view = views[at]
            if view.hidden { return nil }
            alpha *= view.alpha
            current = view.parent == "root" ? nil : byName[view.parent]
            steps += 1
        }
        return alpha
    }

    private static func drawCanvas(_ placement: CanvasPlacement, into grid: inout CellGrid) {
        let (left, top) = (placement.left - 1, placement.top - 1)
        let (right, bottom) = (placement.left + placement.columns, placement.top + placement.rows)
        for row in top...bottom {
            for column in left...right where grid.contains(column: column, row: row) {
                let edge: Character
                switch (row == top || row == bottom, column == left || column == right) {
                case (true, true):
                    edge = row == top ? (column == left ? "┌" : "┐") : (column == left ? "└" : "┘")
                case (true, false): edge = "─"
                case (false, true): edge = "│"
                case (false, false):
                    grid[column, row] = Cell(" ", foreground: Palette.text, background: Palette.canvas)
                    continue
                }
                grid[column, row] = Cell(edge, foreground: Palette.frame, background: Palette.screen)
            }
        }
    }

    private static func draw(
        _ view: ViewFrame, index: Int, alpha: Double, placement: CanvasPlacement, into grid: inout CellGrid
    ) {
        guard alpha > 0, view.width.isFinite, view.height.isFinite, view.x.isFinite, view.y.isFinite else { return }
        let left = placement.column(view.x)
        let right = placement.column(view.x + view.width)  // exclusive
        let topHalf = placement.halfRow(view.y)
        let bottomHalf = placement.halfRow(view.y + view.height)  // exclusive
        guard right > left, bottomHalf > topHalf else { return }
        let clip = (
            left: placement.left, right: placement.left + placement.columns, top: placement.top,
            bottom: placement.top + placement.rows
        )
        func inside(_ column: Int, _ row: Int) -> Bool {
            column >= clip.left && column < clip.right && row >= clip.top && row < clip.bottom
        }
        // The fill, by half rows.
        if let fill = Palette.fill(of: view) {
            for row in (topHalf / 2)...((bottomHalf - 1) / 2) {
                let upper = 2 * row >= topHalf && 2 * row < bottomHalf
                let lower = 2 * row + 1 >= topHalf && 2 * row + 1 < bottomHalf
                for column in left..<right where inside(column, row) {
                    var cell = grid[column, row]
                    if upper && lower {
                        cell.background = fill.over(cell.background, alpha: alpha)
                        if alpha >= 0.5 { cell.character = " " }
                    } else {
                        cell.foreground = fill.over(cell.background, alpha: alpha)
                        cell.character = upper ? "▀" : "▄"
                    }
                    grid[column, row] = cell
                }
            }
        }
        // The outline, the name and the text, in whole cells.
        let top = topHalf / 2
        let bottom = (bottomHalf - 1) / 2
        let color = Palette.outline(of: view, index: index)
        func put(_ character: Character, _ column: Int, _ row: Int, _ ink: RGB? = nil) {
            guard inside(column, row) else { return }
            var cell = grid[column, row]
            cell.character = character
            cell.foreground = (ink ?? color).over(cell.background, alpha: alpha)
            grid[column, row] = cell
        }
        let boxed = right - left >= 2 && bottom > top
        if boxed {
            for column in (left + 1)..<(right - 1) {
                put("─", column, top)
                put("─", column, bottom)
            }
            for row in (top + 1)..<bottom {
                put("│", left, row)
                put("│", right - 1, row)
            }
            put("┌", left, top)
            put("┐", right - 1, top)
            put("└", left, bottom)
            put("┘", right - 1, bottom)
        }
        // The name on the top edge.
        let first = boxed ? left + 1 : left
        let last = boxed ? right - 2 : right - 1  // inclusive
        guard last >= first else { return }
        write(CellText.cells(view.name), from: first, through: last) { put($0, $1, top) }
        // The text in the middle row; a box two rows tall has it on its bottom edge.
        guard boxed, let text = view.text, !text.isEmpty else { return }
        let middle = bottom - top >= 2 ? (top + bottom) / 2 : bottom
        let characters = CellText.cells(text)
        let ink = Palette.fill(of: view).map { Palette.readable(on: $0) } ?? Palette.text
        let start = first + max(0, (last - first + 1 - characters.count) / 2)
        write(characters, from: start, through: last) { put($0, $1, middle, ink) }
    }

    /// Writes characters from a column, cut at `last` with an ellipsis when they do not fit.
    private static func write(
        _ characters: [Character], from first: Int, through last: Int, put: (Character, Int) -> Void
    ) {
        let room = last - first + 1
        guard room > 0 else { return }
        let shown = characters.count <= room ? characters : Array(characters.prefix(room - 1)) + ["…"]
        for (offset, character) in shown.enumerated() { put(character, first + offset) }
    }
}
