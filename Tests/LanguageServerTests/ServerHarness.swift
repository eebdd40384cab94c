import JSONRPC
import LanguageServer
import PlaygroundProtocol
import Testing

/// A language server in-process, spoken to as an editor would: messages in, replies and notifications out.
struct ServerHarness {
    var server = LanguageServer(configuration: .init(documentation: "https://example.test/diagnostics.md"))
    private var nextID = 1
    /// Notifications the server sent, oldest first.
    var notifications: [(method: String, params: JSONValue?)] = []

    /// A server already initialized.
    static func initialized() -> ServerHarness {
        var harness = ServerHarness()
        _ = harness.request("initialize", ["capabilities": .object([:])])
        harness.notify("initialized", [:])
        return harness
    }

    /// Sends a request; its result, or its error.
    @discardableResult
    mutating func request(_ method: String, _ params: [String: JSONValue]) -> Result<JSONValue, ResponseError> {
        let id = RequestID.number(nextID)
        nextID += 1
        let replies = server.handle(.request(id: id, method: method, params: .object(params)))
        var outcome: Result<JSONValue, ResponseError> = .failure(ResponseError(code: 0, message: "no response"))
        for reply in replies {
            switch reply {
            case .response(id, let result): outcome = result
            case .notification(let method, let params): notifications.append((method, params))
            default: break
            }
        }
        return outcome
    }

    /// The result of a request that must succeed.
    mutating func result(
        _ method: String, _ params: [String: JSONValue], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> JSONValue {
        switch request(method, params) {
        case .success(let value): return value
        case .failure(let error):
            Issue.record("\(method) failed: \(error)", sourceLocation: sourceLocation)
            throw error
        }
    }

    mutating func notify(_ method: String, _ params: [String: JSONValue]) {
        for reply in server.handle(.notification(method: method, params: .object(params))) {
            if case .notification(let method, let params) = reply { notifications.append((method, params)) }
        }
    }

    /// Opens a document and returns the diagnostics the server publishes for it.
    mutating func open(_ text: String, uri: String = "file:///project/Scene.layout", language: String = "layout")
        -> [JSONValue]
    {
        notify(
            "textDocument/didOpen",
            [
                "textDocument": .object([
                    "uri": .string(uri), "languageId": .string(language), "version": .number(1), "text": .string(text),
                ])
            ])
        return publish(uri)
    }

    /// Sends changes and returns the diagnostics then published.
    mutating func change(_ uri: String = "file:///project/Scene.layout", version: Int, _ changes: [JSONValue])
        -> [JSONValue]
    {
        notify(
            "textDocument/didChange",
            [
                "textDocument": .object(["uri": .string(uri), "version": .number(Double(version))]),
                "contentChanges": .array(changes),
            ])
        return publish(uri)
    }

    /// Publishes what is due and returns the diagnostics of one document.
    mutating func publish(_ uri: String) -> [JSONValue] {
        var found: [JSONValue] = []
        for message in server.publishPendingDiagnostics() {
            guard case .notification("textDocument/publishDiagnostics", let params?) = message else { continue }
            notifications.append(("textDocument/publishDiagnostics", params))
            if params["uri"]?.string == uri { found = params["diagnostics"]?.array ?? [] }
        }
        return found
    }

    /// The params of a request at a position of the default document.
    static func at(_ position: (Int, Int), uri: String = "file:///project/Scene.layout") -> [String: JSONValue] {
        [
            "textDocument": .object(["uri": .string(uri)]),
            "position": .object(["line": .number(Double(position.0)), "character": .number(Double(position.1))]),
        ]
    }
}

/// The 0-based line and UTF-16 character of the first `needle` in `text` (plus `offset` characters).
func position(of needle: String, in text: String, occurrence: Int = 0, offset: Int = 0) -> (Int, Int) {
    var searchFrom = text.startIndex
    var found = text.startIndex
    for _ in 0...occurrence {
        guard let range = text[searchFrom...].firstRange(of: needle) else { return (-1, -1) }
        found = range.lowerBound
        searchFrom = text.index(after: found)
    }
    let before = text[..<found]
    let line = before.filter { $0 == "\n" }.count
    let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
    return (line, text[lineStart..<found].utf16.count + offset)
}

extension JSONValue {
    /// A range's start as (line, character).
    var start: (Int, Int)? {
        guard let line = self["start"]?["line"]?.number, let character = self["start"]?["character"]?.number else {
            return nil
        }
        return (Int(line), Int(character))
    }

    /// A hover's Markdown.
    var hoverText: String { self["contents"]?["value"]?.string ?? "" }
}
