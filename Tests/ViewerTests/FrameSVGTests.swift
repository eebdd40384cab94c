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
            }
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inText { texts[texts.count - 1] += string }
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "text" { inText = false }
        }
    }

    @Test(
        "Boxes where the frame puts them, names and texts escaped, alpha down the parents, hidden views and guides left out"
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
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = Collector()
        parser.delegate = collector
        #expect(parser.parse(), "the SVG must be well-formed XML")
        // The canvas (clip and background), then one box per drawn view.
        let boxes = collector.rects.filter { $0["x"] != nil }
        #expect(
            boxes.map { [$0["x"], $0["y"], $0["width"], $0["height"]] } == [
                ["10", "20", "100", "50"], ["15", "25", "80", "20"],
            ])
        #expect(boxes.first?["fill"] == "#3366ff")
        #expect(collector.texts == ["card", "title", "a < b & \u{FFFD}[2J"])
        #expect(collector.groups.compactMap { $0["opacity"] } == ["0.5", "0.25"])
        #expect(!svg.contains("gone") && !svg.contains("spacer"))
    }
}
