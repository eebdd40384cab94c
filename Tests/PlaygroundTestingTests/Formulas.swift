import Foundation
import TestSupport

/// The timing curves, written out here from their definitions so that the
/// playgrounds' numbers are checked against something other than the
/// runtime that makes them.
enum Formulas {
    /// UIKit's ease-in-out, cubic-bezier(0.42, 0, 0.58, 1), at x: the curve's x solved by bisection.
    static func easeInOut(_ x: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        func bezier(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        var (low, high) = (0.0, 1.0)
        for _ in 0..<100 {
            let mid = (low + high) / 2
            if bezier(0.42, 0.58, mid) < x { low = mid } else { high = mid }
        }
        return bezier(0, 1, (low + high) / 2)
    }

    /// UIKit's duration-based spring (docs/animation.md): mass 1, ω₀ such that the envelope
    /// ζ/√(1−ζ²)·e^(−ζω₀d) is 0.001 at the duration d; progress for damping ζ < 1 and initial velocity v₀.
    static func spring(_ t: Double, damping zeta: Double, velocity v0: Double, duration d: Double) -> Double {
        let root = (1 - zeta * zeta).squareRoot()
        let omega0 = log(zeta / (0.001 * root)) / (zeta * d)
        let omegaD = omega0 * root
        return 1 - exp(-zeta * omega0 * t) * (cos(omegaD * t) + (zeta * omega0 - v0) / omegaD * sin(omegaD * t))
    }

    static func playground(_ name: String) throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent("Playgrounds/\(name).layout"), encoding: .utf8)
    }
}
