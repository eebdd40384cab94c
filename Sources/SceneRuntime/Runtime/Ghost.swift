import Animation
import PlaygroundProtocol
import SceneLanguage

/// A view of the previous generation that a reload removed: it fades out
/// where it stood with the reload's timing, listed after the scene's views
/// until it has.
struct Ghost {
    var name: String
    var kind: ViewKind
    var parent: String
    var frame: Rect
    var alpha: Double
    /// Its colour, as the frame had it.
    var color: Color?
    var text: String?
    var font: Double?
    var textColor: Color?
    var isHidden: Bool
    var timing: AnimationTiming

    /// Its alpha at a scene time.
    func alpha(at time: Double) -> Double {
        alpha * (1 - timing.progress(at: time))
    }

    /// Whether it has faded out by a scene time.
    func isGone(at time: Double) -> Bool {
        timing.endTime.map { time >= $0 } ?? false
    }
}
