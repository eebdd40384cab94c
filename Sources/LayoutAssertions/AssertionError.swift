/// An assertion that cannot be checked: it does not parse, or it names a
/// view, guide or attribute that the scene does not have. Its description
/// shows the assertion with a caret under the problem:
///
/// ```
/// unknown view 'qestion' in Quiz; did you mean 'question'?
///   qestion.centerX == root.centerX ± 0.5
///   ^~~~~~~
/// ```
public struct AssertionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, in one line.
    public var message: String
    /// The assertion as given.
    public var source: String
    /// Where in `source` (in characters) the problem is.
    public var range: Range<Int>

    public init(_ message: String, source: String, range: Range<Int>) {
        self.message = message
        self.source = source
        self.range = range
    }

    public var description: String {
        let shown = shownForDisplay(source)
        let start = min(range.lowerBound, shown.count)
        let width = max(1, min(range.count, shown.count - start))
        let marker = String(repeating: " ", count: start) + "^" + String(repeating: "~", count: width - 1)
        return "\(message)\n  \(shown)\n  \(marker)"
    }
}

/// The assertion's text on one line: control characters as spaces, so that
/// the caret stays under its column and nothing acts on the terminal.
func shownForDisplay(_ text: String) -> String {
    String(text.map { $0.isNewline || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7f } == true ? " " : $0 })
}
