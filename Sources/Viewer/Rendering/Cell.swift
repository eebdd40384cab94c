/// A colour as a terminal draws it: 8 bits a channel.
package struct RGB: Hashable, Sendable {
    package var red: UInt8
    package var green: UInt8
    package var blue: UInt8

    package init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    package init(rgb: UInt32) {
        self.init(UInt8((rgb >> 16) & 0xFF), UInt8((rgb >> 8) & 0xFF), UInt8(rgb & 0xFF))
    }

    /// This colour at `alpha` over `background`, as a view with that alpha is composited.
    package func over(_ background: RGB, alpha: Double) -> RGB {
        let a = min(max(alpha, 0), 1)
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
            UInt8((Double(top) * a + Double(bottom) * (1 - a)).rounded())
        }
        return RGB(mix(red, background.red), mix(green, background.green), mix(blue, background.blue))
    }
}

/// One character cell of the terminal: what is written there and its colours.
package struct Cell: Hashable, Sendable {
    package var character: Character
    package var foreground: RGB
    package var background: RGB

    package init(_ character: Character, foreground: RGB, background: RGB) {
        self.character = character
        self.foreground = foreground
        self.background = background
    }
}
