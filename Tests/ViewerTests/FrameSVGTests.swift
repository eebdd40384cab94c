import Foundation
import FoundationXML
import PlaygroundProtocol
import Testing
import Viewer

/// The SVG picture of a frame, read back with Foundation's XML parser.
@Suite struct FrameSVGTests {
    final class Collector: NSObject, XMLParserDelegate {
        var rects: [[String: String]] = []
        var texts: [String] = []
        var textAttributes: [[String: String]] = []
        var groups: [[String: String]] = []
        var inText = false
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            if name == "rect" { rects.append(attributes) }
            if name == "g" { groups.append(attributes) }
            if name == "text" {
                inText = true
                texts.append("")
                textAttributes.append(attributes)
            }
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inText { texts[texts.count - 1] += string }
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "text" { inText = false }
        }
    }

    static func parse(_ svg: String) -> Collector {
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = Collector()
        parser.delegate = collector
        #expect(parser.parse(), "the SVG must be well-formed XML")
        return collector
    }

    @Test(
        "Boxes where the frame puts them, a label as its text alone, names and texts escaped, alpha down the parents, hidden views and guides left out"
    )
    func picture() throws {
        let frame = Frame(
            scene: "T", generation: 1, seq: 0, time: 0, settled: true, canvas: Size(width: 200, height: 100),
            views: [
                FrameRendererTests.view("card", 10, 20, 100, 50, color: 0x3366FF, alpha: 0.5),
                FrameRendererTests.view("title", 15, 25, 80, 20, parent: "card", alpha: 0.5, text: "a < b & \u{1B}[2J"),
                FrameRendererTests.view("gone", 0, 0, 10, 10, hidden: true),
                ViewFrame(
                    name: "spacer", kind: .guide, parent: "root", x: 0, y: 0, width: 5, height: 5, alpha: 1, text: nil,
                    font: nil, color: nil, hidden: false),
            ])
        let svg = FrameSVG.render(frame)
        let collector = Self.parse(svg)
        // The canvas (clip and background), then the card's box; the label, without a colour, has none.
        let boxes = collector.rects.filter { $0["x"] != nil }
        #expect(boxes.map { [$0["x"], $0["y"], $0["width"], $0["height"]] } == [["10", "20", "100", "50"]])
        #expect(boxes.first?["fill"] == "#3366ff")
        // The card's name; the label's text, centred on it, and not its name.
        #expect(collector.texts == ["card", "a < b & \u{FFFD}[2J"])
        #expect(collector.textAttributes.last?["x"] == "55" && collector.textAttributes.last?["y"] == "35")
        #expect(collector.textAttributes.last?["text-anchor"] == "middle")
        #expect(collector.groups.compactMap { $0["opacity"] } == ["0.5", "0.25"])
        #expect(!svg.contains("gone") && !svg.contains("spacer"))
    }

    @Test(
        "A label's lines are a <text> a row, centred on it, 1.2 × font apart; a coloured label is its colour, no border"
    )
    func labelLines() {
        let frame = FrameRendererTests.frame(
            [
                ViewFrame(
                    name: "poem", kind: .label, parent: "root", x: 0, y: 0, width: 100, height: 60, text: "one two",
                    font: 10, color: Color(rgb: 0xFF0000), lines: ["one", "two"])
            ], canvas: Size(width: 100, height: 100))
        let collector = Self.parse(FrameSVG.render(frame))
        #expect(collector.texts == ["one", "two"])
        #expect(collector.textAttributes.map { $0["y"] } == ["24", "36"])
        #expect(collector.textAttributes.map { $0["x"] } == ["50", "50"])
        let boxes = collector.rects.filter { $0["x"] != nil }
        #expect(boxes.count == 1 && boxes.first?["fill"] == "#ff0000" && boxes.first?["stroke"] == nil)
    }

    @Test("A button is its box and its title; a transform is an SVG transform about the view's centre")
    func buttonAndTransform() {
        let frame = FrameRendererTests.frame(
            [
                ViewFrame(
                    name: "go", kind: .button, parent: "root", x: 10, y: 20, width: 40, height: 30, text: "Start",
                    font: 17, transform: AffineTransform2D(scaleX: 2, y: 2))
            ], canvas: Size(width: 100, height: 100))
        let collector = Self.parse(FrameSVG.render(frame))
        #expect(collector.texts == ["Start"])
        let boxes = collector.rects.filter { $0["x"] != nil }
        #expect(boxes.map { [$0["x"], $0["y"], $0["width"], $0["height"]] } == [["10", "20", "40", "30"]])
        #expect(boxes.first?["stroke"] != nil)
        // The centre (30, 35) to the origin, the matrix, and back.
        #expect(
            collector.groups.compactMap { $0["transform"] } == [
                "translate(30 35) matrix(2 0 0 2 0 0) translate(-30 -35)"
            ])
        // No transform, no attribute.
        let plain = Self.parse(
            FrameSVG.render(FrameRendererTests.frame([FrameRendererTests.view("box", 0, 0, 10, 10)])))
        #expect(plain.groups.allSatisfy { $0["transform"] == nil })
    }
}
