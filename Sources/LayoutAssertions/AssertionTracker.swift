public import PlaygroundProtocol

/// When assertions are checked.
public enum AssertionTiming: Hashable, Sendable, CustomStringConvertible {
    /// On the frame now.
    case now
    /// On the frame at this scene time (the manual clock is stepped to it).
    case at(Double)
    /// On every frame until the scene settles: each must hold at every tick.
    case throughout
    /// On every frame until the scene settles: each must hold at some tick.
    case eventually

    public var description: String {
        switch self {
        case .now: "now"
        case .at(let time): "at t = \(formatted(time))"
        case .throughout: "throughout"
        case .eventually: "eventually"
        }
    }
}

/// What checking assertions came to.
public struct AssertionReport: Hashable, Sendable {
    /// Whether every assertion passed.
    public var passed: Bool { failures.isEmpty }
    /// One message per assertion that failed, in the order given: `EXPR failed at t = 0.25: …`.
    public var failures: [String]
    /// One line per assertion that passed: `EXPR held at t = 0.25: …`.
    public var successes: [String]
    /// The scene times of the first and last frames looked at.
    public var firstTime: Double
    public var lastTime: Double
    /// How many frames were looked at.
    public var frameCount: Int

    public init(failures: [String], successes: [String], firstTime: Double, lastTime: Double, frameCount: Int) {
        self.failures = failures
        self.successes = successes
        self.firstTime = firstTime
        self.lastTime = lastTime
        self.frameCount = frameCount
    }
}

/// Checks assertions on a scene's frames as time goes on: feed it each
/// frame with ``observe(_:)`` until it says it has decided, or until the
/// frames end (``finish(settled:)``).
///
/// - `.now` and `.at`: the first frame decides.
/// - `.throughout`: the first frame on which an assertion fails decides,
///   naming that time; if none fails until the scene settles, they pass.
/// - `.eventually`: each assertion passes on the first frame it holds;
///   one that never holds by the time the scene settles fails, with the
///   time it came closest.
public struct AssertionTracker: Sendable {
    public let assertions: [Assertion]
    public let timing: AssertionTiming
    private var held: [AssertionResult?]
    private var closest: [AssertionResult?]
    private var failed: [AssertionResult?]
    private var firstTime: Double?
    private var lastTime = 0.0
    private var frameCount = 0

    public init(_ assertions: [Assertion], timing: AssertionTiming) {
        self.assertions = assertions
        self.timing = timing
        held = Array(repeating: nil, count: assertions.count)
        closest = held
        failed = held
    }

    /// Looks at the next frame.
    /// - Returns: The report once the assertions are decided; nil while more frames are needed.
    /// - Throws: ``AssertionError`` when an assertion names what the frame does not have.
    public mutating func observe(_ frame: Frame) throws(AssertionError) -> AssertionReport? {
        firstTime = firstTime ?? frame.time
        lastTime = frame.time
        frameCount += 1
        for (index, assertion) in assertions.enumerated() {
            let result = try assertion.evaluate(in: frame)
            switch timing {
            case .now, .at:
                if result.holds { held[index] = result } else { failed[index] = result }
            case .throughout:
                if !result.holds && failed[index] == nil { failed[index] = result }
                if result.holds && held[index] == nil { held[index] = result }
            case .eventually:
                if result.holds && held[index] == nil { held[index] = result }
                if !result.holds, let miss = result.miss, miss < (closest[index]?.miss ?? .infinity) {
                    closest[index] = result
                } else if !result.holds && closest[index] == nil {
                    closest[index] = result
                }
            }
        }
        switch timing {
        case .now, .at:
            return report(settled: frame.settled)
        case .throughout:
            return failed.contains { $0 != nil } || frame.settled ? report(settled: frame.settled) : nil
        case .eventually:
            return held.allSatisfy { $0 != nil } || frame.settled ? report(settled: frame.settled) : nil
        }
    }

    /// The report when no more frames come: the scene settled, or it still moved when the time allowed ran out.
    public func finish(settled: Bool) -> AssertionReport { report(settled: settled) }

    private func report(settled: Bool) -> AssertionReport {
        var failures: [String] = []
        var successes: [String] = []
        let span =
            frameCount == 1
            ? "at t = \(formatted(lastTime))"
            : "from t = \(formatted(firstTime ?? 0)) to t = \(formatted(lastTime)) (\(frameCount) frames)"
        let ending =
            settled ? "" : "; the scene still moved at t = \(formatted(lastTime)), when the time allowed ran out"
        for index in assertions.indices {
            switch timing {
            case .now, .at:
                if let failure = failed[index] { failures.append(failure.failureMessage) }
                if let success = held[index] { successes.append(success.successMessage) }
            case .throughout:
                if let failure = failed[index] {
                    failures.append(failure.failureMessage)
                } else if !settled && failed.contains(where: { $0 != nil }) {
                    successes.append("\(assertions[index].source) held \(span), when another failed")
                } else if !settled {
                    failures.append("\(assertions[index].source) held \(span)\(ending)")
                } else {
                    successes.append("\(assertions[index].source) held at every frame \(span)")
                }
            case .eventually:
                if let success = held[index] {
                    successes.append(success.successMessage)
                } else {
                    let near = closest[index].map { "; closest at t = \(formatted($0.time)): \($0.found)" } ?? ""
                    failures.append("\(assertions[index].source) never held \(span)\(near)\(ending)")
                }
            }
        }
        return AssertionReport(
            failures: failures, successes: successes, firstTime: firstTime ?? 0, lastTime: lastTime,
            frameCount: frameCount)
    }
}
