import SceneLanguage
import Testing

/// The one wording of a name that is no action: the checker's diagnostic, a
/// running scene's, and the daemon's `unknown-action` error all say it so.
@Suite struct UnknownActionTests {
    static let actions = ["next", "back", "reset"]

    @Test("In a file: 'unknown action', with the nearest action when one is near enough")
    func inFile() {
        #expect(
            UnknownAction("nxet", among: Self.actions).description == "unknown action 'nxet'; did you mean 'next'?")
        #expect(UnknownAction("nxet", among: Self.actions).suggestion == "next")
        #expect(UnknownAction("jump", among: Self.actions).description == "unknown action 'jump'")
        #expect(UnknownAction("nxet", among: []).suggestion == nil)
        #expect(UnknownAction("nxet", among: Self.actions, suggesting: false).description == "unknown action 'nxet'")
    }

    @Test("Outside the file: the scene is named")
    func withScene() {
        #expect(
            UnknownAction("nxet", among: Self.actions, scene: "Quiz").description
                == "'Quiz' has no action 'nxet'; did you mean 'next'?")
        #expect(
            UnknownAction("jump", among: Self.actions, scene: "Sub/Quiz").description
                == "'Sub/Quiz' has no action 'jump'")
    }

    @Test("Names are quoted as every message quotes them: escaped, and cut when long")
    func quoting() {
        let hostile = UnknownAction("a\u{1B}[2J", among: Self.actions, scene: "Q\u{202E}uiz").description
        #expect(hostile == #"'Q\u{202E}uiz' has no action 'a\u{1B}[2J'"#)
        let long = UnknownAction(String(repeating: "x", count: 100), among: Self.actions).description
        #expect(long == "unknown action '" + String(repeating: "x", count: 40) + "…'")
    }

    @Test("The checker's diagnostic for 'run' says it, with its suggestion")
    func checker() {
        let scene = Scene.parse(
            SourceFile(name: "Quiz.layout", text: "action next { }\naction back { run nxet }\naction reset { }\n"))
        let unknown = UnknownAction("nxet", among: ["back", "next", "reset"])
        #expect(scene.diagnostics.map(\.message) == [unknown.description])
        #expect(scene.diagnostics.map(\.suggestion) == ["next"])
    }
}
