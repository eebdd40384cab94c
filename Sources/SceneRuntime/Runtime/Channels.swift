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

/// A colour as three channels in 0…255.
extension Color {
    var channels: (Double, Double, Double) {
        (Double((rgb >> 16) & 0xFF), Double((rgb >> 8) & 0xFF), Double(rgb & 0xFF))
    }

    /// The colour nearest to three channels, clamped into range.
    init(channels red: Double, _ green: Double, _ blue: Double) {
        func byte(_ value: Double) -> UInt32 {
            value.isFinite ? UInt32(min(max(value.rounded(), 0), 255)) : 0
        }
        self.init(rgb: byte(red) << 16 | byte(green) << 8 | byte(blue))
    }
}
