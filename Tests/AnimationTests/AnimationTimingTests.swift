import Animation
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

    @Test("A zero-length animation jumps to its end once its delay has passed")
    func zeroDuration() {
        let timing = AnimationTiming(duration: 0, delay: 0.1, function: Self.linear)
        #expect(timing.progress(at: 0.05) == 0)
        #expect(timing.progress(at: 0.1) == 1)
    }
}
