/// How one run of an animation moves from 0 to 1: a cubic-bezier curve, or
/// a spring (which may overshoot).
public enum TimingFunction: Hashable, Sendable {
    case bezier(CubicBezier)
    case spring(Spring)

    /// The progress at a fraction of the run's duration; exactly 0 at 0 and
    /// 1 at 1 and beyond (a spring's residual snaps to the target there).
    public func progress(at fraction: Double) -> Double {
        guard fraction > 0 else { return 0 }
        guard fraction < 1 else { return 1 }
        switch self {
        case .bezier(let curve): return curve.progress(at: fraction)
        case .spring(let spring): return spring.progress(at: fraction)
        }
    }

    /// The fraction at which the progress first reaches `progress`.
    public func fraction(atProgress progress: Double) -> Double {
        switch self {
        case .bezier(let curve): curve.fraction(atProgress: progress)
        case .spring(let spring): spring.fraction(atProgress: progress)
        }
    }
}
