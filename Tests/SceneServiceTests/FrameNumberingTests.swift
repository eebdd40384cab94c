import PlaygroundProtocol
import SceneService
import Testing

/// Frame numbers as clients rely on them (specification §3, protocol page "A session"): `seq` counts every frame
/// the scene made, one per change of the picture, whoever listens; a frame asked for while the picture is what it
/// was is the frame last made, with its `seq`, so that a gap in the `seq`s a client receives means frames it
/// missed.
@Suite struct FrameNumberingTests {
    @Test("A frame for each tick that changes the picture, numbered one after the other; none for a still tick")
    func oneNumberPerChange() async {
        var harness = ServiceHarness()
        await harness.save("Box.layout", Scenes.box)
        #expect(harness.takeEvents().compactMap(\.frame).map(\.seq) == [0])
        #expect(harness.step(0.5).isEmpty, "nothing moves: no frame, no number used")
        let (response, events) = harness.service.registry.run("slide", in: "Box")
        #expect(response == .done && events.compactMap(\.frame).map(\.seq) == [1])
        let frames = harness.step(1)
        #expect(frames.count == 60 && frames.map(\.seq) == Array(2...61))
        #expect(frames.last?.settled == true && frames.last?.view(named: "box")?.x == 100)
        #expect(harness.step(0.5).isEmpty)
    }

    @Test("A frame asked for (or a new subscriber's) while the picture is unchanged is the last one, with its seq")
    func askedForIsLastMade() async throws {
        var harness = ServiceHarness()
        await harness.save("Box.layout", Scenes.box)
        #expect(harness.frame("Box")?.seq == 0)
        _ = harness.service.registry.run("slide", in: "Box")
        let made = harness.step(2 / 60)
        let last = try #require(made.last)
        let asked = harness.frame("Box")
        #expect(asked == last)
        #expect(harness.service.registry.currentFrame(of: "Box") == last, "a subscriber joining now gets it too")
        // The next tick's frame follows the last one made: asking used up no number.
        #expect(harness.step(1 / 60).map(\.seq) == [last.seq + 1])
    }

    @Test("A new generation's frames go on from the last seq of the old one")
    func newGenerationGoesOn() async {
        var harness = ServiceHarness()
        await harness.save("Box.layout", Scenes.box)
        _ = harness.service.registry.run("slide", in: "Box")
        let last = harness.step(0.5).last?.seq ?? -1
        _ = harness.takeEvents()
        await harness.save("Box.layout", Scenes.lowBox)
        let frames = harness.takeEvents().compactMap(\.frame)
        #expect(frames.map(\.seq) == [last + 1] && frames.map(\.generation) == [2])
    }

    @Test("Each scene counts its own frames")
    func perScene() async {
        var harness = ServiceHarness()
        await harness.save("A.layout", Scenes.box)
        await harness.save("B.layout", Scenes.box)
        _ = harness.service.registry.run("slide", in: "A")
        _ = harness.step(0.1)
        _ = harness.takeEvents()
        _ = harness.service.registry.run("slide", in: "B")
        #expect(harness.takeEvents().isEmpty)
        #expect(harness.frame("B")?.seq == 1)
    }
}

extension Event {
    var frame: Frame? {
        if case .frame(let frame) = self { frame } else { nil }
    }
}
