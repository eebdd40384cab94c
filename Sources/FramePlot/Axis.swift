/// A linear axis: the range of values a chart spans, its round tick values and their labels.
///
/// Ticks are multiples of a round step (1, 2 or 5 times a power of ten) inside the range, and labels show as
/// many decimals as the step needs (`0.25` never appears as `0.250`). Values of a million or more are labelled
/// in scientific form (`2.5e6`) so that labels stay short.
struct Axis: Equatable {
    /// The value at the chart's start (left or bottom edge).
    var lower: Double
    /// The value at the chart's end (right or top edge); always greater than `lower`.
    var upper: Double
    /// Round values inside `lower...upper`, increasing.
    var ticks: [Double] = []
    /// The decimal exponent of the step between ticks.
    private var stepExponent = 0

    /// An axis from `lower` to `upper` with about `tickCount` ticks.
    ///
    /// The range is widened by `padding` (a fraction of its span) on each side, so that extremes such as a
    /// spring's overshoot stay clear of the chart's edge. A range of one value becomes a unit range around it.
    init(from lower: Double, to upper: Double, padding: Double = 0, tickCount: Int) {
        let limit = PlotNumbers.largestPlotted
        var low = lower.isFinite ? min(max(lower, -limit), limit) : 0
        var high = upper.isFinite ? min(max(upper, -limit), limit) : 0
        if high < low { swap(&low, &high) }
        let span = high - low
        if span <= 1e-12 * max(1, abs(low)) {
            low -= 0.5
            high += 0.5
        } else {
            low -= span * padding
            high += span * padding
        }
        self.lower = low
        self.upper = high
        makeTicks(count: max(tickCount, 1))
    }

    /// Where `value` falls between `start` (at `lower`) and `end` (at `upper`): pixels, in a chart.
    func position(of value: Double, from start: Double, to end: Double) -> Double {
        start + (value - lower) / (upper - lower) * (end - start)
    }

    /// The label of a tick value.
    func label(_ value: Double) -> String {
        if max(abs(lower), abs(upper)) >= 1e6 {
            let decimals = PlotNumbers.exponent(of: abs(value)) - stepExponent
            return PlotNumbers.scientific(value, decimals: min(max(decimals, 0), 3))
        }
        return PlotNumbers.format(value, decimals: max(-stepExponent, 0))
    }

    private mutating func makeTicks(count: Int) {
        let raw = (upper - lower) / Double(count)
        guard raw > 0, raw.isFinite else { return }
        var exponent = PlotNumbers.exponent(of: raw)
        let fraction = raw / PlotNumbers.powerOfTen(exponent)
        var multiple: Double
        switch fraction {
        case ..<1.5: multiple = 1
        case ..<3: multiple = 2
        case ..<7: multiple = 5
        default:
            multiple = 1
            exponent += 1
        }
        stepExponent = exponent
        let power = PlotNumbers.powerOfTen(abs(exponent))
        let step = exponent >= 0 ? multiple * power : multiple / power
        // A tick on an end is kept though division rounds it just outside (0.35 / 0.05 is 6.9999…).
        let first = (lower / step - 1e-9).rounded(.up)
        let last = (upper / step + 1e-9).rounded(.down)
        guard first.isFinite, last.isFinite, last >= first, last - first < 100 else { return }
        for index in 0...Int(last - first) {
            // An integer times the multiple, scaled by an exact power of ten: 0.3, not 0.30000000000000004.
            let units = (first + Double(index)) * multiple
            let tick = exponent >= 0 ? units * power : units / power
            if tick >= lower - step * 1e-9, tick <= upper + step * 1e-9 { ticks.append(tick == 0 ? 0 : tick) }
        }
    }
}
