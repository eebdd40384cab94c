import Animation
import SceneLanguage

/// The additive animations of one `animate` block, one animator's block or
/// one reload: a single timing and, for each channel the block changed, the
/// delta `from − to`. While it runs it adds `delta × (1 − progress)` to the
/// model, as UIKit's additive animations have since iOS 8, so groups that
/// overlap add up and an interruption blends instead of jumping.
struct AnimationGroup {
    /// What drives the group's progress.
    enum Driver {
        /// Scene time: an `animate` block or a reload, from `start`.
        case clock(start: Double, timing: AnimationTiming)
        /// A property animator, by its identity: it sets ``progress``.
        case animator(Int)
        /// One keyframe of an `animate keyframes` (or the changes made outside its keyframes): the whole
        /// animation's progress by scene time from `start`, mapped onto the keyframe's slice.
        case keyframe(start: Double, timing: AnimationTiming, slice: KeyframeSlice)
    }

    var driver: Driver
    /// When its block began, counted through the scene's life: completions
    /// due at the same instant run in this order.
    var order: Int
    /// Flat channel indices (``Channel/index(ofView:)``) and their deltas.
    var channels: [Int] = []
    var deltas: [Double] = []
    /// The progress used for the presentation now; kept up to date by
    /// ``LoadedScene/advance(to:)`` for clock-driven groups and by the
    /// animator for its own.
    var progress = 0.0
    /// For a clock-driven group: the statements to run at its end, and the file they come from.
    var completion: Completion?
    /// Where each channel's delta is, while the block records them (a block
    /// may move thousands of views; a search would be quadratic).
    private var positions: [Int: Int] = [:]

    init(driver: Driver, order: Int) {
        self.driver = driver
        self.order = order
    }

    /// Adds `from − to` for a channel, merging with a delta already recorded for it.
    mutating func record(channel: Int, from: Double, to: Double) {
        var delta = from - to
        if channel % Channel.count == Channel.rotation.rawValue {
            // Degrees, the short way round: from 170 to -170 turns 20 degrees, through 180.
            delta = delta.remainder(dividingBy: 360)
        }
        guard delta != 0, delta.isFinite else { return }
        if let i = positions[channel] {
            deltas[i] += delta
        } else {
            positions[channel] = channels.count
            channels.append(channel)
            deltas.append(delta)
        }
    }

    /// Drops the recording index once the block has ended.
    mutating func finishRecording() {
        positions = [:]
    }

    var isEmpty: Bool { channels.isEmpty }

    /// When the group ends, in scene time; nil for animator groups and for groups that repeat forever. A
    /// keyframe ends with its whole animation, whose repeats and reversals take it through its slice again.
    var endTime: Double? {
        switch driver {
        case .clock(let start, let timing), .keyframe(let start, let timing, _):
            timing.endTime.map { start + $0 }
        case .animator:
            nil
        }
    }
}

/// Statements scheduled to run later.
struct Completion {
    var statements: [Statement]
}
