import Animation
import SceneLanguage

/// A `UIViewPropertyAnimator`: a block of changes whose animation a client
/// drives: start (after a delay), pause, scrub the fraction, reverse, stop,
/// finish at the start, the end or where it is.
///
/// Its state follows UIKit's: inactive → active (running or paused) →
/// stopped → inactive. Its block runs each time it becomes active; the
/// changes form one animation group whose progress the animator sets.
///
/// The fraction (`fractionComplete`) moves linearly with time while it runs,
/// forward or, reversed, back; the progress shown is the timing curve's at
/// that fraction. Once the fraction is set by hand while paused, the
/// progress follows it linearly (`scrubsLinearly`); resuming from there
/// carries on along the curve from the point of equal progress, so nothing
/// jumps.
struct PropertyAnimator {
    enum State: String {
        case inactive, active, stopped
    }

    var name: String
    var declaration: AnimatorDeclaration
    var function: TimingFunction
    var duration: Double

    var state = State.inactive
    var isRunning = false
    var isReversed = false
    /// Whether the fraction was set by hand while paused: progress is then linear.
    var isScrubbing = false
    /// The fraction at ``anchorTime``, from which a running animator moves.
    var anchorFraction = 0.0
    /// The scene time from which a running animator moves (after any delay).
    var anchorTime = 0.0
    /// The constraints its block changed, with their constants and
    /// activations before: a finish at the start does not undo them.
    var changedConstraints: [(id: ConstraintID, constant: Double, active: Bool)] = []

    init(declaration: AnimatorDeclaration) {
        self.name = declaration.name.name
        self.declaration = declaration
        self.duration = declaration.options.duration
        self.function = TimingFunction(declaration.options.timing, duration: declaration.options.duration)
    }

    /// The fraction complete at a scene time.
    func fraction(at time: Double) -> Double {
        guard isRunning, time > anchorTime else { return anchorFraction }
        let moved = duration > 0 ? (time - anchorTime) / duration : 1
        return min(max(anchorFraction + (isReversed ? -moved : moved), 0), 1)
    }

    /// The progress shown at a scene time.
    func progress(at time: Double) -> Double {
        let fraction = fraction(at: time)
        return isScrubbing ? fraction : function.progress(at: fraction)
    }

    /// When a running animator reaches its end (or its start, reversed); nil when it is not running.
    var finishTime: Double? {
        guard isRunning else { return nil }
        let remaining = isReversed ? anchorFraction : 1 - anchorFraction
        return anchorTime + remaining * duration
    }

    /// Holds the fraction where it is at `time`, as pausing does.
    mutating func hold(at time: Double) {
        anchorFraction = fraction(at: time)
        anchorTime = time
        isRunning = false
    }

    /// Runs from `time + delay` on, from where it is, along the curve.
    mutating func run(from time: Double, after delay: Double = 0) {
        if isScrubbing {
            // Carry on along the curve from the point of equal progress.
            anchorFraction = function.fraction(atProgress: anchorFraction)
            isScrubbing = false
        }
        anchorTime = time + delay
        isRunning = true
    }
}
