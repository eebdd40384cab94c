/// An SVG document written line by line: one element per line, numbers in their short form, text escaped.
struct SVGDocument {
    private(set) var text = ""

    /// Starts a document of the plot's size on a white background, its `<title>` the full title.
    init(title: String) {
        let width = PlotNumbers.coordinate(PlotLayout.width)
        let height = PlotNumbers.coordinate(PlotLayout.height)
        add("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        add(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
                + "viewBox=\"0 0 \(width) \(height)\" font-family=\"Helvetica, Arial, sans-serif\">")
        add("<title>\(XML.escaped(title))</title>")
        add("<rect width=\"\(width)\" height=\"\(height)\" fill=\"#fff\"/>")
    }

    /// Appends one line of markup, as given.
    mutating func add(_ markup: String) {
        text += markup
        text += "\n"
    }

    /// Appends a `<text>` element; `content` is escaped here, `attributes` are written as given.
    mutating func text(_ content: String, x: Double, y: Double, _ attributes: String = "") {
        let space = attributes.isEmpty ? "" : " "
        add("<text x=\"\(n(x))\" y=\"\(n(y))\"\(space)\(attributes)>\(XML.escaped(content))</text>")
    }

    /// Appends a `<line>` element.
    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, _ attributes: String) {
        add("<line x1=\"\(n(x1))\" y1=\"\(n(y1))\" x2=\"\(n(x2))\" y2=\"\(n(y2))\" \(attributes)/>")
    }

    /// Appends a `<rect>` element.
    mutating func rect(x: Double, y: Double, width: Double, height: Double, _ attributes: String) {
        add("<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(height))\" \(attributes)/>")
    }

    /// Closes the document and returns its text.
    mutating func finished() -> String {
        add("</svg>")
        return text
    }

    /// A coordinate, short.
    private func n(_ value: Double) -> String { PlotNumbers.coordinate(value) }
}
