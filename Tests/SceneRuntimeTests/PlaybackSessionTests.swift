import PlaygroundProtocol
import SceneLanguage
import SceneRuntime
import Testing

/// The playback session: inputs at their times, before the frame for
/// that time, in time order (ties in the order scheduled), frames
/// numbered, and playing until nothing runs and nothing waits.
@Suite struct PlaybackSessionTests {
    /// Every `animate` that changes a constraint lays out inside its block.
    static let scene = """
        view box
        boxX: box.left == root.left
        box.top == 0; box.width == 10; box.height == 10
        animator idle 1 { layout }
        action move { animate 1 curve linear { boxX.constant = 100; layout } }
        action set10 { boxX.constant = 10; layout }
        action add5 { boxX.constant += 5; layout }
        action broken { start idle }
        """

    static func session(sourceLocation: SourceLocation = #_sourceLocation) -> PlaybackSession {
        let scene = Scene.parse(SourceFile(name: "t.layout", text: Self.scene))
        #expect(scene.diagnostics.map { $0.rendered } == [], sourceLocation: sourceLocation)
        return PlaybackSession(loading: scene, name: "t")
    }

    /// Statements checked against the scene, as `exec` sends them.
    static func statements(_ text: String, in session: PlaybackSession) -> PlaybackSession.Input {
        let file = SourceFile(name: "<exec>", text: text)
        let (statements, diagnostics) = session.scene.scene.parseStatements(file)
        #expect(diagnostics.map { $0.rendered } == [])
        return .statements(statements)
    }

    static func x(_ frame: Frame) -> Double { frame.views[0].x }

    @Test("Inputs at the same time run in the order they were scheduled")
    func equalTimes() throws {
        var first = Self.session()
        try first.schedule(.action("set10"), at: 0.5)
        try first.schedule(.action("add5"), at: 0.5)
        #expect(Self.x(first.frame(at: 0.5)) == 15)

        var second = Self.session()
        try second.schedule(.action("add5"), at: 0.5)
        try second.schedule(Self.statements("boxX.constant = 10; layout", in: second), at: 0.5)
        #expect(Self.x(second.frame(at: 0.5)) == 10)
    }

    @Test("Inputs run in time order, whatever order they were scheduled in")
    func timeOrder() throws {
        var session = Self.session()
        try session.schedule(.action("add5"), at: 0.5)
        try session.schedule(.action("set10"), at: 0.25)
        #expect(session.queue.map(\.time) == [0.25, 0.5])
        var xs: [Double] = []
        session.frames(at: [0, 0.3, 0.6]) { xs.append(Self.x($0.frame)) }
        #expect(xs == [0, 10, 15])
    }

    @Test("An input at a frame's time runs before that frame is made, and its animation starts then")
    func inputBeforeFrame() throws {
        var session = Self.session()
        try session.schedule(.action("move"), at: 0.5)
        #expect(Self.x(session.frame(at: 0.4)) == 0)
        let atStart = session.frame(at: 0.5)
        #expect(Self.x(atStart) == 0 && !atStart.settled && session.queue.isEmpty)
        #expect(Self.x(session.frame(at: 0.75)) == 25)
        #expect(session.seq == 3)
    }

    @Test("An input scheduled at a past time runs at the current time")
    func pastTime() throws {
        var session = Self.session()
        _ = session.frame(at: 1)
        try session.schedule(.action("set10"), at: 0.5)
        #expect(session.queue.map(\.time) == [1])
        let frame = session.frame()
        #expect(frame.time == 1 && Self.x(frame) == 10)
    }

    @Test("Playing until settled waits for the inputs still queued")
    func untilSettledWaitsForInputs() throws {
        var session = Self.session()
        try session.schedule(.action("move"), at: 1)
        #expect(session.scene.isSettled && !session.isSettled)
        var times: [Double] = []
        let outcome = session.framesUntilSettled(fps: 4, timeLimit: 10) { times.append($0.frame.time) }
        #expect(outcome == .settled && session.isSettled)
        #expect(times == (0...8).map { Double($0) / 4 })
    }

    @Test("Playing until settled stops at the time limit and says so")
    func timeLimit() throws {
        var session = Self.session()
        try session.schedule(.action("move"), at: 1)
        var times: [Double] = []
        let outcome = session.framesUntilSettled(fps: 4, timeLimit: 0.5) { times.append($0.frame.time) }
        #expect(outcome == .reachedTimeLimit && times == [0, 0.25, 0.5])
        #expect(session.queue.count == 1)
    }

    @Test("Ticks go from the current time up to the end, numbered on from the frames before")
    func ticks() {
        var session = Self.session()
        _ = session.frame(at: 0.5)
        var frames: [Frame] = []
        session.frames(fps: 10, through: 0.8) { frames.append($0.frame) }
        #expect(frames.map(\.time) == [0.5, 0.6, 0.7, 0.8] && frames.map(\.seq) == [1, 2, 3, 4])
    }

    @Test("An unknown action or a time that is not finite is refused, and nothing is scheduled")
    func refused() {
        var session = Self.session()
        let unknown = #expect(throws: PlaybackError.self) { try session.schedule(.action("jump"), at: 0) }
        #expect(unknown?.description == "'t' has no action 'jump'")
        let misspelt = #expect(throws: PlaybackError.self) { try session.schedule(.action("mvoe"), at: 0) }
        #expect(misspelt?.description == "'t' has no action 'mvoe'; did you mean 'move'?")
        #expect(throws: PlaybackError.invalidTime(.infinity)) { try session.schedule(.action("move"), at: .infinity) }
        #expect(session.queue.isEmpty)
    }

    @Test("Runtime diagnostics come with the frame they led to, and an error is remembered")
    func diagnostics() throws {
        var session = Self.session()
        try session.schedule(.action("broken"), at: 0.5)
        var codes: [[DiagnosticCode]] = []
        session.frames(at: [0, 0.5, 1]) { codes.append($0.diagnostics.map(\.diagnostic.code)) }
        #expect(codes == [[], [.nothingToAnimate], []])
        #expect(session.hasReportedError && session.takeDiagnostics().isEmpty)
    }
}

/// The one buffer of runtime diagnostics: oldest first, at most its limit, what comes first kept whole.
@Suite struct DiagnosticBufferTests {
    @Test("It keeps the first diagnostics up to its limit and drops later ones; take empties it")
    func bounded() {
        let limit = DiagnosticBuffer<Int>.limit
        var buffer = DiagnosticBuffer<Int>()
        buffer.append(contentsOf: 0..<(limit - 1))
        #expect(!buffer.isFull)
        buffer.append(contentsOf: [limit - 1, limit, limit + 1])
        buffer.append(limit + 2)
        #expect(buffer.isFull && buffer.elements == Array(0..<limit))
        #expect(buffer.take() == Array(0..<limit))
        #expect(buffer.isEmpty && !buffer.isFull)
        buffer.append(7)
        #expect(buffer.elements == [7])
    }

    @Test("What it starts with is kept whole, even beyond the limit; nothing appended then is")
    func startingWith() {
        let limit = DiagnosticBuffer<Int>.limit
        var few = DiagnosticBuffer([-2, -1])
        few.append(contentsOf: 0..<limit)
        #expect(few.elements == [-2, -1] + Array(0..<(limit - 2)))
        var many = DiagnosticBuffer(Array(0..<(limit + 5)))
        many.append(contentsOf: [1000])
        many.append(1001)
        #expect(many.elements == Array(0..<(limit + 5)))
    }

    @Test("An input that reports more than the limit at once: the scene and the session keep the first ones")
    func sessionKeepsTheFirst() throws {
        var session = PlaybackSessionTests.session()
        let count = DiagnosticBuffer<RuntimeDiagnostic>.limit + 50
        let source = (0..<count).map { "boxX.constant = \($0 + 1) * 1000000000 * 1000000000" }.joined(separator: "\n")
        try session.schedule(PlaybackSessionTests.statements(source, in: session), at: 0)
        session.advance(to: 0)
        let taken = session.takeDiagnostics()
        #expect(taken.count == DiagnosticBuffer<RuntimeDiagnostic>.limit)
        #expect(taken.map(\.diagnostic.range.location.line) == Array(1...DiagnosticBuffer<RuntimeDiagnostic>.limit))
        #expect(session.hasReportedError && session.takeDiagnostics().isEmpty)
    }
}
