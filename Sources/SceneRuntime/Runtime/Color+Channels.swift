import PlaygroundProtocol
import SceneLanguage

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
