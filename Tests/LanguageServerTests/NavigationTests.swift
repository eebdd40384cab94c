import JSONRPC
import LanguageServer
import PlaygroundProtocol
import Testing

@Suite struct NavigationTests {
    /// `next` is both a label and an action: names are resolved as the language resolves them.
    static let scene = """
        label question "Q"
        label next "N"
        guide gap
        questionX: question.centerX == root.centerX
        nextX: next.centerX == root.centerX
        question.top == 100; next.top == question.top
        H:|[question][gap][next]|
        constraints apart inactive {
          gap.width == 50
        }
        var index = 0
        animator fade 0.5 {
          question.alpha = 0
        }
        action next {
          index += 1
          questionX.constant += 10
          activate apart
          start fade
        }
        action again {
          run next
          swap question next
        }

        """

    @Test(
        "Definition of each kind of symbol is its declaration",
        arguments: [
            ("questionX.constant", 0, "questionX:"),
            ("question.top", 0, "question \"Q\""),
            ("activate apart", 9, "apart inactive"),
            ("start fade", 6, "fade 0.5"),
            ("index += 1", 0, "index = 0"),
            ("run next", 4, "next {"),
            ("swap question next", 14, "next \"N\""),
            ("[gap]", 1, "gap\n"),
        ])
    func definitions(use: String, offset: Int, declaration: String) throws {
        var server = ServerHarness.initialized()
        _ = server.open(Self.scene)
        let found = try server.result(
            "textDocument/definition", ServerHarness.at(position(of: use, in: Self.scene, offset: offset)))
        #expect(found["range"]?.start ?? (0, 0) == position(of: declaration, in: Self.scene), "\(use)")
    }

    @Test("Hovering a group, a variable or an action's name says what it is")
    func otherSymbols() throws {
        var server = ServerHarness.initialized()
        _ = server.open(Self.scene)
        let group = try server.result(
            "textDocument/hover", ServerHarness.at(position(of: "activate apart", in: Self.scene, offset: 9)))
        #expect(
            group.hoverText.contains("**constraints** `apart`, inactive until an action activates it: 1 constraint"))
        #expect(group.hoverText.contains("`gap.width == 50` (line 9, inactive)"))
        let variable = try server.result(
            "textDocument/hover", ServerHarness.at(position(of: "index += 1", in: Self.scene)))
        #expect(variable.hoverText == "**var** `index` = 0 at every load")
        let action = try server.result(
            "textDocument/hover", ServerHarness.at(position(of: "run next", in: Self.scene, offset: 4)))
        #expect(action.hoverText == "**action** `next` declared on line 15")
    }

    @Test("References list every use, with or without the declaration")
    func references() throws {
        var server = ServerHarness.initialized()
        _ = server.open(Self.scene)
        var params = ServerHarness.at(position(of: "question.top", in: Self.scene))
        params["context"] = .object(["includeDeclaration": .bool(true)])
        let all = try server.result("textDocument/references", params).array ?? []
        // Its declaration, questionX, the top constraints (twice), the visual format line, the animator, the swap.
        #expect(all.count == 7)
        params["context"] = .object(["includeDeclaration": .bool(false)])
        #expect(try server.result("textDocument/references", params).array?.count == 6)
        // The action 'next' is not the label 'next'.
        let action = try server.result(
            "textDocument/references", ServerHarness.at(position(of: "run next", in: Self.scene, offset: 4)))
        #expect(action.array?.count == 2)
    }

    @Test("Rename edits every use in one workspace edit, and refuses a taken or reserved name")
    func rename() throws {
        var server = ServerHarness.initialized()
        _ = server.open(Self.scene)
        var params = ServerHarness.at(position(of: "nextX:", in: Self.scene))
        params["newName"] = .string("incomingX")
        let edit = try server.result("textDocument/rename", params)
        let edits = edit["changes"]?["file:///project/Scene.layout"]?.array ?? []
        #expect(edits.count == Self.scene.components("nextX"))
        #expect(edits.allSatisfy { $0["newText"]?.string == "incomingX" })
        params["newName"] = .string("questionX")
        guard case .failure(let taken) = server.request("textDocument/rename", params) else {
            Issue.record("a taken name was accepted")
            return
        }
        #expect(taken.message == "'questionX' is already the name of the constraint 'questionX'; choose another name")
        params["newName"] = .string("root")
        #expect((try? server.request("textDocument/rename", params).get()) == nil)
        params["newName"] = .string("2x")
        #expect((try? server.request("textDocument/rename", params).get()) == nil)
        let prepared = try server.result(
            "textDocument/prepareRename", ServerHarness.at(position(of: "nextX:", in: Self.scene)))
        #expect(prepared["placeholder"]?.string == "nextX")
    }

    @Test("Document symbols nest views as declared and list groups, constraints, animators and actions")
    func documentSymbols() throws {
        var server = ServerHarness.initialized()
        let text = "view panel {\n  label name \"Bob\"\n  view inner {\n    view dot\n  }\n}\n" + Self.scene
        _ = server.open(text)
        let symbols =
            try server.result(
                "textDocument/documentSymbol",
                ["textDocument": .object(["uri": .string("file:///project/Scene.layout")])]
            ).array ?? []
        let names = symbols.compactMap { $0["name"]?.string }
        #expect(
            names == [
                "panel", "question", "next", "gap", "questionX", "nextX", "apart", "index", "fade", "next", "again",
            ])
        let panel = try #require(symbols.first)
        #expect(panel["children"]?.array?.compactMap { $0["name"]?.string } == ["name", "inner"])
        #expect(panel["children"]?.array?.last?["children"]?.array?.first?["name"]?.string == "dot")
        let apart = try #require(symbols.first { $0["name"]?.string == "apart" })
        #expect(apart["children"]?.array?.first?["name"]?.string == "gap.width == 50")
        #expect(apart["detail"]?.string == "constraints, inactive")
    }
}

extension String {
    /// How many times `part` occurs.
    func components(_ part: String) -> Int {
        var count = 0
        var rest = self[...]
        while let found = rest.firstRange(of: part) {
            count += 1
            rest = rest[found.upperBound...]
        }
        return count
    }
}

@Suite struct DeepOutlineTests {
    @Test("Views nested deeper than the outline's limit are listed under their ancestor at the limit")
    func deepNesting() throws {
        var server = ServerHarness.initialized()
        var text = ""
        for level in 0..<30 { text += String(repeating: "  ", count: level) + "view v\(level) {\n" }
        for level in (0..<30).reversed() { text += String(repeating: "  ", count: level) + "}\n" }
        _ = server.open(text)
        let symbols = try server.result(
            "textDocument/documentSymbol", ["textDocument": .object(["uri": .string("file:///project/Scene.layout")])])
        var level = symbols.array?.first
        var depth = 0
        while let children = level?["children"]?.array, let first = children.first {
            depth += 1
            level = first
            if depth == 15 { #expect(children.count == 15, "v15 to v29 under v14") }
        }
        #expect(depth == 15)
        let deepest = try #require(level)
        #expect(deepest["name"]?.string == "v15")
        #expect(deepest["children"] == nil)
    }
}
