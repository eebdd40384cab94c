import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `layoutctl plot`: the real binary runs an action and writes an SVG of
/// each moving view's x, y and alpha over time.
@Suite struct PlotTests {
    /// The texts of an SVG document's elements, as XMLParser reads them (which checks it is well-formed).
    final class Texts: NSObject, XMLParserDelegate {
        var texts: [String] = []
        func parser(_ parser: XMLParser, foundCharacters string: String) { texts.append(string) }
    }

    @Test("It writes a well-formed SVG naming the views that move, and only those")
    func plotsAnAction() throws {
        try withTemporaryFolder { folder in
            let scene = folder.appendingPathComponent("Card.layout")
            try """
            view card; view still
            cardX: card.left == root.left
            card.top == 0; card.width == 10; card.height == 10
            still.left == 0; still.top == 50; still.width == 10; still.height == 10
            action slide { animate 0.5 spring damping 0.5 velocity 0 { cardX.constant = 200; card.alpha = 0.5; layout } }
            """.write(to: scene, atomically: true, encoding: .utf8)
            let svg = folder.appendingPathComponent("slide.svg")
            let result = try Layoutctl.run(["plot", scene.path, "slide", "--svg", svg.path], timeout: .seconds(60))
            #expect(result.status == 0 && result.stderr == "")
            let parser = try #require(XMLParser(contentsOf: svg))
            let texts = Texts()
            parser.delegate = texts
            #expect(parser.parse())
            #expect(texts.texts.contains("card") && !texts.texts.contains("still"))
            #expect(texts.texts.contains { $0.contains("Card: slide") })
        }
    }

    @Test("An unknown action fails, naming the scene's actions, and writes nothing")
    func unknownAction() throws {
        try withTemporaryFolder { folder in
            let scene = folder.appendingPathComponent("Card.layout")
            try "view card\naction slide { layout }".write(to: scene, atomically: true, encoding: .utf8)
            let svg = folder.appendingPathComponent("out.svg")
            let result = try Layoutctl.run(["plot", scene.path, "fly", "--svg", svg.path], timeout: .seconds(60))
            #expect(result.status == 1)
            #expect(result.stderr.contains("has no action 'fly'; it has: 'slide'"))
            #expect(!FileManager.default.fileExists(atPath: svg.path))
        }
    }
}
