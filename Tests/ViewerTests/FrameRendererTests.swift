import Foundation
import PlaygroundProtocol
import SceneLanguage
import SceneRuntime
import TestSupport
import Testing
import Viewer

/// Frames drawn into cells, checked by reading positions back from the
/// picture: where a box's corners are against where the frame puts the view.
@Suite struct FrameRendererTests {
    static func view(
        _ name: String, _ x: Double, _ y: Double, _ width: Double, _ height: Double, parent: String = "root",
        color: UInt32? = nil, alpha: Double = 1, hidden: Bool = false, text: String? = nil
    ) -> ViewFrame {
        ViewFrame(
            name: name, kind: text == nil ? .view : .label, parent: parent, x: x, y: y, width: width, height: height,
            alpha: alpha, text: text, font: text == nil ? nil : 17, color: color.map { Color(rgb: $0) }, hidden: hidden)
    }

    static func frame(_ views: [ViewFrame], canvas: Size = Size(width: 100, height: 100)) -> Frame {
        Frame(scene: "Test", generation: 1, seq: 0, time: 0, settled: true, canvas: canvas, views: views)
    }

    /// Every position of a character in the picture's text.
    static func positions(of character: Character, in grid: CellGrid) -> [(column: Int, row: Int)] {
        var found: [(Int, Int)] = []
        for row in 0..<grid.rows {
            for column in 0..<grid.columns where grid[column, row].character == character {
                found.append((column, row))
            }
        }
        return found
    }

    @Test("A box's corners are at the cells its frame maps to, inside the canvas's border")
    func corners() throws {
        // 100 x 100 points in 52 x 27 cells: 50 columns and 25 rows inside the border, 0.5 column a point.
        let grid = FrameRenderer.render(Self.frame([Self.view("box", 20, 40, 40, 20)]), columns: 52, rows: 27)
        let placement = CanvasPlacement(canvas: Size(width: 100, height: 100), columns: 52, rows: 27)
        #expect(placement.scale == 0.5 && placement.columns == 50 && placement.rows == 25)
        // The canvas's own corners, then the box's: x 20 → column 1 + 10, right edge 60 → 1 + 30 - 1.
        #expect(grid[0, 0].character == "┌" && grid[51, 26].character == "┘")
        let tops = Self.positions(of: "┌", in: grid).filter { $0.column > 0 }
        #expect(tops.map(\.column) == [11] && tops.map(\.row) == [1 + 10])
        let bottoms = Self.positions(of: "┘", in: grid).filter { $0.column < 51 }
        #expect(bottoms.map(\.column) == [30] && bottoms.map(\.row) == [1 + 14])
        #expect(grid.plainText.contains("┌box─"))
    }

    @Test("A view partly off the canvas is cut at its edge; a hidden view and its subviews are not drawn")
    func clippingAndHidden() {
        let grid = FrameRenderer.render(
            Self.frame([
                Self.view("wide", -50, 10, 100, 20),
                Self.view("gone", 10, 60, 20, 20, hidden: true),
                Self.view("inner", 12, 62, 10, 10, parent: "gone"),
            ]), columns: 52, rows: 27)
        let text = grid.plainText
        #expect(!text.contains("gone") && !text.contains("inner"))
        // Its left edge is off the canvas: no corner there, and the border column is untouched.
        #expect(Self.positions(of: "┐", in: grid).contains { $0.column == 25 })
        #expect((1..<26).allSatisfy { grid[0, $0].character == "│" })
    }

    @Test("Fills blend toward what is below by alpha; subviews draw over their parents")
    func blendingAndOrder() {
        let grid = FrameRenderer.render(
            Self.frame([
                Self.view("card", 0, 0, 100, 100, color: 0xFF0000, alpha: 0.5),
                Self.view("dot", 40, 40, 20, 20, parent: "card", color: 0x0000FF),
            ]), columns: 52, rows: 27)
        let middle = grid[26, 13]
        // The dot (alpha 1, under a card at 0.5): its blue at half over the card's blend over the canvas.
        let card = RGB(0xFF, 0, 0).over(Palette.canvas, alpha: 0.5)
        #expect(middle.background == RGB(0, 0, 0xFF).over(card, alpha: 0.5))
        #expect(grid[5, 20].background == card)
    }

    @Test("Half blocks draw a fill that covers half a row")
    func halfBlocks() {
        // 100 x 100 in 52 x 27: a point is half a half-row; 10 points high from y 3 → half rows 2+1.5… rounded.
        let grid = FrameRenderer.render(
            Self.frame([Self.view("bar", 0, 2, 100, 2, color: 0xFFFFFF)]), columns: 52, rows: 27)
        // y 2 → half row 2 + 1 = 3 (the lower half of row 1); y 4 → half row 4 (exclusive): one lower half.
        #expect(grid[10, 1].character == "▄")
        #expect(grid[10, 1].foreground == RGB(0xFF, 0xFF, 0xFF))
        #expect(grid[10, 2].background == Palette.canvas)
    }

    @Test("Quiz at a quarter of its flight: the buttons boxed with their names, the labels' texts whole")
    func quizReadBack() throws {
        let url = repositoryRoot.appendingPathComponent("Playgrounds/Quiz.layout")
        let scene = Scene.parse(SourceFile(name: "Quiz.layout", text: try String(contentsOf: url, encoding: .utf8)))
        var session = PlaybackSession(loading: scene, name: "Quiz")
        try session.schedule(.action("next"), at: 0)
        let frame = session.frame(at: 0.25)
        let grid = FrameRenderer.render(frame, columns: 120, rows: 60)
        let placement = CanvasPlacement(canvas: frame.canvas, columns: 120, rows: 60)
        for name in ["nextButton", "showAnswer"] {
            let view = try #require(frame.view(named: name))
            let column = placement.column(view.x)
            let row = placement.halfRow(view.y) / 2
            #expect(grid[column, row].character == "┌", "\(name)'s top-left corner at \(column), \(row)")
            let top = String((column..<(column + name.count + 1)).map { grid[$0, row].character })
            #expect(top == "┌" + name)
            let title = try #require(view.text)
            #expect(TextRenderingTests.find(title, in: grid).count == 1, "\(title) in:\n\(grid.plainText)")
        }
        // The answer label: its text alone on its centre's row, no box around it, no name.
        let answer = try #require(frame.view(named: "answer"))
        let found = TextRenderingTests.find(try #require(answer.text), in: grid)
        #expect(found.map(\.row) == [Int(placement.centre(of: answer.frame).row)])
        #expect(!grid.plainText.contains("answer"))
        if let at = found.first {
            #expect(grid[at.column - 1, at.row].character == " " && grid[at.column + 3, at.row].character == " ")
        }
    }
}
