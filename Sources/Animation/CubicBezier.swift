/// A cubic-bezier timing curve from (0, 0) to (1, 1), as
/// `CAMediaTimingFunction(controlPoints:)` takes it: x is the fraction of the
/// duration, y the progress.
///
/// ```swift
/// CubicBezier.easeInOut.progress(at: 0.25)   // 0.129161931…
/// ```
public struct CubicBezier: Hashable, Sendable {
    public let x1: Double
    public let y1: Double
    public let x2: Double
    public let y2: Double

    /// A curve with control points (x1, y1) and (x2, y2); x1 and x2 are
    /// clamped into 0…1, as Core Animation requires, so that x is monotonic.
    /// y1 and y2 may lie outside 0…1 (the progress dips or overshoots), up
    /// to ±10⁶, so that the progress stays finite. A non-finite control
    /// point is replaced by `linear`'s.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1.isFinite ? min(max(x1, 0), 1) : 0
        self.y1 = y1.isFinite ? min(max(y1, -Self.largestY), Self.largestY) : 0
        self.x2 = x2.isFinite ? min(max(x2, 0), 1) : 1
        self.y2 = y2.isFinite ? min(max(y2, -Self.largestY), Self.largestY) : 1
    }

    /// The largest y control point either way.
    static let largestY = 1e6

    public static let linear = CubicBezier(0, 0, 1, 1)
    /// `UIView.AnimationCurve.easeIn`: (0.42, 0, 1, 1).
    public static let easeIn = CubicBezier(0.42, 0, 1, 1)
    /// `UIView.AnimationCurve.easeOut`: (0, 0, 0.58, 1).
    public static let easeOut = CubicBezier(0, 0, 0.58, 1)
    /// `UIView.AnimationCurve.easeInOut`, UIKit's default: (0.42, 0, 0.58, 1).
    public static let easeInOut = CubicBezier(0.42, 0, 0.58, 1)
    /// Core Animation's default timing function, `kCAMediaTimingFunctionDefault`: (0.25, 0.1, 0.25, 1).
    public static let coreAnimationDefault = CubicBezier(0.25, 0.1, 0.25, 1)

    /// The progress at a fraction of the duration (clamped into 0…1): the
    /// curve's parameter is solved from x to within 1e-12, then y is read.
    public func progress(at fraction: Double) -> Double {
        guard fraction > 0 else { return 0 }
        guard fraction < 1 else { return 1 }
        return Self.coordinate(parameter(forX: fraction), p1: y1, p2: y2)
    }

    /// The fraction of the duration at which the progress first reaches
    /// `progress`: the inverse of ``progress(at:)``, used to resume a scrubbed
    /// animation without a jump. Progress outside what the curve reaches
    /// gives 0 or 1.
    public func fraction(atProgress progress: Double) -> Double {
        guard progress > 0 else { return 0 }
        guard progress < 1 else { return 1 }
        // y may not be monotonic (y1 or y2 outside 0…1). Between its turning
        // points it is, and y(0) = 0 < progress < 1 = y(1): the first crossing
        // lies in the first piece whose end reaches `progress`, found there by
        // bisection on the parameter.
        var start = 0.0
        for end in Self.turningPoints(p1: y1, p2: y2) + [1] {
            guard Self.coordinate(end, p1: y1, p2: y2) >= progress else {
                start = end
                continue
            }
            var lo = start
            var hi = end
            for _ in 0..<64 {
                let mid = (lo + hi) / 2
                if Self.coordinate(mid, p1: y1, p2: y2) < progress { lo = mid } else { hi = mid }
            }
            return min(Self.coordinate(hi, p1: x1, p2: x2), 1)  // x(s) may round above 1 near s = 1
        }
        return 1
    }

    /// The parameters in (0, 1) where dB/ds = 0 for one coordinate, in order:
    /// none, one or two.
    static func turningPoints(p1: Double, p2: Double) -> [Double] {
        // dB/ds = 3a s² + 2b s + c, with B's coefficients.
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        let a = 1 - c - b
        var roots: [Double] = []
        if abs(a) < 1e-12 {
            if b != 0 { roots = [-c / (2 * b)] }
        } else {
            let discriminant = b * b - 3 * a * c
            if discriminant >= 0 {
                let root = discriminant.squareRoot()
                roots = [(-b - root) / (3 * a), (-b + root) / (3 * a)].sorted()
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }

    /// B(s) for one coordinate with end points 0 and 1 and control values p1, p2.
    @inline(__always)
    static func coordinate(_ s: Double, p1: Double, p2: Double) -> Double {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        let a = 1 - c - b
        return ((a * s + b) * s + c) * s
    }

    /// dB/ds for one coordinate.
    @inline(__always)
    static func slope(_ s: Double, p1: Double, p2: Double) -> Double {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        let a = 1 - c - b
        return (3 * a * s + 2 * b) * s + c
    }

    /// The parameter s at which x(s) = x, for x in (0, 1): Newton's method
    /// from x itself, falling back on bisection when the slope is flat or a
    /// step leaves 0…1. x is monotonic in s because x1 and x2 are in 0…1.
    func parameter(forX x: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let error = Self.coordinate(s, p1: x1, p2: x2) - x
            if abs(error) < 1e-12 { return s }
            let d = Self.slope(s, p1: x1, p2: x2)
            guard abs(d) > 1e-9 else { break }
            let next = s - error / d
            guard next > 0 && next < 1 else { break }
            s = next
        }
        var lo = 0.0
        var hi = 1.0
        s = x
        for _ in 0..<100 {
            let value = Self.coordinate(s, p1: x1, p2: x2)
            if abs(value - x) < 1e-12 { break }
            if value < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return s
    }
}
