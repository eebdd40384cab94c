package import PlaygroundProtocol
import SceneLanguage

/// `textDocument/codeAction`: for each diagnostic in the range asked about
/// that suggests a replacement ("did you mean"), a quick fix that makes it.
extension DocumentContext {
    package func codeActions(in offsets: Range<Int>) -> JSONValue {
        var actions: [JSONValue] = []
        let published = PublishedDiagnostics(documentation: nil)
        for diagnostic in analysis.diagnostics {
            guard let suggestion = diagnostic.suggestion,
                diagnostic.range.start <= offsets.upperBound, offsets.lowerBound <= diagnostic.range.end
            else { continue }
            let edit = JSONValue.object([
                "range": range(diagnostic.range).json, "newText": .string(suggestion),
            ])
            actions.append(
                .object([
                    "title": .string("Replace with '\(suggestion)'"),
                    "kind": .string("quickfix"),
                    "isPreferred": .bool(true),
                    "diagnostics": .array([published.json(diagnostic, in: document)]),
                    "edit": .object(["changes": .object([document.uri: .array([edit])])]),
                ]))
        }
        return .array(actions)
    }
}
