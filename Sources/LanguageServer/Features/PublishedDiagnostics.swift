package import PlaygroundProtocol
package import SceneLanguage

/// The language's diagnostics as LSP's `Diagnostic`s: ranges in UTF-16
/// positions, the stable code with a link to its section of the diagnostics
/// page (`codeDescription`), each note with a place as related information
/// (an unsatisfiable constraint's conflicts), and notes without one added to
/// the message. A "did you mean" suggestion rides in `data`, for the quick
/// fix.
package struct PublishedDiagnostics {
    /// The URL of the diagnostics page, to which `#code` is added; nil for no link.
    package var documentation: String?

    package init(documentation: String?) {
        self.documentation = documentation
    }

    /// The `textDocument/publishDiagnostics` params for a document's diagnostics.
    package func params(for document: TextDocument, _ diagnostics: [Diagnostic]) -> JSONValue {
        .object([
            "uri": .string(document.uri),
            "version": .number(Double(document.version)),
            "diagnostics": .array(diagnostics.map { json($0, in: document) }),
        ])
    }

    /// One diagnostic, in LSP's shape.
    package func json(_ diagnostic: Diagnostic, in document: TextDocument) -> JSONValue {
        let lines = document.lines
        var message = diagnostic.message
        var related: [JSONValue] = []
        for note in diagnostic.notes {
            if let range = note.range, range.file == diagnostic.range.file {
                let location = Location(uri: document.uri, range: lines.range(of: range.start..<range.end))
                related.append(.object(["location": location.json, "message": .string(note.message)]))
            } else {
                message += "\n" + note.message
            }
        }
        var members: [String: JSONValue] = [
            "range": lines.range(of: diagnostic.range.start..<diagnostic.range.end).json,
            "severity": .number(Double(Self.severity(diagnostic.severity))),
            "code": .string(diagnostic.code.rawValue),
            "source": .string("layout"),
            "message": .string(message),
        ]
        if let documentation {
            members["codeDescription"] = .object(["href": .string(link(to: diagnostic.code, in: documentation))])
        }
        if !related.isEmpty { members["relatedInformation"] = .array(related) }
        if let suggestion = diagnostic.suggestion { members["data"] = .object(["suggestion": .string(suggestion)]) }
        return .object(members)
    }

    /// The link to a code's section: its heading's anchor, which is the code itself.
    package func link(to code: DiagnosticCode, in documentation: String) -> String {
        documentation + "#" + code.rawValue
    }

    /// LSP's DiagnosticSeverity: 1 error, 2 warning, 3 information.
    static func severity(_ severity: Diagnostic.Severity) -> Int {
        switch severity {
        case .error: 1
        case .warning: 2
        case .note: 3
        }
    }
}
