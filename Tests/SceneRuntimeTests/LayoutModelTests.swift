import PlaygroundProtocol
import SceneLanguage
import SceneRuntime
import Testing

/// The layout model against frames worked out by hand from the constraints.
@Suite struct LayoutModelTests {
    @Test("The root, its safe area and its margins follow the canvas and the insets")
    func rootGuides() {
        let laid = Laid("canvas 400 x 800\nsafearea 44 10 34 20")
        #expect(laid.codes == [])
        expectFrame(laid.frame("root"), rect(0, 0, 400, 800))
        expectFrame(laid.frame("root.safeArea"), rect(10, 44, 370, 722))
        // UIKit's root margins: 0 on top and bottom, 16 on the sides in a compact width (400 < 768).
        expectFrame(laid.frame("root.margins"), rect(26, 44, 338, 722))
        // A regular width (an iPad's 768 × 1024): 20 on the sides.
        let iPad = Laid("canvas 768 x 1024\nsafearea 24 0 20 0")
        expectFrame(iPad.frame("root.margins"), rect(20, 24, 728, 980))
        // Both sides must be at least 768: a wide but short canvas is still compact.
        expectFrame(Laid("canvas 1024 x 700").frame("root.margins"), rect(16, 0, 992, 700))
    }

    @Test("sizeclass decides the root's side margins whatever the canvas; a misspelt or repeated one is reported")
    func sizeClass() {
        expectFrame(Laid("sizeclass regular").frame("root.margins"), rect(20, 0, 335, 667))
        expectFrame(Laid("canvas 768 x 1024\nsizeclass compact").frame("root.margins"), rect(16, 0, 736, 1024))
        let misspelt = Laid("sizeclass regualr")
        #expect(misspelt.codes == [.unknownName])
        #expect(misspelt.scene.diagnostics.first?.message.contains("did you mean 'regular'") == true)
        #expect(Laid("sizeclass compact\nsizeclass regular").codes == [.duplicateSetting])
        #expect(Laid("view a {\n  sizeclass regular\n}").codes == [.misplacedDeclaration])
    }

    @Test("A multiplied position is in the nearest common ancestor's coordinates, as UIKit evaluates it")
    func multipliedPositionsInCommonAncestor() {
        let laid = Laid(
            """
            canvas 400 x 400
            view container {
              view a
              view b
              guide g
            }
            view sibling
            container.left == root.left + 100; container.top == root.top + 50
            container.width == 200; container.height == 100
            b.left == container.left + 20; b.top == container.top + 10; b.width == 40; b.height == 40
            a.width == 20; a.height == 20
            a.centerX == 0.5 * container.trailing
            a.centerY == 2 * b.top
            g.left == container.left; g.top == container.top; g.width == 10; g.height == 10
            sibling.width == 10; sibling.height == 10
            sibling.left == 0.5 * container.right
            sibling.top == 0.5 * g.bottom
            """)
        #expect(laid.codes == [])
        // In the container's coordinates (origin 100, 50): a.centerX = 0.5 × 200 = 100, so 200 in the root's
        // (root coordinates would give 0.5 × 300 = 150); b.top is 10 there, a.centerY = 20, so 70.
        expectFrame(laid.frame("a"), rect(190, 60, 20, 20))
        // The sibling and the container meet at the root: root coordinates, 0.5 × 300 = 150. The guide g
        // counts as its view, the container, which also meets the sibling at the root: 0.5 × 60 = 30.
        expectFrame(laid.frame("sibling"), rect(150, 30, 10, 10))
    }

    @Test("The default canvas is 375 x 667 with no insets")
    func defaults() {
        let laid = Laid("")
        expectFrame(laid.frame("root"), rect(0, 0, 375, 667))
        expectFrame(laid.frame("root.margins"), rect(16, 0, 343, 667))
    }

    @Test("Every attribute of a plain view maps onto its edges, centre and size")
    func attributes() {
        let laid = Laid(
            """
            view a; view b; view c
            a.leading == root.leading + 10; a.trailing == root.trailing - 15
            a.top == root.top + 20; a.bottom == root.bottom - 7
            b.centerX == a.centerX; b.width == 0.5 * a.width
            b.centerY == a.centerY + system; b.height == a.height / 4
            c.left == b.right; c.right == a.right; c.firstBaseline == b.lastBaseline; c.height == 2 * system
            """)
        #expect(laid.codes == [])
        expectFrame(laid.frame("a"), rect(10, 20, 350, 640))
        // b: width 175 centred on a (185), height 160 centred on 340 + 8.
        expectFrame(laid.frame("b"), rect(97.5, 268, 175, 160))
        // A plain view's baselines are its bottom edge: c.bottom == b.bottom.
        expectFrame(laid.frame("c"), rect(272.5, 412, 87.5, 16))
    }

    @Test("A position related to a constant alone is in root coordinates")
    func constantPositions() {
        let laid = Laid("view a size 30 x 40\na.left == 20; a.centerY == 100")
        expectFrame(laid.frame("a"), rect(20, 80, 30, 40))
    }

    @Test("A label's baselines come from its text; a button's move down by its padding")
    func baselines() {
        let laid = Laid(
            """
            label title "Bankey\\nLogin" font 20
            button go "Go" font 10
            title.left == 0; title.top == 100
            go.left == 0; go.firstBaseline == title.lastBaseline
            """)
        #expect(laid.codes == [])
        // Two lines at 20 points: 24 each; the last baseline is 24 + 16 below the top.
        expectFrame(laid.frame("title"), rect(0, 100, 60, 48))
        // The button's first baseline is 6 + 8 below its top: 140 - 14.
        expectFrame(laid.frame("go"), rect(0, 126, 34, 24))
    }

    @Test("Intrinsic size holds at the default priorities until a stronger constraint stretches it")
    func intrinsicSize() {
        let laid = Laid(
            """
            label a "abcd"
            label b "abcd"
            label c "abcd" compression 700 750
            a.left == 0; a.top == 0
            b.left == 0; b.top == 50; b.width == 100 @high
            c.left == 0; c.top == 100; c.width == 10 @high
            """)
        #expect(laid.codes == [])
        expectFrame(laid.frame("a"), rect(0, 0, 34, 20.4))
        // Hugging at 250 gives way to a high (750) width.
        expectFrame(laid.frame("b"), rect(0, 50, 100, 20.4))
        // Compression at 700 gives way too.
        expectFrame(laid.frame("c"), rect(0, 100, 10, 20.4))
    }

    @Test("Equal priorities: compression at 750 and a high width of 10 leave the width open")
    func equalPrioritiesAreAmbiguous() {
        let laid = Laid("label c \"abcd\"\nc.left == 0; c.top == 0; c.width == 10 @high")
        #expect(laid.codes == [.ambiguousLayout])
        #expect(laid.rendered.contains("ambiguous horizontal layout for 'c': its constraints leave its width open"))
    }

    @Test("A higher priority wins over any number of lower ones")
    func lexicographicPriorities() {
        var text = "view a\na.top == 0; a.height == 10; a.left == 0\na.width == 100 @high\n"
        for _ in 0..<50 { text += "a.width == 10 @low\n" }
        let laid = Laid(text)
        expectFrame(laid.frame("a"), rect(0, 0, 100, 10))
    }

    @Test("A fixed frame is in its parent's coordinates, and other views can be constrained to it")
    func fixedFrames() {
        let laid = Laid(
            """
            view panel {
              view badge frame 10 20 30 40
            }
            view tail
            panel.left == 100; panel.top == 200; panel.width == 150; panel.height == 90
            tail.leading == badge.trailing + system; tail.top == badge.bottom; tail.width == 5; tail.height == 5
            """)
        #expect(laid.codes == [])
        expectFrame(laid.frame("badge"), rect(110, 220, 30, 40))
        expectFrame(laid.frame("tail"), rect(148, 260, 5, 5))
        #expect(laid.model.modelFrame(scene: "t").views.map(\.parent) == ["root", "panel", "root"])
    }

    @Test("Inactive constraints and groups take no part until activated")
    func inactive() {
        let laid = Laid(
            """
            view a
            a.left == 0; a.top == 0; a.height == 10
            constraints narrow { a.width == 50 }
            constraints wide inactive { a.width == 300 }
            inactive tall: a.height == 99
            """)
        #expect(laid.codes == [])
        expectFrame(laid.frame("a"), rect(0, 0, 50, 10))
        var model = laid.model
        let narrow = laid.scene.constraintIDs.filter { laid.scene[$0].group == laid.scene.groupID(named: "narrow") }
        let wide = laid.scene.constraintIDs.filter { laid.scene[$0].group == laid.scene.groupID(named: "wide") }
        for index in narrow { model.deactivate(index) }
        for index in wide {
            let failure = model.activate(index)
            #expect(failure == nil)
        }
        expectFrame(model.frame(of: ViewID(0)), rect(0, 0, 300, 10))
        // A required constraint that contradicts another is refused, with a diagnostic.
        let tall = laid.scene.constraintsByName["tall"]!
        let failure = model.activate(tall)
        #expect(failure?.code == .unsatisfiableConstraints)
        #expect(model.diagnostics.map(\.code) == [.unsatisfiableConstraints])
        #expect(model.diagnostics.last == failure)
    }

    @Test("A conflicting required constraint is broken, named with what it conflicts with, and layout goes on")
    func unsatisfiable() {
        let laid = Laid(
            """
            view a
            a.left == 0; a.top == 0; a.height == 10
            a.width == 100
            a.width == 200
            a.right <= 150
            """)
        #expect(laid.codes == [.unsatisfiableConstraints])
        expectFrame(laid.frame("a"), rect(0, 0, 100, 10))
        let diagnostic = laid.model.diagnostics[0]
        #expect(laid.scene.text(of: diagnostic.range) == "a.width == 200")
        #expect(diagnostic.notes.map { $0.range.map { laid.scene.text(of: $0) } } == ["a.width == 100"])
    }

    @Test("Resizing the canvas moves what depends on the root")
    func canvasResize() {
        var model = Laid(
            "view a\na.leading == root.margins.leading; a.trailing == root.safeArea.trailing\n"
                + "a.top == root.top; a.height == 10"
        ).model
        expectFrame(model.frame(of: ViewID(0)), rect(16, 0, 359, 10))
        model.setCanvas(Size(width: 667, height: 375))
        expectFrame(model.frame(of: ViewID(0)), rect(16, 0, 651, 10))
    }

    @Test("A view without constraints is ambiguous on both axes; one with only a width on the horizontal position")
    func ambiguity() {
        let laid = Laid("view a\nview b\nb.width == 10; b.top == 0; b.height == 10")
        #expect(
            laid.rendered.split(separator: "\n").filter { $0.contains("warning") } == [
                "t.layout:1:6: warning: ambiguous horizontal layout for 'a': its constraints leave its width open [ambiguous-layout]",
                "t.layout:1:6: warning: ambiguous vertical layout for 'a': its constraints leave its height open [ambiguous-layout]",
                "t.layout:2:6: warning: ambiguous horizontal layout for 'b': its constraints leave its x position open [ambiguous-layout]",
            ])
    }

    @Test("A scene with errors skips the ambiguity check, which would only echo the lost constraints")
    func noAmbiguityAfterErrors() {
        let laid = Laid("view a\na.lfet == 0")
        #expect(laid.codes == [.unknownName])
    }
}

@Suite struct BaselineTests {
    @Test("A label taller than its text keeps its text centred, as UIKit draws it, and its baselines with it")
    func stretchedLabel() {
        let laid = Laid(
            """
            label l "x"
            view v
            l.left == 0; l.top == 0; l.height == 100
            v.left == 0; v.width == 1; v.height == 1; v.top == l.firstBaseline
            """)
        #expect(laid.codes == [])
        // The text's 20.4 centred in 100 starts at 39.8; its baseline is 13.6 below.
        expectFrame(laid.frame("v"), rect(0, 53.4, 1, 1), within: 1e-9)
    }

    @Test("A raw carriage return before a line break does not merge the two lines")
    func carriageReturn() {
        #expect(TextMetrics(text: "ab\r\ncd", font: 10, kind: .label).size.height == 24)
    }
}
