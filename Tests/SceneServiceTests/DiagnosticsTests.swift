import FileWatching
import PlaygroundProtocol
import SceneLanguage
import SceneService
import Testing

/// What a scene's diagnostics say on the wire (protocol page: severity, code, message, file, line, column,
/// rendered, and time for a running scene's), and the file's own problems from the reader (`not-a-file`,
/// `too-large`, `unreadable`), with the texts docs/diagnostics.md shows.
@Suite struct DiagnosticsTests {
    @Test("An error of the language reaches the wire with its code, place and text, as diagnostics.md shows it")
    func languageError() async throws {
        var harness = ServiceHarness()
        await harness.save("Scene.layout", "view card alpah 0.5\n")
        let diagnostic = try #require(harness.diagnostics("Scene").first)
        #expect(
            diagnostic
                == WireDiagnostic(
                    severity: .error, code: "unknown-name", message: "unknown property 'alpah'; did you mean 'alpha'?",
                    file: "Scene.layout", line: 1, column: 11,
                    rendered: """
                        Scene.layout:1:11: error: unknown property 'alpah'; did you mean 'alpha'? [unknown-name]
                        view card alpah 0.5
                                  ^~~~~

                        """))
        #expect(harness.takeEvents() == [.diagnostics(scene: "Scene", generation: 0, [diagnostic])])
    }

    @Test("A scene in a folder names its file by its path in the folder")
    func fileInFolder() async {
        var harness = ServiceHarness()
        await harness.save("more/Card.layout", "view card alpah 0.5\n")
        #expect(harness.diagnostics("more/Card").map(\.file) == ["more/Card.layout"])
        #expect(harness.scenes.map(\.file) == ["more/Card.layout"])
    }

    @Test("A layout that cannot be satisfied loads without the broken constraint, and says which, with its note")
    func unsatisfiable() async throws {
        var harness = ServiceHarness()
        let text = """
            button signIn "Sign In"
            signIn.centerX == root.centerX; signIn.top == root.top + 100
            signIn.width == 120
            signIn.width >= 200

            """
        await harness.save("Scene.layout", text)
        #expect(harness.scenes.first?.generation == 1 && harness.scenes.first?.errors == 1)
        let diagnostic = try #require(harness.diagnostics("Scene").first)
        #expect(diagnostic.code == "unsatisfiable-constraints" && diagnostic.line == 4 && diagnostic.column == 1)
        let lines = diagnostic.rendered.split(separator: "\n").map(String.init)
        #expect(
            lines.first
                == "Scene.layout:4:1: error: unable to simultaneously satisfy constraints; "
                + "breaking 'signIn.width >= 200' to recover [unsatisfiable-constraints]")
        #expect(lines.contains("Scene.layout:3:1: note: it conflicts with 'signIn.width == 120'"))
        #expect(harness.frame("Scene")?.view(named: "signIn")?.width == 120)
    }

    @Test("A running scene's diagnostic comes with its time, after the file's, in an event and in diagnostics")
    func runtimeDiagnostic() async throws {
        var harness = ServiceHarness()
        let jump = "\naction jump { boxX.constant = 30; animate 0.5 { box.alpha = 0.5 } }\n"
        await harness.save("Box.layout", Scenes.box + jump)
        // A quarter of a second into a slide: the scene's time, as its frames show it.
        _ = harness.service.registry.run("slide", in: "Box")
        let now = try #require(harness.step(0.25).last?.time)
        #expect(abs(now - 0.25) < 1e-9)
        let events = harness.service.registry.run("jump", in: "Box").1
        #expect(events.map(\.summary).first == "diagnostics Box 1 [missing-layout]")
        let diagnostic = try #require(harness.diagnostics("Box").first)
        #expect(diagnostic.code == "missing-layout" && diagnostic.severity == .warning)
        #expect(diagnostic.time == now && diagnostic.line == 5 && diagnostic.column == 35)
        #expect(harness.scenes.first?.warnings == 1 && harness.scenes.first?.status == .ok)
    }

    @Test("exec with errors runs nothing and answers invalid-source with the source's diagnostics")
    func execErrors() async {
        var harness = ServiceHarness()
        await harness.save("Box.layout", Scenes.box)
        let (response, events) = harness.service.registry.exec("box.alpha = 2", in: "Box", number: 1)
        guard case .error(let code, let message, let diagnostics) = response else {
            Issue.record("exec answered \(response)")
            return
        }
        #expect(code == .invalidSource && message == "the source has errors; nothing ran" && events.isEmpty)
        #expect(diagnostics.map(\.file) == ["<exec 1>"] && diagnostics.map(\.code) == ["invalid-value"])
        #expect(diagnostics.first?.column == 13 && diagnostics.first?.message == "alpha must be between 0 and 1, not 2")
    }

    @Test("exec after exec checks against the scene's names as its file has them now, renamed on a save")
    func execAfterSaves() async {
        var harness = ServiceHarness()
        await harness.save("Box.layout", Scenes.box)
        func codes(_ source: String, _ number: Int) -> [String] {
            switch harness.service.registry.exec(source, in: "Box", number: number).0 {
            case .error(_, _, let diagnostics): diagnostics.map(\.code)
            case .diagnostics(let diagnostics): diagnostics.map(\.code)
            default: ["unexpected"]
            }
        }
        #expect(codes("boxX.constant = 20", 1) == [])
        #expect(codes("boxX.constant = 30; box.alpha = 2", 2) == ["invalid-value"])
        #expect(codes("boxX.constant = 40", 3) == [], "a second exec on the same file")
        // The constraint renamed: the old name is unknown, the new one is known.
        await harness.save(
            "Box.layout",
            Scenes.box.split(separator: "boxX", omittingEmptySubsequences: false).joined(separator: "boxLeft"))
        #expect(codes("boxX.constant = 20", 4) == ["unknown-name"])
        #expect(codes("boxLeft.constant = 20", 5) == [])
    }

    @Test("execs in two scenes in turn each check against their own scene's names, and a save renames in one only")
    func execsInTwoScenes() async {
        var harness = ServiceHarness()
        let renamed = Scenes.box.split(separator: "boxX", omittingEmptySubsequences: false).joined(separator: "boxLeft")
        await harness.save("Box.layout", Scenes.box)
        await harness.save("Renamed.layout", renamed)
        var number = 0
        func codes(_ source: String, in scene: SceneName) -> [String] {
            number += 1
            switch harness.service.registry.exec(source, in: scene, number: number).0 {
            case .error(_, _, let diagnostics): return diagnostics.map(\.code)
            case .diagnostics(let diagnostics): return diagnostics.map(\.code)
            default: return ["unexpected"]
            }
        }
        for _ in 0..<2 {
            #expect(codes("boxX.constant = 20", in: "Box") == [])
            #expect(codes("boxX.constant = 20", in: "Renamed") == ["unknown-name"])
            #expect(codes("boxLeft.constant = 20", in: "Renamed") == [])
            #expect(codes("boxLeft.constant = 20", in: "Box") == ["unknown-name"])
        }
        // Box saved with Renamed's names: Box's execs see them, Renamed's are as they were.
        await harness.save("Box.layout", renamed)
        #expect(codes("boxX.constant = 20", in: "Box") == ["unknown-name"])
        #expect(codes("boxLeft.constant = 20", in: "Box") == [])
        #expect(codes("boxLeft.constant = 20", in: "Renamed") == [])
    }

    static let unreadable: [(SceneFileRead, String)] = [
        (.failed(.notAFile, reason: "it is a FIFO (named pipe), not a regular file"), "not-a-file"),
        (.failed(.tooLarge, reason: "it is 17 MiB; a scene file is at most 16 MiB"), "too-large"),
        (.failed(.unreadable, reason: "it cannot be read: permission denied"), "unreadable"),
    ]

    @Test("A file that cannot be read says why on its scene; the last good generation plays on", arguments: unreadable)
    func unreadableFile(read: SceneFileRead, code: String) async throws {
        guard case .failed(_, let reason) = read else { return }
        var harness = ServiceHarness()
        await harness.save("Box.layout", Scenes.box)
        _ = harness.takeEvents()
        harness.files[ServiceHarness.path("Box.layout")] = read
        harness.watch(.closeWrite, "Box.layout")
        await harness.finishReads()
        let message = "cannot load 'Box.layout': \(reason)"
        let diagnostic = WireDiagnostic(
            severity: .error, code: code, message: message, file: "Box.layout", line: 1, column: 1,
            rendered: "Box.layout:1:1: error: \(message) [\(code)]\n")
        #expect(harness.takeEvents() == [.diagnostics(scene: "Box", generation: 1, [diagnostic])])
        #expect(harness.diagnostics("Box") == [diagnostic])
        #expect(harness.scenes.first?.status == .error && harness.scenes.first?.generation == 1)
        #expect(harness.frame("Box")?.generation == 1)
        #expect(harness.notices == [.cannotRead(path: "/scenes/Box.layout", message: message)])

        // Read again, the same: nothing new to tell. `reload` answers with the reason.
        harness.watch(.closeWrite, "Box.layout")
        await harness.finishReads()
        #expect(harness.takeEvents().isEmpty)
        #expect(await harness.reload("Box") == .error(.sceneError, message))

        // The next readable version loads, even with the text the scene had.
        await harness.save("Box.layout", Scenes.box)
        #expect(harness.takeEvents().map(\.summary).prefix(2) == ["reload Box 2", "diagnostics Box 2 []"])
        #expect(harness.scenes.first?.status == .ok)
    }

    @Test("A file that cannot be read and never loaded is listed with its reason, generation 0")
    func unreadableFirst() async {
        var harness = ServiceHarness()
        let folder = SceneFileRead.failed(.notAFile, reason: "it is a folder, not a regular file")
        harness.files[ServiceHarness.path("Box.layout")] = folder
        harness.watch(.exists, "Box.layout")
        await harness.finishReads()
        #expect(harness.takeEvents().map(\.summary) == ["diagnostics Box 0 [not-a-file]"])
        #expect(harness.scenes.map(\.status) == [.error] && harness.scenes.map(\.generation) == [0])
    }

    @Test("reload of a file gone since says so, and the scene stays until its removal")
    func reloadGone() async {
        var harness = ServiceHarness()
        await harness.save("Box.layout", Scenes.box)
        harness.files[ServiceHarness.path("Box.layout")] = nil
        #expect(await harness.reload("Box") == .error(.sceneError, "cannot read 'Box.layout' now: it is gone"))
        #expect(harness.scenes.map(\.name) == ["Box"])
    }
}
