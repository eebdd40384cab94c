import Foundation
import PlaygroundProtocol
import SceneLanguage
import SceneRuntime
import Testing

/// Layout margins as UIKit sets them: a view controller's root view 0 on top
/// and bottom and 16 (compact width) or 20 (regular) on the sides, inside the
/// safe area, never below that minimum; any other view 8 on each side unless
/// it says.
@Suite struct MarginsTests {
    @Test("H:|-[a] and V:|-[a] at the top level of a 375-wide canvas with a 44-point top safe area: x 16, y 44")
    func rootMarginsInVisualFormat() {
        let laid = Laid(
            """
            canvas 375 x 667
            safearea 44 0 0 0
            view a
            H:|-[a(50)]
            V:|-[a(50)]
            """)
        #expect(laid.codes == [])
        expectFrame(laid.frame("a"), rect(16, 44, 50, 50))
        expectFrame(laid.frame("root.margins"), rect(16, 44, 343, 623))
    }

    @Test("An iPad's canvas is of the regular width: 20 on the sides")
    func regularWidth() {
        let laid = Laid("canvas 1024 x 768\nview a\nH:|-[a(10)]")
        expectFrame(laid.frame("root.margins"), rect(20, 0, 984, 768))
        expectClose(laid.frame("a").x, 20)
    }

    @Test("margins T L B R on the root: each side raised to the system's minimum, as UIKit does")
    func declaredRootMargins() {
        // Trailing 10 is below the compact minimum of 16; top 20 and leading 30 stand; bottom 0 is the minimum.
        let laid = Laid("safearea 10 0 0 0\nmargins 20 30 0 10")
        #expect(laid.codes == [])
        expectFrame(laid.frame("root.margins"), rect(30, 30, 375 - 30 - 16, 667 - 30))
        #expect(laid.scene.rootMargins == Insets(top: 20, leading: 30, bottom: 0, trailing: 16))
    }

    @Test("A view's margins: 8 by default, its own when given, read by NAME.margins and by |- inside it")
    func viewMargins() {
        let laid = Laid(
            """
            view card margins 10 20 5 40 {
              view box
              H:|-[box]-|
              V:|-[box]-|
            }
            view plain {
              view inner
              H:|-[inner]-|
              V:|-[inner]-|
            }
            label t "x"
            card.left == root.left + 100; card.top == root.top + 100; card.width == 200; card.height == 100
            plain.left == root.left; plain.top == root.top + 300; plain.width == 100; plain.height == 50
            t.leading == card.margins.leading; t.top == card.margins.bottom
            """)
        #expect(laid.codes == [])
        // 100 + 20 to 300 − 40; 100 + 10 to 200 − 5.
        expectFrame(laid.frame("box"), rect(120, 110, 140, 85))
        expectFrame(laid.frame("inner"), rect(8, 308, 84, 34))
        expectClose(laid.frame("t").x, 120)
        expectClose(laid.frame("t").y, 195)
    }

    @Test("Right to left, a view's leading margin is on its right")
    func rightToLeft() {
        let laid = Laid(
            """
            direction rtl
            view card margins 0 10 0 30 {
              view box
            }
            card.left == root.left; card.top == root.top; card.width == 100; card.height == 10
            box.leading == card.margins.leading; box.trailing == card.margins.trailing
            box.top == card.top; box.height == 10
            """)
        #expect(laid.codes == [])
        expectFrame(laid.frame("box"), rect(30, 0, 60, 10))
    }

    @Test("A save that changes a view's margins lays out as a fresh load does")
    func reloadFollowsMargins() {
        let before =
            "view card margins 8 8 8 8\nview box\nbox.leading == card.margins.leading; "
            + "card.left == root.left; card.top == root.top; card.width == 100; card.height == 100\n"
            + "box.top == card.top; box.width == 10; box.height == 10"
        let after = before.replacingOccurrences(of: "margins 8 8 8 8", with: "margins 8 30 8 8")
        let first = LayoutModel(scene: Scene.parse(SourceFile(name: "t.layout", text: before)))
        let scene = Scene.parse(SourceFile(name: "t.layout", text: after))
        let updated = LayoutModel(scene: scene, updating: first)
        let box = scene.viewID(named: "box")!
        expectClose(updated.frame(of: box).x, 30)
    }

    @Test("Margins are reported where they cannot be: a guide's, a root setting given twice, too few numbers")
    func diagnostics() {
        let cases: [(String, [DiagnosticCode])] = [
            ("guide g\nview a\na.leading == g.margins.leading", [.invalidConstraint]),
            ("margins 1 2 3", [.expectedToken]),
            ("margins 1 2 3 4\nmargins 1 2 3 4", [.duplicateSetting]),
            ("guide g margins 1 2 3 4", [.notApplicable]),
        ]
        for (text, codes) in cases {
            let scene = Scene.parse(SourceFile(name: "t.layout", text: text))
            #expect(scene.diagnostics.map(\.code) == codes, "\(text): \(scene.diagnostics.map(\.message))")
        }
    }
}
