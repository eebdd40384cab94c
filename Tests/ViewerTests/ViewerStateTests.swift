import PlaygroundProtocol
import Testing
import Viewer

/// The viewer's state and screen as the daemon's events, the connection and the clock change them, without a
/// terminal or a daemon: what the live loop in layout-view only carries out.
@Suite("The viewer's state, from the daemon's events")
struct ViewerStateTests {
    static func summary(_ name: String, generation: Int = 1, actions: [String] = []) -> SceneSummary {
        SceneSummary(
            name: name, file: "\(name).layout", generation: generation, status: .ok, errors: 0, warnings: 0,
            actions: actions)
    }

    static func frame(_ scene: String, seq: Int, settled: Bool = true, x: Double = 0) -> Frame {
        Frame(
            scene: scene, generation: 1, seq: seq, time: Double(seq) / 60, settled: settled,
            canvas: Size(width: 100, height: 100),
            views: [
                ViewFrame(
                    name: "box", kind: .view, parent: "root", x: x, y: 0, width: 10, height: 10, alpha: 1, text: nil,
                    font: nil, color: nil, hidden: false)
            ])
    }

    static func error(in scene: String, _ message: String) -> WireDiagnostic {
        WireDiagnostic(
            severity: .error, code: "unknown-name", message: message, file: "\(scene).layout", line: 2, column: 1,
            rendered: "\(scene).layout:2:1: error: \(message)")
    }

    static func screen(_ state: ViewerState) -> String {
        ScreenComposer.compose(state, columns: 80, rows: 24).plainText
    }

    @Test("The scene asked for shows as soon as the daemon has it; until then the first one does")
    func wantedScene() {
        var state = ViewerState(socketPath: "s", wanted: "Later")
        state.apply(scenes: [Self.summary("First"), Self.summary("Second")])
        #expect(state.current == "First")
        state.apply(.frame(Self.frame("Later", seq: 0)))
        #expect(state.current == "Later" && state.wanted == nil)
        #expect(state.scenes.map(\.name) == ["First", "Second", "Later"])
        // Once shown, the scene stays when the list comes again in another order.
        state.apply(scenes: [Self.summary("Second"), Self.summary("Later"), Self.summary("First")])
        #expect(state.current == "Later")
    }

    @Test("A scene removed is forgotten, frame and diagnostics; the next one shows in its place")
    func removedScene() {
        var state = ViewerState(socketPath: "s")
        state.apply(scenes: [Self.summary("A"), Self.summary("B")])
        state.apply(.frame(Self.frame("A", seq: 0)))
        state.apply(.diagnostics(scene: "A", generation: 1, [Self.error(in: "A", "unknown name 'x'")]))
        #expect(state.current == "A" && state.errors.count == 1)
        state.apply(.removed(scene: "A"))
        #expect(state.current == "B")
        #expect(state.frames["A"] == nil && state.diagnostics["A"] == nil)
        #expect(state.scenes.map(\.name) == ["B"])
        state.apply(.removed(scene: "B"))
        #expect(state.current == nil && state.frame == nil)
    }

    @Test("A reload moves the scene's generation on; other scenes keep theirs")
    func reload() {
        var state = ViewerState(socketPath: "s")
        state.apply(scenes: [Self.summary("A"), Self.summary("B", generation: 4)])
        state.apply(.reload(scene: "A", generation: 2))
        #expect(state.scenes.map(\.generation) == [2, 4])
    }

    @Test("How many views move: counted between two frames still moving, none once settled")
    func moving() {
        var state = ViewerState(socketPath: "s")
        state.apply(.frame(Self.frame("A", seq: 0, settled: false)))
        #expect(state.moving["A"] == nil)
        state.apply(.frame(Self.frame("A", seq: 1, settled: false, x: 5)))
        #expect(state.moving["A"] == 1)
        state.apply(.frame(Self.frame("A", seq: 2, settled: false, x: 5)))
        #expect(state.moving["A"] == 0)
        state.apply(.frame(Self.frame("A", seq: 3, settled: true, x: 5)))
        #expect(state.moving["A"] == 0)
    }

    @Test("The screen says what the connection is: connecting, no scene yet, or the daemon gone and why")
    func connection() {
        var state = ViewerState(socketPath: "/run/d.sock")
        #expect(Self.screen(state).contains("connecting to layoutd on /run/d.sock…"))
        state.connection = .connected(inProcess: true)
        #expect(Self.screen(state).contains("no scene yet: save a .layout file in the watched folder"))
        #expect(Self.screen(state).contains("in-process"))
        state.connection = .lost("no daemon is listening")
        let lost = Self.screen(state)
        #expect(lost.contains("layoutd went away: no daemon is listening"))
        #expect(lost.contains("reconnecting when it is back on /run/d.sock…"))
    }

    @Test("The errors of the scene shown cover its picture until a load without errors clears them")
    func errors() {
        var state = ViewerState(socketPath: "s")
        state.connection = .connected(inProcess: false)
        state.apply(scenes: [Self.summary("A"), Self.summary("B")])
        state.apply(.frame(Self.frame("A", seq: 0)))
        state.apply(.diagnostics(scene: "B", generation: 1, [Self.error(in: "B", "unknown name 'y'")]))
        #expect(!Self.screen(state).contains("error in"))
        state.apply(.diagnostics(scene: "A", generation: 1, [Self.error(in: "A", "unknown name 'x'")]))
        var screen = Self.screen(state)
        #expect(screen.contains("1 error in A.layout"))
        #expect(screen.contains("A.layout:2:1: error: unknown name 'x'"))
        state.apply(.diagnostics(scene: "A", generation: 2, []))
        screen = Self.screen(state)
        #expect(!screen.contains("error in") && screen.contains("no errors"))
    }

    @Test("n turns the views' names off and on: the box stays, its name goes and comes back, the status line says so")
    func names() {
        var state = ViewerState(socketPath: "s")
        state.connection = .connected(inProcess: false)
        state.apply(scenes: [Self.summary("A")])
        var frame = Self.frame("A", seq: 0)
        frame.views[0].width = 50
        frame.views[0].height = 50
        state.apply(.frame(frame))
        #expect(Self.screen(state).contains("┌box───"))
        #expect(state.handle(.character("n")) == [])
        var screen = Self.screen(state)
        #expect(!screen.contains("box") && screen.contains("┌──────"))
        #expect(screen.contains("A │ names off │"))
        #expect(state.handle(.character("n")) == [])
        screen = Self.screen(state)
        #expect(screen.contains("┌box───") && !screen.contains("names off") && state.notice == "names on")
        // The help lists the key.
        #expect(state.handle(.character("?")) == [])
        #expect(Self.screen(state).contains("view names on or off"))
    }

    @Test("The clock's answer and a refused request show on the status line")
    func notices() {
        var state = ViewerState(socketPath: "s")
        state.apply(scenes: [Self.summary("A", actions: ["go"])])
        #expect(state.handle(.character("a")) == [])
        #expect(state.handle(.enter) == [.run(action: "go", scene: "A")])
        #expect(Self.screen(state).contains("ran 'go'"))
        state.notice = "unknown action 'go'"
        #expect(Self.screen(state).contains("unknown action 'go'"))
    }
}

@Suite("The frame rate on the status line")
struct FrameRateTests {
    static func state(_ scene: String, seq: Int?) -> ViewerState {
        var state = ViewerState(socketPath: "s")
        if let seq { state.apply(.frame(ViewerStateTests.frame(scene, seq: seq))) }
        state.apply(scenes: [ViewerStateTests.summary(scene)])
        return state
    }

    @Test("Only a new frame of the scene shown counts; the same frame drawn again does not")
    func newFramesOnly() {
        var rate = FrameRate()
        let start = ContinuousClock.now
        var counts: [Int] = []
        for (seq, offset) in [(0, 0), (0, 100), (1, 200), (2, 300), (2, 400), (3, 500)] {
            counts.append(rate.count(Self.state("A", seq: seq), at: start + .milliseconds(offset)))
        }
        #expect(counts == [1, 1, 2, 3, 3, 4])
    }

    @Test("It falls to 0 a second after the last frame, when nothing moves and the screen is drawn again")
    func fallsToZero() {
        var rate = FrameRate()
        let start = ContinuousClock.now
        let state = Self.state("A", seq: 7)
        #expect(rate.count(state, at: start) == 1)
        #expect(rate.count(state, at: start + .milliseconds(999)) == 1)
        #expect(rate.count(state, at: start + .milliseconds(1001)) == 0)
        #expect(rate.count(state, at: start + .seconds(5)) == 0)
    }

    @Test("Showing another scene counts once, even at the same sequence number; no scene counts once")
    func anotherScene() {
        var rate = FrameRate()
        let start = ContinuousClock.now
        #expect(rate.count(Self.state("A", seq: 3), at: start) == 1)
        #expect(rate.count(Self.state("B", seq: 3), at: start + .milliseconds(10)) == 2)
        #expect(rate.count(Self.state("B", seq: 3), at: start + .milliseconds(20)) == 2)
        #expect(rate.count(ViewerState(socketPath: "s"), at: start + .milliseconds(30)) == 3)
        #expect(rate.count(ViewerState(socketPath: "s"), at: start + .milliseconds(40)) == 3)
    }
}
