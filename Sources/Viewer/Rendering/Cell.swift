/// A colour as a terminal draws it: 8 bits a channel.
public struct RGB: Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    public init(rgb: UInt32) {
        self.init(UInt8((rgb >> 16) & 0xFF), UInt8((rgb >> 8) & 0xFF), UInt8(rgb & 0xFF))
    }

    /// This colour at `alpha` over `background`, as a view with that alpha is composited.
    public func over(_ background: RGB, alpha: Double) -> RGB {
        let a = min(max(alpha, 0), 1)
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
            UInt8((Double(top) * a + Double(bottom) * (1 - a)).rounded())
        }
        return RGB(mix(red, background.red), mix(green, background.green), mix(blue, background.blue))
    }
}

/// One character cell of the terminal: what is written there and its colours.
public struct Cell: Hashable, Sendable {
    public var character: Character
    public var foreground: RGB
    public var background: RGB

    public init(_ character: Character, foreground: RGB, background: RGB) {
        self.character = character
        self.foreground = foreground
        self.background = background
    }
}
