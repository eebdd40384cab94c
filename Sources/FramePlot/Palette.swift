/// The colours of the plot's lines, one per drawn view, in order.
///
/// Okabe and Ito's colour-blind-safe set without its yellow, which does not read on white, and with its orange
/// and sky blue darkened, followed by three dark hues from Paul Tol's sets and D3's brown. Every colour has a
/// contrast of at least 3:1 against the white background (WCAG's bar for lines and shapes), and the first six
/// differ most.
enum Palette {
    static let colors = [
        "#0072b2",  // blue
        "#d55e00",  // vermilion
        "#009e73",  // bluish green
        "#cc79a7",  // reddish purple
        "#c08400",  // orange, darkened from #e69f00
        "#332288",  // indigo
        "#882255",  // wine
        "#999933",  // olive
        "#8c564b",  // brown
        "#3594d0",  // sky blue, darkened from #56b4e9; last, as it is nearest the first
    ]

    /// Text and axes.
    static let ink = "#222"
    /// Tick labels, notes and secondary text.
    static let muted = "#666"
    /// The charts' frames and tick marks.
    static let frame = "#b3b3b3"
    /// Grid lines.
    static let grid = "#ebebeb"
}
