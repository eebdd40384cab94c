import FileWatching
import PlaygroundProtocol
import SceneService
import Testing

/// A scene whose file is gone stays for the removal grace (protocol page: 200 ms by default, `layoutd
/// --removal-grace SECONDS`), so that an editor or `git checkout` that replaces its file does not make it flicker
/// away; after it, a `removed` event, and the scene is no more. Time here moves only when the test says.
@Suite struct RemovalGraceTests {
    /// Box and Other loaded, then Box's file deleted now; the events so far taken.
    static func boxDeletedBesideOther() async -> ServiceHarness {
        var harness = ServiceHarness()
        await harness.save("Box.layout", Scenes.box)
        await harness.save("Other.layout", Scenes.box)
        _ = harness.takeEvents()
        harness.delete("Box.layout")
        return harness
    }

    @Test("A file deleted and made again within the grace keeps its scene: no removed event, no reload if unchanged")
    func backWithinGrace() async {
        var harness = ServiceHarness()
        await harness.save("Box.layout", Scenes.box)
        _ = harness.takeEvents()
        harness.delete("Box.layout")
        harness.pass(.milliseconds(150))
        await harness.save("Box.layout", Scenes.box)
        harness.pass(.seconds(5))
        #expect(harness.takeEvents().isEmpty)
        #expect(harness.scenes.map(\.name) == ["Box"] && harness.scenes.first?.generation == 1)
    }

    @Test("After the grace the scene is gone: removed, no longer listed, and requests say there is no such scene")
    func goneAfterGrace() async {
        var harness = await Self.boxDeletedBesideOther()
        harness.pass(.milliseconds(199))
        #expect(harness.takeEvents().isEmpty && harness.scenes.count == 2)
        #expect(harness.service.nextRemoval != nil)
        harness.pass(.milliseconds(1))
        #expect(harness.takeEvents().map(\.summary) == ["removed Box"])
        #expect(harness.scenes.map(\.name) == ["Other"])
        #expect(harness.frameError("Box") == RequestError(.unknownScene, "no scene 'Box'"))
        #expect(harness.service.nextRemoval == nil)
    }

    @Test("The configured grace is the one counted", arguments: [0, 50, 2_000])
    func configuredGrace(milliseconds: Int) async {
        let grace = Duration.milliseconds(milliseconds)
        var harness = ServiceHarness(removalGrace: grace)
        await harness.save("Box.layout", Scenes.box)
        _ = harness.takeEvents()
        harness.delete("Box.layout")
        if milliseconds > 0 {
            harness.pass(grace - .milliseconds(1))
            #expect(harness.scenes.count == 1, "removed before its grace of \(milliseconds) ms")
        }
        harness.pass(.milliseconds(1))
        #expect(harness.takeEvents().map(\.summary) == ["removed Box"])
        #expect(harness.scenes.isEmpty)
    }

    @Test("A scene back after its grace is a new scene: generation 1, frames from seq 0")
    func backAfterGrace() async {
        var harness = ServiceHarness()
        await harness.save("Box.layout", Scenes.box)
        _ = harness.service.registry.run("slide", in: "Box")
        _ = harness.step(0.5)
        harness.delete("Box.layout")
        harness.pass(.milliseconds(200))
        _ = harness.takeEvents()
        await harness.save("Box.layout", Scenes.box)
        #expect(harness.takeEvents().map(\.summary) == ["reload Box 1", "diagnostics Box 1 []", "frame Box 1 #0"])
    }

    @Test("A folder deleted takes its scenes after the grace; one made again in time keeps them")
    func folder() async {
        var harness = ServiceHarness()
        await harness.save("more/A.layout", Scenes.box)
        await harness.save("more/B.layout", Scenes.box)
        await harness.save("C.layout", Scenes.box)
        _ = harness.takeEvents()
        harness.watch(WatchEvent(.delete, root: 0, path: "more", isDirectory: true))
        harness.pass(.milliseconds(200))
        #expect(harness.takeEvents().map(\.summary) == ["removed more/A", "removed more/B"])
        #expect(harness.scenes.map(\.name) == ["C"])
    }

    @Test("Removals that fell due while layout-watch was away are applied when it starts again")
    func dueWhileWatcherAway() async {
        var harness = await Self.boxDeletedBesideOther()
        // layout-watch ends: no timer fires while it is started again, after a backoff longer than the grace.
        harness.clock.advance(by: .milliseconds(300))
        harness.take(harness.service.watcherRestarted())
        #expect(harness.takeEvents().map(\.summary) == ["removed Box"])
        // Its new listing finds Other only; Other stays.
        harness.watch(.exists, "Other.layout")
        await harness.finishReads()
        harness.watch(WatchEvent(.ready))
        harness.pass(.seconds(1))
        #expect(harness.takeEvents().isEmpty && harness.scenes.map(\.name) == ["Other"])
    }

    @Test("A file deleted while it is read loads nothing, and its removal follows")
    func deletedWhileRead() async {
        var harness = ServiceHarness()
        harness.files[ServiceHarness.path("Box.layout")] = .bytes(Array(Scenes.box.utf8))
        harness.watch(.closeWrite, "Box.layout")
        harness.delete("Box.layout")
        await harness.finishReads()
        #expect(harness.events.isEmpty && harness.scenes.isEmpty)
        #expect(harness.notices == [.goneBeforeRead(path: "/scenes/Box.layout")])
        harness.pass(.milliseconds(200))
        #expect(harness.events.isEmpty && harness.service.nextRemoval == nil)
    }
}
