public import PlaygroundProtocol

extension PlaybackSession {
    /// A frame the session made, with the runtime diagnostics reported
    /// since the frame before it (by the inputs and events that led to it).
    public struct Step: Sendable {
        public var frame: Frame
        public var diagnostics: [RuntimeDiagnostic]
    }

    /// How ``framesUntilSettled(fps:timeLimit:_:)`` ended.
    public enum SettleOutcome: Hashable, Sendable {
        /// No animation runs and no input waits.
        case settled
        /// The next tick would pass the time limit, and something still runs or waits.
        case reachedTimeLimit
    }

    /// How far a tick may fall past a limit and still count, for ticks
    /// computed as `tick / fps`.
    static let tickTolerance = 1e-9

    /// Makes the frame at each time, in the order given (a time before the
    /// current one gives the frame at the current time).
    public mutating func frames(at times: [Double], _ body: (Step) throws -> Void) rethrows {
        for time in times { try body(step(at: time)) }
    }

    /// Makes a frame at every tick of `fps` (the times `k / fps`), from the
    /// first at or after the current time, up to `end`. No frame when `fps`
    /// is not above 0 and finite.
    public mutating func frames(fps: Double, through end: Double, _ body: (Step) throws -> Void) rethrows {
        guard var tick = firstTick(fps: fps) else { return }
        while tick / fps <= end + Self.tickTolerance {
            try body(step(at: tick / fps))
            tick += 1
        }
    }

    /// Makes a frame at every tick of `fps` from the first at or after the
    /// current time, at least one, until the session has settled (no
    /// animation runs and no input waits, ``isSettled``) or the next tick
    /// would pass `timeLimit`, a scene time.
    ///
    /// - Returns: Whether it settled or reached the limit.
    @discardableResult
    public mutating func framesUntilSettled(
        fps: Double, timeLimit: Double, _ body: (Step) throws -> Void
    ) rethrows -> SettleOutcome {
        guard var tick = firstTick(fps: fps) else {
            try body(step(at: time))
            return isSettled ? .settled : .reachedTimeLimit
        }
        repeat {
            try body(step(at: tick / fps))
            tick += 1
        } while !isSettled && tick / fps <= timeLimit + Self.tickTolerance
        return isSettled ? .settled : .reachedTimeLimit
    }

    /// The number of the first tick at or after the current time, counted
    /// in a `Double` so that no time can overflow it; nil for an `fps` that
    /// is not above 0 and finite.
    private func firstTick(fps: Double) -> Double? {
        guard fps.isFinite, fps > 0 else { return nil }
        return max(0, (time * fps - Self.tickTolerance).rounded(.up))
    }

    private mutating func step(at time: Double) -> Step {
        let frame = frame(at: time)
        return Step(frame: frame, diagnostics: takeDiagnostics())
    }
}
