import JSONRPC
import LanguageServer
import PlaygroundProtocol
import Testing

@Suite struct LifecycleTests {
    @Test("Requests before initialize are refused as ServerNotInitialized; notifications are dropped")
    func beforeInitialize() {
        var server = ServerHarness()
        guard case .failure(let error) = server.request("textDocument/hover", ServerHarness.at((0, 0))) else {
            Issue.record("answered before initialize")
            return
        }
        #expect(error.code == -32002)
        #expect(server.open("viw x\n").isEmpty)
    }

    @Test("initialize announces incremental sync and every feature served")
    func capabilities() throws {
        var server = ServerHarness()
        let result = try server.result("initialize", ["capabilities": .object([:])])
        let capabilities = result["capabilities"]
        #expect(capabilities?["textDocumentSync"]?["change"]?.number == 2)
        for feature in [
            "hoverProvider", "definitionProvider", "referencesProvider", "renameProvider", "documentSymbolProvider",
            "completionProvider", "codeActionProvider",
        ] {
            #expect(capabilities?[feature] != nil, "\(feature)")
        }
        #expect(result["serverInfo"]?["name"]?.string == "layout-lsp")
    }

    @Test("Unknown methods, bad params and unopened documents are errors, never crashes")
    func badRequests() {
        var server = ServerHarness.initialized()
        let cases: [(String, [String: JSONValue], Int)] = [
            ("textDocument/frobnicate", [:], -32601),
            ("textDocument/hover", [:], -32602),
            ("textDocument/hover", ["textDocument": .object(["uri": .string("file:///nowhere.layout")])], -32602),
            ("textDocument/hover", ServerHarness.at((0, 0), uri: "file:///nowhere.layout"), -32602),
            ("textDocument/rename", ServerHarness.at((0, 0)), -32602),
        ]
        _ = server.open("view card\n")
        for (method, params, code) in cases {
            guard case .failure(let error) = server.request(method, params) else {
                Issue.record("\(method) \(params) succeeded")
                continue
            }
            #expect(error.code == code, "\(method) \(params): \(error)")
        }
        // Positions past the end are clamped, not refused.
        #expect((try? server.request("textDocument/hover", ServerHarness.at((99, 99))).get()) != nil)
    }

    @Test("exit after shutdown is status 0; without shutdown, 1; requests after shutdown are refused")
    func exitCodes() {
        var server = ServerHarness.initialized()
        _ = server.request("shutdown", [:])
        guard case .failure(let error) = server.request("textDocument/hover", ServerHarness.at((0, 0))) else {
            Issue.record("answered after shutdown")
            return
        }
        #expect(error.code == -32600)
        server.notify("exit", [:])
        #expect(server.server.exitCode == 0)
        var abrupt = ServerHarness.initialized()
        abrupt.notify("exit", [:])
        #expect(abrupt.server.exitCode == 1)
    }

    @Test("A Swift document without an importer gets no diagnostics and no symbols, and no error")
    func swiftWithoutImporter() throws {
        var server = ServerHarness.initialized()
        #expect(server.open("class A {}\n", uri: "file:///project/A.swift", language: "swift").isEmpty)
        let symbols = try server.result(
            "textDocument/documentSymbol", ["textDocument": .object(["uri": .string("file:///project/A.swift")])])
        #expect(symbols == .array([]))
    }
}
