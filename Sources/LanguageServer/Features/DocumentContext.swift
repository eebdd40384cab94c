import LayoutValues
package import SceneLanguage
package import SceneRuntime

/// One document as the feature handlers see it: its text, its analysis,
/// and the symbols found in it.
package struct DocumentContext {
    package var document: TextDocument
    package var analysis: DocumentAnalysis
    package var symbols: SymbolIndex

    package init(document: TextDocument, analysis: DocumentAnalysis, symbols: SymbolIndex) {
        self.document = document
        self.analysis = analysis
        self.symbols = symbols
    }

    package var scene: Scene? { analysis.isImported ? nil : analysis.scene }
    package var layout: LayoutModel? { analysis.isImported ? nil : analysis.layout }

    /// The LSP range of byte offsets.
    package func range(_ offsets: Range<Int>) -> TextRange { document.lines.range(of: offsets) }

    /// The LSP range of a source range.
    package func range(_ range: SourceRange) -> TextRange { document.lines.range(of: range.start..<range.end) }

    /// The 1-based line of a byte offset, for lists in hovers.
    package func lineNumber(of offset: Int) -> Int { document.lines.position(of: offset).line + 1 }
}

/// A length or coordinate in points as a hover shows it: rounded to 1e-3, without trailing zeros.
func points(_ value: Double) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-∞" : "∞") }
    var rounded = (value * 1000).rounded() / 1000
    if rounded == 0 { rounded = 0 }
    return format(rounded)
}
