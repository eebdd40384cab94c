import Foundation
import TestSupport

/// The timing curves, written out here from their definitions so that the
/// playgrounds' numbers are checked against something other than the
/// runtime that makes them.
enum Formulas {
    /// UIKit's ease-in-out, cubic-bezier(0.42, 0, 0.58, 1): TestSupport's, worked out without the engine.
    static func easeInOut(_ x: Double) -> Double { TutorialTiming.easeInOut(x) }

    /// UIKit's duration-based spring (docs/animation.md), under-damped.
    static func spring(_ t: Double, damping zeta: Double, velocity v0: Double, duration d: Double) -> Double {
        TutorialTiming.spring(damping: zeta, velocity: v0, duration: d, at: t)
    }

    static func playground(_ name: String) throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent("Playgrounds/\(name).layout"), encoding: .utf8)
    }
}
