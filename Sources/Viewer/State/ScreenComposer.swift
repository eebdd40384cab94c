import PlaygroundProtocol

/// Draws the whole screen from the viewer's state: the frame of the scene
/// shown above a status line, and over the picture what needs saying (the
/// scene's errors, a lost daemon, the help, the action list).
///
/// ```swift
/// let grid = ScreenComposer.compose(state, columns: 120, rows: 40)
/// terminal.write(encoder.encode(grid))
/// ```
package enum ScreenComposer {
    static let statusInk = RGB(0x10, 0x10, 0x14)
    static let statusPaper = RGB(0x9A, 0xA5, 0xCE)
    static let panelPaper = RGB(0x1A, 0x1B, 0x26)
    static let errorInk = RGB(0xF7, 0x76, 0x8E)
    static let warningInk = RGB(0xE0, 0xAF, 0x68)
    static let selectedPaper = RGB(0x3D, 0x59, 0xA1)

    package static let help: [(String, String)] = [
        ("q, Ctrl-C", "quit"), ("space", "pause or resume the clock"), ("s", "slow animations (×10) on or off"),
        ("r", "reload the file and replay 'on load'"), ("a", "pick an action to run"), ("tab", "next scene"),
        ("n", "view names on or off"), ("?", "this help"),
    ]

    package static func compose(_ state: ViewerState, columns: Int, rows: Int) -> CellGrid {
        let blank = Cell(" ", foreground: Palette.text, background: Palette.screen)
        var grid = CellGrid(columns: columns, rows: rows, filling: blank)
        guard columns >= 3, rows >= 2 else { return grid }
        let pictureRows = rows - 1
        if let frame = state.frame {
            let picture = FrameRenderer.render(frame, columns: columns, rows: pictureRows, names: state.showsNames)
            grid.paste(picture, column: 0, row: 0)
        } else {
            let message =
                switch state.connection {
                case .connecting: "connecting to layoutd on \(state.socketPath)…"
                case .connected: "no scene yet: save a .layout file in the watched folder"
                case .lost: ""
                }
            centred(message, in: &grid, row: pictureRows / 2)
        }
        drawStatus(state, into: &grid, row: rows - 1)
        if case .lost(let reason) = state.connection {
            let lines = ["layoutd went away: \(reason)", "reconnecting when it is back on \(state.socketPath)…"]
            panel(lines.map { ($0, Palette.text, false) }, title: "disconnected", ink: warningInk, into: &grid)
        } else if !state.errors.isEmpty {
            var lines: [(String, RGB, Bool)] = []
            for diagnostic in state.shownDiagnostics {
                let ink = diagnostic.severity == .error ? errorInk : warningInk
                for (index, line) in diagnostic.rendered.split(separator: "\n", omittingEmptySubsequences: false)
                    .enumerated() where !(line.isEmpty && index > 0)
                {
                    lines.append((String(line), index == 0 ? ink : Palette.text, false))
                }
            }
            let count = state.errors.count
            let file = state.summary?.file ?? state.current ?? ""
            panel(lines, title: "\(count) error\(count == 1 ? "" : "s") in \(file)", ink: errorInk, into: &grid)
        }
        switch state.overlay {
        case .none: break
        case .help:
            let width = (help.map(\.0.count).max() ?? 0) + 2
            let lines = help.map { (key, what) in
                (key + String(repeating: " ", count: max(0, width - key.count)) + what, Palette.text, false)
            }
            panel(
                lines + [("", Palette.text, false), ("any key closes this", Palette.frame, false)],
                title: "keys", ink: statusPaper, into: &grid)
        case .actions(let selected):
            let lines = state.actions.enumerated().map { (index, name) in
                ((index == selected ? "▸ " : "  ") + name, Palette.text, index == selected)
            }
            panel(
                lines + [("", Palette.text, false), ("↑↓ or a letter, enter runs, esc closes", Palette.frame, false)],
                title: "run an action in \(state.current ?? "")", ink: statusPaper, into: &grid)
        }
        return grid
    }

    private static func centred(_ text: String, in grid: inout CellGrid, row: Int) {
        let shown = min(text.count, grid.columns)
        grid.write(
            text, column: max(0, (grid.columns - shown) / 2), row: row, foreground: Palette.text,
            background: Palette.screen, width: grid.columns)
    }

    /// A panel in the middle of the picture, sized to its lines (and cut to the screen).
    private static func panel(_ lines: [(String, RGB, Bool)], title: String, ink: RGB, into grid: inout CellGrid) {
        let pictureRows = grid.rows - 1
        let width = min(grid.columns - 2, max(title.count + 6, (lines.map(\.0.count).max() ?? 0) + 4))
        let shown = min(lines.count, max(0, pictureRows - 4))
        let height = shown + 2
        guard width >= 6, height >= 3 else { return }
        let column = (grid.columns - width) / 2
        let row = max(0, (pictureRows - height) / 2)
        grid.panel(column: column, row: row, columns: width, rows: height, title: title, ink: ink, paper: panelPaper)
        for (offset, (text, color, selected)) in lines.prefix(shown).enumerated() {
            let paper = selected ? selectedPaper : panelPaper
            if selected {
                grid.fill(
                    column: column + 1, row: row + 1 + offset, columns: width - 2, rows: 1,
                    with: Cell(" ", foreground: color, background: paper))
            }
            let cut = offset == shown - 1 && shown < lines.count ? "… \(lines.count - shown) more lines" : text
            grid.write(
                cut, column: column + 2, row: row + 1 + offset, foreground: color, background: paper, width: width - 4)
        }
    }

    private static func drawStatus(_ state: ViewerState, into grid: inout CellGrid, row: Int) {
        grid.fill(
            column: 0, row: row, columns: grid.columns, rows: 1,
            with: Cell(" ", foreground: statusInk, background: statusPaper))
        var parts: [String] = []
        if let current = state.current {
            parts.append(current)
            // What the keys changed comes first, where a narrow terminal still shows it.
            if state.clock.paused { parts.append("paused") }
            if state.clock.slow != 1 { parts.append("slow ×\(format(state.clock.slow))") }
            if !state.showsNames { parts.append("names off") }
            if let frame = state.frame {
                parts.append("gen \(frame.generation)")
                parts.append(seconds(frame.time))
                if frame.settled {
                    parts.append("settled")
                } else if let moving = state.moving[current], moving > 0 {
                    parts.append("animating \(moving) view\(moving == 1 ? "" : "s")")
                } else {
                    parts.append("animating")
                }
            }
        } else {
            parts.append("layout-view")
        }
        parts.append("\(state.drawnPerSecond) fps")
        let diagnostics = state.shownDiagnostics
        let errors = diagnostics.count { $0.severity == .error }
        let warnings = diagnostics.count - errors
        if errors + warnings == 0 {
            parts.append("no errors")
        } else {
            parts.append("\(errors) error\(errors == 1 ? "" : "s") \(warnings) warning\(warnings == 1 ? "" : "s")")
        }
        if case .connected(true) = state.connection { parts.append("in-process") }
        if let broken = diagnostics.first(where: { $0.code == "unsatisfiable-constraints" }) {
            parts.append("broken: " + broken.message)
        } else if let notice = state.notice {
            parts.append(notice)
        }
        let hint = "? help  q quit "
        let text = " " + parts.joined(separator: " │ ")
        let room = max(0, grid.columns - hint.count - 1)
        grid.write(text, column: 0, row: row, foreground: statusInk, background: statusPaper, width: room)
        if grid.columns > hint.count + 20 {
            grid.write(
                hint, column: grid.columns - hint.count, row: row, foreground: statusInk, background: statusPaper)
        }
    }

    /// Seconds with two decimals: `1.25 s`.
    static func seconds(_ time: Double) -> String {
        guard time.isFinite, abs(time) < 1e9 else { return "\(time) s" }
        let hundredths = Int((time * 100).rounded())
        let fraction = abs(hundredths) % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) s"
    }
}
