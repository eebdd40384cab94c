import Foundation
import JSONRPC
import LanguageServer
import PlaygroundProtocol
import TestSupport
import Testing

@Suite struct DiagnosticsTests {
    static let card = """
        view card color blue
        card.top == 0; card.left == 0; card.width == 10; card.height == 10

        """

    @Test("A wrong name is an error at its UTF-16 range, with did you mean and a link to its code")
    func unknownName() throws {
        var server = ServerHarness.initialized()
        let text = "# “Café” 🎉\n" + Self.card + "card.top == root.safeArea.tpo\n"
        let diagnostics = server.open(text)
        let unknown = try #require(diagnostics.first { $0["code"]?.string == "unknown-name" })
        #expect(unknown["message"]?.string?.contains("did you mean 'top'") == true)
        #expect(unknown["severity"]?.number == 1)
        #expect(unknown["range"]?.start ?? (0, 0) == position(of: "tpo", in: text))
        #expect(unknown["codeDescription"]?["href"]?.string == "https://example.test/diagnostics.md#unknown-name")
        #expect(unknown["data"]?["suggestion"]?.string == "top")
        #expect(unknown["source"]?.string == "layout")
    }

    @Test("An unsatisfiable constraint is the diagnostic; each constraint it conflicts with is related information")
    func unsatisfiable() throws {
        var server = ServerHarness.initialized()
        let text =
            "view card\ncard.top == 0; card.left == 0; card.height == 10\nwide: card.width == 100\n"
            + "narrow: card.width == 50\n"
        let diagnostics = server.open(text)
        let broken = try #require(diagnostics.first { $0["code"]?.string == "unsatisfiable-constraints" })
        #expect(broken["range"]?.start ?? (0, 0) == position(of: "narrow:", in: text))
        let related = try #require(broken["relatedInformation"]?.array)
        #expect(related.count == 1)
        #expect(related.first?["location"]?["range"]?.start ?? (0, 0) == position(of: "wide:", in: text))
        #expect(related.first?["location"]?["uri"]?.string == "file:///project/Scene.layout")
        #expect(related.first?["message"]?.string?.contains("'wide: card.width == 100'") == true)
    }

    @Test("An ambiguous layout names the view and the axis")
    func ambiguity() {
        var server = ServerHarness.initialized()
        let diagnostics = server.open("view card\ncard.top == 0; card.height == 10; card.width == 10\n")
        let ambiguous = diagnostics.filter { $0["code"]?.string == "ambiguous-layout" }
        #expect(ambiguous.count == 1)
        #expect(ambiguous.first?["severity"]?.number == 2)
        #expect(ambiguous.first?["message"]?.string?.contains("'card'") == true)
    }

    @Test("A dry run of each action finds missing-layout, naming the action")
    func missingLayout() throws {
        var server = ServerHarness.initialized()
        let text =
            Self.card + """
                cardX: card.centerX == root.centerX
                action slide {
                  animate 0.5 {
                    cardX.constant = 100
                  }
                }

                """
        let diagnostics = server.open(text.replacingFirst("card.left == 0; ", with: ""))
        let missing = try #require(diagnostics.first { $0["code"]?.string == "missing-layout" })
        #expect(missing["severity"]?.number == 2)
        let related = missing["relatedInformation"]?.array ?? []
        #expect(related.contains { $0["message"]?.string?.contains("the action 'slide'") == true })
    }

    @Test(
        "The playgrounds open with only their pitfalls' warnings: a dry run reports no error that depends on order",
        arguments: [
            ("Quiz", ["missing-layout"]), ("Messaging", ["missing-layout"]), ("Burger", []), ("Bankey", []),
            ("Form", []), ("VisualFormat", []),
        ])
    func playgrounds(name: String, codes: [String]) throws {
        var server = ServerHarness.initialized()
        let text = try String(
            contentsOf: repositoryRoot.appendingPathComponent("Playgrounds/\(name).layout"), encoding: .utf8)
        let diagnostics = server.open(text, uri: "file:///project/\(name).layout")
        #expect(diagnostics.compactMap { $0["code"]?.string } == codes, "\(name)")
        #expect(diagnostics.allSatisfy { $0["severity"]?.number == 2 }, "\(name)")
    }

    @Test("Scene errors hold the dry run back: a scene that does not load is not run")
    func noDryRunWithErrors() {
        var server = ServerHarness.initialized()
        let diagnostics = server.open(
            Self.card
                + "cardX: card.centerX == root.centerX\naction a {\n  animate 1 {\n    cardX.constant = 1\n  }\n}\nviw x\n"
        )
        #expect(!diagnostics.contains { $0["code"]?.string == "missing-layout" })
        #expect(diagnostics.contains { $0["code"]?.string == "expected-token" || $0["code"]?.string == "unknown-name" })
    }

    @Test("Changes coalesce: one publication for the last version, however many changes came before it")
    func coalescing() {
        var server = ServerHarness.initialized()
        _ = server.open(Self.card)
        for version in 2...5 {
            server.notify(
                "textDocument/didChange",
                [
                    "textDocument": .object([
                        "uri": .string("file:///project/Scene.layout"), "version": .number(Double(version)),
                    ]),
                    "contentChanges": .array([.object(["text": .string(Self.card + "view v\(version)\n")])]),
                ])
        }
        let published = server.server.publishPendingDiagnostics()
        #expect(published.count == 1)
        guard case .notification(_, let params)? = published.first, let params else { return }
        #expect(params["version"]?.number == 5)
        #expect(!server.server.hasPendingDiagnostics)
    }

    @Test("Closing a document publishes no diagnostics for it, so the editor clears them")
    func closing() {
        var server = ServerHarness.initialized()
        _ = server.open("viw card\n")
        server.notify(
            "textDocument/didClose", ["textDocument": .object(["uri": .string("file:///project/Scene.layout")])])
        let last = server.notifications.last
        #expect(last?.method == "textDocument/publishDiagnostics")
        #expect(last?.params?["diagnostics"]?.array?.isEmpty == true)
    }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        return self[..<range.lowerBound] + replacement + self[range.upperBound...]
    }
}
