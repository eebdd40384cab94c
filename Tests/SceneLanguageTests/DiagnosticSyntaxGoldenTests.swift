import SceneLanguage
import Testing

/// Goldens of the lexer's and the parser's diagnostics: characters, syntax,
/// and values out of range or out of place. ``DiagnosticGolden`` says how they are checked.
@Suite struct DiagnosticSyntaxGoldenTests {
    @Test("Each lexical diagnostic renders in full", arguments: DiagnosticGolden.lexical)
    func lexical(_ golden: DiagnosticGolden) {
        golden.check()
    }

    @Test("Each syntax diagnostic renders in full", arguments: DiagnosticGolden.syntax)
    func syntax(_ golden: DiagnosticGolden) {
        golden.check()
    }

    @Test("Each diagnostic about a value renders in full", arguments: DiagnosticGolden.values)
    func values(_ golden: DiagnosticGolden) {
        golden.check()
    }
}

extension DiagnosticGolden {
    /// Characters the language does not take.
    static let lexical: [DiagnosticGolden] = [
        DiagnosticGolden(
            .invalidUTF8, "a Latin-1 byte in a text", bytes: Array(#"label title "Caf"#.utf8) + [0xE9, 0x22],
            """
            Scene.layout:1:17: error: the file is not valid UTF-8; save it as UTF-8 (invalid bytes read as U+FFFD) [invalid-utf8]
            label title "Caf\u{FFFD}"
                            ^

            """),
        DiagnosticGolden(
            .invalidCharacter, "an en dash pasted for a minus", "view card\ncard.width == root.width – 32",
            """
            Scene.layout:2:26: error: '–' is an en dash; write '-' [invalid-character]
            card.width == root.width – 32
                                     ^

            """),
        DiagnosticGolden(
            .unterminatedString, "a text without its closing quote", "label title \"Bankey\nview card",
            """
            Scene.layout:1:13: error: unterminated string; add '"' before the end of the line [unterminated-string]
            label title "Bankey
                        ^~~~~~~

            """),
        DiagnosticGolden(
            .invalidEscape, "a tab escape, which strings do not have", #"label hint "Press \t to go on""#,
            #"""
            Scene.layout:1:19: error: invalid escape '\t' in a string; use '\"', '\\' or '\n' [invalid-escape]
            label hint "Press \t to go on"
                              ^~

            """#),
        DiagnosticGolden(
            .invalidColor, "a CSS shorthand colour", "view card color #fff",
            """
            Scene.layout:1:17: error: '#fff' is not a colour; expected '#' and six hex digits, as '#ff8800' [invalid-color]
            view card color #fff
                            ^~~~

            """),
        DiagnosticGolden(
            .tooLarge, "a number above 1000000000", "view card\ncard.width == 10000000000",
            """
            Scene.layout:2:15: error: number '10000000000' is too large; numbers are at most 1000000000 [too-large]
            card.width == 10000000000
                          ^~~~~~~~~~~

            """),
    ]

    /// `((((…1…))))`, 65 deep: one more than the parser allows.
    static let deepParentheses = String(repeating: "(", count: 65) + "1" + String(repeating: ")", count: 65)

    /// Tokens out of place, blocks left open or nested too deep, declarations in the wrong place.
    static let syntax: [DiagnosticGolden] = [
        DiagnosticGolden(
            .expectedToken, "a canvas size without 'x'", "canvas 375 667",
            """
            Scene.layout:1:12: error: expected 'x', found number 667 [expected-token]
            canvas 375 667
                       ^~~

            """),
        DiagnosticGolden(
            .expectedToken, "a label without its text", "label title",
            """
            Scene.layout:1:12: error: expected the label's text in quotes, as 'label title "Sign In"', found end of file [expected-token]
            label title
                       ^

            """),
        DiagnosticGolden(
            .expectedToken, "a label's text without quotes: one error, not a second for an unknown property",
            "label b Hello font 12",
            """
            Scene.layout:1:9: error: expected the label's text in quotes, as 'label b "Hello"', found 'Hello' [expected-token]
            label b Hello font 12
                    ^~~~~

            """),
        DiagnosticGolden(
            .expectedToken, "'=' in a constraint", "view card\ncard.top = root.top + 20",
            """
            Scene.layout:2:10: error: '=' assigns a value in an action; a constraint relates with '==', '>=' or '<=' [expected-token]
            card.top = root.top + 20
                     ^

            """),
        DiagnosticGolden(
            .notAssignable, "'+=' on a view property",
            """
            label title "Bankey"
            action fade {
              title.alpha += 0.5
            }
            """,
            """
            Scene.layout:3:15: error: '+=' works on constraint constants and variables only; set 'alpha' with '=' [not-assignable]
              title.alpha += 0.5
                          ^~

            """),
        DiagnosticGolden(
            .expectedToken, "an event other than 'load'",
            """
            on appear {
              layout
            }
            """,
            """
            Scene.layout:1:4: error: expected 'load' after 'on' (the only event is 'on load'), found 'appear' [expected-token]
            on appear {
               ^~~~~~

            """),
        DiagnosticGolden(
            .expectedToken, "a '}' with no block open", "view card\n}",
            """
            Scene.layout:2:1: error: unexpected '}': no block is open here [expected-token]
            }
            ^

            """),
        DiagnosticGolden(
            .unterminatedBlock, "a view's block left open",
            """
            view panel {
              label name "Bob"

            """,
            """
            Scene.layout:1:12: error: this block is never closed; add '}' before the end of the file [unterminated-block]
            view panel {
                       ^

            """),
        DiagnosticGolden(
            .unterminatedBlock, "an action left open before a declaration",
            """
            action go {
              card.alpha = 0

            view card
            card.left == 0; card.top == 0; card.width == 10; card.height == 10
            """,
            """
            Scene.layout:1:11: error: this block is not closed; add '}' before 'view' on line 4, which cannot go inside it [unterminated-block]
            action go {
                      ^

            """),
        DiagnosticGolden(
            .misplacedDeclaration, "a statement at the top level",
            """
            view card
            card.alpha = 0
            """,
            """
            Scene.layout:2:1: error: 'card.alpha' is set by a statement; statements go in an action or 'on load { … }' [misplaced-declaration]
            card.alpha = 0
            ^~~~~~~~~~~~

            """),
        DiagnosticGolden(
            .tooDeep, "parentheses 65 deep", "view card\ncard.width == \(deepParentheses)",
            """
            Scene.layout:2:79: error: parentheses are nested more than 64 deep [too-deep]
            card.width == \(deepParentheses)
                                                                                          ^

            """),
        DiagnosticGolden(
            .misplacedDeclaration, "a statement at the top level", "layout",
            """
            Scene.layout:1:1: error: 'layout' is a statement; statements go in an action or 'on load { … }' [misplaced-declaration]
            layout
            ^~~~~~

            """),
        DiagnosticGolden(
            .misplacedDeclaration, "a view declared in an action",
            """
            action add {
              view card
            }
            """,
            """
            Scene.layout:2:3: error: 'view' goes at the top level of the file, not in an action [misplaced-declaration]
              view card
              ^~~~

            """),
        DiagnosticGolden(
            .misplacedDeclaration, "a constraint declared in an action",
            """
            view card
            action pin {
              card.top == root.top
            }
            """,
            """
            Scene.layout:3:12: error: a constraint cannot be declared in an action; declare it at the top level with a name, 'inactive' if it should start off, and 'activate' it here [misplaced-declaration]
              card.top == root.top
                       ^~

            """),
        DiagnosticGolden(
            .misplacedDeclaration, "a setting inside a view",
            """
            view panel {
              canvas 320 x 480
            }
            """,
            """
            Scene.layout:2:3: error: 'canvas' goes at the top level of the file, not inside a view [misplaced-declaration]
              canvas 320 x 480
              ^~~~~~

            """),
        DiagnosticGolden(
            .notApplicable, "a subview in a guide",
            """
            guide spacer {
              view card
            }
            """,
            """
            Scene.layout:1:14: error: a layout guide has no subviews; to group views, declare a 'view' [not-applicable]
            guide spacer {
                         ^

            """),
    ]

    /// Numbers out of range, properties where they do not apply or given twice, settings given twice.
    static let values: [DiagnosticGolden] = [
        DiagnosticGolden(
            .invalidValue, "a number of lines that is not whole", "label t \"x\" lines 1.5",
            """
            Scene.layout:1:19: error: a number of lines is a whole number from 0 (no limit) to 10000, not 1.5 [invalid-value]
            label t "x" lines 1.5
                              ^~~

            """),
        DiagnosticGolden(
            .unknownName, "a misspelt transform step", "view card\naction spin {\n  card.transform = rotat 90\n}",
            suggesting: "rotate",
            """
            Scene.layout:3:20: error: unknown transform step 'rotat'; did you mean 'rotate'? [unknown-name]
              card.transform = rotat 90
                               ^~~~~

            """),
        DiagnosticGolden(
            .invalidValue, "identity with other steps",
            "view card\naction spin {\n  card.transform = identity scale 2\n}",
            """
            Scene.layout:3:20: error: 'identity' stands alone: it is the transform that does nothing [invalid-value]
              card.transform = identity scale 2
                               ^~~~~~~~

            """),
        DiagnosticGolden(
            .notApplicable, "lines on a plain view", "view card lines 2",
            """
            Scene.layout:1:11: error: a plain view has no 'lines'; only labels and buttons show text [not-applicable]
            view card lines 2
                      ^~~~~~~

            """),
        DiagnosticGolden(
            .invalidConstraint, "a layout guide's margins", "guide g\nview a\na.leading == g.margins.leading",
            """
            Scene.layout:3:16: error: a layout guide has no margins; only views have 'margins' [invalid-constraint]
            a.leading == g.margins.leading
                           ^~~~~~~

            """),
        DiagnosticGolden(
            .invalidValue, "an alpha above 1", "view card alpha 1.5",
            """
            Scene.layout:1:17: error: alpha must be between 0 and 1, not 1.5 [invalid-value]
            view card alpha 1.5
                            ^~~

            """),
        DiagnosticGolden(
            .invalidValue, "a priority above 1000", "view card\ncard.width == 100 @1001",
            """
            Scene.layout:2:20: error: a priority must be between 1 and 1000, not 1001 [invalid-value]
            card.width == 100 @1001
                               ^~~~

            """),
        DiagnosticGolden(
            .invalidValue, "a spring without damping",
            """
            view card
            action go {
              animate 1 spring damping 0 velocity 1 {
              }
            }
            """,
            """
            Scene.layout:3:28: error: a spring's damping ratio must be above 0, up to 1 (1 is critically damped), not 0 [invalid-value]
              animate 1 spring damping 0 velocity 1 {
                                       ^

            """),
        DiagnosticGolden(
            .invalidValue, "a spring damped more than critically",
            """
            view card
            action go {
              animate 1 spring damping 3 {
              }
            }
            """,
            """
            Scene.layout:3:28: error: a spring's damping ratio must be above 0, up to 1 (1 is critically damped), not 3 [invalid-value]
              animate 1 spring damping 3 {
                                       ^

            """),
        DiagnosticGolden(
            .invalidValue, "a division by zero", "view card\ncard.width == root.width / 0",
            """
            Scene.layout:2:28: error: division by zero [invalid-value]
            card.width == root.width / 0
                                       ^

            """),
        DiagnosticGolden(
            .outOfRange, "a constant that multiplies out too large", "view card\ncard.width == 100000 * 100000",
            """
            Scene.layout:2:15: error: the constraint's right side is out of range: numbers must stay within ±1000000000 [out-of-range]
            card.width == 100000 * 100000
                          ^~~~~~~~~~~~~~~

            """),
        DiagnosticGolden(
            .outOfRange, "a century-long duration",
            """
            action wait {
              animate 3600 * 24 * 365 * 100 {
              }
            }
            """,
            """
            Scene.layout:2:11: error: a duration in seconds is out of range: it must be a finite number of at most 1000000000 [out-of-range]
              animate 3600 * 24 * 365 * 100 {
                      ^~~~~~~~~~~~~~~~~~~~~

            """),
        DiagnosticGolden(
            .notApplicable, "a font on a plain view", "view card font 20",
            """
            Scene.layout:1:11: error: a plain view has no 'font'; only labels and buttons show text [not-applicable]
            view card font 20
                      ^~~~~~~

            """),
        DiagnosticGolden(
            .notApplicable, "a colour on a guide", "guide spacer color red",
            """
            Scene.layout:1:14: error: a layout guide has no 'color'; guides are never drawn and have no content [not-applicable]
            guide spacer color red
                         ^~~~~~~~~

            """),
        DiagnosticGolden(
            .notApplicable, "a size on a label", "label title \"Bankey\" size 100 x 20",
            """
            Scene.layout:1:22: error: a label's intrinsic size comes from its text; 'size' is for plain views [not-applicable]
            label title "Bankey" size 100 x 20
                                 ^~~~~~~~~~~~~

            """),
        DiagnosticGolden(
            .notApplicable, "a delay on an animator", "animator fade 0.3 delay 0.1 {\n}",
            """
            Scene.layout:1:19: error: 'delay' does not apply here; only 'curve' or 'spring' can follow this duration [not-applicable]
            animator fade 0.3 delay 0.1 {
                              ^~~~~~~~~

            """),
        DiagnosticGolden(
            .notApplicable, "a text set on a plain view",
            """
            view card
            action greet {
              card.text = "Hello"
            }
            """,
            """
            Scene.layout:3:8: error: 'card' is a plain view; only labels and buttons have 'text' [not-applicable]
              card.text = "Hello"
                   ^~~~

            """),
        DiagnosticGolden(
            .duplicateProperty, "alpha given twice", "view card alpha 0.5 color blue alpha 1",
            """
            Scene.layout:1:32: error: 'alpha' is given twice; keep one of them [duplicate-property]
            view card alpha 0.5 color blue alpha 1
                                           ^~~~~~~
            Scene.layout:1:11: note: first given here
            view card alpha 0.5 color blue alpha 1
                      ^~~~~~~~~

            """),
        DiagnosticGolden(
            .duplicateProperty, "a curve and a spring",
            """
            action go {
              animate 0.5 curve linear spring damping 0.5 {
              }
            }
            """,
            """
            Scene.layout:2:28: error: an animation has either a curve or a spring, not both [duplicate-property]
              animate 0.5 curve linear spring damping 0.5 {
                                       ^~~~~~~~~~~~~~~~~~
            Scene.layout:2:15: note: given here
              animate 0.5 curve linear spring damping 0.5 {
                          ^~~~~~~~~~~~

            """),
        DiagnosticGolden(
            .duplicateSetting, "two canvas sizes", "canvas 375 x 667\ncanvas 667 x 375",
            """
            Scene.layout:2:1: error: 'canvas' is set twice; keep one of them [duplicate-setting]
            canvas 667 x 375
            ^~~~~~~~~~~~~~~~
            Scene.layout:1:1: note: first set here
            canvas 375 x 667
            ^~~~~~~~~~~~~~~~

            """),
        DiagnosticGolden(
            .duplicateSetting, "two 'on load' blocks",
            """
            on load {
              layout
            }
            on load {
              layout
            }
            """,
            """
            Scene.layout:4:1: error: 'on load' is declared twice; put its statements in one block [duplicate-setting]
            on load {
            ^~~~~~~
            Scene.layout:1:1: note: first declared here
            on load {
            ^~~~~~~

            """),
        DiagnosticGolden(
            .notAssignable, "a view's edge set in an action",
            """
            view card
            action move {
              card.top = 100
            }
            """,
            """
            Scene.layout:3:8: error: a view's frame comes from its constraints; name a constraint and change its constant [not-assignable]
              card.top = 100
                   ^~~

            """),
        DiagnosticGolden(
            .notAssignable, "a guide's edge set in an action",
            """
            action inset {
              root.safeArea.top = 44
            }
            """,
            """
            Scene.layout:2:3: error: only a view's own properties and a constraint's constant can be set [not-assignable]
              root.safeArea.top = 44
              ^~~~~~~~~~~~~

            """),
    ]
}
