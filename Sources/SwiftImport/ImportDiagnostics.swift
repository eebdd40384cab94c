import SceneLanguage
import SwiftDiagnostics
import SwiftParserDiagnostics
import SwiftSyntax

extension Importer {
    /// Records that `node` was not imported, and why, at its Swift line and column: an `import-skipped` warning.
    ///
    /// ```
    /// Login.swift:143:9: warning: skipped 'guard let username = username, …': a guard has no counterpart in a scene [import-skipped]
    /// ```
    mutating func skip(_ node: some SyntaxProtocol, _ reason: String) {
        let excerpt = Self.excerpt(of: node)
        warn(node, "skipped '\(excerpt)': \(reason)")
    }

    /// Records a warning about `node` that is not a skip: a custom class read as a plain view, a value guessed.
    mutating func warn(_ node: some SyntaxProtocol, _ message: String) {
        let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = max(start, node.endPositionBeforeTrailingTrivia.utf8Offset)
        let range = SourceRange(start: start, end: end, in: swiftFile)
        diagnostics.append(.warning(.importSkipped, message, at: range))
    }

    /// The first line of a node's text, at most 40 characters, for messages.
    static func excerpt(of node: some SyntaxProtocol) -> String {
        let text = node.trimmedDescription
        let firstLine = text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let cut = firstLine.count > 40 ? String(firstLine.prefix(39)) + "…" : firstLine
        return cut + (firstLine.count < text.count && firstLine.count <= 40 ? " …" : "")
    }
}

/// The errors of Swift that does not parse, as the language's diagnostics: `invalid-swift`, at swift-syntax's
/// location, with its message.
func parseErrors(of tree: SourceFileSyntax, in file: SourceFile) -> [SceneLanguage.Diagnostic] {
    guard tree.hasError else { return [] }
    let found = ParseDiagnosticsGenerator.diagnostics(for: tree).filter { $0.diagMessage.severity == .error }
    let diagnostics = found.map { diagnostic in
        let offset = min(diagnostic.position.utf8Offset, file.bytes.count)
        return SceneLanguage.Diagnostic.error(.invalidSwift, diagnostic.message, at: .at(offset, in: file))
    }
    // A tree with errors always has a diagnostic; should none come, say so at the start.
    return diagnostics.isEmpty ? [.error(.invalidSwift, "the Swift does not parse", at: .at(0, in: file))] : diagnostics
}

/// How deep a Swift tree may nest, counting a run of binary operators as deep as folding them makes it: the
/// importer, swift-syntax's visitors and its operator folding all recurse once a level, so a file that nests
/// deeper (`a.b.b.b…` a hundred thousand times, or as many `+`) would exhaust the stack of the program
/// importing it (a daemon serving the file among them). Real code nests a few dozen levels.
let maximumSwiftDepth = 1_000

/// A `too-deep` error at the first place where the tree nests deeper than ``maximumSwiftDepth``; nil for a
/// tree that does not. The walk keeps its own stack, so it cannot overflow the program's.
func depthError(of tree: SourceFileSyntax, in file: SourceFile) -> SceneLanguage.Diagnostic? {
    var pending: [(node: Syntax, depth: Int)] = [(Syntax(tree), 0)]
    while let (node, depth) = pending.popLast() {
        // Folding `a + b + c …` makes a tree as deep as the run of operators is long.
        let folded = depth + (node.as(SequenceExprSyntax.self).map { $0.elements.count / 2 } ?? 0)
        guard folded <= maximumSwiftDepth else {
            let offset = min(node.positionAfterSkippingLeadingTrivia.utf8Offset, file.bytes.count)
            return .error(
                .tooDeep,
                "this Swift nests more than \(maximumSwiftDepth) levels deep (a chain of calls, members or operators "
                    + "that long); the importer reads no deeper: split it up", at: .at(offset, in: file))
        }
        for child in node.children(viewMode: .sourceAccurate) { pending.append((child, folded + 1)) }
    }
    return nil
}
