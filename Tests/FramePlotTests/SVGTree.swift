import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An element of a parsed SVG document, for tests to query.
final class SVGElement {
    let name: String
    let attributes: [String: String]
    private(set) var children: [SVGElement] = []
    /// The text directly inside the element.
    fileprivate(set) var text = ""

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    subscript(attribute: String) -> String? { attributes[attribute] }

    /// The element and everything inside it, in document order.
    var descendantsAndSelf: [SVGElement] {
        [self] + children.flatMap(\.descendantsAndSelf)
    }

    /// Every element at or under this one with the given name and, if given, class.
    func all(_ name: String, class className: String? = nil) -> [SVGElement] {
        descendantsAndSelf.filter { $0.name == name && (className == nil || $0["class"] == className) }
    }

    /// The chart of one property (`x`, `y` or `alpha`).
    func chart(_ property: String) throws -> SVGElement {
        try #require(all("g", class: "chart").first { $0["data-chart"] == property })
    }

    /// A number attribute.
    func number(_ attribute: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Double {
        let text = try #require(attributes[attribute], sourceLocation: sourceLocation)
        return try #require(Double(text), sourceLocation: sourceLocation)
    }

    /// A polyline's points.
    func points(sourceLocation: SourceLocation = #_sourceLocation) throws -> [(x: Double, y: Double)] {
        let text = try #require(attributes["points"], sourceLocation: sourceLocation)
        return try text.split(separator: " ").map { pair in
            let parts = pair.split(separator: ",")
            try #require(parts.count == 2, sourceLocation: sourceLocation)
            return (
                try #require(Double(String(parts[0])), sourceLocation: sourceLocation),
                try #require(Double(String(parts[1])), sourceLocation: sourceLocation)
            )
        }
    }

    fileprivate func append(_ child: SVGElement) { children.append(child) }
}

/// Parses SVG text with Foundation's XML parser: a test that parses has shown the document well-formed.
enum SVGTree {
    struct MalformedError: Error, CustomStringConvertible {
        var description: String
    }

    static func parse(_ svg: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> SVGElement {
        let builder = Builder()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else {
            throw MalformedError(
                description: "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "no root element")")
        }
        return root
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: SVGElement?
        var stack: [SVGElement] = []

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
        ) {
            let element = SVGElement(name: elementName, attributes: attributeDict)
            if let parent = stack.last { parent.append(element) } else { root = element }
            stack.append(element)
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
        ) {
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }
    }
}
