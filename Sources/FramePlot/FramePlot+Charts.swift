// The three charts and the time axis they share.

extension FramePlot {
    /// Draws the chart of one property: its heading, grid, value ticks, frame, and a line for each drawn view
    /// whose value of the property changes; or, when none changes, a strip that says so.
    static func drawChart(
        _ property: PlottedProperty, top: Double, height: Double, data: PlotData, timeAxis: Axis,
        into out: inout SVGDocument
    ) {
        let bottom = top + height
        let left = PlotLayout.chartLeft
        let right = PlotLayout.chartRight
        out.add("<g class=\"chart\" data-chart=\"\(property.name)\">")
        out.text(
            property.heading, x: left, y: top - 10,
            "class=\"heading\" font-size=\"13\" font-weight=\"bold\" fill=\"\(Palette.ink)\"")
        let verticals = timeAxis.ticks.map { tick in
            let x = c(timeAxis.position(of: tick, from: left, to: right))
            return "M\(x) \(c(top))V\(c(bottom))"
        }
        if !verticals.isEmpty {
            out.add("<path class=\"time-grid\" d=\"\(verticals.joined())\" stroke=\"\(Palette.grid)\"\(crisp)/>")
        }
        let changing = data.series.indices.filter { data.series[$0].changes(property) }
        guard !changing.isEmpty else {
            drawFrame(top: top, height: height, into: &out)
            out.text(
                "\(property.name) stays the same for every view drawn", x: (left + right) / 2,
                y: (top + bottom) / 2 + 4,
                "class=\"unchanged\" text-anchor=\"middle\" font-size=\"12\" fill=\"\(Palette.muted)\"")
            out.add("</g>")
            return
        }
        let tickCount = max(3, Int((height / PlotLayout.valueTickSpacing).rounded(.down)))
        let axis = valueAxis(property, of: changing.map { data.series[$0] }, tickCount: tickCount)
        for tick in axis.ticks {
            let y = axis.position(of: tick, from: bottom, to: top)
            out.add("<g class=\"value-tick\">")
            out.line(x1: left, y1: y, x2: right, y2: y, "stroke=\"\(Palette.grid)\"\(crisp)")
            out.text(
                axis.label(tick), x: left - 6, y: y + 4,
                "text-anchor=\"end\" font-size=\"11\" fill=\"\(Palette.muted)\"")
            out.add("</g>")
        }
        drawFrame(top: top, height: height, into: &out)

        let place = { (time: Double, value: Double) in
            Point(
                x: timeAxis.position(of: time, from: left, to: right),
                y: axis.position(of: value, from: bottom, to: top))
        }
        drawSettleLines(of: changing, property, data: data, placedBy: place, into: &out)
        drawLines(of: changing, property, data: data, placedBy: place, into: &out)
        out.add("</g>")
    }

    /// Draws a dashed line across the chart where each overshooting line settles, in its colour, under the lines
    /// themselves; once for views that settle within a pixel of each other.
    private static func drawSettleLines(
        of slots: [Int], _ property: PlottedProperty, data: PlotData, placedBy place: (Double, Double) -> Point,
        into out: inout SVGDocument
    ) {
        var settled: Set<String> = []
        for slot in slots where Polyline.overshoots(data.series[slot][property]) {
            let values = data.series[slot][property]
            guard let last = values.last(where: { $0 != nil }) ?? nil else { continue }
            let y = place(0, last).y
            guard settled.insert(PlotNumbers.format(y, decimals: 0)).inserted else { continue }
            out.line(
                x1: PlotLayout.chartLeft, y1: y, x2: PlotLayout.chartRight, y2: y,
                "class=\"settles\" data-view=\"\(XML.escaped(data.series[slot].label))\" "
                    + "stroke=\"\(Palette.colors[slot])\" stroke-dasharray=\"5 4\" stroke-opacity=\"0.8\"")
        }
    }

    /// Draws each view's values as polylines, broken where values are missing; a lone value is a dot.
    private static func drawLines(
        of slots: [Int], _ property: PlottedProperty, data: PlotData, placedBy place: (Double, Double) -> Point,
        into out: inout SVGDocument
    ) {
        out.add("<g fill=\"none\" stroke-width=\"2\" stroke-linejoin=\"round\" stroke-linecap=\"round\">")
        for slot in slots {
            let series = data.series[slot]
            let view = XML.escaped(series.label)
            let color = Palette.colors[slot]
            for run in Polyline.runs(of: series[property], at: data.times, placedBy: place) {
                if run.count == 1, let point = run.first {
                    out.add(
                        "<circle class=\"series\" data-view=\"\(view)\" cx=\"\(c(point.x))\" cy=\"\(c(point.y))\" "
                            + "r=\"2.5\" fill=\"\(color)\" stroke=\"none\"/>")
                } else {
                    let columns = PlotLayout.chartRight - PlotLayout.chartLeft
                    let points = Polyline.pointsAttribute(Polyline.thinned(run, columns: columns))
                    out.add(
                        "<polyline class=\"series\" data-view=\"\(view)\" points=\"\(points)\" stroke=\"\(color)\"/>")
                }
            }
        }
        out.add("</g>")
    }

    /// Draws the time axis under the last chart: tick marks, labels in seconds, and the axis's name.
    static func drawTimeAxis(_ axis: Axis, into out: inout SVGDocument) {
        let bottom = PlotLayout.chartsBottom
        let left = PlotLayout.chartLeft
        let right = PlotLayout.chartRight
        out.add("<g class=\"time-axis\">")
        for tick in axis.ticks {
            let x = axis.position(of: tick, from: left, to: right)
            out.add("<g class=\"time-tick\">")
            out.line(x1: x, y1: bottom, x2: x, y2: bottom + 5, "stroke=\"\(Palette.frame)\"\(crisp)")
            out.text(
                axis.label(tick), x: x, y: bottom + 18,
                "text-anchor=\"middle\" font-size=\"11\" fill=\"\(Palette.muted)\"")
            out.add("</g>")
        }
        out.text(
            "time (seconds)", x: (left + right) / 2, y: bottom + 38,
            "text-anchor=\"middle\" font-size=\"12\" fill=\"\(Palette.ink)\"")
        out.add("</g>")
    }

    /// The value axis of a chart, fitted to the lines it draws with a margin of 6% on each side. Alpha's axis
    /// always spans 0 to 1, and more when values go beyond.
    private static func valueAxis(_ property: PlottedProperty, of series: [PlotData.Series], tickCount: Int) -> Axis {
        var lowest = series.map { $0.extents[property.rawValue].lowest }.min() ?? 0
        var highest = series.map { $0.extents[property.rawValue].highest }.max() ?? 0
        if property == .alpha {
            lowest = min(lowest, 0)
            highest = max(highest, 1)
        }
        return Axis(from: lowest, to: highest, padding: 0.06, tickCount: tickCount)
    }

    /// Draws a chart's frame, over its grid.
    private static func drawFrame(top: Double, height: Double, into out: inout SVGDocument) {
        out.rect(
            x: PlotLayout.chartLeft, y: top, width: PlotLayout.chartRight - PlotLayout.chartLeft, height: height,
            "class=\"frame\" fill=\"none\" stroke=\"\(Palette.frame)\"\(crisp)")
    }

    /// Grid and frame lines are drawn on whole pixels, sharp, while the data's lines stay where their values are.
    private static let crisp = " shape-rendering=\"crispEdges\""

    /// A coordinate, short.
    private static func c(_ value: Double) -> String { PlotNumbers.coordinate(value) }
}
