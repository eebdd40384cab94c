import FramePlot
package import PlaygroundProtocol

/// A frame as an SVG picture, in the canvas's points: each view's box in
/// its colour (or outlined in the viewer's colour for it), its name above
/// its top-left corner inside the box, its text in the middle, its alpha
/// times its ancestors', hidden views and guides left out, everything
/// clipped to the canvas. What `layout-view --once --svg OUT` writes.
///
/// ```swift
/// let svg = FrameSVG.render(frame)
/// ```
package enum FrameSVG {
    package static func render(_ frame: Frame) -> String {
        let (width, height) = (n(frame.canvas.width), n(frame.canvas.height))
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
            viewBox="0 0 \(width) \(height)" font-family="Helvetica, Arial, sans-serif">
            <defs><clipPath id="canvas"><rect width="\(width)" height="\(height)"/></clipPath></defs>
            <rect width="\(width)" height="\(height)" fill="\(hex(Palette.canvas))"/>
            <g clip-path="url(#canvas)">

            """
        var byName: [String: Int] = [:]
        for (index, view) in frame.views.enumerated() where byName[view.name] == nil { byName[view.name] = index }
        for (index, view) in frame.views.enumerated() where view.kind != .guide {
            guard let alpha = FrameRenderer.shownAlpha(of: index, in: frame.views, byName: byName), alpha > 0,
                [view.x, view.y, view.width, view.height].allSatisfy(\.isFinite)
            else { continue }
            let outline = hex(Palette.outline(of: view, index: index))
            let fill = Palette.fill(of: view).map(hex) ?? "none"
            out += "<g opacity=\"\(n(alpha))\">"
            out +=
                "<rect x=\"\(n(view.x))\" y=\"\(n(view.y))\" width=\"\(n(view.width))\" height=\"\(n(view.height))\" "
                + "fill=\"\(fill)\" stroke=\"\(outline)\" stroke-width=\"1\"/>"
            out +=
                "<text x=\"\(n(view.x + 2))\" y=\"\(n(view.y + 9))\" font-size=\"8\" fill=\"\(outline)\">"
                + XML.escaped(view.name) + "</text>"
            if let text = view.text, !text.isEmpty {
                let ink = Palette.fill(of: view).map { hex(Palette.readable(on: $0)) } ?? hex(Palette.text)
                let size = min(view.font ?? 17, max(view.height * 0.8, 6))
                out +=
                    "<text x=\"\(n(view.x + view.width / 2))\" y=\"\(n(view.y + view.height / 2))\" "
                    + "font-size=\"\(n(size))\" fill=\"\(ink)\" text-anchor=\"middle\" dominant-baseline=\"central\">"
                    + XML.escaped(text.replacingNewlines()) + "</text>"
            }
            out += "</g>\n"
        }
        out += "</g>\n</svg>\n"
        return out
    }

    static func hex(_ color: RGB) -> String {
        let digits = Array("0123456789abcdef")
        var text = "#"
        for channel in [color.red, color.green, color.blue] {
            text.append(digits[Int(channel >> 4)])
            text.append(digits[Int(channel & 0xF)])
        }
        return text
    }

    /// A coordinate with at most three decimals.
    static func n(_ value: Double) -> String {
        format((value * 1000).rounded() / 1000)
    }
}

extension String {
    fileprivate func replacingNewlines() -> String { String(map { $0 == "\n" || $0 == "\r\n" ? " " : $0 }) }
}
