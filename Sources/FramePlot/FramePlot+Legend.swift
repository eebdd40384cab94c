// The legend: which colour is which view, and what the plot leaves out.

extension FramePlot {
    /// Draws the legend in the column right of the charts: a swatch and the name of each drawn view (cut to fit,
    /// the full name as its tooltip), then notes on the dashed lines, the moving views not drawn, and the views
    /// that do not move.
    static func drawLegend(_ data: PlotData, into out: inout SVGDocument) {
        let left = PlotLayout.legendLeft
        let swatchEnd = left + 22
        let textLeft = swatchEnd + 6
        var y = PlotLayout.firstChartTop - 10
        out.add("<g class=\"legend\">")
        out.text(
            "Moving views", x: left, y: y,
            "class=\"heading\" font-size=\"13\" font-weight=\"bold\" fill=\"\(Palette.ink)\"")
        y += 12
        for (slot, series) in data.series.enumerated() {
            y += PlotLayout.legendRowHeight
            let name = XML.escaped(series.label)
            out.add("<g class=\"legend-entry\" data-view=\"\(name)\">")
            out.add("<title>\(name)</title>")
            out.line(
                x1: left, y1: y - 4, x2: swatchEnd, y2: y - 4,
                "stroke=\"\(Palette.colors[slot])\" stroke-width=\"3\" stroke-linecap=\"round\"")
            out.text(
                XML.truncated(series.label, to: PlotLayout.legendNameLength), x: textLeft, y: y,
                "font-size=\"12\" fill=\"\(Palette.ink)\"")
            out.add("</g>")
        }
        y += 10

        var notes: [[String]] = []
        let hiddenMoving = data.movingCount - data.series.count
        if hiddenMoving > 0 {
            let views = hiddenMoving == 1 ? "view" : "views"
            notes.append(["+ \(PlotNumbers.grouped(hiddenMoving)) more moving", "\(views) not drawn"])
        }
        let still = data.viewCount - data.movingCount
        if still > 0 {
            notes.append(["\(counted(still, "view")) that \(still == 1 ? "does" : "do") not", "move, left out"])
        }
        if hasSettleLines(data) {
            y += PlotLayout.legendRowHeight
            out.line(
                x1: left, y1: y - 4, x2: swatchEnd, y2: y - 4,
                "stroke=\"\(Palette.muted)\" stroke-dasharray=\"5 4\"")
            out.text("where it settles", x: textLeft, y: y, "font-size=\"11\" fill=\"\(Palette.muted)\"")
        }
        for note in notes {
            y += 8
            for line in note {
                y += 15
                out.text(line, x: left, y: y, "class=\"note\" font-size=\"11\" fill=\"\(Palette.muted)\"")
            }
        }
        out.add("</g>")
    }

    /// Whether any chart draws a dashed line where an overshooting view settles.
    private static func hasSettleLines(_ data: PlotData) -> Bool {
        data.series.contains { series in
            PlottedProperty.allCases.contains { series.changes($0) && Polyline.overshoots(series[$0]) }
        }
    }
}
