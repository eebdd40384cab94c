import FramePlot
package import PlaygroundProtocol

/// A frame as an SVG picture, in the canvas's points, each view as the
/// terminal draws it: a plain view as its box in its colour (or outlined
/// in the viewer's colour for it) with its name inside its top-left
/// corner; a label as UIKit draws it, its text (its lines, a `<text>` a
/// row) centred on its colour, with no border; a button as its box with
/// its title. A view's transform is an SVG `transform` about its centre;
/// its alpha is times its ancestors'; hidden views and guides are left
/// out; everything is clipped to the canvas. What `layout-view --once
/// --svg OUT` writes.
///
/// ```swift
/// let svg = FrameSVG.render(frame)
/// ```
package enum FrameSVG {
    package static func render(_ frame: Frame, names: Bool = true) -> String {
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
            out += "<g opacity=\"\(n(alpha))\"\(transform(of: view))>"
            out += element(of: view, index: index, names: names)
            out += "</g>\n"
        }
        out += "</g>\n</svg>\n"
        return out
    }

    /// The view's shapes and texts, in its untransformed frame.
    static func element(of view: ViewFrame, index: Int, names: Bool) -> String {
        let outline = hex(Palette.outline(of: view, index: index))
        let fill = Palette.fill(of: view).map(hex) ?? "none"
        let box = "x=\"\(n(view.x))\" y=\"\(n(view.y))\" width=\"\(n(view.width))\" height=\"\(n(view.height))\""
        switch view.kind {
        case .label:
            let background = fill == "none" ? "" : "<rect \(box) fill=\"\(fill)\"/>"
            return background + text(of: view)
        case .button:
            return "<rect \(box) fill=\"\(fill)\" stroke=\"\(outline)\" stroke-width=\"1\"/>" + text(of: view)
        case .view, .stack, .guide:
            var out = "<rect \(box) fill=\"\(fill)\" stroke=\"\(outline)\" stroke-width=\"1\"/>"
            if names {
                // On its own colour, the outline's would not show: the name takes the text colour for it.
                let ink = Palette.fill(of: view).map { hex(Palette.readable(on: $0)) } ?? outline
                out +=
                    "<text x=\"\(n(view.x + 2))\" y=\"\(n(view.y + 9))\" font-size=\"8\" fill=\"\(ink)\">"
                    + XML.escaped(view.name) + "</text>"
            }
            return out
        }
    }

    /// A label's or button's text: the frame's lines, or its text's lines,
    /// a `<text>` each, `1.2 × font` apart, centred on the view's centre.
    static func text(of view: ViewFrame) -> String {
        let lines =
            view.lines ?? (view.text ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.contains(where: { !$0.isEmpty }) else { return "" }
        let font = view.font ?? 17
        let ink = hex(Palette.text(Palette.textColor(of: view), on: Palette.fill(of: view) ?? Palette.canvas))
        var out = ""
        for (row, line) in lines.enumerated() {
            let y = view.y + view.height / 2 + (Double(row) - Double(lines.count - 1) / 2) * 1.2 * font
            out +=
                "<text x=\"\(n(view.x + view.width / 2))\" y=\"\(n(y))\" font-size=\"\(n(font))\" fill=\"\(ink)\" "
                + "text-anchor=\"middle\" dominant-baseline=\"central\">" + XML.escaped(line) + "</text>"
        }
        return out
    }

    /// The view's transform as an SVG attribute, about its centre (as a
    /// layer's with the default anchor point): move the centre to the
    /// origin, apply the matrix, move it back. Empty for none.
    static func transform(of view: ViewFrame) -> String {
        guard let transform = view.transform, !transform.isIdentity, transform.components.allSatisfy(\.isFinite)
        else { return "" }
        let (x, y) = (view.x + view.width / 2, view.y + view.height / 2)
        let matrix = transform.components.map(n).joined(separator: " ")
        return " transform=\"translate(\(n(x)) \(n(y))) matrix(\(matrix)) translate(\(n(0 - x)) \(n(0 - y)))\""
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
