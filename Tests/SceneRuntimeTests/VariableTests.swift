import PlaygroundProtocol
import SceneLanguage
import SceneRuntime
import Testing

/// Variables and text lists at run time: the Quiz tutorial's
/// `currentQuestionIndex` cycling through its questions.
@Suite struct VariableTests {
    /// Big Nerd Ranch's iOS Programming, ch. 8, in the language.
    static let quiz = """
        texts questions "What is 7+7?" "What is the capital of Vermont?" "What is cognac made from?"
        texts answers "14" "Montpelier" "Grapes"
        var currentQuestionIndex = 0
        label question "?"
        label answer "???"
        question.centerX == root.centerX; question.top == root.top + 100
        answer.centerX == root.centerX; answer.top == question.bottom + system
        on load {
          question.text = questions[currentQuestionIndex]
        }
        action showNextQuestion {
          currentQuestionIndex += 1
          question.text = questions[currentQuestionIndex]
          answer.text = "???"
        }
        action showAnswer {
          answer.text = answers[currentQuestionIndex]
        }
        """

    @Test("Incremented four times, the index shows the entries 1, 2, 0, 1: the list wraps around")
    func cycling() {
        var running = Running(Self.quiz)
        #expect(running.view("question", at: 0).text == "What is 7+7?")
        var shown: [String?] = []
        for _ in 0..<4 {
            running.run("showNextQuestion")
            shown.append(running.view("question", at: 0).text)
        }
        #expect(
            shown == [
                "What is the capital of Vermont?", "What is cognac made from?", "What is 7+7?",
                "What is the capital of Vermont?",
            ])
        #expect(running.loaded.variable(named: "currentQuestionIndex") == 4)
        #expect(running.view("answer", at: 0).text == "???")
        running.run("showAnswer")
        #expect(running.view("answer", at: 0).text == "Montpelier")
        #expect(running.diagnosticCodes() == [])
    }

    @Test("A new text changes the label's size at the next layout pass, as a literal text does")
    func layout() {
        var running = Running(Self.quiz)
        let before = running.view("question", at: 0).width
        running.run("showNextQuestion")
        let after = running.view("question", at: 0).width
        // "What is the capital of Vermont?" is 31 characters at 17 points; "What is 7+7?" 12.
        #expect(before == 12 * 8.5 && after == 31 * 8.5)
    }

    @Test(
        "Negative and fractional indices are floored and wrap around",
        arguments: [
            ("-1", "c"), ("-3", "a"), ("-4", "c"), ("-0.5", "c"), ("1.9", "b"), ("2.999", "c"), ("n - 5", "c"),
            ("n * 1000000000", "b"), ("t.count", "a"), ("t.count - 1", "c"),
        ])
    func indices(_ index: String, _ expected: String) {
        var running = Running(
            """
            texts t "a" "b" "c"
            var n = 1
            label l "?"
            l.left == 0; l.top == 0
            action show { l.text = t[\(index)] }
            """, running: ["show"])
        #expect(running.view("l", at: 0).text == expected)
        #expect(running.diagnosticCodes() == [])
    }

    @Test("Variables and list lengths read in any expression; =, += and -= set a variable")
    func expressions() {
        var running = Running(
            """
            texts t {
              "a" "b"
              "c" "d"
            }
            var n = 2 * system
            view card
            cardX: card.left == 0
            card.top == 0; card.width == 10; card.height == 10
            action go {
              n -= 6
              n = n * t.count
              cardX.constant = n + 1
              card.alpha = 1 / t.count
            }
            """, running: ["go"])
        #expect(running.loaded.variable(named: "n") == 40)
        #expect(running.view("card", at: 0).x == 41)
        #expect(running.view("card", at: 0).alpha == 0.25)
        #expect(running.loaded.variable(named: "t") == nil)
    }

    @Test("Variables start from their declared values at every load and reload")
    func reset() {
        let running = Running(Self.quiz, running: ["showNextQuestion", "showNextQuestion"])
        #expect(running.loaded.variable(named: "currentQuestionIndex") == 2)
        let scene = running.loaded.scene
        let fresh = LoadedScene(scene: scene, name: "t")
        #expect(fresh.variable(named: "currentQuestionIndex") == 0)
        let reloaded = LoadedScene(reloading: running.loaded, with: scene)
        #expect(reloaded.variable(named: "currentQuestionIndex") == 0)
        #expect(reloaded.presentationFrame().views.first { $0.name == "question" }?.text == "What is 7+7?")
    }

    @Test("A variable set out of range, or to what is not a number, is reported and keeps its value")
    func outOfRange() {
        var running = Running(
            """
            var n = 1000000000
            action up {
              n += 1
            }
            action nan {
              n = 0 / 0
            }
            """, running: ["up"])
        #expect(running.loaded.variable(named: "n") == 1e9)
        #expect(
            running.loaded.takeDiagnostics().map(\.rendered).joined() == """
                t.layout:3:3: error: 'n' would be 1000000001, out of range (at most ±1000000000); it keeps 1000000000 [out-of-range]
                  n += 1
                  ^~~~~~

                """)
        running.run("nan")
        #expect(running.loaded.variable(named: "n") == 1e9)
        #expect(running.diagnosticCodes() == [.invalidValue])
    }
}
