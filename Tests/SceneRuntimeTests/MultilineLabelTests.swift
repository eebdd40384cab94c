import Foundation
import PlaygroundProtocol
import SceneLanguage
import SceneRuntime
import Testing

/// `lines N`: labels that wrap at the width the layout gives them. Every
/// value is worked out by hand with the fixed metrics: a character is
/// 0.5 × font wide and a line 1.2 × font high, so at font 10 a character is
/// 5 points and a line 12; a 50-point line holds 10 characters.
@Suite struct MultilineLabelTests {
    /// A label of the given text and `lines`, 50 points wide at (0, 0), with a view under it.
    static func fifty(_ text: String, lines: String = "lines 0") -> String {
        """
        label t "\(text)" font 10 \(lines)
        view under
        t.leading == root.leading; t.top == root.top; t.width == 50
        under.top == t.bottom; under.leading == root.leading; under.width == 10; under.height == 10
        """
    }

    @Test("A 50-point label of \"aaaa bbbb cccc dddd\" at font 10 wraps in two lines and is 24 high")
    func wrapsInTwoLines() {
        var run = Running(Self.fifty("aaaa bbbb cccc dddd"))
        let label = run.view("t", at: 0)
        expectFrame(label.frame, rect(0, 0, 50, 24))
        #expect(label.lines == ["aaaa bbbb", "cccc dddd"])
        // The layout was solved again with the wrapped height: the view under it follows.
        expectClose(run.view("under", at: 0).y, 24)
    }

    @Test("One line (the default) does not wrap: the text is cut with … to the characters that fit")
    func oneLineTruncates() {
        var run = Running(Self.fifty("aaaa bbbb cccc dddd", lines: ""))
        let label = run.view("t", at: 0)
        expectFrame(label.frame, rect(0, 0, 50, 12))
        // 10 characters fit: 9 of the text and the ellipsis.
        #expect(label.lines == ["aaaa bbbb…"])
        // A text that fits is drawn as it is: no lines.
        var fits = Running(Self.fifty("aaaa", lines: ""))
        #expect(fits.view("t", at: 0).lines == nil)
    }

    @Test("lines 2 keeps two lines and truncates the second with …")
    func limitTruncatesLastLine() {
        var run = Running(Self.fifty("aaaa bbbb cccc dddd eeee", lines: "lines 2"))
        let label = run.view("t", at: 0)
        expectFrame(label.frame, rect(0, 0, 50, 24))
        #expect(label.lines == ["aaaa bbbb", "cccc dddd…"])
    }

    @Test("A word longer than a line breaks between characters, as .byWordWrapping does")
    func longWordBreaks() {
        var run = Running(Self.fifty("abcdefghijklmnop xy"))
        let label = run.view("t", at: 0)
        #expect(label.lines == ["abcdefghij", "klmnop xy"])
        expectClose(label.height, 24)
    }

    @Test("\\n always breaks a line; each paragraph wraps on its own")
    func newlinesBreak() {
        var run = Running(Self.fifty("aaaa\\nbbbb cccc dddd"))
        let label = run.view("t", at: 0)
        #expect(label.lines == ["aaaa", "bbbb cccc", "dddd"])
        expectClose(label.height, 36)
    }

    @Test("A label whose width only has a maximum wraps there and hugs its widest line")
    func hugsWidestLine() {
        // At most 60 wide: 12 characters a line; "aaaa bbbb cccc" (14) wraps after "bbbb"; the widest line is
        // 9 characters, 45 points.
        var run = Running(
            """
            label t "aaaa bbbb cccc" font 10 lines 0
            t.leading == root.leading; t.top == root.top; t.trailing <= root.leading + 60
            """)
        let label = run.view("t", at: 0)
        expectFrame(label.frame, rect(0, 0, 45, 24))
        #expect(label.lines == ["aaaa bbbb", "cccc"])
    }

    @Test("Copies of a running scene draw their own lines: a text or width changed in one shows in that one only")
    func copiesDrawTheirOwnLines() {
        let scene = Scene.parse(
            SourceFile(
                name: "t.layout",
                text: """
                    label t "aaaa bbbb cccc dddd" font 10 lines 0
                    t.leading == root.leading; t.top == root.top; w: t.width == 50
                    action change { t.text = "eeee ffff gggg" }
                    action widen { w.constant = 100; layout }
                    """))
        #expect(!scene.diagnostics.hasErrors)
        func lines(_ loaded: LoadedScene) -> [String]? {
            loaded.presentationFrame().views.first { $0.name == "t" }?.lines
        }
        let original = LoadedScene(scene: scene, name: "t")
        #expect(lines(original) == ["aaaa bbbb", "cccc dddd"])
        var changed = original
        changed.run(action: "change")
        #expect(lines(changed) == ["eeee ffff", "gggg"])
        #expect(lines(original) == ["aaaa bbbb", "cccc dddd"])
        #expect(lines(changed) == ["eeee ffff", "gggg"])
        var widened = original
        widened.run(action: "widen")
        #expect(lines(widened) == ["aaaa bbbb cccc dddd"])
        #expect(lines(original) == ["aaaa bbbb", "cccc dddd"])
        #expect(lines(changed) == ["eeee ffff", "gggg"])
    }

    @Test("A label given more room by an action unwraps, and the views under it move up")
    func rewrapsOnLayout() {
        var run = Running(
            """
            label t "aaaa bbbb cccc dddd" font 10 lines 0
            view under
            t.leading == root.leading; t.top == root.top; w: t.width == 50
            under.top == t.bottom; under.leading == root.leading; under.width == 10; under.height == 10
            action widen { w.constant = 100; layout }
            action animateNarrow { animate 1 curve linear { w.constant = 25; layout } }
            """)
        #expect(run.view("t", at: 0).lines?.count == 2)
        run.run("widen")
        let wide = run.view("t", at: 0)
        expectFrame(wide.frame, rect(0, 0, 100, 12))
        #expect(wide.lines == ["aaaa bbbb cccc dddd"])
        expectClose(run.view("under", at: 0).y, 12)
        // 25 points: 5 characters a line, four lines, 48 high; the height animates with the width.
        run.run("animateNarrow")
        expectClose(run.view("t", at: 0.5).height, 30)
        let narrow = run.view("t", at: 1)
        expectFrame(narrow.frame, rect(0, 0, 25, 48))
        #expect(narrow.lines == ["aaaa", "bbbb", "cccc", "dddd"])
    }

    @Test("A button's title wraps inside its padding (12 on each side, 6 on top and bottom)")
    func buttonWraps() {
        var run = Running(
            """
            button b "aaaa bbbb cccc dddd" font 10 lines 0
            b.leading == root.leading; b.top == root.top; b.width == 74
            """)
        let button = run.view("b", at: 0)
        expectFrame(button.frame, rect(0, 0, 74, 36))
        #expect(button.lines == ["aaaa bbbb", "cccc dddd"])
    }

    @Test("A label held lower than its lines draws the lines that fit, the last cut with …")
    func heightLimitsLines() {
        var run = Running(
            """
            label t "aaaa bbbb cccc dddd" font 10 lines 0
            t.leading == root.leading; t.top == root.top; t.width == 50; t.height == 12
            """)
        let label = run.view("t", at: 0)
        expectFrame(label.frame, rect(0, 0, 50, 12))
        #expect(label.lines == ["aaaa bbbb…"])
    }

    @Test("The Bankey subtitle, numberOfLines = 0 as in the tutorial, is two lines at rest")
    func bankeySubtitle() throws {
        let url = PlaygroundTests.folder.appendingPathComponent("Bankey.layout")
        var run = Running(try String(contentsOf: url, encoding: .utf8))
        let subtitle = run.view("subtitle", at: 3)
        // 16 to 359: 343 points hold 34 characters at 20 points (10 each); "Your premium source for all things"
        // is exactly 34. Two lines of 24: 48 high, ending 24 above the form (273): y 201.
        expectFrame(subtitle.frame, rect(16, 201, 343, 48))
        #expect(subtitle.lines == ["Your premium source for all things", "banking!"])
        // The title sits 24 above it: 201 - 24 - 40.8.
        expectClose(run.view("title", at: 3).y, 136.2, within: 1e-9)
    }

    @Test("A label whose wrapping changes its own width never settles: the passes stop at 8, with a warning")
    func boundedPasses() {
        // Width five times the height, the width free: one line (12 high) makes it 60 wide, where it wraps
        // in four lines (48 high), which make it 240 wide, where it fits on one line again, and so on.
        let laid = Laid(
            """
            label t "aaaa bbbb cccc dddd eeee ffff gggg" font 10 lines 0 compression 1 750 hugging 1 250
            t.leading == root.leading; t.top == root.top
            t.width == 5 * t.height
            """)
        #expect(laid.codes == [.ambiguousLayout])
        #expect(laid.rendered.contains("still change after 8 layout passes"))
    }

    @Test("Labels wrapping in a stack aligned on their last baselines: the stack is rearranged once a pass")
    func stackRearrangedOncePerPass() {
        // 25 points hold 5 characters: a wraps in two lines (last baseline 20 below its top), b fits on one
        // (8), c wraps in three (32). The last baselines align at c's, which is the tallest: at 32, so c is at
        // the stack's top, a 12 below it and b 24; the stack is as tall as c, 36.
        let laid = Laid(
            """
            stack row horizontal alignment lastBaseline {
              label a "aaaa bbbb" font 10 lines 0
              label b "cccc" font 10 lines 0
              label c "eeee ffff gggg" font 10 lines 0
            }
            row.leading == root.leading; row.top == root.top
            a.width == 25; b.width == 25; c.width == 25
            """)
        #expect(laid.codes == [])
        expectFrame(laid.frame("a"), rect(0, 12, 25, 24))
        expectFrame(laid.frame("b"), rect(25, 24, 25, 12))
        expectFrame(laid.frame("c"), rect(50, 0, 25, 36))
        expectFrame(laid.frame("row"), rect(0, 0, 75, 36))
        // The first pass rewraps a and c, the second changes nothing: the stack's constraints are put back once,
        // after both, not once for each.
        #expect(laid.model.stackRearrangements == 1)
    }

    @Test("lines takes a whole number of at least 0, on labels and buttons only")
    func diagnostics() {
        let cases: [(String, DiagnosticCode)] = [
            ("label t \"x\" lines -1", .invalidValue),
            ("label t \"x\" lines 1.5", .invalidValue),
            ("view v lines 2", .notApplicable),
            ("label t \"x\" lines 2 lines 3", .duplicateProperty),
        ]
        for (text, code) in cases {
            let scene = Scene.parse(SourceFile(name: "t.layout", text: text))
            #expect(scene.diagnostics.map(\.code) == [code], "\(text)")
        }
    }
}
