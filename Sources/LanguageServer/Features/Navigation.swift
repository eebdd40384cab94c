package import JSONRPC
package import PlaygroundProtocol

/// Go to definition, find references, and rename, for views, guides,
/// constraints, groups, animators, variables, text lists and actions.
extension DocumentContext {
    /// `textDocument/definition`: where the symbol under the cursor is declared; null when none is.
    package func definition(at offset: Int) -> JSONValue {
        guard let occurrence = symbols.occurrence(at: offset),
            let declared = symbols.declarations[occurrence.symbol]
        else { return .null }
        return Location(uri: document.uri, range: range(declared)).json
    }

    /// `textDocument/references`: every place the symbol under the cursor is named, its declaration too when
    /// asked; null when the cursor is on no symbol.
    package func references(at offset: Int, includeDeclaration: Bool) -> JSONValue {
        guard let occurrence = symbols.occurrence(at: offset) else { return .null }
        let found = symbols.occurrences(of: occurrence.symbol).filter { includeDeclaration || !$0.isDeclaration }
        return .array(found.map { Location(uri: document.uri, range: range($0.offsets)).json })
    }

    /// `textDocument/prepareRename`: the name under the cursor and its range, or null where nothing can be
    /// renamed.
    package func prepareRename(at offset: Int) -> JSONValue {
        guard let occurrence = symbols.occurrence(at: offset) else { return .null }
        return .object(["range": range(occurrence.offsets).json, "placeholder": .string(occurrence.symbol.name)])
    }

    /// `textDocument/rename`: one edit of every place the symbol is named.
    ///
    /// - Throws: `RequestFailed` when the cursor is on no symbol, the new name is not an identifier or is a
    ///   reserved word, or another symbol of the same namespace already has it.
    package func rename(at offset: Int, to newName: String) throws(ResponseError) -> JSONValue {
        guard let occurrence = symbols.occurrence(at: offset) else {
            throw .requestFailed("there is no view, constraint, group, animator, variable, text list or action here")
        }
        let symbol = occurrence.symbol
        guard Self.isIdentifier(newName) else {
            throw .requestFailed("'\(newName)' is not a name: a letter or '_', then letters, digits or '_'")
        }
        guard !Self.reservedNames.contains(newName) else {
            throw .requestFailed("'\(newName)' is reserved by the language; choose another name")
        }
        if newName != symbol.name, let taken = symbols.symbol(named: newName, sharingNamespaceWith: symbol.kind) {
            throw .requestFailed("'\(newName)' is already the name of the \(taken); choose another name")
        }
        let edits = symbols.occurrences(of: symbol).map { found in
            JSONValue.object(["range": range(found.offsets).json, "newText": .string(newName)])
        }
        return .object(["changes": .object([document.uri: .array(edits)])])
    }

    /// The words a name may not be: the language's own items and keywords that would change what a line says.
    static let reservedNames: Set<String> = [
        "root", "system", "view", "label", "button", "guide", "stack", "constraints", "inactive", "action", "on",
        "animator", "animate", "layout", "activate", "deactivate", "start", "pause", "reverse", "stop", "finish",
        "swap", "run", "var", "texts", "canvas", "safearea", "reload", "completion", "keyframe", "keyframes",
        "true", "false",
    ]

    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, first == UInt8(ascii: "_") || (first | 0x20 >= 0x61 && first | 0x20 <= 0x7A)
        else { return false }
        return name.utf8.allSatisfy { byte in
            byte == UInt8(ascii: "_") || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
        }
    }
}
