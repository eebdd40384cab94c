import PlaygroundProtocol

/// What a plot shows, read from frames: the frames' times in order, and the values of each drawn view at those
/// times.
///
/// A view is known by its name and, when a frame lists several views of one name, by its place among them (the
/// second `card` of a frame is `card #2`). Layout guides are left out: they are never on screen. A view may be
/// missing from some frames, and a value may be NaN or infinite: either leaves a gap in its line. Frames without a
/// finite time are left out and counted; the others are put in order of time. Values beyond ±10¹⁵ are drawn at
/// that bound.
///
/// A view *moves* when its x, y or alpha changes across the frames. The first ``maximumDrawnCount`` moving
/// views, in the order they first appear, are drawn; the rest are only counted.
struct PlotData {
    /// How many moving views a plot draws at most: one per colour of the palette, and as many lines as a chart
    /// can show before they can no longer be told apart.
    static let maximumDrawnCount = Palette.colors.count

    /// One drawn view: its label and its values at each of the plot's times.
    struct Series {
        /// The view's name, with `#2`, `#3`… for later views of the same name in a frame.
        var label: String
        /// Values by property, then by time index; `nil` where the view is missing or the value not finite.
        var values: [[Double?]]
        /// The extent of each property's values.
        var extents: [ValueExtent]

        /// The view's values of one property, one per time.
        subscript(property: PlottedProperty) -> [Double?] { values[property.rawValue] }

        /// Whether the view's value of `property` changes.
        func changes(_ property: PlottedProperty) -> Bool { extents[property.rawValue].changes }
    }

    /// How many frames were given.
    var frameCount = 0
    /// How many frames were left out for lack of a finite time.
    var framesWithoutTime = 0
    /// The kept frames' times, in increasing order.
    var times: [Double] = []
    /// How many views (not guides) appear in the frames.
    var viewCount = 0
    /// How many of them move.
    var movingCount = 0
    /// The moving views drawn, in order of first appearance.
    var series: [Series] = []

    /// Whether any drawn view's value of `property` changes.
    func changes(_ property: PlottedProperty) -> Bool {
        series.contains { $0.changes(property) }
    }

    /// Reads the frames.
    init(frames: [Frame]) {
        frameCount = frames.count
        let limit = PlotNumbers.largestPlotted
        let ordered = frames.indices.filter { frames[$0].time.isFinite }
            .sorted { (frames[$0].time, $0) < (frames[$1].time, $1) }
            .map { frames[$0] }
        framesWithoutTime = frames.count - ordered.count
        times = ordered.map { min(max($0.time, -limit), limit) }

        // First pass: every view's extents, to find the moving ones.
        var indexByKey: [ViewKey: Int] = [:]
        var keys: [ViewKey] = []
        var extents: [[ValueExtent]] = []
        for frame in ordered {
            Self.forEachView(in: frame) { key, view in
                let index: Int
                if let known = indexByKey[key] {
                    index = known
                } else {
                    index = keys.count
                    indexByKey[key] = index
                    keys.append(key)
                    extents.append(Array(repeating: ValueExtent(), count: PlottedProperty.allCases.count))
                }
                for property in PlottedProperty.allCases {
                    extents[index][property.rawValue].include(property.value(of: view))
                }
            }
        }
        viewCount = keys.count
        let moving = keys.indices.filter { index in extents[index].contains { $0.changes } }
        movingCount = moving.count

        // Second pass: the values of the drawn views only.
        let drawn = moving.prefix(Self.maximumDrawnCount)
        var slotByKey: [ViewKey: Int] = [:]
        for (slot, index) in drawn.enumerated() {
            slotByKey[keys[index]] = slot
            let empty = [[Double?]](
                repeating: Array(repeating: nil, count: times.count), count: PlottedProperty.allCases.count)
            series.append(Series(label: keys[index].label, values: empty, extents: extents[index]))
        }
        guard !series.isEmpty else { return }
        for (time, frame) in ordered.enumerated() {
            Self.forEachView(in: frame) { key, view in
                guard let slot = slotByKey[key] else { return }
                for property in PlottedProperty.allCases {
                    let value = property.value(of: view)
                    series[slot].values[property.rawValue][time] = value.isFinite ? min(max(value, -limit), limit) : nil
                }
            }
        }
    }

    /// Calls `body` with each view of a frame (guides left out) and the key that names it across frames.
    private static func forEachView(in frame: Frame, _ body: (ViewKey, ViewFrame) -> Void) {
        var seen: [String: Int] = [:]
        for view in frame.views where view.kind != .guide {
            let occurrence = seen[view.name, default: 0]
            seen[view.name] = occurrence + 1
            body(ViewKey(name: view.name, occurrence: occurrence), view)
        }
    }
}

/// A view's identity across frames: its name, and its place among the views of that name in a frame.
private struct ViewKey: Hashable {
    var name: String
    var occurrence: Int

    /// The view's name as the legend shows it.
    var label: String {
        let name = name.isEmpty ? "(no name)" : name
        return occurrence == 0 ? name : "\(name) #\(occurrence + 1)"
    }
}
