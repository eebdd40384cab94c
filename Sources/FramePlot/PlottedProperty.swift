import PlaygroundProtocol

/// A property of a view that the plot charts against time, one chart each.
enum PlottedProperty: Int, CaseIterable, Sendable {
    case x, y, alpha

    /// The property's value in a view's frame.
    func value(of view: ViewFrame) -> Double {
        switch self {
        case .x: view.x
        case .y: view.y
        case .alpha: view.alpha
        }
    }

    /// The property's name, as frames spell it.
    var name: String {
        switch self {
        case .x: "x"
        case .y: "y"
        case .alpha: "alpha"
        }
    }

    /// The chart's heading: the property and its unit.
    var heading: String {
        switch self {
        case .x: "x (points)"
        case .y: "y (points, down the screen)"
        case .alpha: "alpha (0–1)"
        }
    }
}

/// The smallest and largest finite values seen of one property of one view.
struct ValueExtent: Sendable {
    private(set) var lowest = Double.infinity
    private(set) var highest = -Double.infinity

    /// Takes in a value; values that are not finite are ignored.
    mutating func include(_ value: Double) {
        guard value.isFinite else { return }
        lowest = min(lowest, value)
        highest = max(highest, value)
    }

    /// Whether any finite value was seen.
    var isEmpty: Bool { lowest > highest }

    /// Whether the value changes by more than floating-point noise: a millionth of a point, or a billionth of
    /// the value where values are large.
    var changes: Bool {
        guard !isEmpty else { return false }
        let tolerance = max(1e-6, 1e-9 * max(abs(lowest), abs(highest)))
        return highest - lowest > tolerance
    }
}
