public import PlaygroundProtocol

/// A statement about a frame's geometry, in the constraint syntax with an
/// optional tolerance, or in words (docs/assertions.md):
///
/// ```swift
/// let centred = try Assertion("question.centerX == root.centerX ± 0.5")
/// let result = try centred.evaluate(in: frame)
/// if !result.holds { print(result.failureMessage) }
/// // question.centerX == root.centerX ± 0.5 failed at t = 0.25: 324.0 vs 187.5 (off by 136.5)
/// ```
///
/// One parser and one evaluator serve `layoutctl assert` and
/// `PlaygroundClient`, so an assertion reads and fails the same way in a
/// shell script and in a Swift test.
public struct Assertion: Hashable, Sendable, CustomStringConvertible {
    /// The assertion as written, without surrounding space.
    public let source: String
    let condition: Condition

    /// Values within this of each other are equal when no `±` is given: the
    /// frame's precision on the wire (spec §3).
    public static let defaultTolerance = 0.001

    /// Parses an assertion.
    /// - Throws: ``AssertionError`` saying what does not parse, and where.
    public init(_ source: String) throws(AssertionError) {
        let trimmed = source.trimmingSpaces()
        self.source = trimmed
        condition = try AssertionParser.parse(trimmed)
    }

    public var description: String { source }

    /// The views and guides it names, each once, in order.
    public var viewNames: [String] {
        var names: [String] = []
        for view in condition.views where !names.contains(view.name) { names.append(view.name) }
        return names
    }

    /// Checks that every view and guide it names is in the frame (or is `root`).
    /// - Throws: ``AssertionError`` naming the first that is not, with "did you mean".
    public func check(against frame: Frame) throws(AssertionError) {
        _ = try FrameLookup(frame, source: source).check(condition)
    }

    /// Evaluates it on a frame.
    /// - Throws: ``AssertionError`` when it names a view or guide the frame does not have.
    public func evaluate(in frame: Frame) throws(AssertionError) -> AssertionResult {
        let lookup = FrameLookup(frame, source: source)
        try lookup.check(condition)
        let outcome = lookup.evaluate(condition)
        return AssertionResult(
            assertion: self, time: frame.time, holds: outcome.holds, found: outcome.found, miss: outcome.miss)
    }
}

/// What an assertion found on one frame.
public struct AssertionResult: Hashable, Sendable {
    public let assertion: Assertion
    /// The frame's scene time.
    public let time: Double
    public let holds: Bool
    /// What was found: `324.0 vs 187.5 (off by 136.5)`, `alpha 0.0`.
    public let found: String
    /// How far a number was from making it hold (0 when it holds), for the
    /// closest miss of an assertion that never held; nil for words.
    public let miss: Double?

    /// `EXPR failed at t = 0.25: 324.0 vs 187.5 (off by 136.5)`.
    public var failureMessage: String { "\(assertion.source) failed at t = \(formatted(time)): \(found)" }

    /// `EXPR held at t = 0.25: 187.5 vs 187.5`.
    public var successMessage: String { "\(assertion.source) held at t = \(formatted(time)): \(found)" }
}

extension Condition {
    var views: [ViewName] {
        switch self {
        case .compare(let left, _, let right, _): left.views + right.views
        case .state(let view, _): [view]
        case .pair(let view, _, let other, _): [view, other]
        case .not(let inner): inner.views
        }
    }
}

extension Operand {
    var views: [ViewName] {
        switch self {
        case .number, .text: []
        case .property(let view, _): [view]
        case .negated(let inner): inner.views
        case .arithmetic(let left, _, let right): left.views + right.views
        }
    }
}

extension String {
    func trimmingSpaces() -> String {
        let characters = Array(self)
        guard let first = characters.firstIndex(where: { !$0.isWhitespace }),
            let last = characters.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(characters[first...last])
    }
}
