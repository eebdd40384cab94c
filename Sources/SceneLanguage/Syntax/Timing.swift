/// A cubic-bezier timing curve, as `CAMediaTimingFunction` takes it.
public enum Curve: Hashable, Sendable {
    /// cubic-bezier(0.42, 0, 0.58, 1): the default.
    case easeInOut
    /// cubic-bezier(0.42, 0, 1, 1).
    case easeIn
    /// cubic-bezier(0, 0, 0.58, 1).
    case easeOut
    case linear
    case bezier(Double, Double, Double, Double)

    /// The names a curve can be written with, for "did you mean".
    public static let names = ["easeInOut", "easeIn", "easeOut", "linear", "bezier"]

    /// The curve's control points x1, y1, x2, y2.
    public var controlPoints: (Double, Double, Double, Double) {
        switch self {
        case .easeInOut: (0.42, 0, 0.58, 1)
        case .easeIn: (0.42, 0, 1, 1)
        case .easeOut: (0, 0, 0.58, 1)
        case .linear: (0, 0, 1, 1)
        case .bezier(let x1, let y1, let x2, let y2): (x1, y1, x2, y2)
        }
    }
}

/// How an animation's progress moves from 0 to 1.
public enum TimingCurve: Hashable, Sendable {
    case curve(Curve)
    /// UIKit's `usingSpringWithDamping` ratio and `initialSpringVelocity`.
    case spring(damping: Double, velocity: Double)
}

/// How many times an animation plays.
public enum RepeatCount: Hashable, Sendable {
    case count(Double)
    case forever
}

/// The options of `animate`, `animator` and `reload`:
/// `0.5 delay 0.2 curve linear repeat 3 autoreverse`.
public struct AnimationOptions: Hashable, Sendable {
    /// Seconds.
    public var duration: Double
    /// Seconds before the animation starts, holding its start value.
    public var delay: Double = 0
    public var timing: TimingCurve = .curve(.easeInOut)
    public var repeatCount: RepeatCount? = nil
    public var autoreverses = false
    /// `override` or `override duration`: a block nested in another `animate` keeps its own duration
    /// (UIKit's `.overrideInheritedDuration`); without it, it takes the enclosing block's.
    public var overridesDuration = false
    /// `override` or `override curve`: it keeps its own curve or spring (`.overrideInheritedCurve`).
    public var overridesCurve = false
    /// The options as written, from the duration on.
    public var range: SourceRange

    public init(duration: Double, range: SourceRange) {
        self.duration = duration
        self.range = range
    }

    /// Structural: equal options written elsewhere are equal.
    public static func == (lhs: AnimationOptions, rhs: AnimationOptions) -> Bool {
        (lhs.duration, lhs.delay, lhs.timing, lhs.repeatCount, lhs.autoreverses)
            == (rhs.duration, rhs.delay, rhs.timing, rhs.repeatCount, rhs.autoreverses)
            && (lhs.overridesDuration, lhs.overridesCurve) == (rhs.overridesDuration, rhs.overridesCurve)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(duration)
        hasher.combine(delay)
        hasher.combine(timing)
        hasher.combine(repeatCount)
        hasher.combine(autoreverses)
        hasher.combine(overridesDuration)
        hasher.combine(overridesCurve)
    }
}
