package import PlaygroundProtocol

/// The viewer's colours: the terminal's, the canvas's, and one per view
/// that has no colour of its own.
package enum Palette {
    /// Behind the canvas.
    package static let screen = RGB(0x12, 0x12, 0x16)
    /// The canvas: the root view's background.
    package static let canvas = RGB(0x24, 0x25, 0x2C)
    /// Text on the status line and in boxes without a colour of their own.
    package static let text = RGB(0xE6, 0xE6, 0xE6)
    /// The canvas's border.
    package static let frame = RGB(0x6C, 0x6F, 0x7D)

    /// Outline colours for views without a colour, taken in turn by index.
    package static let outlines: [RGB] = [
        RGB(0x7A, 0xA2, 0xF7), RGB(0x9E, 0xCE, 0x6A), RGB(0xE0, 0xAF, 0x68), RGB(0xBB, 0x9A, 0xF7),
        RGB(0x7D, 0xCF, 0xFF), RGB(0xF7, 0x76, 0x8E), RGB(0x73, 0xDA, 0xCA), RGB(0xFF, 0x9E, 0x64),
    ]

    /// A view's own colour, if it has one that is not clear.
    package static func fill(of view: ViewFrame) -> RGB? {
        guard let color = view.color, !color.isClear else { return nil }
        return RGB(rgb: color.rgb)
    }

    /// The colour of a view's outline and name: its own colour, or one of
    /// ``outlines`` by its place in the frame.
    package static func outline(of view: ViewFrame, index: Int) -> RGB {
        fill(of: view) ?? outlines[index % outlines.count]
    }

    /// A view's text colour on a background: its own (`textcolor`) when it reads there, else ``readable(on:)``.
    package static func text(_ own: RGB?, on background: RGB) -> RGB {
        guard let own, abs(luminance(of: own) - luminance(of: background)) >= 60 else {
            return readable(on: background)
        }
        return own
    }

    /// A label's or button's own text colour, if it has one that is not clear.
    package static func textColor(of view: ViewFrame) -> RGB? {
        guard let color = view.textColor, !color.isClear else { return nil }
        return RGB(rgb: color.rgb)
    }

    private static func luminance(of color: RGB) -> Double {
        0.2126 * Double(color.red) + 0.7152 * Double(color.green) + 0.0722 * Double(color.blue)
    }

    /// A text colour that reads on `background`: dark on light, light on dark.
    package static func readable(on background: RGB) -> RGB {
        luminance(of: background) > 140 ? RGB(0x10, 0x10, 0x10) : text
    }
}
