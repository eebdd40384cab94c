package import JSONRPC
import PlaygroundProtocol
import SceneLanguage
import SceneRuntime

/// The language server's state and its handlers: JSON-RPC messages in,
/// messages out (responses, and `textDocument/publishDiagnostics`
/// notifications), over the open documents. No I/O and no clock: the caller
/// reads and writes the stream and decides when diagnostics are due.
///
/// ```swift
/// var server = LanguageServer(configuration: .init(documentation: nil))
/// for reply in server.handle(message) { send(reply) }
/// // When no more input is waiting (the debounce):
/// for notification in server.publishPendingDiagnostics() { send(notification) }
/// ```
///
/// A change only marks its document as changed; the document is analysed
/// when diagnostics are published, or when a request needs it first, so a
/// burst of keystrokes costs one analysis. The lifecycle is LSP's: requests
/// before `initialize` get ServerNotInitialized, requests after `shutdown`
/// InvalidRequest, and `exit` sets ``exitCode`` (0 after `shutdown`, 1 without).
package struct LanguageServer: Sendable {
    package struct Configuration: Sendable {
        /// The diagnostics page's URL, to which `#code` is added for each code's link; nil for no links.
        package var documentation: String?
        /// Reads `.swift` documents into scenes, for their diagnostics; nil to leave them without.
        package var importSwift: SwiftSceneImporter?
        /// Whether to run `on load` and each action dry for the runtime's warnings.
        package var dryRun: Bool

        package init(documentation: String?, importSwift: SwiftSceneImporter? = nil, dryRun: Bool = true) {
            self.documentation = documentation
            self.importSwift = importSwift
            self.dryRun = dryRun
        }
    }

    enum Lifecycle {
        case uninitialized, running, shutDown
    }

    /// An open document and what is known of its latest version.
    struct OpenDocument {
        var document: TextDocument
        /// The analysis of ``document`` as it is now; nil after a change, until it is analysed.
        var analysis: DocumentAnalysis?
        /// The layout before the last change, which the next analysis takes over.
        var previousLayout: LayoutModel?
        var symbols: SymbolIndex?
    }

    let configuration: Configuration
    var lifecycle = Lifecycle.uninitialized
    var documents: [String: OpenDocument] = [:]
    /// Documents whose diagnostics are due, in the order they changed.
    var pending: [String] = []
    /// Set by `exit`: the status the process should exit with.
    package private(set) var exitCode: Int32?

    package init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// Whether some document changed since its diagnostics were last published.
    package var hasPendingDiagnostics: Bool { !pending.isEmpty }

    /// Handles one message; returns the replies to send now, in order.
    package mutating func handle(_ message: Message) -> [Message] {
        switch message {
        case .request(let id, let method, let params):
            return [.response(id: id, respond(to: method, params))]
        case .notification(let method, let params):
            return notify(method, params)
        case .response:
            // The server sends no requests, so no response is awaited.
            return []
        }
    }

    /// Analyses each changed document and returns its `textDocument/publishDiagnostics`.
    package mutating func publishPendingDiagnostics() -> [Message] {
        let due = pending
        pending.removeAll()
        let published = PublishedDiagnostics(documentation: configuration.documentation)
        return due.compactMap { uri in
            guard let (document, analysis) = analysis(of: uri) else { return nil }
            return .notification(
                method: "textDocument/publishDiagnostics", params: published.params(for: document, analysis.diagnostics)
            )
        }
    }

    private mutating func respond(to method: String, _ params: JSONValue?) -> Result<JSONValue, ResponseError> {
        switch lifecycle {
        case .uninitialized where method != "initialize": return .failure(.serverNotInitialized(method))
        case .shutDown: return .failure(.shutDown(method))
        default: break
        }
        do {
            return .success(try answer(method, params))
        } catch {
            return .failure(error)
        }
    }

    private mutating func answer(_ method: String, _ params: JSONValue?) throws(ResponseError) -> JSONValue {
        switch method {
        case "initialize":
            lifecycle = .running
            return Self.initializeResult
        case "shutdown":
            lifecycle = .shutDown
            return .null
        case "textDocument/hover":
            let (context, offset) = try locate(params)
            return context.hover(at: offset, documentation: configuration.documentation)
        case "textDocument/definition":
            let (context, offset) = try locate(params)
            return context.definition(at: offset)
        case "textDocument/references":
            let (context, offset) = try locate(params)
            let includeDeclaration = params?["context"]?["includeDeclaration"]?.bool ?? true
            return context.references(at: offset, includeDeclaration: includeDeclaration)
        case "textDocument/prepareRename":
            let (context, offset) = try locate(params)
            return context.prepareRename(at: offset)
        case "textDocument/rename":
            let (context, offset) = try locate(params)
            guard let newName = params?["newName"]?.string else { throw .invalidParams("rename needs a 'newName'") }
            return try context.rename(at: offset, to: newName)
        case "textDocument/documentSymbol":
            return try context(params).documentSymbols()
        case "textDocument/completion":
            let (context, offset) = try locate(params)
            return context.completion(at: offset)
        case "textDocument/codeAction":
            let context = try context(params)
            let offsets = context.document.lines.offsets(of: try TextRange(params?["range"]))
            return context.codeActions(in: offsets)
        default:
            throw .methodNotFound(method)
        }
    }

    private mutating func notify(_ method: String, _ params: JSONValue?) -> [Message] {
        if method == "exit" {
            exitCode = lifecycle == .shutDown ? 0 : 1
            return []
        }
        guard lifecycle == .running else { return [] }
        switch method {
        case "textDocument/didOpen":
            guard let item = params?["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string
            else { return [] }
            let version = item["version"]?.number.map(Self.version) ?? 0
            let document = TextDocument(
                uri: uri, languageID: item["languageId"]?.string ?? "", version: version, text: text)
            documents[uri] = OpenDocument(document: document)
            markPending(uri)
        case "textDocument/didChange":
            guard let uri = params?["textDocument"]?["uri"]?.string, var open = documents[uri],
                let changes = params?["contentChanges"]?.array
            else { return [] }
            let version = params?["textDocument"]?["version"]?.number.map(Self.version)
            guard let parsed = try? changes.map({ change throws(ResponseError) in try TextDocument.Change(change) })
            else { return [] }
            open.document.apply(parsed, version: version ?? open.document.version + 1)
            if let analysis = open.analysis { open.previousLayout = analysis.layout }
            open.analysis = nil
            open.symbols = nil
            documents[uri] = open
            markPending(uri)
        case "textDocument/didClose":
            guard let uri = params?["textDocument"]?["uri"]?.string, documents.removeValue(forKey: uri) != nil
            else { return [] }
            pending.removeAll { $0 == uri }
            // The editor forgets a closed document's diagnostics only when told.
            return [
                .notification(
                    method: "textDocument/publishDiagnostics",
                    params: .object(["uri": .string(uri), "diagnostics": .array([])]))
            ]
        default:
            // initialized, didSave, $/cancelRequest, $/setTrace, workspace notifications: nothing to do.
            break
        }
        return []
    }

    /// A document version as a whole number within ±2⁵³ (what a double holds exactly).
    static func version(_ number: Double) -> Int {
        number.isFinite ? Int(min(max(number.rounded(), -9e15), 9e15)) : 0
    }

    private mutating func markPending(_ uri: String) {
        if !pending.contains(uri) { pending.append(uri) }
    }

    /// The document a request names, analysed.
    private mutating func context(_ params: JSONValue?) throws(ResponseError) -> DocumentContext {
        guard let uri = params?["textDocument"]?["uri"]?.string else {
            throw .invalidParams("the request needs 'textDocument.uri'")
        }
        guard let context = context(of: uri) else { throw .invalidParams("'\(uri)' is not open") }
        return context
    }

    /// The document a request names, analysed, and the byte offset of its `position`.
    private mutating func locate(_ params: JSONValue?) throws(ResponseError) -> (DocumentContext, Int) {
        let context = try context(params)
        let position = try Position(params?["position"])
        return (context, context.document.lines.offset(of: position))
    }

    /// A document with its analysis and symbols up to date.
    mutating func context(of uri: String) -> DocumentContext? {
        guard let (document, analysis) = analysis(of: uri), var open = documents[uri] else { return nil }
        let symbols =
            open.symbols ?? (analysis.isImported ? nil : analysis.scene).map(SymbolIndex.init) ?? SymbolIndex()
        open.symbols = symbols
        documents[uri] = open
        return DocumentContext(document: document, analysis: analysis, symbols: symbols)
    }

    /// A document with its analysis up to date: the analysis of its text as it is now, made if it is not yet.
    mutating func analysis(of uri: String) -> (TextDocument, DocumentAnalysis)? {
        guard var open = documents[uri] else { return nil }
        if let current = open.analysis { return (open.document, current) }
        let file = SourceFile(name: open.document.path, bytes: open.document.bytes)
        let analysis: DocumentAnalysis
        if open.document.isSwift {
            analysis =
                configuration.importSwift.map { DocumentAnalysis(swiftFile: file, importer: $0) }
                ?? DocumentAnalysis(layoutFile: SourceFile(name: file.name, text: ""), dryRun: false)
        } else {
            // The previous layout, held here alone, so that its solver is moved into the new one, not copied.
            var previous = open.previousLayout
            open.previousLayout = nil
            documents[uri]?.previousLayout = nil
            analysis = DocumentAnalysis(layoutFile: file, replacing: &previous, dryRun: configuration.dryRun)
        }
        open.analysis = analysis
        documents[uri] = open
        return (open.document, analysis)
    }
}
