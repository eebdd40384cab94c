public import PlaygroundProtocol

/// Plots of how views move during an animation, as SVG: what `layoutctl plot` writes.
///
/// A plot is three charts stacked on a shared time axis: x and y in points, and alpha. Each *moving* view (one
/// whose x, y or alpha changes across the frames) gets a line in its own colour in the charts where that value
/// changes; views that do not move are left out and counted in the legend. Value axes are fitted to the lines
/// with a margin, so a spring's overshoot shows in full, and when a line ends past where it went beyond, a
/// dashed line in its colour marks where it settles.
///
/// ```swift
/// let frames = (0...60).map { tick in playground.frame(at: Double(tick) / 60) }
/// let svg = FramePlot.svg(frames, title: "Quiz: reveal")
/// ```
///
/// The output depends only on its input: the same frames and title give the same bytes. No input traps.
public enum FramePlot {
    /// An SVG document of how each moving view's x, y and alpha change over the frames' times.
    ///
    /// The frames are one scene's presentation at successive times. Views are matched across frames by name
    /// (the second view of a name in a frame by being second, and so on); a view may be missing from some
    /// frames, which leaves a gap in its line. Values that are NaN or infinite leave gaps too, and frames
    /// without a finite time are left out. Layout guides are never plotted. At most ten views are drawn, the
    /// first ten moving ones in order of appearance; the legend counts the others.
    ///
    /// - Parameters:
    ///   - frames: The frames, in any order: they are sorted by time.
    ///   - title: The plot's title, such as the scene and the action; shown cut to 80 characters, and in full
    ///     as the document's title.
    /// - Returns: A complete SVG document, 900 × 700, in UTF-8 text.
    public static func svg(_ frames: [Frame], title: String) -> String {
        let data = PlotData(frames: frames)
        var out = SVGDocument(title: title)
        out.text(
            XML.truncated(title, to: PlotLayout.titleLength), x: PlotLayout.chartLeft, y: PlotLayout.titleBaseline,
            "class=\"title\" font-size=\"18\" font-weight=\"bold\" fill=\"\(Palette.ink)\"")
        out.text(
            summary(of: data), x: PlotLayout.chartLeft, y: PlotLayout.subtitleBaseline,
            "class=\"summary\" font-size=\"12\" fill=\"\(Palette.muted)\"")
        if data.series.isEmpty {
            drawNothingMoves(data, into: &out)
        } else {
            let timeAxis = Axis(
                from: data.times.first ?? 0, to: data.times.last ?? 0, tickCount: PlotLayout.timeTickCount)
            let properties = PlottedProperty.allCases
            let spans = PlotLayout.chartSpans(drawing: properties.map { data.changes($0) })
            for (property, span) in zip(properties, spans) {
                drawChart(property, top: span.top, height: span.height, data: data, timeAxis: timeAxis, into: &out)
            }
            drawTimeAxis(timeAxis, into: &out)
            drawLegend(data, into: &out)
        }
        return out.finished()
    }

    /// The line under the title: how many frames over what time, and how many views move.
    static func summary(of data: PlotData) -> String {
        var parts: [String] = []
        if let first = data.times.first, let last = data.times.last {
            let span = "from \(seconds(first)) to \(seconds(last))"
            parts.append("\(counted(data.times.count, "frame")) \(span)")
            parts.append("\(PlotNumbers.grouped(data.movingCount)) of \(counted(data.viewCount, "view")) moving")
        } else {
            parts.append("no frames")
        }
        if data.framesWithoutTime > 0 {
            parts.append("\(counted(data.framesWithoutTime, "frame")) without a finite time left out")
        }
        return parts.joined(separator: " · ")
    }

    /// The picture when there is nothing to draw: a sentence saying why, where the charts would be.
    private static func drawNothingMoves(_ data: PlotData, into out: inout SVGDocument) {
        let reason: String
        if data.frameCount == 0 {
            reason = "There are no frames to plot."
        } else if data.times.isEmpty {
            reason = "No frame has a finite time."
        } else if data.viewCount == 0 {
            reason = "The frames hold no views."
        } else {
            let frames =
                data.times.count == 1
                ? "in a single frame" : "across the \(PlotNumbers.grouped(data.times.count)) frames"
            reason = "No view's x, y or alpha changes \(frames)."
        }
        let middle = (PlotLayout.chartLeft + PlotLayout.chartRight) / 2
        let top = PlotLayout.firstChartTop
        let height = PlotLayout.chartsBottom - top
        out.rect(
            x: PlotLayout.chartLeft, y: top, width: PlotLayout.chartRight - PlotLayout.chartLeft, height: height,
            "fill=\"#fafafa\" stroke=\"\(Palette.grid)\"")
        out.text(
            "Nothing moves", x: middle, y: top + height / 2 - 6,
            "class=\"nothing-moves\" text-anchor=\"middle\" font-size=\"20\" font-weight=\"bold\" "
                + "fill=\"\(Palette.muted)\"")
        out.text(
            reason, x: middle, y: top + height / 2 + 18,
            "text-anchor=\"middle\" font-size=\"13\" fill=\"\(Palette.muted)\"")
    }

    /// `count` and a noun, plural unless the count is one: `1 frame`, `61 frames`.
    static func counted(_ count: Int, _ noun: String) -> String {
        "\(PlotNumbers.grouped(count)) \(noun)\(count == 1 ? "" : "s")"
    }

    /// A time for text: `0.25 s`.
    static func seconds(_ time: Double) -> String {
        PlotNumbers.format(time, decimals: 3) + " s"
    }
}
