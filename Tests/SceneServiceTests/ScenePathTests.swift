import FileWatching
import PlaygroundProtocol
import SceneService
import Testing

/// Which files are scenes, and what they are called (specification §4: a scene's name is its file's path relative
/// to the watched folder, without `.layout`).
@Suite struct ScenePathTests {
    @Test(
        "A path in a watched folder and its scene",
        arguments: [
            ("Quiz.layout", "Quiz"), ("more/Bankey.layout", "more/Bankey"), ("a b/x.y.layout", "a b/x.y"),
            (".Quiz.layout.swp", nil), ("Quiz.layout~", nil), ("4913", nil), (".git/Quiz.layout", nil),
            ("a//Quiz.layout", nil), ("/Quiz.layout", nil), ("Quiz.Layout", nil), (".layout", nil),
        ] as [(String, String?)])
    func names(path: String, name: String?) {
        #expect(SceneName(sceneFile: path)?.rawValue == name)
        #expect(SceneName.isSceneFile(path) == (name != nil))
        #expect(SaveDetector.isSceneFile(path) == (name != nil), "the watcher and the service agree")
        if let name { #expect(SceneName(name).file == path) }
    }

    @Test("A folder's scene files become scenes by path; editors' files beside them never do")
    func listing() async {
        var harness = ServiceHarness()
        for file in ["Quiz.layout", "more/Bankey.layout", ".Quiz.layout.swp", "Quiz.layout~", "#Quiz.layout#"] {
            harness.files[ServiceHarness.path(file)] = .bytes(Array(Scenes.box.utf8))
            harness.watch(.exists, file)
        }
        harness.watch(WatchEvent(.ready))
        await harness.finishReads()
        #expect(harness.scenes.map(\.name) == ["Quiz", "more/Bankey"])
        #expect(harness.scenes.map(\.file) == ["Quiz.layout", "more/Bankey.layout"])
    }

    @Test("Files given on the command line: only they count in their folder, read where they are")
    func givenFiles() async {
        var harness = ServiceHarness(roots: [SceneRoot(folder: "/", files: ["A.layout"])])
        #expect(harness.service.scene(root: 0, path: "A.layout")?.path == "/A.layout")
        #expect(harness.service.scene(root: 0, path: "B.layout") == nil)
        #expect(harness.service.scene(root: 1, path: "A.layout") == nil)
        harness.files["/A.layout"] = .bytes(Array(Scenes.box.utf8))
        harness.files["/B.layout"] = .bytes(Array(Scenes.box.utf8))
        harness.watch(.exists, "A.layout")
        harness.watch(.exists, "B.layout")
        await harness.finishReads()
        #expect(harness.scenes.map(\.name) == ["A"])
    }
}
