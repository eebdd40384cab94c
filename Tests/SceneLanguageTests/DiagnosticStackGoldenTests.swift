import SceneLanguage
import Testing

/// Goldens of the diagnostics of stack views and the scene's direction: a
/// stack without its axis, an unknown distribution, an alignment across the
/// wrong axis, a stack's property on a plain view, a fixed frame on an
/// arranged subview, a proportional share of nothing, custom spacings on what is no stack or after what it does not
/// arrange, and the direction set twice. ``DiagnosticGolden`` says how they are checked.
@Suite struct DiagnosticStackGoldenTests {
    @Test("Each diagnostic about a stack view or the direction renders in full", arguments: DiagnosticGolden.stacks)
    func stacks(_ golden: DiagnosticGolden) {
        golden.check()
    }
}

extension DiagnosticGolden {
    static let stacks: [DiagnosticGolden] = [
        DiagnosticGolden(
            .expectedToken, "a stack without its axis", "stack form",
            """
            Scene.layout:1:11: error: expected the stack's axis, 'horizontal' or 'vertical', as 'stack form vertical', found end of file [expected-token]
            stack form
                      ^

            """),
        DiagnosticGolden(
            .unknownName, "a misspelled axis", "stack form verticle", suggesting: "vertical",
            """
            Scene.layout:1:12: error: unknown axis 'verticle'; did you mean 'vertical'? (a stack is 'horizontal' or 'vertical') [unknown-name]
            stack form verticle
                       ^~~~~~~~

            """),
        DiagnosticGolden(
            .unknownName, "a misspelled distribution", "stack row horizontal distribution fillEqualy",
            suggesting: "fillEqually",
            """
            Scene.layout:1:35: error: unknown distribution 'fillEqualy'; did you mean 'fillEqually'? (fill, fillEqually, fillProportionally, equalSpacing, equalCentering) [unknown-name]
            stack row horizontal distribution fillEqualy
                                              ^~~~~~~~~~

            """),
        DiagnosticGolden(
            .invalidValue, "an alignment along the wrong axis", "stack form vertical alignment top",
            suggesting: "leading",
            """
            Scene.layout:1:31: error: a vertical stack aligns its subviews horizontally, so 'top' does not apply; use 'leading' [invalid-value]
            stack form vertical alignment top
                                          ^~~

            """),
        DiagnosticGolden(
            .notApplicable, "a stack's property on a plain view", "view card spacing 8",
            """
            Scene.layout:1:11: error: 'spacing' is a stack view's; declare 'stack card horizontal|vertical' to arrange subviews [not-applicable]
            view card spacing 8
                      ^~~~~~~~~

            """),
        DiagnosticGolden(
            .notApplicable, "a fixed frame on an arranged subview, and a proportional share of nothing",
            """
            stack row horizontal distribution fillProportionally {
              label name "Name"
              view field frame 0 0 100 30
            }
            """,
            """
            Scene.layout:3:8: warning: 'row' is 'fillProportionally', which sizes its subviews by their intrinsic sizes, and 'field' has none: it gets no share (0 points); give it a 'size', or choose another distribution [not-applicable]
              view field frame 0 0 100 30
                   ^~~~~
            Scene.layout:3:14: warning: 'row' arranges 'field', so its frame is ignored: a stack view turns off its arranged subviews' translatesAutoresizingMaskIntoConstraints [not-applicable]
              view field frame 0 0 100 30
                         ^~~~~~~~~~~~~~~~

            """),
        DiagnosticGolden(
            .typeMismatch, "a custom spacing on a plain view",
            """
            view card {
              label name "Name"
            }
            card.spacing after name = 16
            """,
            """
            Scene.layout:4:1: error: 'card' is a view, not a stack; only a stack has a spacing [type-mismatch]
            card.spacing after name = 16
            ^~~~

            """),
        DiagnosticGolden(
            .invalidValue, "a custom spacing after a view the stack does not arrange",
            """
            stack form vertical {
              label name "Name"
            }
            label footer "Footer"
            form.spacing after footer = 16
            """,
            """
            Scene.layout:5:20: error: 'footer' is not arranged by 'form'; a custom spacing follows one of its arranged subviews ('name') [invalid-value]
            form.spacing after footer = 16
                               ^~~~~~

            """),
        DiagnosticGolden(
            .duplicateSetting, "a custom spacing set twice",
            """
            stack form vertical {
              label name "Name"
            }
            form.spacing after name = 16
            form.spacing after name = 24
            """,
            """
            Scene.layout:5:1: error: the spacing after 'name' is set twice; keep one of them [duplicate-setting]
            form.spacing after name = 24
            ^~~~~~~~~~~~~~~~~~~~~~~~~~~~
            Scene.layout:4:1: note: first set here
            form.spacing after name = 16
            ^~~~~~~~~~~~~~~~~~~~~~~~~~~~

            """),
        DiagnosticGolden(
            .invalidValue, "an action's custom spacing after a view the stack does not arrange",
            """
            stack form vertical {
              label name "Name"
            }
            label footer "Footer"
            action roomier {
              form.spacing after footer = 24
            }
            """,
            """
            Scene.layout:6:22: error: 'footer' is not arranged by 'form'; a custom spacing follows one of its arranged subviews [invalid-value]
              form.spacing after footer = 24
                                 ^~~~~~

            """),
        DiagnosticGolden(
            .typeMismatch, "an action's spacing on a label",
            """
            label name "Name"
            action roomier {
              name.spacing = 24
            }
            """,
            """
            Scene.layout:3:3: error: 'name' is a label, not a stack; only a stack has a spacing [type-mismatch]
              name.spacing = 24
              ^~~~

            """),
        DiagnosticGolden(
            .unknownName, "a misspelled direction", "direction rlt", suggesting: "rtl",
            """
            Scene.layout:1:11: error: unknown direction 'rlt'; did you mean 'rtl'? (a scene is 'rtl', right to left, or 'ltr', left to right) [unknown-name]
            direction rlt
                      ^~~

            """),
        DiagnosticGolden(
            .duplicateSetting, "the direction set twice",
            """
            direction rtl
            canvas 375 x 667 rtl
            """,
            """
            Scene.layout:2:18: error: 'direction' is set twice; keep one of them [duplicate-setting]
            canvas 375 x 667 rtl
                             ^~~
            Scene.layout:1:1: note: first set here
            direction rtl
            ^~~~~~~~~~~~~

            """),
    ]
}
