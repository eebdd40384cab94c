import Testing

@testable import SceneLanguage

/// Parsing and checking variables (`var NAME = E`), text lists (`texts NAME
/// "…" …`) and the statements and expressions that use them.
@Suite struct VariableParserTests {
    /// The tutorial's names, declared; `body` is the action `a`'s.
    static func quiz(_ body: String) -> String {
        """
        texts questions "What is 7+7?" "What is the capital of Vermont?" "What is cognac made from?"
        texts answers {
          "14" "Montpelier"
          "Grapes"
        }
        var index = 0
        var step = 2 * system - (1 + 3) / 2
        label question "?"
        button answer "?"
        action a {
        \(body)
        }
        """
    }

    @Test("Variables take a constant expression; text lists one or more strings, on one line or in a block")
    func declarations() {
        let scene = parseClean(Self.quiz("layout"))
        #expect(scene.variables.map(\.name.name) == ["index", "step"])
        #expect(scene.variables.map(\.initialValue) == [0, 14])
        #expect(scene.variableIndices == ["index": 0, "step": 1])
        #expect(scene.textLists.map(\.name.name) == ["questions", "answers"])
        #expect(scene.textLists[0].texts.count == 3)
        #expect(scene.textLists[1].texts == ["14", "Montpelier", "Grapes"])
        #expect(scene.textListIndices == ["questions": 0, "answers": 1])
        #expect(scene.text(of: scene.textLists[1].range).hasSuffix("\"Grapes\"\n}"))
    }

    @Test("A variable is set with =, += and -=; a text is a string or a list's entry at an expression")
    func statements() throws {
        let scene = parseClean(
            Self.quiz(
                """
                index = 0
                index += 1
                step -= index * 2
                question.text = questions[index]
                answer.text = "???"
                answer.text = answers[index - 1]
                """))
        let kinds = try #require(scene.action(named: "a")).body.map(\.kind)
        let index = Expr(.reference([id("index")]), anywhere)
        #expect(kinds.count == 6)
        #expect(kinds[0] == .setVariable(id("index"), .assign, Expr(.number(0), anywhere)))
        #expect(kinds[1] == .setVariable(id("index"), .add, Expr(.number(1), anywhere)))
        guard case .setVariable(let name, .subtract, let value) = kinds[2],
            case .binary(.multiply, index, _) = value.kind
        else {
            Issue.record("\(kinds[2])")
            return
        }
        #expect(name.name == "step")
        #expect(kinds[3] == .setProperty(id("question"), located(.text), .textEntry(id("questions"), index)))
        #expect(kinds[4] == .setProperty(id("answer"), located(.text), .text("???")))
        guard case .setProperty(_, _, .textEntry(let list, let entry?)) = kinds[5],
            case .binary(.subtract, index, _) = entry.kind
        else {
            Issue.record("\(kinds[5])")
            return
        }
        #expect(list.name == "answers")
    }

    @Test("A bare name reads a variable and LIST.count a text list's length, in any action expression")
    func reads() throws {
        let scene = parseClean(
            Self.quiz(
                """
                index = (index + 1) / questions.count * step
                question.alpha = index / questions.count
                """))
        let kinds = try #require(scene.action(named: "a")).body.map(\.kind)
        guard case .setProperty(_, _, .number(let alpha)) = kinds[1],
            case .binary(.divide, let lhs, let rhs) = alpha.kind
        else {
            Issue.record("\(kinds)")
            return
        }
        #expect(lhs.kind == .reference([id("index")]))
        #expect(rhs.kind == .reference([id("questions"), id("count")]))
    }

    @Test("'var' and 'texts' are declarations: misplaced in an action or a view, and an open action ends before one")
    func keywords() {
        #expect(codes("action go {\n  texts t \"a\"\n  layout\n}") == [.misplacedDeclaration])
        #expect(codes("view panel {\n  var v = 1\n}") == [.misplacedDeclaration])
        #expect(codes("constraints g {\n  var v = 1\n}") == [.misplacedDeclaration])
        let scene = Scene.parse(
            SourceFile(name: "t.layout", text: "action go {\n  layout\nvar index = 1\naction other { index = 2 }"))
        #expect(scene.diagnostics.map(\.code) == [.unterminatedBlock])
        #expect(scene.variables.map(\.initialValue) == [1])
        #expect(scene.actions.map(\.name.name) == ["go", "other"])
        #expect(nearestName(to: "txets", among: Parser.topLevelKeywords) == "texts")
    }

    @Test("A block of texts left open ends before a declaration at the start of a line")
    func unclosedTexts() {
        let scene = Scene.parse(SourceFile(name: "t.layout", text: "texts t {\n  \"a\" \"b\"\nvar index = 0"))
        #expect(scene.diagnostics.map(\.code) == [.unterminatedBlock])
        #expect(scene.textLists.first?.texts == ["a", "b"])
        #expect(scene.variables.count == 1)
    }

    @Test("An empty text list is reported and kept, so its uses resolve")
    func emptyList() {
        #expect(codes("texts t\nlabel l \"x\"\naction go { l.text = t[0] }") == [.invalidValue])
        #expect(codes("texts t {\n}") == [.invalidValue])
    }

    @Test(
        "Names of the wrong sort are type mismatches",
        arguments: [
            "activate index", "questions = 1", "question.text = index[0]", "question.text = index",
            "question.text = questions", "question.alpha = questions[0]", "question.alpha = questions",
            "question.alpha = question", "index = index.count", "swap index question", "start index",
            "index.constant = 1",
        ])
    func mismatches(_ statement: String) {
        #expect(codes(Self.quiz(statement)) == [.typeMismatch])
    }

    @Test("Variables and text lists share the one namespace: duplicates and reserved names are reported")
    func namespace() {
        #expect(codes("view card\nvar card = 0") == [.duplicateName])
        #expect(codes("var n = 0\ntexts n \"a\"") == [.duplicateName])
        #expect(codes("texts root \"a\"") == [.reservedName])
        #expect(codes("var n = 0\nview v\nn: v.top == 0") == [.duplicateName])
    }

    @Test("A variable's first value is a constant within the language's limit")
    func initialValue() {
        #expect(codes("var n = 100000 * 100000") == [.outOfRange])
        #expect(codes("var n = -1000000000") == [])
        #expect(codes("view card\nvar n = card.width") == [.expectedToken])
    }
}

@Suite struct TextListTests {
    @Test(
        "Entries wrap around: the index is floored and taken modulo the count, negatives too",
        arguments: [
            (0, "a"), (1, "b"), (2, "c"), (3, "a"), (4, "b"), (-1, "c"), (-3, "a"), (-4, "c"), (1.9, "b"),
            (-0.5, "c"), (3e9, "a"), (3e9 + 1, "b"), (1e300, "a"), (-1e300, "a"),
        ] as [(Double, String)])
    func wrapping(_ index: Double, _ expected: String) {
        let list = TextListDeclaration(name: id("t"), texts: ["a", "b", "c"], range: anywhere)
        #expect(list.text(at: index) == expected)
    }

    @Test("An empty list, or an index that is not finite, has no entry")
    func noEntry() {
        #expect(TextListDeclaration(name: id("t"), texts: [], range: anywhere).text(at: 0) == nil)
        let list = TextListDeclaration(name: id("t"), texts: ["a"], range: anywhere)
        #expect(list.text(at: .nan) == nil && list.text(at: .infinity) == nil)
    }
}
