import Animation
import PropertyBased
import Testing

/// Delays, repeats and auto-reversal, with a linear curve so that each value
/// is worked out by hand.
@Suite struct AnimationTimingTests {
    static let linear = TimingFunction.bezier(.linear)

    @Test("A delay holds the start value; the run follows; the end holds 1")
    func delay() {
        let timing = AnimationTiming(duration: 0.5, delay: 0.2, function: Self.linear)
        #expect(timing.endTime == 0.7)
        #expect(timing.progress(at: 0) == 0)
        #expect(timing.progress(at: 0.2) == 0)
        #expect(abs(timing.progress(at: 0.45) - 0.5) < 1e-12)
        #expect(timing.progress(at: 0.7) == 1)
        #expect(timing.progress(at: 10) == 1)
    }

    @Test("repeat 3 autoreverse goes out and back three times, then snaps to the model value")
    func autoreverse() {
        let timing = AnimationTiming(duration: 1, function: Self.linear, repeatCount: 3, autoreverses: true)
        #expect(timing.endTime == 6)
        let samples: [(Double, Double)] = [
            (0.25, 0.25), (1, 1), (1.5, 0.5), (2, 0), (2.75, 0.75), (4.5, 0.5), (5.9, 0.1), (6, 1),
        ]
        for (time, expected) in samples {
            #expect(abs(timing.progress(at: time) - expected) < 1e-12, "at \(time)")
        }
    }

    @Test("repeat without autoreverse starts each run over; repeat forever never ends")
    func repeats() {
        let twice = AnimationTiming(duration: 1, function: Self.linear, repeatCount: 2)
        #expect(abs(twice.progress(at: 1.25) - 0.25) < 1e-12)
        #expect(twice.progress(at: 2) == 1)
        let forever = AnimationTiming(duration: 1, function: Self.linear, repeatCount: .infinity)
        #expect(forever.endTime == nil)
        #expect(abs(forever.progress(at: 1000.5) - 0.5) < 1e-9)
    }

    @Test("repeat 0 plays one run, as Core Animation's repeatCount 0 does")
    func repeatZero() {
        let timing = AnimationTiming(duration: 1, function: Self.linear, repeatCount: 0)
        #expect(timing.endTime == 1)
        #expect(abs(timing.progress(at: 0.5) - 0.5) < 1e-12)
    }

    @Test("A zero-length animation jumps to its end once its delay has passed")
    func zeroDuration() {
        let timing = AnimationTiming(duration: 0, delay: 0.1, function: Self.linear)
        #expect(timing.progress(at: 0.05) == 0)
        #expect(timing.progress(at: 0.1) == 1)
    }

    @Test("Regression: an end past any Double is no end, not infinity; long times are clamped to 10⁹ s")
    func enormousTimes() {
        let many = AnimationTiming(duration: 10, function: Self.linear, repeatCount: 1e308)
        #expect(many.endTime == nil)
        #expect(abs(many.progress(at: 1e6 + 2.5) - 0.25) < 1e-9)
        let long = AnimationTiming(duration: 1e308, delay: 1e308, function: Self.linear, autoreverses: true)
        #expect(long.duration == 1e9 && long.delay == 1e9 && long.runLength == 2e9 && long.endTime == 3e9)
        #expect(long.progress(at: 1.5e9) == 0.5)
    }

    @Test("A spring run ends exactly at 1; its overshoot shows before the end")
    func springRun() {
        let spring = Spring(dampingRatio: 0.6, initialVelocity: 1, duration: 1)
        let timing = AnimationTiming(duration: 1, delay: 0.5, function: .spring(spring))
        #expect(timing.progress(at: 0.5) == 0)
        #expect(abs(timing.progress(at: 0.8) - 1.079461980) < 1e-9)
        #expect(timing.progress(at: 1.5) == 1)
    }

    @Test("Random timings: 0 until the delay has passed, exactly 1 from the end on")
    func endpointsProperty() async {
        await propertyCheck(
            count: 500, input: Gen.double(in: 0.01...10), Gen.double(in: 0...5), Gen.int(in: 1...5), Gen.bool,
            TimingGen.spring, Gen.double(in: 0...1e6)
        ) { duration, delay, runs, autoreverses, spring, past in
            for function in [TimingFunction.spring(spring), .bezier(.easeInOut)] {
                let timing = AnimationTiming(
                    duration: duration, delay: delay, function: function, repeatCount: Double(runs),
                    autoreverses: autoreverses)
                let end = try #require(timing.endTime)
                #expect(timing.progress(at: 0) == 0 && timing.progress(at: delay) == 0)
                #expect(timing.progress(at: end) == 1 && timing.progress(at: end + past) == 1)
            }
        }
    }

    @Test("Any duration, delay, repeat count and time give a finite progress, and a finite end or none")
    func hostileInputs() async {
        await propertyCheck(
            count: 3000, input: TimingGen.anyDouble, TimingGen.anyDouble, TimingGen.anyDouble, Gen.bool,
            TimingGen.anyDouble, TimingGen.anyDouble
        ) { duration, delay, repeatCount, autoreverses, elapsed, velocity in
            let spring = Spring(dampingRatio: 0.3, initialVelocity: velocity, duration: duration)
            for function in [TimingFunction.spring(spring), .bezier(.easeIn)] {
                let timing = AnimationTiming(
                    duration: duration, delay: delay, function: function, repeatCount: repeatCount,
                    autoreverses: autoreverses)
                let context = "\(timing) at \(elapsed)"
                #expect(isFinite(timing.duration, timing.delay, timing.runLength), "\(context)")
                #expect(timing.endTime.map { $0.isFinite } ?? true, "\(context): ends at \(timing.endTime ?? 0)")
                #expect(isFinite(timing.progress(at: elapsed)), "\(context): \(timing.progress(at: elapsed))")
            }
        }
    }
}
