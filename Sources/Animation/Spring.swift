/// A spring as UIKit's `usingSpringWithDamping:initialSpringVelocity:`
/// makes it for a duration, and its motion in closed form.
///
/// The mapping (the settling condition of Framer's duration-based springs,
/// which agree with it when v₀ = 0, and the ε that SwiftUI's
/// `Spring(settlingDuration:dampingRatio:epsilon:)` takes by default): mass
/// 1; the damping ratio ζ is
/// clamped into 0.01…1; the natural frequency ω₀ is the one whose decay
/// envelope, without the velocity term, falls to ε = 0.001 at the duration
/// d: for ζ < 1, `ε = ζ/√(1−ζ²) · e^(−ζω₀d)`, for ζ = 1, `ε = e^(−ω₀d)(1 + ω₀d)`.
/// Stiffness is ω₀², damping 2ζω₀. The initial velocity v₀ is in units of
/// the whole distance per second, towards the target.
///
/// Every input gives finite values: a NaN ratio counts as 1; a non-finite
/// velocity as 0, and a finite one is clamped into −10⁶…10⁶; a negative or
/// non-finite duration as 0, and a longer one than 10⁹ s as 10⁹ s. ω₀ for a
/// duration under a nanosecond is that of a nanosecond.
///
/// ```swift
/// let spring = Spring(dampingRatio: 0.6, initialVelocity: 1, duration: 1)
/// spring.naturalFrequency   // 11.033455…
/// spring.value(at: 0.1)     // 0.418725…
/// ```
public struct Spring: Hashable, Sendable {
    public let dampingRatio: Double
    public let initialVelocity: Double
    /// Seconds: where the animation ends and the residual snaps to the target.
    public let duration: Double
    /// ω₀, in radians per second.
    public let naturalFrequency: Double

    /// The envelope's value at the duration.
    public static let settlingThreshold = 0.001

    /// The largest initial velocity, in distances per second, either way.
    static let fastestVelocity = 1e6

    public init(dampingRatio: Double, initialVelocity: Double, duration: Double) {
        let zeta = dampingRatio.isNaN ? 1 : min(max(dampingRatio, 0.01), 1)
        self.dampingRatio = zeta
        self.initialVelocity =
            initialVelocity.isFinite ? min(max(initialVelocity, -Self.fastestVelocity), Self.fastestVelocity) : 0
        self.duration = duration.isFinite ? min(max(duration, 0), longestTime) : 0
        self.naturalFrequency = Spring.naturalFrequency(dampingRatio: zeta, duration: max(self.duration, 1e-9))
    }

    public var stiffness: Double { naturalFrequency * naturalFrequency }
    public var damping: Double { 2 * dampingRatio * naturalFrequency }

    /// ω₀ from the settling condition, for ζ in 0.01…1 and d > 0.
    static func naturalFrequency(dampingRatio zeta: Double, duration d: Double) -> Double {
        let epsilon = settlingThreshold
        if zeta < 1 {
            // ε = ζ/√(1−ζ²) · e^(−ζω₀d), solved for ω₀. Below ζ ≈ 0.001 the
            // envelope starts under ε; the clamp at 0.01 keeps ω₀ positive.
            let amplitude = zeta / (1 - zeta * zeta).squareRoot()
            return log(amplitude / epsilon) / (zeta * d)
        }
        // e^(−u)(1 + u) = ε with u = ω₀d: decreasing in u > 0; Newton from a bracket.
        var u = 9.0
        for _ in 0..<50 {
            let f = exp(-u) * (1 + u) - epsilon
            let df = -u * exp(-u)
            let next = u - f / df
            if abs(next - u) < 1e-15 * max(1, u) { u = next; break }
            u = next
        }
        return u / d
    }

    /// The spring's position at `t` seconds, from 0 towards 1, in closed form
    /// with the initial velocity; it may overshoot 1. Not snapped at the
    /// duration (``progress(at:)`` is).
    public func value(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        let w0 = naturalFrequency
        let v0 = initialVelocity
        let zeta = dampingRatio
        let envelope = exp(-zeta * w0 * t)
        // Once the envelope underflows the spring is at 1, to the last bit; the
        // terms below could be ∞ × 0 there (cos ∞ is NaN).
        guard envelope > 0 else { return 1 }
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            // x(t) = 1 − e^(−ζω₀t)(cos ω_d t + (ζω₀ − v₀)/ω_d · sin ω_d t)
            return 1 - envelope * (cos(wd * t) + (zeta * w0 - v0) / wd * sin(wd * t))
        }
        // Critically damped: x(t) = 1 − e^(−ω₀t)(1 + (ω₀ − v₀) t)
        return 1 - envelope * (1 + (w0 - v0) * t)
    }

    /// The progress of an animation with this spring at a fraction of its
    /// duration: 0 up to 0 (and for NaN), the closed form until the end, and
    /// exactly 1 from there.
    public func progress(at fraction: Double) -> Double {
        guard fraction > 0 else { return 0 }
        guard fraction < 1 else { return 1 }
        return value(at: fraction * duration)
    }

    /// The fraction of the duration at which the spring first reaches
    /// `progress` (0…1): the inverse of ``progress(at:)`` on its first rise.
    public func fraction(atProgress progress: Double) -> Double {
        guard progress > 0 else { return 0 }
        guard progress < 1 else { return 1 }
        let steps = 256
        var previous = 0.0
        for step in 1...steps {
            let f = Double(step) / Double(steps)
            if self.progress(at: f) >= progress {
                var lo = previous
                var hi = f
                for _ in 0..<60 {
                    let mid = (lo + hi) / 2
                    if self.progress(at: mid) < progress { lo = mid } else { hi = mid }
                }
                return (lo + hi) / 2
            }
            previous = f
        }
        return 1
    }
}
