import PlaygroundProtocol
import SceneLanguage
import SceneRuntime
import TestSupport
import Testing

/// `textcolor`: a label's `textColor` and a button's title colour, which UIKit changes at once, in an animation
/// block too, while the background colour animates.
@Suite struct TextColorTests {
    static let scene = """
        label title "Hello" textcolor systemRed color #000000
        button go "Go" textcolor #336699
        view box
        title.left == root.left; title.top == root.top
        go.left == root.left; go.top == title.bottom
        box.left == root.left; box.top == go.bottom; box.width == 10; box.height == 10
        action recolour {
          animate 1 curve linear {
            title.textcolor = #00ff00
            title.color = #ffffff
          }
        }
        """

    @Test("Declared on labels and buttons, in frames as textColor; plain views have none")
    func declared() throws {
        var run = Running(Self.scene)
        #expect(run.view("title", at: 0).textColor == Color(named: "systemRed"))
        #expect(run.view("go", at: 0).textColor == Color(rgb: 0x336699))
        #expect(run.view("box", at: 0).textColor == nil)
        let json = run.frame(at: 0).json
        #expect(json.contains("\"color\":\"#000000\",\"textColor\":\"#ff3b30\"}"), "\(json)")
        guard case .event(.frame(let decoded)) = try ServerMessage.decode(Array(json.utf8)) else {
            Issue.record("not a frame: \(json)")
            return
        }
        #expect(decoded.view(named: "go")?.textColor == Color(rgb: 0x336699))
    }

    @Test("V.textcolor = … inside an animation block changes at once; the background colour animates")
    func changesAtOnce() {
        var run = Running(Self.scene, running: ["recolour"])
        let halfway = run.view("title", at: 0.5)
        #expect(halfway.textColor == Color(rgb: 0x00ff00))
        #expect(halfway.color != Color(rgb: 0xffffff), "the background is still on its way")
        #expect(run.view("title", at: 1).color == Color(rgb: 0xffffff))
    }

    @Test("A plain view has no textcolor: the checker says so, in a declaration and in an action")
    func plainViewRefused() {
        let declared = Scene.parse(SourceFile(name: "T.layout", text: "view box textcolor red\n"))
        #expect(declared.diagnostics.contains { $0.code == .notApplicable }, "\(declared.diagnostics)")
        let assigned = Scene.parse(
            SourceFile(name: "T.layout", text: "view box\naction a { box.textcolor = red }\n"))
        #expect(assigned.diagnostics.contains { $0.code == .notApplicable }, "\(assigned.diagnostics)")
    }
}
