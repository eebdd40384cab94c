/// When an animation runs and how: a delay, runs of a duration with a timing
/// function, repeated and auto-reversed as `UIView.animate`'s options make
/// them. Times are seconds as `Double` since the animation was created:
/// progress is floating-point arithmetic, and `Duration`'s integer
/// attoseconds would be converted at every call.
///
/// ```swift
/// let timing = AnimationTiming(duration: 0.5, delay: 0.2, function: .bezier(.linear))
/// timing.progress(at: 0.1)    // 0: the delay holds the start value
/// timing.progress(at: 0.45)   // 0.5
/// timing.endTime              // 0.7
/// ```
public struct AnimationTiming: Hashable, Sendable {
    /// One run, in seconds.
    public var duration: Double
    /// Seconds before the first run starts; the start value holds meanwhile.
    public var delay: Double
    public var function: TimingFunction
    /// How many runs; `.infinity` repeats forever; fractions stop part-way,
    /// and 0 means one run, as Core Animation's `repeatCount` does.
    public var repeatCount: Double
    /// Whether each run goes out and back: a run then lasts twice the duration.
    public var autoreverses: Bool

    /// A timing; negative and non-finite durations and delays count as 0,
    /// longer ones than 10⁹ s as 10⁹ s, and a NaN repeat count as 1.
    public init(
        duration: Double, delay: Double = 0, function: TimingFunction = .bezier(.easeInOut), repeatCount: Double = 1,
        autoreverses: Bool = false
    ) {
        self.duration = duration.isFinite ? min(max(duration, 0), longestTime) : 0
        self.delay = delay.isFinite ? min(max(delay, 0), longestTime) : 0
        self.function = function
        // Core Animation plays an animation whose repeatCount is 0 once.
        self.repeatCount = repeatCount.isNaN || repeatCount <= 0 ? 1 : repeatCount
        self.autoreverses = autoreverses
    }

    /// How long one run lasts, back included when it auto-reverses.
    public var runLength: Double { autoreverses ? 2 * duration : duration }

    /// When the animation ends, in seconds after it was created; nil when it
    /// repeats forever, or so many times that the end is past any `Double`.
    public var endTime: Double? {
        guard repeatCount.isFinite else { return nil }
        let end = delay + runLength * repeatCount
        return end.isFinite ? end : nil
    }

    /// The progress at `elapsed` seconds after the animation was created: 0
    /// during the delay, the timing function's progress during each run (out
    /// then back when it auto-reverses), and 1 from ``endTime`` on: the
    /// animation is gone and the model value stands, which is UIKit's
    /// well-known snap at the end of an auto-reversed animation.
    public func progress(at elapsed: Double) -> Double {
        if let end = endTime, elapsed >= end { return 1 }
        let time = elapsed - delay
        guard time > 0 else { return 0 }
        guard duration > 0 else { return 1 }
        // Position within the current run.
        let run = runLength
        let within = time.truncatingRemainder(dividingBy: run)
        if autoreverses && within > duration {
            return function.progress(at: (run - within) / duration)
        }
        return function.progress(at: within / duration)
    }
}
