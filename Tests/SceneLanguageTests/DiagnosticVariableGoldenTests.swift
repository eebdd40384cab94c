import SceneLanguage
import Testing

/// Goldens of the diagnostics about variables and text lists: declarations,
/// names of the wrong sort, misspellings. ``DiagnosticGolden`` says how they are checked.
@Suite struct DiagnosticVariableGoldenTests {
    @Test("Each diagnostic about a variable or a text list renders in full", arguments: DiagnosticGolden.variables)
    func variables(_ golden: DiagnosticGolden) {
        golden.check()
    }
}

extension DiagnosticGolden {
    /// `var`, `texts`, and their uses in actions and constraints.
    static let variables: [DiagnosticGolden] = [
        DiagnosticGolden(
            .invalidValue, "an empty text list", "texts questions",
            """
            Scene.layout:1:1: error: the text list 'questions' is empty; give it at least one text, as 'texts questions "…"' [invalid-value]
            texts questions
            ^~~~~~~~~~~~~~~

            """),
        DiagnosticGolden(
            .invalidValue, "an empty block of texts",
            """
            texts questions {
            }
            """,
            """
            Scene.layout:1:1: error: the text list 'questions' is empty; give it at least one text, as 'texts questions "…"' [invalid-value]
            texts questions {
            ^~~~~~~~~~~~~~~~~

            """),
        DiagnosticGolden(
            .typeMismatch, "a variable activated",
            """
            var index = 0
            constraints g { }
            action next {
              activate index
            }
            """,
            """
            Scene.layout:4:12: error: 'index' is a variable, not a constraint or group [type-mismatch]
              activate index
                       ^~~~~

            """),
        DiagnosticGolden(
            .typeMismatch, "a text list assigned a number",
            """
            texts questions "What is 7+7?"
            action next {
              questions = 1
            }
            """,
            """
            Scene.layout:3:3: error: 'questions' is a text list, not a variable [type-mismatch]
              questions = 1
              ^~~~~~~~~

            """),
        DiagnosticGolden(
            .typeMismatch, "a variable shown as a text",
            """
            var index = 0
            label card "?"
            action next {
              card.text = index
            }
            """,
            """
            Scene.layout:4:15: error: 'index' is a variable, not a text list [type-mismatch]
              card.text = index
                          ^~~~~

            """),
        DiagnosticGolden(
            .typeMismatch, "a variable taken for a text list",
            """
            var index = 0
            label card "?"
            action next {
              card.text = index[0]
            }
            """,
            """
            Scene.layout:4:15: error: 'index' is a variable, not a text list [type-mismatch]
              card.text = index[0]
                          ^~~~~

            """),
        DiagnosticGolden(
            .typeMismatch, "a text list without an index",
            """
            texts questions "What is 7+7?" "What is the capital of Vermont?"
            label card "?"
            action next {
              card.text = questions
            }
            """,
            """
            Scene.layout:4:15: error: 'questions' is a text list, not a text; show one of its entries, as 'questions[0]' [type-mismatch]
              card.text = questions
                          ^~~~~~~~~

            """),
        DiagnosticGolden(
            .typeMismatch, "a text list's entry as a number",
            """
            texts questions "What is 7+7?"
            view card
            action next {
              card.alpha = questions[0]
            }
            """,
            """
            Scene.layout:4:16: error: 'questions[…]' is a text, not a number; show it with 'V.text = questions[…]', or count the entries with 'questions.count' [type-mismatch]
              card.alpha = questions[0]
                           ^~~~~~~~~~

            """),
        DiagnosticGolden(
            .typeMismatch, "a text list read as a number",
            """
            texts questions "What is 7+7?"
            view card
            action next {
              card.alpha = questions
            }
            """,
            """
            Scene.layout:4:16: error: 'questions' is a text list, not a number; read its length, as 'questions.count' [type-mismatch]
              card.alpha = questions
                           ^~~~~~~~~

            """),
        DiagnosticGolden(
            .typeMismatch, "a variable in a constraint",
            """
            var width = 100
            view card
            card.width == width
            """,
            """
            Scene.layout:3:15: error: 'width' is a variable, which actions change, and a constraint's constant is fixed; set the constant in an action, as 'C.constant = width' [type-mismatch]
            card.width == width
                          ^~~~~

            """),
        DiagnosticGolden(
            .unknownName, "a misspelled text list",
            """
            texts questions "What is 7+7?"
            var index = 0
            label card "?"
            action next {
              card.text = qestions[index]
            }
            """, suggesting: "questions",
            """
            Scene.layout:5:15: error: unknown text list 'qestions'; did you mean 'questions'? [unknown-name]
              card.text = qestions[index]
                          ^~~~~~~~

            """),
        DiagnosticGolden(
            .unknownName, "a misspelled variable",
            """
            var index = 0
            action next {
              indx += 1
            }
            """, suggesting: "index",
            """
            Scene.layout:3:3: error: unknown variable 'indx'; did you mean 'index'? [unknown-name]
              indx += 1
              ^~~~

            """),
        DiagnosticGolden(
            .unknownName, "a misspelled 'var'", "vra index = 0", suggesting: "var",
            """
            Scene.layout:1:1: error: unknown declaration 'vra'; did you mean 'var'? [unknown-name]
            vra index = 0
            ^~~

            """),
        DiagnosticGolden(
            .unknownName, "a misspelled 'count'",
            """
            texts questions "What is 7+7?"
            var index = 0
            action next {
              index = questions.cont
            }
            """, suggesting: "count",
            """
            Scene.layout:4:21: error: text list 'questions' has no property 'cont'; did you mean 'count'? [unknown-name]
              index = questions.cont
                                ^~~~

            """),
        DiagnosticGolden(
            .duplicateName, "a variable named as a view",
            """
            view card
            var card = 0
            """,
            """
            Scene.layout:2:5: error: 'card' is already declared as a view; choose another name [duplicate-name]
            var card = 0
                ^~~~
            Scene.layout:1:6: note: first declared here
            view card
                 ^~~~

            """),
        DiagnosticGolden(
            .reservedName, "a variable named 'system'", "var system = 1",
            """
            Scene.layout:1:5: error: 'system' is the standard spacing; choose another name [reserved-name]
            var system = 1
                ^~~~~~

            """),
        DiagnosticGolden(
            .outOfRange, "a variable's first value too large", "var big = 100000 * 100000",
            """
            Scene.layout:1:11: error: a variable's first value is out of range: it must be a finite number of at most 1000000000 [out-of-range]
            var big = 100000 * 100000
                      ^~~~~~~~~~~~~~~

            """),
        DiagnosticGolden(
            .misplacedDeclaration, "a variable declared in an action",
            """
            action next {
              var index = 0
            }
            """,
            """
            Scene.layout:2:3: error: 'var' goes at the top level of the file, not in an action [misplaced-declaration]
              var index = 0
              ^~~

            """),
        DiagnosticGolden(
            .misplacedDeclaration, "a variable set at the top level",
            """
            var index = 0
            index += 1
            """,
            """
            Scene.layout:2:1: error: 'index' is set by a statement; statements go in an action or 'on load { … }' [misplaced-declaration]
            index += 1
            ^~~~~~~~

            """),
        DiagnosticGolden(
            .notAssignable, "a text list's entry assigned",
            """
            texts questions "What is 7+7?"
            action next {
              questions[0] = "What is 8+8?"
            }
            """,
            """
            Scene.layout:3:3: error: a text list's entries are fixed; only variables and properties can be set [not-assignable]
              questions[0] = "What is 8+8?"
              ^~~~~~~~~~

            """),
        DiagnosticGolden(
            .expectedToken, "a number among texts",
            """
            texts answers "14" 3
            """,
            """
            Scene.layout:1:20: error: expected a text in quotes, found number 3 [expected-token]
            texts answers "14" 3
                               ^

            """),
    ]
}
