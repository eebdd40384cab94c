/// `animate keyframes DURATION [options] { … keyframe START LENGTH { … } … } [completion { … }]`:
/// `UIView.animateKeyframes(withDuration:delay:options:animations:completion:)`.
///
/// The block holds keyframes (`UIView.addKeyframe(withRelativeStartTime:relativeDuration:animations:)`)
/// and, as UIKit's animations closure may, statements of its own, which animate over the whole duration.
/// Both run in the order written, as UIKit runs the closures.
public struct KeyframeAnimation: Hashable, Sendable {
    /// What the block holds, in the order written.
    public enum Step: Hashable, Sendable {
        /// A statement directly in the block: its changes animate over the whole duration.
        case statement(Statement)
        case keyframe(Keyframe)
    }

    /// The duration, delay, curve, repeat and autoreverse of the whole animation.
    public var options: AnimationOptions
    public var steps: [Step]
    /// Runs once, when the whole animation ends.
    public var completion: [Statement]?

    public init(options: AnimationOptions, steps: [Step], completion: [Statement]?) {
        self.options = options
        self.steps = steps
        self.completion = completion
    }

    /// Every statement of the block, those of its keyframes included, in the order written; not the
    /// completion's.
    public var blockStatements: [Statement] {
        steps.flatMap { step -> [Statement] in
            switch step {
            case .statement(let statement): [statement]
            case .keyframe(let keyframe): keyframe.body
            }
        }
    }

    /// The keyframes, in the order written.
    public var keyframes: [Keyframe] {
        steps.compactMap { if case .keyframe(let keyframe) = $0 { keyframe } else { nil } }
    }
}

/// `keyframe START LENGTH { … }`: the block's changes animate from `START × D` to `(START + LENGTH) × D`
/// of the whole animation's duration `D`, both relative (0…1, `START + LENGTH ≤ 1`).
public struct Keyframe: Hashable, Sendable {
    /// The relative start time, as written.
    public var start: Located<Double>
    /// The relative duration, as written.
    public var length: Located<Double>
    public var body: [Statement]
    /// From `keyframe` to the block's `}`.
    public var range: SourceRange

    public init(start: Located<Double>, length: Located<Double>, body: [Statement], range: SourceRange) {
        self.start = start
        self.length = length
        self.body = body
        self.range = range
    }

    /// Structural: the same keyframe written elsewhere is equal.
    public static func == (lhs: Keyframe, rhs: Keyframe) -> Bool {
        (lhs.start, lhs.length, lhs.body) == (rhs.start, rhs.length, rhs.body)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(start)
        hasher.combine(length)
        hasher.combine(body)
    }
}
