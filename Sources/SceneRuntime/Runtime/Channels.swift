import SceneLanguage

/// The animatable values of every view, flat: each view has ``count``
/// channels (frame, alpha, colour, transform), so that the presentation is
/// the model plus a weighted sum of deltas over one array, whatever animates.
///
/// A transform is held taken apart (``AffineTransform2D/Parts``), as Core
/// Animation interpolates one: a rotation halfway is a rotation, and the
/// rotation's delta is taken the short way round (``AnimationGroup/record(channel:from:to:)``).
enum Channel: Int, CaseIterable {
    case x, y, width, height, alpha, red, green, blue
    case translateX, translateY, rotation, shear, scaleX, scaleY

    /// Channels per view.
    static let count = 14

    /// The channels of a transform's parts, in ``AffineTransform2D/Parts``' order: contiguous, from `translateX`.
    static let transform: [Channel] = [.translateX, .translateY, .rotation, .shear, .scaleX, .scaleY]

    /// The index of this channel of a view in a flat array.
    @inline(__always)
    func index(ofView view: Int) -> Int { view * Channel.count + rawValue }
}
