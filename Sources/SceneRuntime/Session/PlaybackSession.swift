public import PlaygroundProtocol
public import SceneLanguage

/// A loaded scene played through time: the one place where scene time
/// moves, inputs (actions, `exec` statements) run at their times, and
/// frames are made and numbered.
///
/// The session has no clock of its own: the clock is injected by whoever
/// drives it (a daemon's, real or manual; `layoutctl`'s ticks), and time
/// moves only when the session is told to move it (``advance(to:)``, or a
/// request for frames), so the same calls give the same frames, bit for
/// bit. Inputs wait in a queue
/// (``schedule(_:at:)``); those due by a time run in time order, inputs
/// due at the same time in the order they were scheduled, each at its own
/// time and before the frame for that time is made, as completions do
/// (specification §2.4). At the same instant, the scene's own events
/// (completions, animators reaching their ends) run before the inputs.
///
/// ```swift
/// var session = PlaybackSession(loading: Scene.parse(file), name: "Quiz")
/// try session.schedule(.action("next"), at: 0)
/// try session.schedule(.action("next"), at: 0.6)
/// let ending = session.framesUntilSettled(fps: 60, timeLimit: 10) { step in
///     for diagnostic in step.diagnostics { print(diagnostic.rendered, terminator: "") }
///     print(step.frame.json)
/// }
/// ```
///
/// A value, and `Sendable`: copies play on independently, and a daemon's
/// tasks can hand one to another.
public struct PlaybackSession: Sendable {
    /// The scene, as the inputs and time so far have left it.
    public private(set) var scene: LoadedScene
    /// The inputs waiting, in the order they will run: by time, then in
    /// the order they were scheduled.
    public internal(set) var queue: [ScheduledInput] = []
    /// The `seq` the next frame of ``frame(at:)`` gets: frames are numbered from 0. (The daemon, which sends a
    /// frame only when the picture changed, numbers the frames it sends itself.)
    public private(set) var seq = 0
    /// Whether any runtime diagnostic so far was an error, taken or not.
    public private(set) var hasReportedError = false
    /// Runtime diagnostics not yet taken.
    var diagnostics = DiagnosticBuffer<RuntimeDiagnostic>()

    /// Plays a scene on from where it is: its time, its animations. What it
    /// reported and nobody took yet is collected.
    public init(_ scene: LoadedScene) {
        self.scene = scene
        collectDiagnostics()
    }

    /// Loads a parsed scene and runs `on load` at time 0, as a load does.
    public init(loading scene: Scene, name: String, generation: Int = 1) {
        var loaded = LoadedScene(scene: scene, name: name, generation: generation)
        loaded.runOnLoad()
        self.init(loaded)
    }

    /// The next generation, when the scene's file changed and its new
    /// version has no errors (specification §2.4): views move from where
    /// this one shows them with the new scene's `reload` transition, then
    /// `on load` runs; scene time starts again at 0. Inputs still waiting
    /// were meant for the old version and are dropped; frames go on being
    /// numbered where they were.
    ///
    /// - Returns: What is left of the old generation (its solver moved into
    ///   the new one's). Freeing it takes time in proportion to the scene, so
    ///   a caller with a frame to send may keep it until the frame is out.
    @discardableResult
    public mutating func reload(with newScene: Scene) -> RetiredGeneration {
        // The old generation goes: its solver moves into the new one's, uncopied.
        var old = LoadedScene(replacing: &scene, with: newScene)
        swap(&old, &scene)
        queue.removeAll()
        collectDiagnostics()
        return RetiredGeneration(scene: old)
    }

    /// Seconds since the scene loaded.
    public var time: Double { scene.time }

    /// Whether nothing is left to happen by itself: no animation runs
    /// (``LoadedScene/isSettled``) and no input waits.
    public var isSettled: Bool { queue.isEmpty && scene.isSettled }

    /// Moves scene time to `target`: each input due by then runs at its
    /// time, after the scene's events up to that time; then the scene
    /// moves on to `target`. Time never goes back: a target before the
    /// current time, or one that is not finite, leaves time where it is
    /// (inputs due now still run).
    public mutating func advance(to target: Double) {
        let target = target.isFinite ? max(target, time) : time
        while let next = queue.first, next.time <= target {
            queue.removeFirst()
            scene.advance(to: next.time)
            run(next.input)
            collectDiagnostics()
        }
        scene.advance(to: target)
        collectDiagnostics()
    }

    /// The presentation frame at `time`, numbered: time moves there first
    /// (``advance(to:)``), so the inputs due by then have run.
    public mutating func frame(at time: Double) -> Frame {
        advance(to: time)
        defer { seq += 1 }
        return scene.presentationFrame(seq: seq)
    }

    /// The presentation frame now, numbered, after the inputs due now.
    public mutating func frame() -> Frame {
        frame(at: time)
    }

    /// The runtime diagnostics since the last call, oldest first.
    public mutating func takeDiagnostics() -> [RuntimeDiagnostic] {
        diagnostics.take()
    }

    private mutating func run(_ input: Input) {
        switch input {
        case .action(let name):
            // Checked when it was scheduled; a scene's actions never change.
            scene.run(action: name)
        case .statements(let statements):
            scene.execute(statements)
        }
    }

    /// Takes what the scene reported into ``diagnostics``.
    private mutating func collectDiagnostics() {
        let reported = scene.takeDiagnostics()
        guard !reported.isEmpty else { return }
        hasReportedError = hasReportedError || reported.contains { $0.diagnostic.severity == .error }
        diagnostics.append(contentsOf: reported)
    }
}

/// What is left of a generation a reload replaced: held only to be freed later, off the path of the reload's
/// first frame (``PlaybackSession/reload(with:)``).
public struct RetiredGeneration: Sendable {
    fileprivate let scene: LoadedScene
}
