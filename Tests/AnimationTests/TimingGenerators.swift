import Animation
import Foundation
import PropertyBased

/// Generators for the timing property tests: doubles that include every value
/// that breaks arithmetic, and cubic-bezier curves of each kind.
enum TimingGen {
    /// The values at the ends of 0…1, the zeros, the largest and smallest
    /// magnitudes, NaN and the infinities (last, so that shrinking, which
    /// moves towards the first, ends on plain numbers when it can).
    static let specials: [Double] = [
        0, 1, -1, 0.5, -0.0, 1e-9, -1e-9, 1 - 1e-16, 1 + 1e-15, 1e9, -1e9, 1e300, -1e300,
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
        .leastNormalMagnitude, .nan, .infinity, -.infinity,
    ]

    /// Any Double: a special value one time in three, otherwise m × 10^e with
    /// |m| < 10 and e in −320…307, so that every magnitude is as likely.
    static let anyDouble = zip(
        Gen.int(in: 0...(3 * specials.count - 1)), Gen.double(in: -10...10), Gen.int(in: -320...307)
    ).map { pick, mantissa, exponent in
        pick < specials.count ? specials[pick] : mantissa * pow(10, Double(exponent))
    }

    /// A fraction of a duration: mostly in 0…1, sometimes just outside or special.
    static let fraction = zip(Gen.int(in: 0...3), Gen.double(in: 0...1), anyDouble).map { pick, inside, any in
        pick == 0 ? any : inside
    }

    /// Curves whose control points all lie in 0…1: progress is monotonic and stays in 0…1.
    static let monotonicCurve = zip(
        Gen.double(in: 0...1), Gen.double(in: 0...1), Gen.double(in: 0...1), Gen.double(in: 0...1)
    ).map { x1, y1, x2, y2 in CubicBezier(x1, y1, x2, y2) }

    /// Curves whose y control points may lie outside 0…1: progress may dip below 0 or overshoot 1.
    static let overshootingCurve = zip(
        Gen.double(in: 0...1), Gen.double(in: -2...3), Gen.double(in: 0...1), Gen.double(in: -2...3)
    ).map { x1, y1, x2, y2 in CubicBezier(x1, y1, x2, y2) }

    /// Springs over the range a scene can ask for: ζ in 0.01…1, v₀ in −20…20, d in 0.05…5 s.
    static let spring = zip(Gen.double(in: 0.01...1), Gen.double(in: -20...20), Gen.double(in: 0.05...5)).map {
        zeta, velocity, duration in Spring(dampingRatio: zeta, initialVelocity: velocity, duration: duration)
    }
}

/// Whether a value is an ordinary number: neither NaN nor infinite.
func isFinite(_ values: Double...) -> Bool {
    values.allSatisfy(\.isFinite)
}
