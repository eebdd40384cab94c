package import PlaygroundProtocol

/// Draws a frame into cells: the canvas in its border, then each view in
/// the frame's order (subviews after, so over, their parents), where it
/// shows (its ``PlaygroundProtocol/ViewFrame/shownFrame``: a scaled or
/// moved view is drawn at its transformed bounding box), clipped to the
/// canvas:
///
/// - a plain view (or stack) as a box: its fill in its colour at twice the
///   rows' resolution, its outline in box-drawing characters, and its name
///   on the top edge when there is room for the whole name;
/// - a label as UIKit draws it: no border, its colour behind its cells, its
///   text centred in them, wrapped at spaces onto the rows it has and cut
///   with "…" only when it does not fit (the frame's `lines`, when given,
///   one a row);
/// - a button as its title in a box, with its name on the top edge as a
///   plain view's, when the box is at least three rows high and wide
///   enough for the title; else as a label.
///
/// Alpha blends toward what is below, multiplied down the view's
/// ancestors; hidden views, and everything in them, are not drawn. With
/// `names` false no name is drawn.
///
/// ```swift
/// let grid = FrameRenderer.render(frame, columns: 80, rows: 24, names: state.showsNames)
/// print(grid.plainText, terminator: "")
/// ```
package enum FrameRenderer {
    package static func render(_ frame: Frame, columns: Int, rows: Int, names: Bool = true) -> CellGrid {
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
            draw(view, index: index, alpha: alpha, placement: placement, names: names, into: &grid)
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
        _ view: ViewFrame, index: Int, alpha: Double, placement: CanvasPlacement, names: Bool,
        into grid: inout CellGrid
    ) {
        let shown = view.shownFrame
        guard alpha > 0, [shown.x, shown.y, shown.width, shown.height].allSatisfy(\.isFinite) else { return }
        let canvas = CellRect(
            left: placement.left, top: placement.top, right: placement.left + placement.columns,
            bottom: placement.top + placement.rows)
        let painter = ViewPainter(
            clip: canvas, alpha: alpha, ink: Palette.outline(of: view, index: index),
            textInk: Palette.textColor(of: view))
        let name = names ? CellText.cells(view.name) : []
        switch view.kind {
        case .label:
            drawText(view, in: shown, placement: placement, painter: painter, into: &grid)
        case .button:
            let box = placement.box(of: shown).cells
            let title = titleWidth(of: view)
            if box.rows >= 3, box.columns - 2 >= title {
                drawBox(view, in: shown, name: name, placement: placement, painter: painter, into: &grid)
                let lines = TextLines.fit(
                    view.text ?? "", lines: view.lines, columns: box.inner.columns, rows: box.inner.rows)
                painter.text(lines, centredOn: placement.centre(of: shown), within: box.inner, into: &grid)
            } else {
                drawText(view, in: shown, placement: placement, painter: painter, into: &grid)
            }
        case .view, .stack, .guide:
            drawBox(view, in: shown, name: name, placement: placement, painter: painter, into: &grid)
        }
    }

    /// A view as a box: its fill in its colour by half rows, its outline,
    /// and its name on the top edge when the edge has room for all of it
    /// (on its one row when it has no room for a box).
    private static func drawBox(
        _ view: ViewFrame, in shown: Rect, name: [Character], placement: CanvasPlacement, painter: ViewPainter,
        into grid: inout CellGrid
    ) {
        let (box, halfTop, halfBottom) = placement.box(of: shown)
        guard box.columns > 0, halfBottom > halfTop else { return }
        let fill = Palette.fill(of: view)
        if let fill { painter.fill(fill, columns: box.left..<box.right, halfRows: halfTop..<halfBottom, into: &grid) }
        let boxed = box.columns >= 2 && box.rows >= 2
        if boxed { painter.outline(box, into: &grid) }
        let room = boxed ? box.columns - 2 : box.columns
        if !name.isEmpty, name.count <= room {
            // On its own colour, the outline's would not show: the name takes the text colour for it.
            painter.write(
                name, column: boxed ? box.left + 1 : box.left, row: box.top, readable: fill != nil, into: &grid)
        }
    }

    /// A view as UIKit draws a label: no border; its colour, if any,
    /// behind its text's room (``CanvasPlacement/textArea(of:)``); its
    /// lines (or its text, wrapped or cut to fit) centred in that room.
    private static func drawText(
        _ view: ViewFrame, in shown: Rect, placement: CanvasPlacement, painter: ViewPainter,
        into grid: inout CellGrid
    ) {
        let area = placement.textArea(of: shown)
        guard area.columns > 0, area.rows > 0 else { return }
        if let fill = Palette.fill(of: view) { painter.fill(fill, cells: area, into: &grid) }
        let lines = TextLines.fit(view.text ?? "", lines: view.lines, columns: area.columns, rows: area.rows)
        painter.text(lines, centredOn: placement.centre(of: shown), within: area, into: &grid)
    }

    /// The cells a button's title needs across: its longest line.
    private static func titleWidth(of view: ViewFrame) -> Int {
        let lines =
            view.lines ?? (view.text ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return lines.map { CellText.cells($0).count }.max() ?? 0
    }
}
