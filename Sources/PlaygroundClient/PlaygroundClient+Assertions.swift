public import LayoutAssertions
public import PlaygroundProtocol

extension PlaygroundClient {
    /// Checks assertions on a scene, now, at a scene time, or over time
    /// (docs/assertions.md).
    ///
    /// - `.now`: on the presentation now.
    /// - `.at(T)`: the manual clock is stepped to scene time `T`, then checked.
    /// - `.throughout`, `.eventually`: on the manual clock, checked on the
    ///   frame now and after each tick (`1/fps`) until the scene settles; on
    ///   the real clock, on the frames the daemon sends as they come. After
    ///   `timeout` seconds (of scene time on the manual clock) without
    ///   settling, the check stops and fails, saying so.
    ///
    /// Every name is checked against the scene's first frame before time moves.
    /// - Returns: The report: which passed and which failed, with the messages.
    /// - Throws: ``AssertionError`` for an assertion naming what the scene lacks; ``ClientError`` when the daemon
    ///   refuses (an unknown scene), or `.timing` when `.at` names a time already past or the clock is real.
    public func check(
        _ assertions: [Assertion], in scene: String, timing: AssertionTiming = .now,
        timeout: Double = Request.defaultSettleTimeout
    ) async throws -> AssertionReport {
        var tracker = AssertionTracker(assertions, timing: timing)
        var frame = try await self.frame(of: scene)
        for assertion in assertions { try assertion.check(against: frame) }
        let info = try await hello()
        switch timing {
        case .now:
            return try tracker.observe(frame) ?? tracker.finish(settled: frame.settled)
        case .at(let time):
            guard info.clock == .manual else {
                throw ClientError.timing(
                    "a check at a scene time needs the manual clock (layoutd --clock manual); this daemon's is real")
            }
            guard time >= frame.time - 1e-9 else {
                throw ClientError.timing(
                    "t = \(time) has passed: '\(scene)' is at t = \(frame.time) (scene time starts at 0 at each load)")
            }
            if time > frame.time + 1e-9 {
                try await step(time - frame.time)
                frame = try await self.frame(of: scene)
            }
            return try tracker.observe(frame) ?? tracker.finish(settled: frame.settled)
        case .throughout, .eventually:
            if info.clock == .manual {
                let start = frame.time
                let tick = 1 / info.fps
                while true {
                    if let report = try tracker.observe(frame) { return report }
                    if frame.time - start >= timeout - 1e-9 { return tracker.finish(settled: false) }
                    try await step(tick)
                    frame = try await self.frame(of: scene)
                }
            }
            return try await checkAsFramesCome(&tracker, scene: scene, first: frame, timeout: timeout)
        }
    }

    /// Real clock: the subscription's frames, until decided or `timeout` seconds pass.
    private func checkAsFramesCome(
        _ tracker: inout AssertionTracker, scene: String, first: Frame, timeout: Double
    ) async throws -> AssertionReport {
        if let report = try tracker.observe(first) { return report }
        let frames = try await self.frames(of: scene)
        let deadline = ContinuousClock.now + .seconds(timeout)
        let checking = tracker
        return try await withThrowingTaskGroup(of: AssertionReport?.self) { group in
            group.addTask {
                var tracker = checking
                var settled = false
                for await frame in frames where frame.time >= first.time {
                    if let report = try tracker.observe(frame) { return report }
                    settled = frame.settled
                    if ContinuousClock.now >= deadline { break }
                }
                return tracker.finish(settled: settled)
            }
            group.addTask {
                try await Task.sleep(until: deadline, clock: .continuous)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let report = first else {
                return AssertionReport(
                    failures: checking.assertions.map {
                        "\($0.source) was not decided: no frame came for \(timeout) s and the scene did not settle"
                    }, successes: [], firstTime: first.time, lastTime: first.time, frameCount: 1)
            }
            return report
        }
    }

    /// Checks assertions given as text; see ``check(_:in:timing:timeout:)``.
    /// - Throws: ``AssertionError`` for one that does not parse.
    public func check(
        _ assertions: [String], in scene: String, timing: AssertionTiming = .now,
        timeout: Double = Request.defaultSettleTimeout
    ) async throws -> AssertionReport {
        var parsed: [Assertion] = []
        for text in assertions { parsed.append(try Assertion(text)) }
        return try await check(parsed, in: scene, timing: timing, timeout: timeout)
    }

    /// A handle on one of the daemon's scenes.
    public nonisolated func scene(_ name: String) -> PlaygroundScene {
        PlaygroundScene(client: self, name: name)
    }
}

/// One scene of a daemon, for a test: its actions, frames and assertions
/// without repeating its name.
///
/// ```swift
/// let quiz = client.scene("Quiz")
/// try await quiz.run("next")
/// try await quiz.step(0.25)
/// let report = try await quiz.check("question.centerX == root.centerX ± 0.5")
/// ```
public struct PlaygroundScene: Sendable {
    public let client: PlaygroundClient
    public let name: String

    public init(client: PlaygroundClient, name: String) {
        self.client = client
        self.name = name
    }

    /// Starts an action now.
    public func run(_ action: String) async throws { try await client.run(action, in: name) }

    /// Runs statements as an action now; returns their warnings.
    @discardableResult
    public func exec(_ source: String) async throws -> [WireDiagnostic] { try await client.exec(source, in: name) }

    /// The presentation now (or the model).
    public func frame(layer: Request.Layer = .presentation) async throws -> Frame {
        try await client.frame(of: name, layer: layer)
    }

    /// Manual clock: every scene of the daemon moves on by `seconds`.
    public func step(_ seconds: Double) async throws { try await client.step(seconds) }

    /// Waits until the scene has settled (the manual clock advances it); its final frame.
    @discardableResult
    public func settle(timeout: Double = Request.defaultSettleTimeout) async throws -> Frame {
        try await client.settle(name, timeout: timeout)
    }

    public func diagnostics() async throws -> [WireDiagnostic] { try await client.diagnostics(of: name) }

    /// Checks assertions; see ``PlaygroundClient/check(_:in:timing:timeout:)``.
    public func check(
        _ assertions: String..., timing: AssertionTiming = .now, timeout: Double = Request.defaultSettleTimeout
    ) async throws -> AssertionReport {
        try await client.check(assertions, in: name, timing: timing, timeout: timeout)
    }
}
