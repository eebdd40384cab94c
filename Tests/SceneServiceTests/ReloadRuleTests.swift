import FileWatching
import PlaygroundProtocol
import SceneLanguage
import SceneService
import Testing

/// The reload rule (specification §2.4, protocol page "What a save does"): a save's content loads once, as a new
/// generation; errors of the language keep the last good generation running and say why; `reload` loads the file
/// again even unchanged; and a read that a later change overtook applies nothing.
@Suite struct ReloadRuleTests {
    @Test("A save loads a new generation; the same content saved again (touch, an unmodified buffer) changes nothing")
    func saveLoadsOnce() async {
        var harness = ServiceHarness()
        await harness.save("Box.layout", Scenes.box)
        #expect(harness.takeEvents().map(\.summary) == ["reload Box 1", "diagnostics Box 1 []", "frame Box 1 #0"])
        #expect(
            harness.scenes == [
                SceneSummary(
                    name: "Box", file: "Box.layout", generation: 1, status: .ok, errors: 0, warnings: 0,
                    actions: ["slide"])
            ])
        await harness.save("Box.layout", Scenes.box)
        #expect(harness.takeEvents().isEmpty)
        await harness.save("Box.layout", Scenes.lowBox)
        #expect(harness.takeEvents().map(\.summary) == ["reload Box 2", "diagnostics Box 2 []", "frame Box 2 #1"])
        _ = harness.step(1)
        #expect(harness.frame("Box")?.view(named: "box")?.y == 50)
    }

    @Test("Errors keep the last good generation running and say why; a fix loads the next one and clears them")
    func errorsKeepLastGood() async throws {
        var harness = ServiceHarness()
        await harness.save("Box.layout", Scenes.box)
        _ = harness.takeEvents()
        await harness.save("Box.layout", Scenes.box + "\nbox.widht == 3\n")
        let events = harness.takeEvents()
        #expect(events.map(\.summary) == ["diagnostics Box 1 [unknown-name]"])
        let diagnostic = try #require(harness.diagnostics("Box").first)
        #expect(diagnostic.line == 5 && diagnostic.message.contains("did you mean 'width'"))
        #expect(harness.scenes.first?.generation == 1 && harness.scenes.first?.status == .error)
        #expect(harness.scenes.first?.errors == 1)
        // The last good generation plays on: its frame, and its actions.
        #expect(harness.frame("Box")?.generation == 1 && harness.frame("Box")?.view(named: "box")?.y == 0)
        #expect(harness.service.registry.run("slide", in: "Box").0 == .done)

        await harness.save("Box.layout", Scenes.lowBox)
        #expect(harness.takeEvents().map(\.summary).prefix(2) == ["reload Box 2", "diagnostics Box 2 []"])
        #expect(harness.scenes.first?.status == .ok && harness.scenes.first?.errors == 0)
        #expect(harness.diagnostics("Box").isEmpty)
    }

    @Test("A file with errors that never loaded is listed, generation 0; its frame says why there is none")
    func errorsBeforeFirstLoad() async {
        var harness = ServiceHarness()
        await harness.save("Box.layout", "view box\nbox.widht == 3\n")
        #expect(harness.takeEvents().map(\.summary) == ["diagnostics Box 0 [unknown-name]"])
        #expect(harness.scenes.map(\.generation) == [0] && harness.scenes.first?.status == .error)
        #expect(harness.frameError("Box")?.code == .sceneError)
        #expect(harness.frameError("Box")?.message == "'Box' has errors and has not loaded yet; see its diagnostics")
    }

    @Test("reload rereads the file as a new generation even unchanged, and on load plays again")
    func reloadUnchanged() async {
        var harness = ServiceHarness()
        await harness.save("Box.layout", Scenes.box + "\non load { run slide }\n")
        _ = harness.step(1.5)
        #expect(harness.frame("Box")?.settled == true && harness.frame("Box")?.view(named: "box")?.x == 100)
        _ = harness.takeEvents()
        #expect(await harness.reload("Box") == .done)
        #expect(harness.takeEvents().map(\.summary).prefix(2) == ["reload Box 2", "diagnostics Box 2 []"])
        let frame = harness.frame("Box")
        #expect(frame?.generation == 2 && frame?.time == 0 && frame?.settled == false, "on load runs again")
    }

    @Test("reload of an unchanged file shows its diagnostics again, and the save after it reuses its lines")
    func reloadUnchangedKeepsDiagnostics() async throws {
        var harness = ServiceHarness()
        // A warning the file's check makes (an inactive constraint no action can activate), and one the layout
        // makes (the box's height left open).
        let text = "view box color #000000\nbox.left == 0; box.top == 0; box.width == 10\ninactive box.width == 20\n"
        await harness.save("Box.layout", text)
        let before = harness.diagnostics("Box").map(\.code)
        #expect(before.contains("unreachable-constraint") && before.contains("ambiguous-layout"), "\(before)")
        #expect(await harness.reload("Box") == .done)
        #expect(harness.scenes.first?.generation == 2 && harness.diagnostics("Box").map(\.code) == before)
        await harness.save(
            "Box.layout",
            "view box color #000000\nbox.left == 0; box.top == 0; box.width == 10\ninactive box.width == 30\n")
        #expect(harness.scenes.first?.generation == 3 && harness.diagnostics("Box").map(\.code) == before)
        let reuse = try #require(harness.service.registry.entries["Box"]?.parseReuse)
        #expect(reuse.reusedLineCount == 2, "the lines the save left alone come from the reloaded parse")
    }

    @Test("A save overtakes a reload: what the reload read applies nothing, and the scene shows the save")
    func saveOvertakesReload() async throws {
        var harness = ServiceHarness()
        await harness.save("Box.layout", Scenes.box)
        let read = try harness.service.reload("Box").get()
        // The reload's read ends with the old text; before its result is applied, a save of new text loads.
        let result = await read.perform()
        await harness.save("Box.layout", Scenes.lowBox)
        _ = harness.takeEvents()
        let (response, events) = harness.service.finishReload(result)
        #expect(response == .done && events.isEmpty)
        #expect(harness.scenes.first?.generation == 2)
        _ = harness.step(1)
        #expect(harness.frame("Box")?.view(named: "box")?.y == 50, "the saved version plays, not the reread one")
    }

    @Test("A save overtakes a save being read: only the latest content loads, once")
    func saveOvertakesSave() async {
        var harness = ServiceHarness()
        let path = ServiceHarness.path("Box.layout")
        harness.files[path] = .bytes(Array(Scenes.box.utf8))
        harness.watch(.closeWrite, "Box.layout")
        let first = harness.reads.removeFirst()
        let stale = await first.perform()
        // Saved again while the first read was under way: no second read at once, one after.
        harness.files[path] = .bytes(Array(Scenes.lowBox.utf8))
        harness.watch(.closeWrite, "Box.layout")
        #expect(harness.reads.isEmpty)
        harness.record(harness.service.finishSave(stale))
        #expect(harness.events.isEmpty, "the stale read applies nothing")
        #expect(harness.reads.count == 1 && harness.service.isReading)
        await harness.finishReads()
        #expect(harness.takeEvents().map(\.summary).first == "reload Box 1")
        #expect(!harness.service.isReading)
        _ = harness.step(1)
        #expect(harness.frame("Box")?.view(named: "box")?.y == 50)
    }

    @Test("reload of a scene that does not exist is unknown-scene, with the nearest name")
    func reloadUnknown() async {
        var harness = ServiceHarness()
        await harness.save("Box.layout", Scenes.box)
        #expect(await harness.reload("Bx") == .error(.unknownScene, "no scene 'Bx'; did you mean 'Box'?"))
    }
}
