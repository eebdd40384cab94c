import Foundation

/// The tutorials' timing written out independently of the Animation module,
/// so that the playgrounds' numbers are checked against the definitions, not
/// against the engine that produces them.
package enum TutorialTiming {
    /// A cubic-bezier timing curve from (0, 0) to (1, 1) through its two
    /// control points, solved for x by bisection (the curves are monotonic in x).
    package static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        func coordinate(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        var low = 0.0
        var high = 1.0
        for _ in 0..<200 {
            let mid = (low + high) / 2
            if coordinate(x1, x2, mid) < x { low = mid } else { high = mid }
        }
        return coordinate(y1, y2, (low + high) / 2)
    }

    /// UIKit's default curve, `.curveEaseInOut`: cubic-bezier(0.42, 0, 0.58, 1).
    package static func easeInOut(_ x: Double) -> Double { bezier(0.42, 0, 0.58, 1, at: x) }
    /// `.curveEaseIn`: cubic-bezier(0.42, 0, 1, 1).
    package static func easeIn(_ x: Double) -> Double { bezier(0.42, 0, 1, 1, at: x) }
    /// `.curveEaseOut`: cubic-bezier(0, 0, 0.58, 1).
    package static func easeOut(_ x: Double) -> Double { bezier(0, 0, 0.58, 1, at: x) }

    /// `usingSpringWithDamping: ζ, initialSpringVelocity: v₀` over `duration`,
    /// by the specification's mapping (§2.3): mass 1, the natural frequency
    /// whose envelope falls to 0.001 at the duration, the damped oscillator's
    /// closed form. Under-damped springs only (ζ < 1), which is what the
    /// tutorials use.
    package static func spring(damping zeta: Double, velocity v0: Double, duration: Double, at t: Double) -> Double {
        guard t < duration else { return 1 }
        let epsilon = 0.001
        let omega = log(zeta / (1 - zeta * zeta).squareRoot() / epsilon) / (zeta * duration)
        let damped = omega * (1 - zeta * zeta).squareRoot()
        // x(t) = 1 − e^(−ζωt)(cos ω_d t + (ζω − v₀)/ω_d sin ω_d t): starts at 0 moving at v₀.
        let decay = exp(-zeta * omega * t)
        return 1 - decay * (cos(damped * t) + (zeta * omega - v0) / damped * sin(damped * t))
    }
}
