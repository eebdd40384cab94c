import Foundation
import FramePlot
import PlaygroundProtocol
import Testing

/// What the plot shows: lines for the moving views where their axes say, nothing for the others, a legend.
@Suite struct FramePlotTests {
    /// `card` moves right 0 → 100 pt in a second at constant speed; `label` stays where it is.
    let linear = Frames.sampled(count: 11, over: 1) { time in
        [Frames.view("card", x: 100 * time, y: 50), Frames.view("label", x: 10, y: 10)]
    }

    @Test("The document is well-formed SVG of about 900 by 700, with the title as its title")
    func wellFormed() throws {
        let root = try SVGTree.parse(FramePlot.svg(linear, title: "Quiz: reveal"))
        #expect(root.name == "svg")
        #expect(root["width"] == "900" && root["height"] == "700" && root["viewBox"] == "0 0 900 700")
        #expect(root.all("title").first?.text == "Quiz: reveal")
        #expect(root.all("text", class: "title").first?.text == "Quiz: reveal")
    }

    @Test("A view moving at constant speed is one straight polyline whose points sit where the axes say")
    func linearMotion() throws {
        let root = try SVGTree.parse(FramePlot.svg(linear, title: "Linear"))
        let chart = try root.chart("x")
        let lines = chart.all("polyline", class: "series")
        try #require(lines.count == 1)
        #expect(lines[0]["data-view"] == "card")
        let points = try lines[0].points()
        try #require(points.count == 11)

        let time = try TickScale(ticks: root.all("g", class: "time-tick"), along: "x1")
        let value = try TickScale(ticks: chart.all("g", class: "value-tick"), along: "y1")
        #expect(time.labels.first == "0" && time.labels.contains("1"))
        #expect(value.labels.contains("0") && value.labels.contains("100"))
        for (index, point) in points.enumerated() {
            let seconds = Double(index) / 10
            #expect(abs(point.x - time.pixel(for: seconds)) <= 0.01, "t = \(seconds)")
            #expect(abs(point.y - value.pixel(for: 100 * seconds)) <= 0.01, "x = \(100 * seconds)")
        }
        // Straight: every point lies on the line through the first and the last, and x grows to the right
        // while the value grows upwards.
        let first = points[0]
        let last = points[10]
        #expect(last.x > first.x && last.y < first.y)
        for point in points {
            let cross = (last.x - first.x) * (point.y - first.y) - (last.y - first.y) * (point.x - first.x)
            #expect(abs(cross) / (last.x - first.x) <= 0.02)
        }
    }

    @Test("Charts of values that do not change draw no line and say so")
    func unchangedCharts() throws {
        let root = try SVGTree.parse(FramePlot.svg(linear, title: "Linear"))
        for property in ["y", "alpha"] {
            let chart = try root.chart(property)
            #expect(chart.all("polyline").isEmpty && chart.all("g", class: "value-tick").isEmpty)
            #expect(
                chart.all("text", class: "unchanged").first?.text == "\(property) stays the same for every view drawn")
        }
    }

    @Test("Views that do not move, and guides, are absent; the legend names each moving view in order")
    func movingViewsOnly() throws {
        let frames = Frames.sampled(count: 5, over: 0.5) { time in
            [
                Frames.view("still", x: 5),
                Frames.view("fader", alpha: 1 - time),
                Frames.view("noise", x: 7 + time * 1e-9),
                Frames.view("gap", x: 100 * time, kind: .guide),
                Frames.view("dropper", y: 300 * time),
                Frames.view("slider", x: 20 + 40 * time, y: 10 * time),
            ]
        }
        let svg = FramePlot.svg(frames, title: "Moving")
        let root = try SVGTree.parse(svg)
        let legend = root.all("g", class: "legend-entry").map { $0["data-view"] }
        #expect(legend == ["fader", "dropper", "slider"])
        #expect(
            root.all("g", class: "legend-entry").map { $0.all("text").first?.text } == ["fader", "dropper", "slider"])
        let drawn = Set(root.all("polyline").compactMap { $0["data-view"] })
        #expect(drawn == ["fader", "dropper", "slider"])
        for absent in ["still", "noise", "gap"] { #expect(!svg.contains(absent)) }
        #expect(try root.chart("x").all("polyline").map { $0["data-view"] } == ["slider"])
        #expect(try root.chart("y").all("polyline").map { $0["data-view"] } == ["dropper", "slider"])
        #expect(try root.chart("alpha").all("polyline").map { $0["data-view"] } == ["fader"])
        let notes = root.all("text", class: "note").map(\.text)
        #expect(notes == ["2 views that do not", "move, left out"])
        #expect(root.all("text", class: "summary").first?.text == "5 frames from 0 s to 0.5 s · 3 of 5 views moving")
    }

    @Test("Each moving view keeps one colour in every chart and the legend, and no two views share one")
    func colours() throws {
        let frames = Frames.sampled(count: 4, over: 1) { time in
            (0..<4).map { Frames.view("v\($0)", x: Double($0) * time, y: time, alpha: 1 - time / 2) }
        }
        let root = try SVGTree.parse(FramePlot.svg(frames, title: "Colours"))
        let swatches = root.all("g", class: "legend-entry").map { ($0["data-view"] ?? "", $0.all("line")[0]["stroke"]) }
        #expect(swatches.count == 4 && Set(swatches.map(\.1)).count == 4)
        for line in root.all("polyline") {
            #expect(swatches.first { $0.0 == line["data-view"] }?.1 == line["stroke"])
        }
    }

    @Test("A spring's overshoot lies inside its chart, with a dashed line where it settles")
    func overshoot() throws {
        let frames = Frames.sampled(count: 61, over: 1) { time in
            [Frames.view("card", x: 40 + 200 * Frames.spring(time)), Frames.view("old", alpha: 1 - time)]
        }
        let root = try SVGTree.parse(FramePlot.svg(frames, title: "Spring"))
        let chart = try root.chart("x")
        let frame = try #require(chart.all("rect", class: "frame").first)
        let top = try frame.number("y")
        let bottom = try top + frame.number("height")
        let points = try #require(chart.all("polyline").first).points()
        let highest = try #require(points.map(\.y).min())
        #expect(highest > top + 1 && points.allSatisfy { $0.y < bottom - 1 })
        let value = try TickScale(ticks: chart.all("g", class: "value-tick"), along: "y1")
        let peak = frames.map { $0.views[0].x }.max() ?? 0
        #expect(peak > 250 && abs(value.pixel(for: peak) - highest) <= 0.01)
        let settles = chart.all("line", class: "settles")
        try #require(settles.count == 1)
        #expect(abs(try settles[0].number("y1") - value.pixel(for: frames.last?.views[0].x ?? 0)) <= 0.01)
        #expect(try root.chart("alpha").all("line", class: "settles").isEmpty)
    }

    @Test("A shake that ends where it began, and a plain ease, get no dashed line")
    func noSettleLine() throws {
        let frames = Frames.sampled(count: 61, over: 1) { time in
            [
                Frames.view("shaker", x: 8 * sin(time * 40) * (1 - time)),
                Frames.view("easer", y: 100 * time * time * (3 - 2 * time)),
            ]
        }
        let root = try SVGTree.parse(FramePlot.svg(frames, title: "Shake"))
        #expect(root.all("line", class: "settles").isEmpty)
        #expect(!root.all("text").contains { $0.text == "where it settles" })
    }

    @Test("The same frames give the same bytes, in whatever order the frames come")
    func deterministic() throws {
        let frames = Frames.sampled(count: 30, over: 0.5) { time in
            (0..<40).map { Frames.view("view\($0)", x: Double($0 % 7) * time, alpha: 1 - time * Double($0 % 3)) }
        }
        let once = FramePlot.svg(frames, title: "Same")
        #expect(once == FramePlot.svg(frames, title: "Same"))
        #expect(once == FramePlot.svg(frames.reversed(), title: "Same"))
        #expect(once.hasSuffix("</svg>\n"))
    }

    @Test("Numbers are short: no exponent, no trailing zeros, at most two decimals, never -0")
    func compactNumbers() throws {
        let frames = Frames.sampled(count: 97, over: 1.6) { time in
            [Frames.view("card", x: (time * 1 / 3).squareRoot() * 0.1, y: -time / 7, alpha: time / 1.6)]
        }
        let root = try SVGTree.parse(FramePlot.svg(frames, title: "Numbers"))
        let numeric = ["x", "y", "x1", "x2", "y1", "y2", "cx", "cy", "width", "height"]
        var numbers = root.descendantsAndSelf.flatMap { element in numeric.compactMap { element[$0] } }
        numbers += try root.all("polyline").flatMap { try $0.points().flatMap { [String($0.x), String($0.y)] } }
        for text in root.all("polyline").compactMap({ $0["points"] }) {
            numbers += text.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        }
        for number in numbers where !number.hasSuffix(".0") {
            #expect(number.wholeMatch(of: /-?(0|[1-9][0-9]*)(\.[0-9]?[1-9])?/) != nil, "\(number)")
            #expect(number != "-0")
        }
        let labels = root.all("g", class: "value-tick").compactMap { $0.all("text").first?.text }
        #expect(labels.allSatisfy { !$0.hasSuffix("0") || !$0.contains(".") })
    }
}

/// The mapping from values to pixels that an axis's labelled ticks state.
struct TickScale {
    var labels: [String]
    private var pairs: [(value: Double, pixel: Double)]

    /// Reads tick groups, each a `line` (whose `attribute` is the pixel) and a `text` (the value).
    init(ticks: [SVGElement], along attribute: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        labels = ticks.compactMap { $0.all("text").first?.text }
        pairs = try ticks.map { tick in
            let text = try #require(tick.all("text").first?.text, sourceLocation: sourceLocation)
            let line = try #require(tick.all("line").first, sourceLocation: sourceLocation)
            return (try #require(Double(text), sourceLocation: sourceLocation), try line.number(attribute))
        }
        try #require(pairs.count >= 2, "an axis needs two ticks", sourceLocation: sourceLocation)
    }

    /// The pixel of `value`, by the axis's first and last ticks.
    func pixel(for value: Double) -> Double {
        let (a, b) = (pairs[0], pairs[pairs.count - 1])
        return a.pixel + (value - a.value) / (b.value - a.value) * (b.pixel - a.pixel)
    }
}
