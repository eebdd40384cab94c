import LanguageServer
import PlaygroundProtocol
import Testing

@Suite struct CompletionTests {
    static let scene = """
        view card color blue
        label question "Q"
        label quiet "Shh"
        cardTop: card.top == 0
        animator fade 1 {
          card.alpha = 0
        }
        action go {
          layout
        }

        """

    /// The labels offered at the end of `typed`, appended to the scene, in the server's order.
    func labels(after typed: String) throws -> [String] {
        var server = ServerHarness.initialized()
        let text = Self.scene + typed
        _ = server.open(text)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let result = try server.result(
            "textDocument/completion", ServerHarness.at((lines.count - 1, lines.last?.utf16.count ?? 0)))
        let items = result["items"]?.array ?? []
        return items.sorted { ($0["sortText"]?.string ?? "") < ($1["sortText"]?.string ?? "") }
            .compactMap { $0["label"]?.string }
    }

    @Test("After a view's name and a dot: its attributes, frame values and properties")
    func viewMembers() throws {
        let offered = try labels(after: "card.")
        for expected in ["top", "centerX", "firstBaseline", "midY", "alpha", "text", "margins"] {
            #expect(offered.contains(expected), "\(expected)")
        }
        #expect(try labels(after: "cardTop.") == ["constant"])
        #expect(try labels(after: "fade.") == ["fraction"])
        #expect(try labels(after: "root.safeArea.").contains("bottom"))
        #expect(try labels(after: "root.").contains("safeArea"))
    }

    @Test("What was typed orders the names as 'did you mean' does: prefixes first, then by edit distance")
    func didYouMeanOrder() throws {
        #expect(try labels(after: "qu").prefix(2) == ["question", "quiet"])
        #expect(try labels(after: "qeustion").first == "question")
        #expect(try labels(after: "crad").first == "card")
    }

    @Test("Values after their keywords: colours, curves, text styles, actions, animators, constraints")
    func values() throws {
        #expect(try labels(after: "view box color sys").first == "systemBackground")
        #expect(try labels(after: "view box color ").contains("systemBlue"))
        #expect(try labels(after: "action a {\n  animate 1 curve ").contains("easeInOut"))
        #expect(try labels(after: "label big \"B\" font ").contains("34 (largeTitle)"))
        #expect(try labels(after: "action b {\n  run ").contains("go"))
        #expect(try labels(after: "action b {\n  start ") == ["fade"])
        #expect(try labels(after: "action b {\n  deactivate ") == ["cardTop"])
        #expect(try labels(after: "card.width == 10 @") == ["fitting", "high", "low", "required"])
        #expect(try labels(after: "action b {\n  swap q") == ["question", "quiet", "card", "cardTop"])
    }

    @Test("At the start of a line: the scene's names and the language's keywords")
    func anything() throws {
        let offered = try labels(after: "")
        for expected in ["card", "question", "cardTop", "fade", "view", "label", "animate", "root"] {
            #expect(offered.contains(expected), "\(expected)")
        }
    }
}
