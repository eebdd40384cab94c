import SceneLanguage
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

/// The errors of Swift that does not parse, as the language's diagnostics: `invalid-swift`, each at the place
/// where the parser found something missing (`expected ')'`) or something it could not place (`unexpected code
/// '…'`), in the order of the file, at most ``parseErrorLimit``.
///
/// The importer reads swift-syntax's tree for this itself, rather than asking swift-syntax's
/// `ParseDiagnosticsGenerator`: on some garbled input (found by fuzzing) that generator stops the program with a
/// fatal error while making a Fix-It, which would take a daemon serving the file down with it.
func parseErrors(of tree: SourceFileSyntax, in file: SourceFile) -> [SceneLanguage.Diagnostic] {
    guard tree.hasError else { return [] }
    // What is missing at one place is one error, `expected an expression and ')'`: its items, or nil for
    // unexpected code, whose message is whole.
    var found: [(offset: Int, expected: [String]?, message: String)] = []
    // Only the subtrees that hold an error are walked, with a stack of its own (the tree's depth was checked).
    var pending: [Syntax] = [Syntax(tree)]
    while let node = pending.popLast(), found.count < parseErrorLimit {
        if let unexpected = node.as(UnexpectedNodesSyntax.self) {
            let text = unexpected.trimmedDescription
            let shown = text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let cut = shown.count > 40 ? String(shown.prefix(39)) + "…" : shown
            found.append((unexpected.positionAfterSkippingLeadingTrivia.utf8Offset, nil, "unexpected code '\(cut)'"))
            continue
        }
        if let expected = expectation(of: node) {
            let offset = node.position.utf8Offset
            if let last = found.last, last.offset == offset, let items = last.expected {
                found[found.count - 1].expected = items + [expected]
            } else {
                found.append((offset, [expected], ""))
            }
            continue
        }
        guard node.hasError else { continue }
        pending.append(contentsOf: node.children(viewMode: .all).reversed())
    }
    let diagnostics = found.map { error in
        var message = error.message
        if let items = error.expected {
            message =
                "expected "
                + (items.count == 1
                    ? items[0] : items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1])
        }
        return SceneLanguage.Diagnostic.error(
            .invalidSwift, message, at: .at(min(max(error.offset, 0), file.bytes.count), in: file))
    }
    // A tree with errors always has one to show; should none be found, say so at the start.
    return diagnostics.isEmpty ? [.error(.invalidSwift, "the Swift does not parse", at: .at(0, in: file))] : diagnostics
}

/// How many parse errors an import reports at most.
let parseErrorLimit = 20

/// What a missing node stands for, in words: a token's text (`')'`), or the kind of thing (`an expression`); nil
/// for a node that is not missing.
private func expectation(of node: Syntax) -> String? {
    if let token = node.as(TokenSyntax.self) {
        guard token.presence == .missing else { return nil }
        switch token.tokenKind {
        case .identifier: return "a name"
        case .integerLiteral, .floatLiteral: return "a number"
        case .stringSegment: return "a string"
        default: return token.text.isEmpty ? nil : "'\(token.text)'"
        }
    }
    if node.is(MissingExprSyntax.self) { return "an expression" }
    if node.is(MissingTypeSyntax.self) { return "a type" }
    if node.is(MissingPatternSyntax.self) { return "a pattern" }
    if node.is(MissingDeclSyntax.self) { return "a declaration" }
    if node.is(MissingStmtSyntax.self) { return "a statement" }
    if node.is(MissingSyntax.self) { return "code" }
    return nil
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

/// How deep square brackets may nest in a Swift file the importer parses.
let maximumBracketDepth = 12

/// An error when square brackets nest deeper than ``maximumBracketDepth`` outside string literals and comments,
/// found before the file is parsed: swift-syntax's parser looks ahead at each `[` for a type in two ways, so its
/// time doubles with each level (20 levels took seconds, 38 did not end), and a crafted file would hold the
/// import, or a daemon serving the file, for good. No view controller nests brackets half as deep.
func bracketDepthError(in file: SourceFile) -> SceneLanguage.Diagnostic? {
    file.bytes.withUnsafeBufferPointer { bytes -> SceneLanguage.Diagnostic? in
        var depth = 0
        var index = 0
        func at(_ offset: Int) -> UInt8 { offset < bytes.count ? bytes[offset] : 0 }
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "/") where at(index + 1) == UInt8(ascii: "/"):
                while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "/") where at(index + 1) == UInt8(ascii: "*"):
                index += 2
                while index < bytes.count && !(bytes[index] == UInt8(ascii: "*") && at(index + 1) == UInt8(ascii: "/"))
                {
                    index += 1
                }
                index += 1
            case UInt8(ascii: "\""):
                // A string literal, on one line or between triple quotes; an escape skips the byte after it.
                let triple = at(index + 1) == UInt8(ascii: "\"") && at(index + 2) == UInt8(ascii: "\"")
                index += triple ? 3 : 1
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: "\\") {
                        index += 2
                        continue
                    }
                    if !triple && byte == UInt8(ascii: "\n") { break }
                    if byte == UInt8(ascii: "\"") {
                        if !triple { break }
                        if at(index + 1) == UInt8(ascii: "\"") && at(index + 2) == UInt8(ascii: "\"") {
                            index += 2
                            break
                        }
                    }
                    index += 1
                }
            case UInt8(ascii: "["):
                depth += 1
                if depth > maximumBracketDepth {
                    return .error(
                        .tooDeep,
                        "square brackets nest more than \(maximumBracketDepth) deep here; the importer reads no deeper "
                            + "(parsing them would take the Swift parser minutes): split it up",
                        at: .at(index, in: file))
                }
            case UInt8(ascii: "]"):
                depth = max(0, depth - 1)
            default:
                break
            }
            index += 1
        }
        return nil
    }
}
