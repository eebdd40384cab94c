import FramePlot
import PlaygroundProtocol
import Testing

/// Input the plot must survive: no frames, odd numbers, odd times, crowds, shared names, escapes.
@Suite struct FramePlotEdgeCaseTests {
    @Test("No frames give a well-formed picture that says nothing moves")
    func noFrames() throws {
        let root = try SVGTree.parse(FramePlot.svg([], title: "Empty"))
        #expect(root.all("text", class: "nothing-moves").first?.text == "Nothing moves")
        #expect(root.all("text").contains { $0.text == "There are no frames to plot." })
        #expect(root.all("polyline").isEmpty && root.all("g", class: "legend").isEmpty)
        #expect(root.all("text", class: "summary").first?.text == "no frames")
    }

    @Test("One frame, or frames where nothing changes, say that nothing moves", arguments: [1, 12])
    func nothingMoves(frameCount: Int) throws {
        let frames = Frames.sampled(count: frameCount, over: 0.2) { _ in
            [Frames.view("card", x: 10, y: 20, alpha: 0.5), Frames.view("gap", x: 3, kind: .guide)]
        }
        let root = try SVGTree.parse(FramePlot.svg(frames, title: "Still"))
        let reason = frameCount == 1 ? "in a single frame" : "across the \(frameCount) frames"
        #expect(root.all("text", class: "nothing-moves").count == 1)
        #expect(root.all("text").contains { $0.text == "No view's x, y or alpha changes \(reason)." })
        #expect(root.all("polyline").isEmpty)
    }

    @Test("Frames that hold only guides hold no views")
    func onlyGuides() throws {
        let frames = Frames.sampled(count: 3, over: 1) { time in [Frames.view("gap", x: time, kind: .guide)] }
        let root = try SVGTree.parse(FramePlot.svg(frames, title: "Guides"))
        #expect(root.all("text").contains { $0.text == "The frames hold no views." })
    }

    @Test("NaN and infinite values leave gaps; a lone value is a dot")
    func notFiniteValues() throws {
        let xs: [Double] = [0, 10, .nan, 30, .infinity, 50, -.infinity, 70, 80]
        let frames = xs.enumerated().map { index, x in
            Frames.frame(at: Double(index) / 10, [Frames.view("card", x: x, y: .nan, alpha: .signalingNaN)])
        }
        let root = try SVGTree.parse(FramePlot.svg(frames, title: "NaN"))
        let chart = try root.chart("x")
        #expect(try chart.all("polyline").map { try $0.points().count } == [2, 2])
        #expect(chart.all("circle").count == 2)
        #expect(try root.chart("y").all("polyline").isEmpty && root.chart("alpha").all("polyline").isEmpty)
    }

    @Test("Huge values are drawn inside the canvas, labelled in scientific form")
    func hugeValues() throws {
        let frames = [-1e300, 1e20, 1e300, -.greatestFiniteMagnitude].enumerated().map { index, x in
            Frames.frame(at: Double(index), [Frames.view("card", x: x, y: 2e6 * Double(index), alpha: 1e-300)])
        }
        let root = try SVGTree.parse(FramePlot.svg(frames, title: "Huge"))
        for point in try root.all("polyline").flatMap({ try $0.points() }) {
            #expect((0...900).contains(point.x) && (0...700).contains(point.y))
        }
        let labels = try root.chart("y").all("g", class: "value-tick").compactMap { $0.all("text").first?.text }
        #expect(labels.contains("2e6") && labels.contains("4e6") && labels.allSatisfy { $0.count <= 6 })
        let xLabels = try root.chart("x").all("g", class: "value-tick").compactMap { $0.all("text").first?.text }
        #expect(xLabels.contains("0") && xLabels.contains { $0.hasSuffix("e14") || $0.hasSuffix("e15") })
    }

    @Test("Frames without a finite time are left out and counted; the others are put in order")
    func badTimes() throws {
        let times: [Double] = [1, .nan, 0, .infinity, 0.5, -.infinity]
        let frames = times.map { time in
            Frames.frame(at: time, [Frames.view("card", x: time.isFinite ? 100 * time : 999)])
        }
        let root = try SVGTree.parse(FramePlot.svg(frames, title: "Times"))
        let summary = try #require(root.all("text", class: "summary").first?.text)
        #expect(summary == "3 frames from 0 s to 1 s · 1 of 1 view moving · 3 frames without a finite time left out")
        let points = try #require(root.all("polyline").first).points()
        #expect(points.count == 3 && points.map(\.x) == points.map(\.x).sorted())
        #expect(points[0].y > points[1].y && points[1].y > points[2].y)
    }

    @Test("Frames all at one time still plot, on a unit time axis around it")
    func oneTime() throws {
        let frames = (0..<3).map { Frames.frame(at: 2, [Frames.view("card", x: Double($0))]) }
        let root = try SVGTree.parse(FramePlot.svg(frames, title: "Instant"))
        let points = try #require(root.all("polyline").first).points()
        #expect(points.count == 3 && Set(points.map(\.x)).count == 1)
        let labels = root.all("g", class: "time-tick").compactMap { $0.all("text").first?.text }
        #expect(labels.contains("2"))
    }

    @Test("Thousands of moving views: ten lines, and the legend says how many more")
    func crowd() throws {
        let frames = Frames.sampled(count: 3, over: 0.1) { time in
            (0..<3000).map { Frames.view("cell\($0)", x: Double($0) * time, alpha: 1) }
        }
        let root = try SVGTree.parse(FramePlot.svg(frames, title: "Crowd"))
        #expect(root.all("g", class: "legend-entry").compactMap { $0["data-view"] } == (1...10).map { "cell\($0)" })
        #expect(try root.chart("x").all("polyline").count == 10)
        let notes = root.all("text", class: "note").map(\.text)
        #expect(notes == ["+ 2,989 more moving", "views not drawn", "1 view that does not", "move, left out"])
    }

    @Test("Views sharing a name are told apart by their place in the frame")
    func duplicateNames() throws {
        let frames = Frames.sampled(count: 4, over: 0.3) { time in
            [Frames.view("card", x: 10 * time), Frames.view("card", x: -10 * time), Frames.view("", y: time)]
        }
        let root = try SVGTree.parse(FramePlot.svg(frames, title: "Twins"))
        #expect(
            root.all("g", class: "legend-entry").compactMap { $0["data-view"] } == ["card", "card #2", "(no name)"])
        let lines = try root.chart("x").all("polyline")
        #expect(lines.map { $0["data-view"] } == ["card", "card #2"])
        #expect(try lines[0].points().last!.y < lines[1].points().last!.y)
    }

    @Test("A view that appears late or leaves early has a line only while it is there")
    func appearingAndLeaving() throws {
        let frames = Frames.sampled(count: 11, over: 1) { time in
            var views: [ViewFrame] = []
            if time < 0.45 { views.append(Frames.view("old", alpha: 1 - time)) }
            if time > 0.25 { views.append(Frames.view("new", alpha: time)) }
            if time < 0.15 || time > 0.75 { views.append(Frames.view("blink", x: time)) }
            return views
        }
        let root = try SVGTree.parse(FramePlot.svg(frames, title: "Reload"))
        let alpha = try root.chart("alpha").all("polyline")
        #expect(try alpha.map { "\($0["data-view"] ?? ""):\(try $0.points().count)" } == ["old:5", "new:8"])
        #expect(try root.chart("x").all("polyline").map { try $0.points().count } == [2, 3])
    }

    @Test("Titles and names are escaped for XML, and characters XML cannot hold are replaced")
    func escaping() throws {
        let title = "<b>\"Fish\" & 'Chips'</b>\u{1}]]>"
        let name = "a<b>&\"c'\u{7}"
        let frames = Frames.sampled(count: 3, over: 1) { time in [Frames.view(name, x: time)] }
        let svg = FramePlot.svg(frames, title: title)
        let root = try SVGTree.parse(svg)
        let shown = "<b>\"Fish\" & 'Chips'</b>\u{FFFD}]]>"
        #expect(root.all("title").first?.text == shown)
        #expect(root.all("text", class: "title").first?.text == shown)
        let entry = try #require(root.all("g", class: "legend-entry").first)
        #expect(entry["data-view"] == "a<b>&\"c'\u{FFFD}" && entry.all("title").first?.text == "a<b>&\"c'\u{FFFD}")
        #expect(!svg.contains("<b>") && !svg.contains("\u{1}") && !svg.contains("\u{7}"))
    }

    @Test("Long titles and names are cut with an ellipsis, kept whole in tooltips")
    func longText() throws {
        let title = String(repeating: "Title ", count: 40)
        let name = String(repeating: "n", count: 50)
        let frames = Frames.sampled(count: 3, over: 1) { time in [Frames.view(name, x: time)] }
        let root = try SVGTree.parse(FramePlot.svg(frames, title: title))
        let shown = try #require(root.all("text", class: "title").first?.text)
        #expect(shown.count == 80 && shown.hasSuffix("…") && title.hasPrefix(shown.dropLast()))
        #expect(root.all("title").first?.text == title)
        let entry = try #require(root.all("g", class: "legend-entry").first)
        #expect(entry.all("text").first?.text == String(repeating: "n", count: 18) + "…")
        #expect(entry.all("title").first?.text == name)
    }

    @Test("Long recordings are thinned to what the pixels show, keeping the ends and the extremes")
    func longRecording() throws {
        let frames = (0..<20_000).map { index in
            let x = index == 12_345 ? 500 : Double(index % 10)
            return Frames.frame(at: Double(index) / 200, [Frames.view("card", x: x)])
        }
        let root = try SVGTree.parse(FramePlot.svg(frames, title: "Long"))
        let points = try #require(root.all("polyline").first).points()
        #expect(points.count < 4 * 700 && points.count > 600)
        #expect(points.first?.x == 66 && points.last?.x == 712)
        let chart = try root.chart("x")
        let value = try TickScale(ticks: chart.all("g", class: "value-tick"), along: "y1")
        #expect(points.contains { abs($0.y - value.pixel(for: 500)) < 0.01 })
    }
}
