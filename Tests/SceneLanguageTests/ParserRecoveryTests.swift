import Testing

@testable import SceneLanguage

/// The codes of a scene's diagnostics, in order.
func codes(_ text: String) -> [DiagnosticCode] {
    Scene.parse(SourceFile(name: "t.layout", text: text)).diagnostics.map(\.code)
}

/// How the parser and the checker cope with files being edited: blocks left
/// open, statements written outside actions, and files full of errors.
@Suite struct ParserRecoveryTests {
    @Test("An action left open ends before a declaration at the start of a line, not at the end of the file")
    func unclosedAction() {
        let scene = Scene.parse(
            SourceFile(
                name: "t.layout",
                text: """
                    action go {
                      card.alpha = 0

                    view card
                    card.left == 0; card.top == 0; card.width == 10; card.height == 10
                    action other {
                      card.alpha = 1
                    }
                    """))
        #expect(scene.diagnostics.map(\.code) == [.unterminatedBlock])
        #expect(
            scene.diagnostics.first?.message
                == "this block is not closed; add '}' before 'view' on line 4, which cannot go inside it")
        #expect(scene.views.map(\.name.name) == ["card"])
        #expect(scene.constraints.count == 4)
        #expect(scene.actions.map(\.name.name) == ["go", "other"])
        #expect(scene.actions.map(\.body.count) == [1, 1])
    }

    @Test("Indented, the same declaration inside an action is misplaced, and the action goes on")
    func indentedDeclaration() {
        let scene = Scene.parse(SourceFile(name: "t.layout", text: "view a\naction go {\n  view b\n  layout\n}"))
        #expect(scene.diagnostics.map(\.code) == [.misplacedDeclaration])
        #expect(scene.actions.first?.body.map(\.kind) == [.layout])
    }

    @Test("A view's block left open ends before an action; a group's before a view")
    func unclosedViewAndGroup() {
        #expect(codes("view panel {\n  view inner\naction go { layout }") == [.unterminatedBlock])
        #expect(codes("view a\nconstraints g {\n  a.top == 0\nview b") == [.unterminatedBlock])
    }

    @Test("A statement at the top level is one misplaced declaration")
    func topLevelStatement() {
        let scene = Scene.parse(SourceFile(name: "t.layout", text: "view card\ncard.alpha = 0\nc: card.top == 0"))
        #expect(scene.diagnostics.map(\.code) == [.misplacedDeclaration])
        #expect(
            scene.diagnostics.first?.message
                == "'card.alpha' is set by a statement; statements go in an action or 'on load { … }'")
        #expect(codes("view card\nc: card.top == 0\nc.constant += 8") == [.misplacedDeclaration])
        // An anchor with '=' is a constraint written with the wrong relation.
        #expect(codes("view card\ncard.top = 0") == [.expectedToken])
    }

    @Test("'375x…' obeys the limit on numbers")
    func packedSize() {
        #expect(codes("canvas 375x99999999999") == [.tooLarge])
        #expect(codes("canvas 375x667") == [])
    }

    @Test("'inactive' inside a group, and spring values given twice, are reported")
    func smallHoles() {
        #expect(codes("view a\nconstraints g { inactive a.top == 0 }") == [.notApplicable])
        #expect(
            codes("view a\naction go { animate 1 spring damping 0.5 damping 0.7 { layout } }") == [.duplicateProperty])
        #expect(codes("view a\nconstraints inactive { a.top == 0 }") == [.unreachableConstraint])
    }

    @Test("A second 'on load' is reported, and its statements are still checked")
    func secondOnLoad() {
        #expect(codes("on load { layout }\non load { start nothing }") == [.duplicateSetting, .unknownName])
    }

    @Test("Actions cannot be named 'root' or 'system'")
    func reservedActions() {
        #expect(codes("action root { layout }") == [.reservedName])
    }

    @Test("Animators created inside a top-level animator are declared too")
    func nestedAnimators() {
        #expect(
            codes("view a\nanimator outer 1 { animator inner 1 { a.alpha = 0 } }\non load { start outer; start inner }")
                == [])
        #expect(codes("view a\nanimator outer 1 { animator a 1 { layout } }") == [.duplicateName])
    }

    @Test("'run' in a completion is a loop in time, not a recursion; in a block it is")
    func runInCompletion() {
        #expect(codes("view v\naction pulse { animate 1 { v.alpha = 0 } completion { run pulse } }") == [])
        #expect(codes("view v\naction pulse { animate 1 { run pulse } }") == [.recursiveAction])
    }

    @Test("A file full of errors gives a bounded report, and the parser stops at the limit")
    func diagnosticLimit() {
        let scene = Scene.parse(SourceFile(name: "t.layout", text: String(repeating: "}\n", count: 5000)))
        #expect(scene.diagnostics.count == SceneLanguage.diagnosticLimit)
        #expect(scene.diagnostics.last?.notes.map(\.message) == ["too many errors; the parser stops here"])
    }
}
