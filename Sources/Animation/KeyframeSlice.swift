/// One keyframe of a keyframe animation (`UIView.addKeyframe(withRelativeStartTime:relativeDuration:)`): a
/// slice of the overall animation's progress, both ends relative to it (0 its start, 1 its end).
///
/// With UIKit's default calculation mode (`.calculationModeLinear`) a keyframe's values move linearly
/// between its key times, and the key times are read on the overall animation's progress, which its
/// timing curve has already shaped. So a keyframe's progress is the overall progress mapped linearly onto
/// its slice:
///
/// ```swift
/// let second = KeyframeSlice(start: 0.5, length: 0.5)
/// second.progress(overall: 0.25)   // 0: not begun
/// second.progress(overall: 0.75)   // 0.5
/// second.progress(overall: 1)      // 1
/// ```
public struct KeyframeSlice: Hashable, Sendable {
    /// Where the keyframe begins, 0…1 of the overall animation.
    public var start: Double
    /// How long it lasts, 0…1 of the overall animation; 0 changes its values at once at ``start``.
    public var length: Double

    /// The whole animation: what changes made outside any keyframe animate over.
    public static let whole = KeyframeSlice(start: 0, length: 1)

    /// A slice; the start is clamped into 0…1 and the length into what is left of the animation after it,
    /// and values that are not numbers count as 0.
    public init(start: Double, length: Double) {
        let start = start.isNaN ? 0 : min(max(start, 0), 1)
        self.start = start
        self.length = length.isNaN ? 0 : min(max(length, 0), 1 - start)
    }

    /// The keyframe's progress when the overall animation's progress is `overall`: 0 before the slice, 1
    /// after it, linear within it. A slice of no length is a step: 1 once the overall progress has passed
    /// its start.
    public func progress(overall: Double) -> Double {
        guard length > 0 else { return overall > start ? 1 : 0 }
        return min(max((overall - start) / length, 0), 1)
    }
}
