import Animation
import Foundation
import PropertyBased
import Testing

/// UIKit's spring mapping against reference values that `reference_timing.py`
/// computes at 50 digits (``ReferenceTables``), the issue's figures, the
/// inverse, and properties over random and hostile inputs.
@Suite struct SpringTests {
    @Test("The issue's figures: ζ 0.6, v₀ 1, d 1 s gives ω₀ 11.033455344 and the progress quoted at 0.1…0.5 s")
    func issueFigures() {
        let spring = Spring(dampingRatio: 0.6, initialVelocity: 1, duration: 1)
        // The figures are rounded to 9 decimals.
        #expect(abs(spring.naturalFrequency - 11.033455344) < 1e-9)
        let figures: [(t: Double, progress: Double)] = [
            (0.1, 0.418725202), (0.2, 0.885229058), (0.3, 1.079461980), (0.5, 1.032973935),
        ]
        for (t, expected) in figures {
            #expect(abs(spring.value(at: t) - expected) < 1e-9, "at \(t) s: \(spring.value(at: t))")
            #expect(abs(spring.progress(at: t / spring.duration) - expected) < 1e-9, "at \(t) s")
        }
    }

    /// The bar is 1e-9. The largest errors measured are 2.8e-14 in ω₀ (ζ 0.01,
    /// where ω₀ is 230: 1.2e-16 relative) and 3.9e-15 in position (also
    /// ζ 0.01; 2.2e-16 for ζ ≥ 0.3); the last expectation guards that margin.
    @Test("ω₀ and the position agree with the 50-digit reference to 1e-9", arguments: ReferenceTables.springs)
    func matchesReference(reference: ReferenceSpring) {
        let spring = Spring(
            dampingRatio: reference.dampingRatio, initialVelocity: reference.initialVelocity,
            duration: reference.duration)
        var worst = abs(spring.naturalFrequency - reference.naturalFrequency)
        #expect(worst < 1e-9, "\(reference): ω₀ \(spring.naturalFrequency), expected \(reference.naturalFrequency)")
        #expect(
            abs(spring.stiffness - reference.naturalFrequency * reference.naturalFrequency) < 1e-9 * spring.stiffness)
        #expect(abs(spring.damping - 2 * reference.dampingRatio * reference.naturalFrequency) < 1e-9)
        for (t, expected) in reference.samples {
            let value = spring.value(at: t)
            worst = max(worst, abs(value - expected))
            #expect(abs(value - expected) < 1e-9, "\(reference) at \(t) s: \(value), expected \(expected)")
            if t < reference.duration {
                let progress = spring.progress(at: t / reference.duration)
                #expect(abs(progress - expected) < 1e-9, "\(reference): progress at \(t) s: \(progress)")
            } else {
                // The residual at the end snaps to the target.
                #expect(spring.progress(at: t / reference.duration) == 1)
            }
        }
        #expect(worst < 1e-13, "\(reference): largest error \(worst)")
    }

    @Test("A critically damped spring without velocity settles to 1 − ε at the duration; ω₀d ≈ 9.2334")
    func criticalSettling() {
        for duration in [0.1, 0.5, 1, 2.5, 10] {
            let spring = Spring(dampingRatio: 1, initialVelocity: 0, duration: duration)
            #expect(abs(spring.naturalFrequency * duration - 9.233_413_476_451_586) < 1e-9, "d \(duration)")
            #expect(abs(1 - spring.value(at: duration) - Spring.settlingThreshold) < 1e-12, "d \(duration)")
        }
    }

    @Test("An under-damped spring's envelope without velocity falls to ε at the duration")
    func underDampedSettling() {
        for zeta in [0.01, 0.05, 0.3, 0.6, 0.9, 0.999] {
            let spring = Spring(dampingRatio: zeta, initialVelocity: 0, duration: 0.8)
            let envelope = zeta / (1 - zeta * zeta).squareRoot() * exp(-zeta * spring.naturalFrequency * 0.8)
            #expect(abs(envelope - Spring.settlingThreshold) < 1e-15, "ζ \(zeta)")
        }
    }

    @Test("ζ is clamped into 0.01…1: zero and negative ratios to 0.01, NaN and ratios above 1 to 1")
    func dampingClamp() {
        let floor = Spring(dampingRatio: 0.01, initialVelocity: 0, duration: 1)
        let critical = Spring(dampingRatio: 1, initialVelocity: 0, duration: 1)
        for zeta: Double in [0, -1, 0.001, -.infinity] {
            #expect(Spring(dampingRatio: zeta, initialVelocity: 0, duration: 1) == floor, "ζ \(zeta)")
        }
        for zeta: Double in [1.5, 100, .infinity, .nan] {
            #expect(Spring(dampingRatio: zeta, initialVelocity: 0, duration: 1) == critical, "ζ \(zeta)")
        }
    }

    @Test(
        "fraction(atProgress:) finds the first crossing of the progress", arguments: ReferenceTables.springs)
    func inverseFirstCrossing(reference: ReferenceSpring) {
        let spring = Spring(
            dampingRatio: reference.dampingRatio, initialVelocity: reference.initialVelocity,
            duration: reference.duration)
        expectFirstCrossings(of: spring.progress(at:), inverse: spring.fraction(atProgress:), "\(reference)")
    }

    @Test("fraction(atProgress:) inverts progress(at:) to 1e-9 on the first rise of springs without velocity")
    func inverseRoundTrip() {
        for zeta in [0.05, 0.3, 0.6, 1] {
            let spring = Spring(dampingRatio: zeta, initialVelocity: 0, duration: 1)
            // Up to where the spring first reaches 1, it only rises.
            let firstArrival = spring.fraction(atProgress: 0.999_999)
            for k in 1..<100 {
                let f = firstArrival * Double(k) / 100
                let back = spring.fraction(atProgress: spring.progress(at: f))
                #expect(abs(back - f) < 1e-9, "ζ \(zeta) at \(f): back to \(back)")
            }
        }
    }

    @Test("Random springs give exactly 0 at 0 and before, exactly 1 at 1 and beyond, and finite values between")
    func endpointsProperty() async {
        await propertyCheck(count: 500, input: TimingGen.spring, Gen.double(in: 0...1e6), Gen.double(in: 0...1)) {
            spring, past, f in
            #expect(spring.progress(at: 0) == 0 && spring.progress(at: -past) == 0 && spring.value(at: 0) == 0)
            #expect(spring.progress(at: 1) == 1 && spring.progress(at: 1 + past) == 1)
            #expect(spring.progress(at: .infinity) == 1 && spring.progress(at: -.infinity) == 0)
            #expect(TimingFunction.spring(spring).progress(at: 1) == 1)
            #expect(isFinite(spring.progress(at: f), spring.fraction(atProgress: f)))
        }
    }

    @Test("Every function gives 0 for a NaN fraction, as at 0")
    func nanFraction() {
        let spring = Spring(dampingRatio: 0.6, initialVelocity: 1, duration: 1)
        #expect(spring.progress(at: .nan) == 0)
        #expect(TimingFunction.spring(spring).progress(at: .nan) == 0)
        #expect(CubicBezier.easeIn.progress(at: .nan) == 0)
        #expect(spring.value(at: .nan) == 0)
    }

    @Test("Regression: the position at infinite or enormous times is 1, not NaN")
    func farFuture() {
        for zeta in [0.05, 0.6, 1] {
            let spring = Spring(dampingRatio: zeta, initialVelocity: 3, duration: 1)
            #expect(spring.value(at: .infinity) == 1, "ζ \(zeta)")
            #expect(spring.value(at: 1e300) == 1, "ζ \(zeta)")
            #expect(spring.value(at: .greatestFiniteMagnitude) == 1, "ζ \(zeta)")
        }
    }

    @Test("Regression: velocities are clamped into ±10⁶ and durations to 10⁹ s, so that nothing overflows")
    func extremeClamps() {
        let fast = Spring(dampingRatio: 0.5, initialVelocity: -.greatestFiniteMagnitude, duration: 1e300)
        #expect(fast.initialVelocity == -1e6 && fast.duration == 1e9)
        #expect(fast == Spring(dampingRatio: 0.5, initialVelocity: -1e6, duration: 1e9))
        for f in stride(from: 0.0, through: 1, by: 1.0 / 64) {
            #expect(fast.progress(at: f).isFinite, "at \(f)")
        }
        // Below a nanosecond, ω₀ is a nanosecond's: finite, with a finite stiffness.
        let brief = Spring(dampingRatio: 0.01, initialVelocity: 1, duration: .leastNonzeroMagnitude)
        #expect(
            brief.naturalFrequency == Spring(dampingRatio: 0.01, initialVelocity: 1, duration: 1e-9).naturalFrequency)
        #expect(brief.stiffness.isFinite && brief.progress(at: 0.5).isFinite)
    }

    @Test("Any ratio, velocity, duration and time (NaN, infinities, huge, tiny) give finite results without trapping")
    func hostileInputs() async {
        await propertyCheck(
            count: 3000, input: TimingGen.anyDouble, TimingGen.anyDouble, TimingGen.anyDouble, TimingGen.anyDouble,
            TimingGen.fraction
        ) { zeta, velocity, duration, t, f in
            let spring = Spring(dampingRatio: zeta, initialVelocity: velocity, duration: duration)
            let context = "ζ \(zeta), v₀ \(velocity), d \(duration): \(spring)"
            #expect(spring.dampingRatio > 0 && spring.dampingRatio <= 1, "\(context)")
            #expect(spring.duration >= 0, "\(context)")
            #expect(isFinite(spring.initialVelocity, spring.duration), "\(context)")
            #expect(isFinite(spring.naturalFrequency, spring.stiffness, spring.damping), "\(context)")
            #expect(spring.naturalFrequency > 0, "\(context)")
            #expect(isFinite(spring.value(at: t), spring.value(at: f * spring.duration)), "\(context) at \(t)")
            #expect(isFinite(spring.progress(at: f)), "\(context): progress at \(f)")
            let back = spring.fraction(atProgress: f)
            #expect(isFinite(back) && (0...1).contains(back), "\(context): fraction(atProgress: \(f)) = \(back)")
        }
    }
}
