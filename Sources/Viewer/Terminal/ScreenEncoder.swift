/// Turns pictures of the whole screen into the bytes that bring a terminal
/// from the last picture to the next: only the cells that changed, cursor
/// moves only where a run of changes starts, colour changes only where the
/// colour changes, all inside one synchronized update (DEC mode 2026), so
/// the terminal never shows half a frame. A picture equal to the last one
/// writes nothing at all.
///
/// ```swift
/// var encoder = ScreenEncoder(colorMode: .trueColor)
/// write(encoder.encode(grid))   // the first picture: everything
/// write(encoder.encode(grid))   // the same again: no bytes
/// ```
package struct ScreenEncoder: Sendable {
    package var colorMode: ColorMode
    /// What the terminal shows now, as far as this encoder knows.
    private var shown: CellGrid?
    /// The colours the terminal draws with now; nil when unknown.
    private var pen: (foreground: RGB, background: RGB)?

    package init(colorMode: ColorMode) {
        self.colorMode = colorMode
    }

    /// Forgets what the terminal shows, after a resize or anything else that
    /// may have drawn on it: the next picture is written whole.
    package mutating func invalidate() {
        shown = nil
        pen = nil
    }

    /// The bytes that make the terminal show `grid`; empty when it already does.
    package mutating func encode(_ grid: CellGrid) -> [UInt8] {
        var out = Output()
        if let shown, shown.columns == grid.columns, shown.rows == grid.rows {
            guard shown.cells != grid.cells else { return [] }
            out.bytes += Escape.beginSynchronized
            writeChanges(from: shown, to: grid, into: &out)
        } else {
            out.bytes += Escape.beginSynchronized
            out.bytes += Escape.reset + Escape.clearScreen
            pen = nil
            writeChanges(from: nil, to: grid, into: &out)
        }
        out.bytes += Escape.endSynchronized
        shown = grid
        return out.bytes
    }

    /// The naive way, for comparison: every cell of the picture written with
    /// its colours, from the top-left corner.
    package static func fullRedraw(_ grid: CellGrid, colorMode: ColorMode) -> [UInt8] {
        var out = Output()
        out.bytes += Escape.moveHome
        for row in 0..<grid.rows {
            out.move(toRow: row, column: 0)
            for column in 0..<grid.columns {
                let cell = grid[column, row]
                out.color(foreground: cell.foreground, background: cell.background, mode: colorMode)
                out.character(cell.character)
            }
        }
        return out.bytes
    }

    private mutating func writeChanges(from old: CellGrid?, to grid: CellGrid, into out: inout Output) {
        var cursor: (row: Int, column: Int)? = nil
        for row in 0..<grid.rows {
            let base = row * grid.columns
            var column = 0
            while column < grid.columns {
                let cell = grid.cells[base + column]
                if let old, Self.looksSame(old.cells[base + column], cell) {
                    column += 1
                    continue
                }
                if cursor?.row != row || cursor?.column != column {
                    // A short gap of unchanged cells in the pen's colours is cheaper to write again than to jump.
                    if let at = cursor, at.row == row, at.column < column, column - at.column <= 4,
                        (at.column..<column).allSatisfy({ sameColors(grid.cells[base + $0]) })
                    {
                        for gap in at.column..<column { out.character(grid.cells[base + gap].character) }
                    } else {
                        out.move(toRow: row, column: column)
                    }
                }
                setPen(for: cell, into: &out)
                // A long run of blank cells in one colour: erased in place (ECH) rather than written.
                var run = 1
                if cell.character == " " {
                    while column + run < grid.columns, Self.looksSame(grid.cells[base + column + run], cell),
                        old.map({ !Self.looksSame($0.cells[base + column + run], cell) }) ?? true
                    {
                        run += 1
                    }
                }
                if run >= Self.shortestErasedRun {
                    out.sequence(run, final: 0x58)  // ECH: erase `run` cells in the background colour
                    column += run
                    if column < grid.columns {
                        out.sequence(run, final: 0x43)  // CUF: the cursor past them
                        cursor = (row, column)
                    } else {
                        cursor = nil
                    }
                    continue
                }
                out.character(cell.character)
                column += 1
                cursor = (row, column)
            }
        }
    }

    /// Blank runs at least this long are erased (about 10 bytes) rather than written a byte a cell.
    static let shortestErasedRun = 12

    /// Whether two cells look the same: a blank's foreground colour shows nowhere.
    static func looksSame(_ a: Cell, _ b: Cell) -> Bool {
        a.character == b.character && a.background == b.background
            && (a.foreground == b.foreground || a.character == " ")
    }

    /// Whether the pen draws this cell as it is (a blank needs only the background).
    private func sameColors(_ cell: Cell) -> Bool {
        guard let pen else { return false }
        let blank = cell.character == " "
        switch colorMode {
        case .none: return true
        case .palette256:
            return (blank || ColorMode.paletteIndex(of: cell.foreground) == ColorMode.paletteIndex(of: pen.foreground))
                && ColorMode.paletteIndex(of: cell.background) == ColorMode.paletteIndex(of: pen.background)
        case .trueColor: return (blank || cell.foreground == pen.foreground) && cell.background == pen.background
        }
    }

    private mutating func setPen(for cell: Cell, into out: inout Output) {
        guard colorMode != .none, !sameColors(cell) else { return }
        // A blank keeps the pen's foreground; with no pen yet, it sets one all the same.
        let foreground =
            pen.map { cell.character != " " && !Self.same($0.foreground, cell.foreground, colorMode) } ?? true
        let background = pen.map { !Self.same($0.background, cell.background, colorMode) } ?? true
        out.color(
            foreground: foreground ? cell.foreground : nil, background: background ? cell.background : nil,
            mode: colorMode)
        pen = (foreground ? cell.foreground : (pen?.foreground ?? cell.foreground), cell.background)
    }

    private static func same(_ a: RGB, _ b: RGB, _ mode: ColorMode) -> Bool {
        switch mode {
        case .none: true
        case .palette256: ColorMode.paletteIndex(of: a) == ColorMode.paletteIndex(of: b)
        case .trueColor: a == b
        }
    }
}

/// The escape sequences the viewer writes.
package enum Escape {
    package static let enterAlternateScreen = Array("\u{1B}[?1049h".utf8)
    package static let leaveAlternateScreen = Array("\u{1B}[?1049l".utf8)
    package static let hideCursor = Array("\u{1B}[?25l".utf8)
    package static let showCursor = Array("\u{1B}[?25h".utf8)
    package static let beginSynchronized = Array("\u{1B}[?2026h".utf8)
    package static let endSynchronized = Array("\u{1B}[?2026l".utf8)
    package static let reset = Array("\u{1B}[0m".utf8)
    package static let clearScreen = Array("\u{1B}[2J".utf8)
    package static let moveHome = Array("\u{1B}[H".utf8)
}

/// A byte buffer with the few sequences the encoder writes.
struct Output {
    var bytes: [UInt8] = []

    init() {
        bytes.reserveCapacity(4096)
    }

    mutating func character(_ character: Character) {
        for scalar in character.unicodeScalars { bytes.append(contentsOf: String(scalar).utf8) }
    }

    /// `ESC[row;columnH`, 1-based; `ESC[row H` for the first column.
    mutating func move(toRow row: Int, column: Int) {
        bytes += [0x1B, 0x5B]
        number(row + 1)
        if column > 0 {
            bytes.append(0x3B)
            number(column + 1)
        }
        bytes.append(0x48)
    }

    /// `ESC[nF`: a CSI sequence with one number, such as ECH (`X`) and CUF (`C`).
    mutating func sequence(_ count: Int, final: UInt8) {
        bytes += [0x1B, 0x5B]
        number(count)
        bytes.append(final)
    }

    mutating func color(foreground: RGB?, background: RGB?, mode: ColorMode) {
        guard mode != .none, foreground != nil || background != nil else { return }
        bytes += [0x1B, 0x5B]
        var first = true
        func part(_ code: Int, _ color: RGB) {
            if !first { bytes.append(0x3B) }
            first = false
            number(code)
            if mode == .trueColor {
                bytes += [0x3B, 0x32]
                for channel in [color.red, color.green, color.blue] {
                    bytes.append(0x3B)
                    number(Int(channel))
                }
            } else {
                bytes += [0x3B, 0x35, 0x3B]
                number(Int(ColorMode.paletteIndex(of: color)))
            }
        }
        if let foreground { part(38, foreground) }
        if let background { part(48, background) }
        bytes.append(0x6D)
    }

    mutating func number(_ value: Int) {
        if value >= 10 { number(value / 10) }
        bytes.append(0x30 + UInt8(value % 10))
    }
}
