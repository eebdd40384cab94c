import SceneLanguage
import Testing

/// Goldens of the checker's diagnostics, and of every "did you mean": names
/// unknown, taken twice or reserved, names of the wrong sort, constraints that
/// cannot be one, actions that run themselves. ``DiagnosticGolden`` says how they are checked.
@Suite struct DiagnosticNameGoldenTests {
    @Test(
        "A misspelled name gets the nearest one, in the message and as a suggestion",
        arguments: DiagnosticGolden.didYouMean)
    func didYouMean(_ golden: DiagnosticGolden) {
        golden.check()
    }

    @Test("Each diagnostic about names and their sorts renders in full", arguments: DiagnosticGolden.names)
    func names(_ golden: DiagnosticGolden) {
        golden.check()
    }

    @Test("Each diagnostic about a constraint renders in full", arguments: DiagnosticGolden.constraints)
    func constraints(_ golden: DiagnosticGolden) {
        golden.check()
    }
}

extension DiagnosticGolden {
    /// Misspellings of each sort of name, and the suggestion each gets.
    static let didYouMean: [DiagnosticGolden] = [
        DiagnosticGolden(
            .unknownName, "a misspelled keyword", "veiw card", suggesting: "view",
            """
            Scene.layout:1:1: error: unknown declaration 'veiw'; did you mean 'view'? [unknown-name]
            veiw card
            ^~~~

            """),
        DiagnosticGolden(
            .unknownName, "a misspelled view property", "view card alpah 0.5", suggesting: "alpha",
            """
            Scene.layout:1:11: error: unknown property 'alpah'; did you mean 'alpha'? [unknown-name]
            view card alpah 0.5
                      ^~~~~

            """),
        DiagnosticGolden(
            .unknownName, "a misspelled property in an action",
            """
            view card
            action fade {
              card.alpah = 0
            }
            """, suggesting: "alpha",
            """
            Scene.layout:3:8: error: unknown property 'alpah'; did you mean 'alpha'? [unknown-name]
              card.alpah = 0
                   ^~~~~

            """),
        DiagnosticGolden(
            .unknownName, "a British spelling of a colour", "view card color grey", suggesting: "gray",
            """
            Scene.layout:1:17: error: unknown colour 'grey'; did you mean 'gray'? [unknown-name]
            view card color grey
                            ^~~~

            """),
        DiagnosticGolden(
            .unknownName, "a British spelling of an attribute",
            "view card\ncard.centreX == root.centerX", suggesting: "centerX",
            """
            Scene.layout:2:6: error: unknown attribute 'centreX'; did you mean 'centerX'? [unknown-name]
            card.centreX == root.centerX
                 ^~~~~~~

            """),
        DiagnosticGolden(
            .unknownName, "a frame property for an attribute",
            "view card\ncard.midX == root.centerX", suggesting: "centerX",
            """
            Scene.layout:2:6: error: unknown attribute 'midX'; did you mean 'centerX'? [unknown-name]
            card.midX == root.centerX
                 ^~~~

            """),
        DiagnosticGolden(
            .unknownName, "a misspelled view", "view card\ncard.top == cards.bottom + 8", suggesting: "card",
            """
            Scene.layout:2:13: error: unknown view 'cards'; did you mean 'card'? [unknown-name]
            card.top == cards.bottom + 8
                        ^~~~~

            """),
        DiagnosticGolden(
            .unknownName, "a misspelled root guide", "view card\ncard.top == root.safearea.top", suggesting: "safeArea",
            """
            Scene.layout:2:18: error: unknown guide 'root.safearea'; did you mean 'safeArea'? (the root has 'safeArea' and 'margins') [unknown-name]
            card.top == root.safearea.top
                             ^~~~~~~~

            """),
        DiagnosticGolden(
            .unknownName, "a misspelled priority", "view card\ncard.width == 100 @hihg", suggesting: "high",
            """
            Scene.layout:2:20: error: unknown priority 'hihg'; did you mean 'high'? (priorities are required, high, low, fitting, or a number from 1 to 1000) [unknown-name]
            card.width == 100 @hihg
                               ^~~~

            """),
        DiagnosticGolden(
            .unknownName, "a misspelled curve",
            """
            view card
            action fade {
              animate 0.5 curve easyIn {
                card.alpha = 0
              }
            }
            """, suggesting: "easeIn",
            """
            Scene.layout:3:21: error: unknown curve 'easyIn'; did you mean 'easeIn'? [unknown-name]
              animate 0.5 curve easyIn {
                                ^~~~~~

            """),
        DiagnosticGolden(
            .unknownName, "a misspelled action",
            """
            action showToolbar {
              layout
            }
            action tap {
              run shwoToolbar
            }
            """, suggesting: "showToolbar",
            """
            Scene.layout:5:7: error: unknown action 'shwoToolbar'; did you mean 'showToolbar'? [unknown-name]
              run shwoToolbar
                  ^~~~~~~~~~~

            """),
    ]

    /// Names declared twice or reserved, names of the wrong sort, and actions that run themselves.
    static let names: [DiagnosticGolden] = [
        DiagnosticGolden(
            .duplicateName, "a view and a label with one name", "view card\nlabel card \"Hi\"",
            """
            Scene.layout:2:7: error: 'card' is already declared as a view; choose another name [duplicate-name]
            label card "Hi"
                  ^~~~
            Scene.layout:1:6: note: first declared here
            view card
                 ^~~~

            """),
        DiagnosticGolden(
            .duplicateName, "two actions with one name",
            """
            action next {
              layout
            }
            action next {
              layout
            }
            """,
            """
            Scene.layout:4:8: error: action 'next' is declared twice; rename one of them [duplicate-name]
            action next {
                   ^~~~
            Scene.layout:1:8: note: first declared here
            action next {
                   ^~~~

            """),
        DiagnosticGolden(
            .reservedName, "a view named 'root'", "view root",
            """
            Scene.layout:1:6: error: 'root' is the root view; choose another name [reserved-name]
            view root
                 ^~~~

            """),
        DiagnosticGolden(
            .reservedName, "a constraint named 'system'", "view card\nsystem: card.width == 8",
            """
            Scene.layout:2:1: error: 'system' is the standard spacing; choose another name [reserved-name]
            system: card.width == 8
            ^~~~~~

            """),
        DiagnosticGolden(
            .typeMismatch, "a view activated",
            """
            view card
            action show {
              activate card
            }
            """,
            """
            Scene.layout:3:12: error: 'card' is a view, not a constraint or group [type-mismatch]
              activate card
                       ^~~~

            """),
        DiagnosticGolden(
            .typeMismatch, "a view swapped with a constraint",
            """
            label question "7 + 7?"
            questionX: question.centerX == root.centerX
            action next {
              swap question questionX
            }
            """,
            """
            Scene.layout:4:8: error: cannot swap 'question', a label, with 'questionX', a constraint; swap two views of one kind, or two constraints [type-mismatch]
              swap question questionX
                   ^~~~~~~~~~~~~~~~~~

            """),
        DiagnosticGolden(
            .typeMismatch, "a constraint used as a view",
            """
            view card
            w: card.width == 100
            w.height == 50
            """,
            """
            Scene.layout:3:1: error: 'w' is a constraint, not a view; constraints relate views [type-mismatch]
            w.height == 50
            ^

            """),
        DiagnosticGolden(
            .recursiveAction, "two actions that run each other",
            """
            action show {
              run hide
            }
            action hide {
              run show
            }
            """,
            """
            Scene.layout:5:7: error: action 'show' runs itself: 'show' → 'hide' → 'show' [recursive-action]
              run show
                  ^~~~

            """),
    ]

    /// Constraints that are not `item.attribute`, relate what cannot be related, or cannot be reached.
    static let constraints: [DiagnosticGolden] = [
        DiagnosticGolden(
            .invalidConstraint, "an item without an attribute", "view card\ncard.width == root",
            """
            Scene.layout:2:15: error: 'root' needs an attribute, as 'root.top' [invalid-constraint]
            card.width == root
                          ^~~~

            """),
        DiagnosticGolden(
            .invalidConstraint, "two anchors on the right side", "view card\ncard.width == root.width - root.height",
            """
            Scene.layout:2:15: error: a constraint relates one anchor on each side; the right side holds two: 'root.width' and 'root.height' [invalid-constraint]
            card.width == root.width - root.height
                          ^~~~~~~~~~~~~~~~~~~~~~~~

            """),
        DiagnosticGolden(
            .invalidConstraint, "a constant read from another constraint",
            """
            view card
            w: card.width == 100
            card.height == w.constant
            """,
            """
            Scene.layout:3:16: error: a constraint's constant must be a number or an expression of numbers and 'system'; it cannot read another constraint [invalid-constraint]
            card.height == w.constant
                           ^~~~~~~~~~

            """),
        DiagnosticGolden(
            .invalidConstraint, "a guide path on a view", "view card\ncard.top == card.safeArea.top",
            """
            Scene.layout:2:18: error: a view's guides are 'NAME.margins' (its layout margins); for another, declare a 'guide' [invalid-constraint]
            card.top == card.safeArea.top
                             ^~~~~~~~~~~~

            """),
        DiagnosticGolden(
            .incompatibleAttributes, "a horizontal edge to a vertical one", "view card\ncard.leading == root.top",
            """
            Scene.layout:2:1: error: cannot relate the horizontal position 'card.leading' to the vertical position 'root.top' [incompatible-attributes]
            card.leading == root.top
            ^~~~~~~~~~~~~~~~~~~~~~~~

            """),
        DiagnosticGolden(
            .incompatibleAttributes, "a size to a position", "view card\ncard.width == root.centerX",
            """
            Scene.layout:2:1: error: cannot relate the size 'card.width' to the horizontal position 'root.centerX' [incompatible-attributes]
            card.width == root.centerX
            ^~~~~~~~~~~~~~~~~~~~~~~~~~

            """),
        DiagnosticGolden(
            .invalidAttribute, "a guide's baseline",
            """
            label title "Bankey"
            guide spacer
            title.firstBaseline == spacer.firstBaseline
            """,
            """
            Scene.layout:3:31: error: a layout guide has no 'firstBaseline'; guides have no text [invalid-attribute]
            title.firstBaseline == spacer.firstBaseline
                                          ^~~~~~~~~~~~~

            """),
        DiagnosticGolden(
            .unreachableConstraint, "an inactive constraint without a name",
            """
            view toolbar
            toolbar.leading == root.leading; toolbar.trailing == root.trailing
            toolbar.top == root.top; toolbar.height == 44
            inactive toolbar.top == root.top + 200
            """,
            """
            Scene.layout:4:1: warning: this inactive constraint has no name, so no action can activate it; name it, as 'pinned: …' [unreachable-constraint]
            inactive toolbar.top == root.top + 200
            ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

            """),
    ]
}
