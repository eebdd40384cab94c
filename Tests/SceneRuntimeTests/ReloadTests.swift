import PlaygroundProtocol
import SceneLanguage
import SceneRuntime
import Testing

/// A new generation of a scene from a changed file: views matched by name
/// move from their old presentation, new ones fade in, removed ones fade
/// out, then `on load` runs. The transitions here are linear, of 1 s.
@Suite struct ReloadTests {
    static func load(_ text: String) -> LoadedScene {
        let scene = Scene.parse(SourceFile(name: "t.layout", text: text))
        #expect(scene.diagnostics.isEmpty)
        return LoadedScene(scene: scene, name: "t")
    }

    static func reload(_ previous: LoadedScene, with text: String) -> LoadedScene {
        let scene = Scene.parse(SourceFile(name: "t.layout", text: text))
        #expect(scene.diagnostics.isEmpty)
        return LoadedScene(reloading: previous, with: scene)
    }

    static let before = """
        reload 1 curve linear
        view kept; view gone
        kept.left == 0; kept.top == 0; kept.width == 10; kept.height == 10
        gone.left == 50; gone.top == 0; gone.width == 10; gone.height == 10
        """

    static let after = """
        reload 1 curve linear
        view kept; view added
        kept.left == 100; kept.top == 0; kept.width == 20; kept.height == 10
        added.left == 200; added.top == 0; added.width == 10; added.height == 10
        """

    func view(_ name: String, in frame: Frame) -> ViewFrame? {
        frame.views.first { $0.name == name }
    }

    @Test("Matched views move to their new frames, new ones fade in, removed ones fade out where they stood")
    func transition() throws {
        var next = Self.reload(Self.load(Self.before), with: Self.after)
        #expect(next.generation == 2 && next.time == 0)
        var frame = next.presentationFrame()
        #expect(frame.views.map(\.name) == ["kept", "added", "gone"])
        next.advance(to: 0.5)
        frame = next.presentationFrame()
        let kept = try #require(view("kept", in: frame))
        #expect(kept.x == 50 && kept.width == 15)
        #expect(try #require(view("added", in: frame)).alpha == 0.5)
        let gone = try #require(view("gone", in: frame))
        #expect(gone.alpha == 0.5 && gone.x == 50)
        next.advance(to: 1)
        frame = next.presentationFrame()
        #expect(frame.views.map(\.name) == ["kept", "added"] && frame.settled)
        #expect(view("kept", in: frame)?.x == 100 && view("added", in: frame)?.alpha == 1)
    }

    @Test("A view reloaded in mid-flight moves on from where it was shown")
    func fromPresentation() throws {
        var previous = Self.load(
            Self.before + "\naction go { animate 1 curve linear { gone.alpha = 0 } }\nkeptX: kept.top == 0 @low")
        previous.run(action: "go")
        previous.advance(to: 0.5)
        var next = Self.reload(previous, with: Self.after)
        // 'gone' was at alpha 0.5 when the file changed: it fades out from there.
        #expect(view("gone", in: next.presentationFrame())?.alpha == 0.5)
        next.advance(to: 0.5)
        #expect(view("gone", in: next.presentationFrame())?.alpha == 0.25)
    }

    @Test("What on load changes without animation is part of the transition: nothing jumps")
    func unanimatedOnLoad() throws {
        let text = """
            reload 1 curve linear
            view card
            cardX: card.left == root.left
            card.top == 0; card.width == 10; card.height == 10
            on load { cardX.constant = 100 }
            """
        var first = Self.load(text)
        first.runOnLoad()
        var next = Self.reload(first, with: text)
        for time in [0, 0.5, 1] {
            next.advance(to: time)
            #expect(view("card", in: next.presentationFrame())?.x == 100, "at \(time)")
        }
    }

    @Test("A hidden view that a reload removes stays hidden while it fades out")
    func hiddenGhost() throws {
        let next = Self.reload(
            Self.load(
                "reload 1 curve linear\nview gone hidden\ngone.left == 0; gone.top == 0; gone.width == 1; gone.height == 1"
            ),
            with: "reload 1 curve linear")
        #expect(view("gone", in: next.presentationFrame())?.hidden == true)
    }

    @Test("reload none replaces the scene at once; on load runs after the transition is set up")
    func noneAndOnLoad() throws {
        let none = Self.reload(Self.load(Self.before), with: "reload none\n" + Self.after.dropFirst(22))
        let frame = none.presentationFrame()
        #expect(frame.views.map(\.name) == ["kept", "added"] && frame.settled)
        var withOnLoad = Self.reload(
            Self.load(Self.before),
            with: Self.after + "\non load { animate 1 curve linear { added.alpha = 0 } }")
        withOnLoad.advance(to: 0.5)
        // Fading in from 0 (the reload) while fading out to 0 (on load): 0 - 1 × 0.5 + 1 × 0.5.
        #expect(view("added", in: withOnLoad.presentationFrame())?.alpha == 0)
        withOnLoad.advance(to: 1)
        #expect(view("added", in: withOnLoad.presentationFrame())?.alpha == 0)
    }
}
