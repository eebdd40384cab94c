/// A view's background colour: `#rrggbb` or one of UIKit's named colours.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// `0xRRGGBB`.
    public var rgb: UInt32
    /// `clear`: no background at all.
    public var isClear: Bool

    public init(rgb: UInt32) {
        self.rgb = rgb & 0xFF_FFFF
        self.isClear = false
    }

    public static let clear: Color = {
        var color = Color(rgb: 0)
        color.isClear = true
        return color
    }()

    /// `#rrggbb`, or `clear`. Written digit by digit: frames show a colour
    /// per view, many times a second.
    public var description: String {
        if isClear { return "clear" }
        let rgb = self.rgb
        return String(unsafeUninitializedCapacity: 7) { buffer in
            buffer[0] = UInt8(ascii: "#")
            for i in 0..<6 {
                let nibble = UInt8((rgb >> UInt32(20 - 4 * i)) & 0xF)
                buffer[i + 1] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
            }
            return 7
        }
    }

    /// Reads the frame form back: `#rrggbb` (six hex digits) or `clear`.
    public init?(frameValue text: String) {
        if text == "clear" {
            self = .clear
            return
        }
        let digits = text.utf8.dropFirst()
        guard text.utf8.first == UInt8(ascii: "#"), digits.count == 6 else { return nil }
        var rgb: UInt32 = 0
        for byte in digits {
            let value: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            rgb = rgb << 4 | UInt32(value)
        }
        self.init(rgb: rgb)
    }
}
