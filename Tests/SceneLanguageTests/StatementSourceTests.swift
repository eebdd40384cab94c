import SceneLanguage
import Testing

/// `Scene.parseStatements`: statements alone, as `exec` sends them,
/// parsed and checked against a scene's names with the checker's rules.
@Suite struct StatementSourceTests {
    static let scene = Scene.parse(
        SourceFile(
            name: "Box.layout",
            text: """
                view box
                boxX: box.left == root.left
                box.top == 0; box.width == 10; box.height == 10
                animator fade 1 { box.alpha = 0 }
                action move { animate 1 { boxX.constant = 100; layout } }
                """))

    /// The statements of a source and its diagnostics, rendered.
    static func parse(_ text: String) -> (statements: [Statement], rendered: String) {
        let file = SourceFile(name: "<exec 1>", text: text)
        let (statements, diagnostics) = scene.parseStatements(file)
        return (statements, diagnostics.map { $0.rendered }.joined())
    }

    @Test("Statements separated by ';' or new lines, blocks included, check out against the scene")
    func valid() {
        #expect(Self.scene.diagnostics.isEmpty)
        let (statements, rendered) = Self.parse(
            "boxX.constant = box.width * 2; layout\nanimate 0.5 { box.alpha = 0.5 } completion { run move }\nstart fade"
        )
        #expect(rendered == "")
        #expect(statements.count == 4)
    }

    @Test("An animator the source creates can be driven by its later statements")
    func ownAnimator() {
        #expect(Self.parse("animator slide 1 { boxX.constant = 5; layout }; start slide").rendered == "")
    }

    @Test("Unknown names get the checker's message and suggestion, in the source's file")
    func unknownName() {
        #expect(
            Self.parse("boxY.constant = 1; run mvoe").rendered == """
                <exec 1>:1:1: error: unknown constraint 'boxY'; did you mean 'boxX'? [unknown-name]
                boxY.constant = 1; run mvoe
                ^~~~
                <exec 1>:1:24: error: unknown action 'mvoe'; did you mean 'move'? [unknown-name]
                boxY.constant = 1; run mvoe
                                       ^~~~

                """)
    }

    @Test("A name of the wrong sort, a stray '}' and a declaration are reported; the rest still parses")
    func errors() {
        let (statements, rendered) = Self.parse("start box\n}\nview card\nlayout\nanimator box 1 { layout }")
        #expect(
            rendered == """
                <exec 1>:2:1: error: unexpected '}': no block is open here [expected-token]
                }
                ^
                <exec 1>:3:1: error: 'view' goes at the top level of the file, not in an action [misplaced-declaration]
                view card
                ^~~~
                <exec 1>:5:10: error: 'box' is already declared in the scene as a view; choose another name [duplicate-name]
                animator box 1 { layout }
                         ^~~
                <exec 1>:1:7: error: 'box' is a view, not a animator [type-mismatch]
                start box
                      ^~~

                """)
        #expect(statements.count == 3)
    }
}
