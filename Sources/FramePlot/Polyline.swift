/// A point on the canvas, in pixels.
struct Point: Equatable {
    var x: Double
    var y: Double
}

/// Turning a view's values into the lines that draw them.
enum Polyline {
    /// The unbroken runs of points of a series: a value missing from a frame ends a run, and the next value
    /// starts another.
    ///
    /// - Parameters:
    ///   - values: The values, one per time; `nil` where there is none.
    ///   - times: The times, as many as values.
    ///   - place: Where a (time, value) pair goes on the canvas.
    /// - Returns: The runs, each of one point or more, in order of time.
    static func runs(of values: [Double?], at times: [Double], placedBy place: (Double, Double) -> Point)
        -> [[Point]]
    {
        var runs: [[Point]] = []
        var current: [Point] = []
        for (value, time) in zip(values, times) {
            if let value {
                current.append(place(time, value))
            } else if !current.isEmpty {
                runs.append(current)
                current = []
            }
        }
        if !current.isEmpty { runs.append(current) }
        return runs
    }

    /// A run of points thinned to what a pixel column can show: when the run has more than two points per column,
    /// each column keeps its first, lowest, highest and last point, so the drawn line looks the same (the M4
    /// method) while the document stays small for long recordings.
    static func thinned(_ points: [Point], columns: Double) -> [Point] {
        guard Double(points.count) > 2 * columns else { return points }
        var kept: [Point] = []
        var start = 0
        while start < points.count {
            let column = points[start].x.rounded(.down)
            var end = start
            var lowest = start
            var highest = start
            while end + 1 < points.count, points[end + 1].x.rounded(.down) == column {
                end += 1
                if points[end].y < points[lowest].y { lowest = end }
                if points[end].y > points[highest].y { highest = end }
            }
            var indices = [start, lowest, highest, end]
            indices.sort()
            for (position, index) in indices.enumerated() where position == 0 || index != indices[position - 1] {
                kept.append(points[index])
            }
            start = end + 1
        }
        return kept
    }

    /// The value of a polyline's `points` attribute: `x,y x,y …`, short numbers.
    static func pointsAttribute(_ points: [Point]) -> String {
        points.map { PlotNumbers.coordinate($0.x) + "," + PlotNumbers.coordinate($0.y) }.joined(separator: " ")
    }

    /// Whether a series passes its final value on the way there, as a spring does: some value lies beyond the
    /// last one, in the direction of travel from the first, by more than a thousandth of the distance. A series
    /// that travels less than a quarter of its range, such as a shake that ends where it began, has no direction
    /// to overshoot in.
    static func overshoots(_ values: [Double?]) -> Bool {
        let present = values.compactMap { $0 }
        guard let first = present.first, let last = present.last, let lowest = present.min(),
            let highest = present.max()
        else { return false }
        let distance = last - first
        let tolerance = max(1e-6, 1e-3 * abs(distance))
        guard abs(distance) > tolerance, abs(distance) >= (highest - lowest) / 4 else { return false }
        let direction: Double = distance > 0 ? 1 : -1
        return present.contains { ($0 - last) * direction > tolerance }
    }
}
