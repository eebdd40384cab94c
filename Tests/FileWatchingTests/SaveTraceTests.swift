import FileWatching
import Testing

/// The recorded saves of `SaveTraces.swift`, replayed into a detector that knows `Scene.layout` already.
@Suite struct SaveTraceTests {
    /// Replays `trace` with `spacing` milliseconds between lines, then lets every deadline pass; returns the actions.
    func replay(_ trace: SaveTrace, spacing: Int) throws -> [SaveDetector.Action] {
        var replay = DetectorReplay()
        #expect(try replay.feed("exists\t0\tScene.layout") == [.changed(root: 0, path: "Scene.layout")])
        #expect(try replay.feed("ready") == [])
        var actions: [SaveDetector.Action] = []
        for (index, line) in trace.lines.enumerated() {
            actions += try replay.feed(line, at: 1 + index * spacing)
        }
        actions += replay.tick(at: 60_000)
        #expect(replay.detector.nextDeadline == nil)
        return actions
    }

    @Test("Each save reloads the scene exactly once, and droppings never do", arguments: SaveTrace.all)
    func exactlyOnePerSave(trace: SaveTrace) throws {
        let expected = Array(repeating: SaveDetector.Action.changed(root: 0, path: "Scene.layout"), count: trace.saves)
        #expect(try replay(trace, spacing: 1) == expected, "recorded with \(trace.recorded)")
        // All at once, as when the daemon reads a burst of lines.
        #expect(try replay(trace, spacing: 0) == expected, "recorded with \(trace.recorded)")
    }

    @Test("A save that takes longer than the grace between delete and create removes the scene, then loads it again")
    func slowRecreation() throws {
        let gitCheckout = try #require(SaveTrace.all.first { $0.name.hasPrefix("git checkout") })
        #expect(
            try replay(gitCheckout, spacing: 250) == [
                .removed(root: 0, path: "Scene.layout"), .changed(root: 0, path: "Scene.layout"),
            ])
    }

    @Test("The traces hold every kind a save produces, and nothing malformed")
    func tracesParse() throws {
        var kinds: Set<WatchEvent.Kind> = []
        for trace in SaveTrace.all {
            for line in trace.lines { kinds.insert(try WatchEvent(parsing: line).kind) }
        }
        #expect(kinds == [.create, .modify, .attrib, .closeWrite, .movedFrom, .movedTo, .delete])
    }
}
