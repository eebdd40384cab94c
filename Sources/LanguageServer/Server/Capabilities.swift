import PlaygroundProtocol

extension LanguageServer {
    /// What `initialize` answers: incremental sync, and the features served.
    static var initializeResult: JSONValue {
        .object([
            "capabilities": .object([
                "textDocumentSync": .object([
                    "openClose": .bool(true), "change": .number(2), "save": .bool(false),
                ]),
                "hoverProvider": .bool(true),
                "definitionProvider": .bool(true),
                "referencesProvider": .bool(true),
                "renameProvider": .object(["prepareProvider": .bool(true)]),
                "documentSymbolProvider": .bool(true),
                "completionProvider": .object([
                    "triggerCharacters": .array([.string(".")]), "resolveProvider": .bool(false),
                ]),
                "codeActionProvider": .object(["codeActionKinds": .array([.string("quickfix")])]),
                "positionEncoding": .string("utf-16"),
            ]),
            "serverInfo": .object(["name": .string("layout-lsp"), "version": .string("1.0")]),
        ])
    }
}
