import PlaygroundProtocol
import SceneLanguage
import SceneRuntime
import Testing
import Viewer

/// Labels and buttons drawn as UIKit draws them, read back from the picture:
/// a label's text with no border, centred, wrapped or cut only when its
/// cells are too few; a button as its title in a box when there is room.
///
/// Most frames here are 100 × 100 points in 52 × 27 cells: a column is 2
/// points and a row 4, the canvas's first column and row are 1.
@Suite struct TextRenderingTests {
    static func label(
        _ name: String, _ text: String, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
        lines: [String]? = nil, color: UInt32? = nil, kind: ViewKind = .label, parent: String = "root",
        transform: AffineTransform2D? = nil
    ) -> ViewFrame {
        ViewFrame(
            name: name, kind: kind, parent: parent, x: x, y: y, width: width, height: height, text: text, font: 17,
            color: color.map { Color(rgb: $0) }, lines: lines, transform: transform)
    }

    static func render(_ views: [ViewFrame], names: Bool = true) -> CellGrid {
        FrameRenderer.render(FrameRendererTests.frame(views), columns: 52, rows: 27, names: names)
    }

    /// Where a text is in the picture: its first character's column and its row, one per occurrence.
    static func find(_ text: String, in grid: CellGrid) -> [(column: Int, row: Int)] {
        let wanted = Array(text)
        var found: [(Int, Int)] = []
        for row in 0..<grid.rows {
            let line = (0..<grid.columns).map { grid[$0, row].character }
            guard line.count >= wanted.count else { continue }
            for column in 0...(line.count - wanted.count) where Array(line[column..<(column + wanted.count)]) == wanted
            {
                found.append((column, row))
            }
        }
        return found
    }

    /// The box-drawing characters inside the canvas's border.
    static func boxCharacters(in grid: CellGrid) -> [Character] {
        var found: [Character] = []
        for row in 1..<(grid.rows - 1) {
            for column in 1..<(grid.columns - 1) where "┌┐└┘─│".contains(grid[column, row].character) {
                found.append(grid[column, row].character)
            }
        }
        return found
    }

    @Test("The Card scene at 100 × 40: \"Hello\" whole, centred in its card, with no box or name of its own")
    func card() throws {
        let source = """
            canvas 400 x 400
            view card color #3366ff {
              label title "Hello"
            }
            card.centerX == root.centerX
            card.centerY == root.centerY
            card.width == 150
            card.height == 150
            title.centerX == card.centerX
            title.centerY == card.centerY

            """
        let scene = Scene.parse(SourceFile(name: "Card.layout", text: source))
        #expect(!scene.diagnostics.hasErrors)
        var session = PlaybackSession(loading: scene, name: "Card")
        let frame = session.frame(at: 0)
        let grid = FrameRenderer.render(frame, columns: 100, rows: 40)
        let hello = Self.find("Hello", in: grid)
        try #require(hello.count == 1, "the picture:\n\(grid.plainText)")
        // Centred on the card's centre: 200 points across, 200 down, within half a cell.
        let placement = CanvasPlacement(canvas: frame.canvas, columns: 100, rows: 40)
        let card = try #require(frame.view(named: "card"))
        let centre = placement.centre(of: card.frame)
        #expect(abs(Double(hello[0].column) + 2.5 - centre.column) <= 0.5)
        #expect(abs(Double(hello[0].row) + 0.5 - centre.row) <= 0.5)
        // Its row inside the card holds only the card's sides and the text: no border of the label's.
        let row = (0..<grid.columns).map { grid[$0, hello[0].row].character }
        #expect(String(row).split(separator: " ").map(String.init) == ["│", "│", "Hello", "│", "│"])
        #expect(!grid.plainText.contains("title"))
        #expect(Self.find("┌card", in: grid).count == 1)
        // On the blue card, in a colour that reads on it.
        #expect(grid[hello[0].column, hello[0].row].background == RGB(0x33, 0x66, 0xFF))
    }

    @Test("A label's lines from the frame: each on its own row, in order, each centred, the rows centred")
    func lines() throws {
        // 60 x 24 points from (20, 40): columns 11 ..< 41, rows 11 ..< 17; its centre is column 26, row 14.
        let grid = Self.render([
            Self.label(
                "poem", "first line second third one", 20, 40, 60, 24, lines: ["first line", "second", "third one"])
        ])
        var rows: [Int] = []
        for line in ["first line", "second", "third one"] {
            let found = Self.find(line, in: grid)
            try #require(found.count == 1, "\(line) in:\n\(grid.plainText)")
            rows.append(found[0].row)
            let middle = Double(found[0].column) + Double(line.count) / 2
            #expect(abs(middle - 26) <= 0.5, "\(line) centred on column 26: starts at \(found[0].column)")
        }
        #expect(rows == [13, 14, 15])
        #expect(!grid.plainText.contains("…"))
        #expect(Self.boxCharacters(in: grid).isEmpty)
    }

    @Test("More lines than the label has rows: what fits, the last row shown ending in …")
    func moreLinesThanRows() {
        // 4 points high: one row.
        let grid = Self.render([Self.label("two", "one two", 20, 40, 60, 4, lines: ["one", "two"])])
        #expect(Self.find("one…", in: grid).count == 1)
        #expect(Self.find("two", in: grid).isEmpty)
    }

    @Test("Cut with … only when the cells are too few: 5 characters in 5 columns whole, in 4 cut")
    func truncation() {
        // 10 points across is 5 columns; 8 is 4.
        let fits = Self.render([Self.label("a", "Hello", 40, 40, 10, 4)])
        #expect(Self.find("Hello", in: fits).count == 1)
        #expect(!fits.plainText.contains("…"))
        let cut = Self.render([Self.label("a", "Hello", 40, 40, 8, 4)])
        #expect(Self.find("Hel…", in: cut).count == 1)
        #expect(!cut.plainText.contains("Hello"))
    }

    @Test("A text too long for its row wraps at spaces onto the label's further rows; with one row it is cut")
    func wrapping() {
        // 16 points across: 8 columns. Two rows (8 points high), then one (4).
        let two = Self.render([Self.label("q", "What is 7+7?", 30, 40, 16, 8)])
        let first = Self.find("What is", in: two)
        let second = Self.find("7+7?", in: two)
        #expect(first.count == 1 && second.count == 1)
        #expect(second.first?.row == (first.first?.row ?? 0) + 1)
        #expect(!two.plainText.contains("…"))
        let one = Self.render([Self.label("q", "What is 7+7?", 30, 40, 16, 4)])
        #expect(Self.find("What is…", in: one).count == 1)
        #expect(!one.plainText.contains("7+7?"))
    }

    @Test("A label has no border and no name, whatever its size; with a colour its cells are filled")
    func noBorderAndBackground() throws {
        let grid = Self.render([Self.label("title", "Hi", 20, 20, 60, 40, color: 0xFF0000)])
        #expect(Self.boxCharacters(in: grid).isEmpty)
        #expect(!grid.plainText.contains("title"))
        let hi = try #require(Self.find("Hi", in: grid).first)
        let red = RGB(0xFF, 0, 0)
        // Every cell of its 30 columns and 10 rows is red, the text's too (in a colour that reads on red);
        // the cells beside it are the canvas.
        for row in 6..<16 {
            for column in 11..<41 { #expect(grid[column, row].background == red, "cell \(column), \(row)") }
        }
        #expect(grid[hi.column, hi.row].background == red)
        #expect(grid[hi.column, hi.row].foreground == Palette.readable(on: red))
        #expect(grid[10, 10].background == Palette.canvas && grid[41, 10].background == Palette.canvas)
        #expect(grid[20, 5].background == Palette.canvas && grid[20, 16].background == Palette.canvas)
    }

    @Test("A button with room is its title in a box with its name on the top edge; without room, its title alone")
    func buttons() throws {
        // 40 x 16 points: 20 columns, 4 rows.
        let boxed = Self.render([Self.label("go", "Start", 30, 40, 40, 16, kind: .button)])
        let start = try #require(Self.find("Start", in: boxed).first)
        let top = try #require(Self.find("┌go", in: boxed).first)
        #expect(top.column == 16 && top.row == 11)
        // The title's row: the box's sides, and the title between them.
        let row = String((0..<boxed.columns).map { boxed[$0, start.row].character })
        #expect(row.split(separator: " ").map(String.init) == ["│", "│", "Start", "│", "│"])
        #expect(Self.find("└", in: boxed).contains { $0.column == 16 && $0.row == 14 })
        // Two rows high, or too narrow for the title: no box, the title whole.
        for (width, height) in [(40.0, 8.0), (12.0, 16.0)] {
            let bare = Self.render([Self.label("go", "Start", 30, 40, width, height, kind: .button)])
            #expect(Self.boxCharacters(in: bare).isEmpty, "\(width) x \(height)")
            #expect(Self.find("Start", in: bare).count == 1, "\(width) x \(height):\n\(bare.plainText)")
            #expect(!bare.plainText.contains("go"))
        }
    }

    @Test("Names only where they fit: a box too narrow for its name has none, never a cut one")
    func namesWhereTheyFit() {
        // 10 points across: 5 columns, 3 inside the corners: "box" fits, "boxes" does not.
        let fits = Self.render([FrameRendererTests.view("box", 40, 40, 10, 20)])
        #expect(Self.find("┌box┐", in: fits).count == 1)
        let narrow = Self.render([FrameRendererTests.view("boxes", 40, 40, 10, 20)])
        #expect(Self.find("┌───┐", in: narrow).count == 1)
        #expect(!narrow.plainText.contains("…") && !narrow.plainText.contains("box"))
        // Names off: plain views are boxes without names, buttons keep their titles.
        let off = Self.render(
            [FrameRendererTests.view("box", 40, 40, 10, 20), Self.label("go", "Start", 30, 70, 40, 16, kind: .button)],
            names: false)
        #expect(Self.find("┌───┐", in: off).count == 1 && !off.plainText.contains("go"))
        #expect(Self.find("Start", in: off).count == 1)
    }

    @Test("A view scaled 2× about its centre is drawn at its shown frame; a scaled label has the room to show its text")
    func transformed() throws {
        let scale = AffineTransform2D(scaleX: 2, y: 2)
        let view = ViewFrame(
            name: "box", kind: .view, parent: "root", x: 40, y: 40, width: 20, height: 20, transform: scale)
        #expect(view.shownFrame == Rect(x: 30, y: 30, width: 40, height: 40))
        let grid = Self.render([view])
        // 30 points → column 16, half row 17 (row 8); 70 → column 36 (exclusive), half row 37 (exclusive, row 18).
        #expect(Self.find("┌box", in: grid).map(\.column) == [16])
        #expect(Self.find("┌box", in: grid).map(\.row) == [8])
        #expect(grid[35, 18].character == "┘")
        // Where the untransformed frame would be (columns 21 ..< 31, rows 11 ..< 16), no corner.
        #expect(grid[21, 11].character != "┌" && grid[30, 15].character != "┘")

        // 8 points across is 4 columns: "Hello" is cut; scaled 2×, 8 columns: whole.
        let small = Self.render([Self.label("a", "Hello", 46, 48, 8, 4)])
        #expect(Self.find("Hel…", in: small).count == 1)
        let large = Self.render([Self.label("a", "Hello", 46, 48, 8, 4, transform: scale)])
        #expect(Self.find("Hello", in: large).count == 1)
    }

    @Test("A label's textcolor is the colour of its text where it reads on what is behind; else a readable one")
    func textColor() throws {
        var red = Self.label("warning", "Oops", 0, 0, 100, 20, color: 0xFFFFFF)
        red.textColor = Color(rgb: 0xFF0000)
        var dark = Self.label("hidden", "Dim", 0, 40, 100, 20)
        dark.textColor = Color(rgb: 0x202020)
        let grid = Self.render([red, dark])
        let oops = try #require(Self.find("Oops", in: grid).first)
        #expect(grid[oops.column, oops.row].foreground == RGB(0xFF, 0x00, 0x00), "red on white reads")
        let dim = try #require(Self.find("Dim", in: grid).first)
        #expect(grid[dim.column, dim.row].foreground == Palette.text, "near-black on the dark canvas would not")
        let svg = FrameSVG.render(FrameRendererTests.frame([red]))
        #expect(svg.contains("fill=\"#ff0000\" text-anchor=\"middle\""), "\(svg)")
    }
}
