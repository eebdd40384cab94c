/// Where things go on the plot's 900 × 700 canvas: three charts stacked on the left, sharing the time axis at the
/// bottom, and the legend in a column on the right.
enum PlotLayout {
    static let width = 900.0
    static let height = 700.0

    /// The title's baseline, and the baseline of the line below it that says what the frames hold.
    static let titleBaseline = 30.0
    static let subtitleBaseline = 50.0

    /// The charts' left and right edges; tick labels go to the left of `chartLeft`.
    static let chartLeft = 66.0
    static let chartRight = 712.0
    /// The top of the first chart, the bottom of the last, and the space between charts, which holds the next
    /// chart's heading.
    static let firstChartTop = 86.0
    static let chartsBottom = 646.0
    static let chartGap = 38.0
    /// The height of a chart that draws no line: enough for the sentence that says so.
    static let emptyChartHeight = 34.0

    /// The legend column's left edge, and how many characters of a name it shows.
    static let legendLeft = 732.0
    static let legendNameLength = 19
    static let legendRowHeight = 20.0

    /// How many characters of the title are shown (all of it is in the document's `<title>`).
    static let titleLength = 80

    /// About how many ticks the time axis has, and how many pixels a value axis wants between ticks.
    static let timeTickCount = 8
    static let valueTickSpacing = 40.0

    /// The charts' tops and heights, from the top, given which of them draw lines. Charts with lines share the
    /// height equally; a chart without is a strip that holds its note, so the lines get the room.
    static func chartSpans(drawing: [Bool]) -> [(top: Double, height: Double)] {
        let count = Double(drawing.count)
        let lined = Double(drawing.filter { $0 }.count)
        let available = chartsBottom - firstChartTop - (count - 1) * chartGap
        let linedHeight = lined > 0 ? (available - (count - lined) * emptyChartHeight) / lined : emptyChartHeight
        var top = firstChartTop
        return drawing.map { draws in
            let height = draws ? linedHeight : emptyChartHeight
            defer { top += height + chartGap }
            return (top, height)
        }
    }
}
