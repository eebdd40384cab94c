import SceneLanguage

/// The animatable values of every view, flat: each view has ``count``
/// channels (frame, alpha, colour), so that the presentation is the model
/// plus a weighted sum of deltas over one array, whatever animates.
enum Channel: Int, CaseIterable {
    case x, y, width, height, alpha, red, green, blue

    /// Channels per view.
    static let count = 8

    /// The index of this channel of a view in a flat array.
    @inline(__always)
    func index(ofView view: Int) -> Int { view * Channel.count + rawValue }
}
