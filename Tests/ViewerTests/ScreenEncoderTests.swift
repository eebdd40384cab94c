import PlaygroundProtocol
import Testing

@testable import Viewer

/// A terminal reduced to what the encoder writes: cursor positions, SGR
/// colours (truecolor and 256), clear screen, DEC private modes, and
/// characters that advance the cursor. Replaying the encoder's bytes on it
/// must give the picture back: an oracle independent of the encoder's own
/// bookkeeping.
struct TinyTerminal {
    var cells: [[Character]]
    var foreground: [[String]]
    var background: [[String]]
    var row = 0
    var column = 0
    var pen = ("?", "?")

    init(columns: Int, rows: Int) {
        cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
        foreground = Array(repeating: Array(repeating: "?", count: columns), count: rows)
        background = foreground
    }

    mutating func feed(_ bytes: [UInt8]) {
        let text = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        var index = 0
        while index < text.count {
            if text[index] == "\u{1B}" {
                var end = index + 2
                while !(0x40...0x7E).contains(text[end].value) { end += 1 }
                let parameters = String(String.UnicodeScalarView(text[(index + 2)..<end]))
                switch text[end] {
                case "H":
                    let numbers = parameters.split(separator: ";").compactMap { Int($0) }
                    row = (numbers.first ?? 1) - 1
                    column = (numbers.count > 1 ? numbers[1] : 1) - 1
                case "X":
                    for c in column..<min(column + (Int(parameters) ?? 1), cells[row].count) {
                        cells[row][c] = " "
                        foreground[row][c] = pen.0
                        background[row][c] = pen.1
                    }
                case "C":
                    column += Int(parameters) ?? 1
                case "J":
                    for r in cells.indices {
                        for c in cells[r].indices { cells[r][c] = " " }
                    }
                case "m":
                    var numbers = parameters.split(separator: ";").map { String($0) }
                    while !numbers.isEmpty {
                        let code = numbers.removeFirst()
                        if code == "0" { pen = ("?", "?"); continue }
                        let kind = numbers.removeFirst()
                        let value =
                            kind == "2"
                            ? (0..<3).map { _ in numbers.removeFirst() }.joined(separator: ",")
                            : "p" + numbers.removeFirst()
                        if code == "38" { pen.0 = value } else { pen.1 = value }
                    }
                default: break
                }
                index = end + 1
                continue
            }
            cells[row][column] = Character(text[index])
            foreground[row][column] = pen.0
            background[row][column] = pen.1
            column += 1
            index += 1
        }
    }
}

@Suite("ScreenEncoder: what reaches the terminal")
struct ScreenEncoderTests {
    static func picture(columns: Int, rows: Int, seed: UInt64) -> CellGrid {
        var rng = seed
        func next() -> UInt64 {
            rng = rng &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return rng >> 33
        }
        let colours = [RGB(0, 0, 0), RGB(255, 0, 0), RGB(10, 200, 30), RGB(0x24, 0x25, 0x2C)]
        var grid = CellGrid(
            columns: columns, rows: rows, filling: Cell(" ", foreground: colours[0], background: colours[3]))
        for row in 0..<rows {
            for column in 0..<columns where next() % 3 == 0 && (row + column / 20) % 3 != 0 {
                grid[column, row] = Cell(
                    ["a", "─", "▀", "│", "é"][Int(next() % 5)], foreground: colours[Int(next() % 4)],
                    background: colours[Int(next() % 4)])
            }
        }
        return grid
    }

    static func rgb(_ color: RGB) -> String { "\(color.red),\(color.green),\(color.blue)" }

    static func expectShows(
        _ terminal: TinyTerminal, _ grid: CellGrid, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for row in 0..<grid.rows {
            for column in 0..<grid.columns {
                let cell = grid[column, row]
                guard terminal.cells[row][column] == cell.character,
                    cell.character == " " || terminal.foreground[row][column] == rgb(cell.foreground),
                    terminal.background[row][column] == rgb(cell.background)
                else {
                    Issue.record("cell \(column),\(row) differs", sourceLocation: sourceLocation)
                    return
                }
            }
        }
    }

    @Test("Replayed on a terminal, the diffs of a sequence of random pictures show each picture exactly")
    func diffsReproducePictures() {
        var encoder = ScreenEncoder(colorMode: .trueColor)
        var terminal = TinyTerminal(columns: 30, rows: 8)
        var grid = Self.picture(columns: 30, rows: 8, seed: 1)
        for step in 0..<40 {
            terminal.feed(encoder.encode(grid))
            Self.expectShows(terminal, grid)
            // Change a few cells, as an animation frame does.
            let other = Self.picture(columns: 30, rows: 8, seed: UInt64(step + 2))
            for index in stride(from: step % 7, to: 240, by: 11) {
                grid[index % 30, index / 30] = other[index % 30, index / 30]
            }
        }
    }

    @Test("An unchanged picture writes no bytes; one changed cell writes one move, one colour and one character")
    func unchangedWritesNothing() {
        var encoder = ScreenEncoder(colorMode: .trueColor)
        var grid = Self.picture(columns: 200, rows: 50, seed: 9)
        #expect(!encoder.encode(grid).isEmpty)
        #expect(encoder.encode(grid).isEmpty)
        grid[100, 20] = Cell("x", foreground: RGB(1, 2, 3), background: RGB(4, 5, 6))
        let bytes = String(decoding: encoder.encode(grid), as: UTF8.self)
        #expect(bytes == "\u{1B}[?2026h\u{1B}[21;101H\u{1B}[38;2;1;2;3;48;2;4;5;6mx\u{1B}[?2026l")
        encoder.invalidate()
        #expect(String(decoding: encoder.encode(grid), as: UTF8.self).contains("\u{1B}[2J"))
    }

    @Test("The 256-colour palette: the cube and the grey ramp, nearest by distance")
    func palette() {
        #expect(ColorMode.paletteIndex(of: RGB(255, 0, 0)) == 196)
        #expect(ColorMode.paletteIndex(of: RGB(0, 0, 0)) == 16)
        #expect(ColorMode.paletteIndex(of: RGB(255, 255, 255)) == 231)
        #expect(ColorMode.paletteIndex(of: RGB(128, 128, 128)) == 244)
        var encoder = ScreenEncoder(colorMode: .palette256)
        let grid = CellGrid(
            columns: 2, rows: 1, filling: Cell("a", foreground: RGB(255, 0, 0), background: RGB(0, 0, 0)))
        #expect(String(decoding: encoder.encode(grid), as: UTF8.self).contains("\u{1B}[38;5;196;48;5;16m"))
        var plain = ScreenEncoder(colorMode: .none)
        #expect(!String(decoding: plain.encode(grid), as: UTF8.self).contains("38;"))
    }

    @Test("COLORTERM and NO_COLOR choose the colour mode")
    func detection() {
        #expect(ColorMode.detect(environment: ["COLORTERM": "truecolor"]) == .trueColor)
        #expect(ColorMode.detect(environment: ["COLORTERM": "24bit"]) == .trueColor)
        #expect(ColorMode.detect(environment: [:]) == .palette256)
        #expect(ColorMode.detect(environment: ["COLORTERM": "truecolor", "NO_COLOR": "1"]) == .none)
        #expect(ColorMode.detect(environment: ["NO_COLOR": ""]) == .palette256)
    }

    @Test("Control characters, escape sequences and wide characters never reach a cell raw")
    func unsafeText() {
        #expect(CellText.cells("a\u{1B}[2Jb") == ["a", "?", "[", "2", "J", "b"])
        #expect(CellText.cells("日本") == ["?", "?"])
        #expect(CellText.cells("e\u{301}") == ["e\u{301}"])
        #expect(CellText.cells("🙂\u{7}") == ["?", "?"])
    }
}

@Suite("Keys and the viewer's state")
struct ViewerKeyTests {
    @Test("Arrow keys, Ctrl-C, enter, tab, UTF-8 and a sequence cut between reads")
    func decoding() {
        var decoder = KeyDecoder()
        #expect(
            decoder.decode(Array("q \u{3}\t\r".utf8)) == [.character("q"), .character(" "), .interrupt, .tab, .enter])
        #expect(decoder.decode([0x1B, 0x5B, 0x41, 0x1B, 0x4F, 0x42]) == [.up, .down])
        #expect(decoder.decode([0x1B, 0x5B]) == [])
        #expect(decoder.decode([0x43]) == [.right])
        #expect(decoder.decode([0x1B]) == [.escape])
        #expect(decoder.decode(Array("é".utf8)) == [.character("é")])
    }

    @Test("Keys: q quits, space and s ask the clock, a opens the action list, a letter and enter run one")
    func keys() {
        var state = ViewerState(socketPath: "/tmp/s")
        state.apply(scenes: [
            .init(
                name: "Quiz", file: "Quiz.layout", generation: 1, status: .ok, errors: 0, warnings: 0,
                actions: ["next", "showAnswer", "nextSpring"]),
            .init(name: "Burger", file: "Burger.layout", generation: 1, status: .ok, errors: 0, warnings: 0),
        ])
        #expect(state.current == "Quiz")
        #expect(state.handle(.character(" ")) == [.clock(paused: true, slow: nil)])
        #expect(state.handle(.character("s")) == [.clock(paused: nil, slow: 10)])
        #expect(state.handle(.character("a")) == [])
        #expect(state.overlay == .actions(selected: 0))
        #expect(state.handle(.character("n")) == [])
        #expect(state.overlay == .actions(selected: 2))
        #expect(state.handle(.up) == [])
        #expect(state.handle(.enter) == [.run(action: "showAnswer", scene: "Quiz")])
        #expect(state.overlay == .none)
        #expect(state.handle(.tab) == [])
        #expect(state.current == "Burger")
        #expect(state.handle(.character("r")) == [.reload(scene: "Burger")])
        #expect(state.handle(.character("?")) == [])
        #expect(state.overlay == .help)
        #expect(state.handle(.character("x")) == [])
        #expect(state.overlay == .none)
        #expect(state.handle(.interrupt) == [.quit])
        #expect(state.handle(.character("q")) == [.quit])
    }
}

@Suite("The status line")
struct StatusLineTests {
    static func frame(seq: Int, settled: Bool, xs: [Double]) -> Frame {
        Frame(
            scene: "S", generation: 2, seq: seq, time: Double(seq) / 60, settled: settled,
            canvas: Size(width: 100, height: 100),
            views: xs.enumerated().map { index, x in
                ViewFrame(
                    name: "v\(index)", kind: .view, parent: "root", x: x, y: 0, width: 10, height: 10, alpha: 1,
                    text: nil, font: nil, color: nil, hidden: false)
            })
    }

    static func status(_ state: ViewerState) -> String {
        let grid = ScreenComposer.compose(state, columns: 120, rows: 20)
        return String(grid.cells[(19 * 120)...].map(\.character))
    }

    @Test("Scene, generation, time, how many views are moving, diagnostics, pause and slow factor")
    func status() {
        var state = ViewerState(socketPath: "s")
        state.connection = .connected(inProcess: false)
        state.apply(.frame(Self.frame(seq: 1, settled: false, xs: [0, 0, 0])))
        state.apply(.frame(Self.frame(seq: 2, settled: false, xs: [1, 0, 2])))
        var line = Self.status(state)
        #expect(line.contains("S │ gen 2 │ 0.03 s │ animating 2 views │"))
        #expect(line.contains("no errors"))
        state.apply(.frame(Self.frame(seq: 3, settled: true, xs: [1, 0, 2])))
        state.clock = ClockState(paused: true, slow: 10)
        state.apply(
            .diagnostics(
                scene: "S", generation: 2,
                [
                    WireDiagnostic(
                        severity: .warning, code: "unsatisfiable-constraints", message: "'wide' breaks",
                        file: "S.layout",
                        line: 3, column: 1, rendered: "S.layout:3:1: warning: 'wide' breaks")
                ]))
        line = Self.status(state)
        #expect(line.contains("S │ paused │ slow ×10 │ gen 2 │ 0.05 s │ settled"))
        #expect(line.contains("0 errors 1 warning") && line.contains("broken: 'wide' breaks"))
    }
}
