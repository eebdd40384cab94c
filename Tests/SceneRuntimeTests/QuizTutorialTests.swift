import Foundation
import PlaygroundProtocol
import SceneLanguage
import SceneRuntime
import TestSupport
import Testing

/// The Quiz playgrounds against Big Nerd Ranch's chapter 8, with every
/// number worked out here from the chapter's code: a canvas of 375 points,
/// labels at 17 points (8.5 per character), `UIView.animate(withDuration:
/// 0.5)` with the default ease-in-out curve, and the questions
/// "What is 7+7?", "What is the capital of Vermont?", "What is cognac made from?".
@Suite struct QuizTutorialTests {
    static let questions = ["What is 7+7?", "What is the capital of Vermont?", "What is cognac made from?"]
    static let answers = ["14", "Montpelier", "Grapes"]
    static let width = 375.0

    static func width(of text: String) -> Double { Double(text.count) * 8.5 }

    static func centre(_ view: ViewFrame) -> Double { view.x + view.width / 2 }

    @Test("viewDidLoad and viewWillAppear: the next label waits a screen width to the left, transparent")
    func loaded() throws {
        var run = try PlaygroundAnimationTests.load("Quiz")
        let next = run.view("next", at: 0)
        expectClose(Self.centre(next), 187.5 - Self.width)
        #expect(next.alpha == 0)
        #expect(run.view("question", at: 0).text == Self.questions[0])
        #expect(run.diagnosticCodes().isEmpty)
    }

    @Test("next: the new text is laid out first, then both labels move a screen width with ease-in-out")
    func next() throws {
        var run = try PlaygroundAnimationTests.load("Quiz", running: ["next"])
        for time in [0.0, 0.05, 0.125, 0.25, 0.4] {
            let progress = TutorialTiming.easeInOut(time / 0.5)
            let next = run.view("next", at: time)
            let question = run.view("question", at: time)
            // layoutIfNeeded() before the block: the width is the new text's from the start.
            expectClose(next.width, Self.width(of: Self.questions[1]), "next's width at \(time)")
            expectClose(Self.centre(next), -187.5 + Self.width * progress, within: 1e-9, "next at \(time)")
            expectClose(Self.centre(question), 187.5 + Self.width * progress, within: 1e-9, "question at \(time)")
            expectClose(next.alpha, progress, within: 1e-9, "next's alpha at \(time)")
            expectClose(question.alpha, 1 - progress, within: 1e-9, "question's alpha at \(time)")
        }
        // The completion swapped the names and moved the old question offscreen to the left.
        let end = run.frame(at: 0.5)
        let question = try #require(end.views.first { $0.name == "question" })
        let next = try #require(end.views.first { $0.name == "next" })
        #expect(question.text == Self.questions[1] && question.alpha == 1)
        expectClose(Self.centre(question), 187.5)
        #expect(next.text == Self.questions[0] && next.alpha == 0)
        expectClose(Self.centre(next), -187.5)
        #expect(end.settled)
        #expect(run.diagnosticCodes().isEmpty)
    }

    @Test("Pressing Next Question again goes through the chapter's questions in order, and round")
    func cycles() throws {
        var run = try PlaygroundAnimationTests.load("Quiz")
        for (press, expected) in [1, 2, 0, 1].enumerated() {
            let start = Double(press) * 0.6
            _ = run.frame(at: start)
            run.run("next")
            let end = run.frame(at: start + 0.5)
            let question = try #require(end.views.first { $0.name == "question" })
            #expect(question.text == Self.questions[expected], "press \(press + 1)")
            expectClose(Self.centre(question), 187.5)
            expectClose(question.width, Self.width(of: Self.questions[expected]))
        }
    }

    @Test("Show Answer shows the current question's answer; Next Question puts back '???'")
    func answers() throws {
        var run = try PlaygroundAnimationTests.load("Quiz", running: ["showAnswer"])
        #expect(run.view("answer", at: 0).text == Self.answers[0])
        run.run("next")
        #expect(run.view("answer", at: 0).text == "???")
        run.run("showAnswer")
        #expect(run.view("answer", at: 0.1).text == Self.answers[1])
        expectClose(run.view("answer", at: 0.1).width, Self.width(of: Self.answers[1]))
    }

    @Test(
        "The chapter's timing functions, at a quarter, half and three quarters of the time",
        arguments: [
            ("nextLinear", { (x: Double) in x }), ("nextEaseIn", TutorialTiming.easeIn),
            ("nextEaseOut", TutorialTiming.easeOut), ("next", TutorialTiming.easeInOut),
        ] as [(String, @Sendable (Double) -> Double)])
    func curves(action: String, curve: @Sendable (Double) -> Double) throws {
        var run = try PlaygroundAnimationTests.load("Quiz", running: [action])
        for fraction in [0.25, 0.5, 0.75] {
            let next = run.view("next", at: 0.5 * fraction)
            expectClose(
                Self.centre(next), -187.5 + Self.width * curve(fraction), within: 1e-9, "\(action) at \(fraction)")
        }
    }

    @Test("The bronze challenge's spring: the incoming question follows the damped oscillator, overshooting")
    func spring() throws {
        var run = try PlaygroundAnimationTests.load("Quiz", running: ["nextSpring"])
        var overshoot = false
        for time in [0.05, 0.1, 0.2, 0.3, 0.45] {
            let progress = TutorialTiming.spring(damping: 0.5, velocity: 0, duration: 0.5, at: time)
            let centre = Self.centre(run.view("next", at: time))
            expectClose(centre, -187.5 + Self.width * progress, within: 1e-6, "at \(time)")
            overshoot = overshoot || centre > 187.5
        }
        #expect(overshoot)
    }

    @Test("Pitfall: without layout in the block the labels jump; only the alpha animates; the warning says why")
    func withoutLayout() throws {
        var run = try PlaygroundAnimationTests.load("Quiz", running: ["nextWithoutLayout"])
        let reported = run.loaded.takeDiagnostics()
        #expect(reported.map(\.diagnostic.code) == [.missingLayout])
        #expect(reported.first?.diagnostic.message.contains("('nextX', 'questionX')") == true)
        let next = run.view("next", at: 0)
        expectClose(Self.centre(next), 187.5)
        expectClose(Self.centre(run.view("question", at: 0)), 187.5 + Self.width)
        expectClose(run.view("next", at: 0.25).alpha, TutorialTiming.easeInOut(0.5), within: 1e-9)
    }

    @Test("Pitfall: without layout before the block the new text's width animates too")
    func withoutFirstLayout() throws {
        var run = try PlaygroundAnimationTests.load("Quiz", running: ["nextWithoutFirstLayout"])
        let old = Self.width(of: "Label")
        let new = Self.width(of: Self.questions[1])
        for time in [0.0, 0.125, 0.25] {
            let progress = TutorialTiming.easeInOut(time / 0.5)
            expectClose(run.view("next", at: time).width, new + (old - new) * (1 - progress), within: 1e-9)
        }
        #expect(run.diagnosticCodes().isEmpty)
    }

    @Test("Turned to landscape without a guide, the next question comes into view (why the silver challenge)")
    func landscapeWithoutGuide() throws {
        var run = try PlaygroundAnimationTests.load("Quiz", running: ["next"])
        _ = run.frame(at: 0.6)
        run.run("next")
        _ = run.frame(at: 1.2)
        run.run("landscape")
        let end = run.frame(at: 1.5)
        let next = try #require(end.views.first { $0.name == "next" })
        // The offscreen label holds the second question; its constant still holds the portrait width: 333.5 − 375.
        #expect(next.text == Self.questions[1])
        expectClose(Self.centre(next), 667 / 2 - 375)
        expectClose(next.x + next.width, -41.5 + Self.width(of: Self.questions[1]) / 2)
        #expect(next.x + next.width > 0)
    }

    @Test("Repeat with autoreverse: out and back three times, the completion puts the question back")
    func wobble() throws {
        var run = try PlaygroundAnimationTests.load("Quiz", running: ["wobble"])
        let rest = 187.5 - Self.width(of: Self.questions[0]) / 2
        expectClose(run.view("question", at: 0.125).x, rest + 16 * TutorialTiming.easeInOut(0.5), within: 1e-9)
        expectClose(run.view("question", at: 0.25).x, rest + 16)
        expectClose(run.view("question", at: 0.5).x, rest)
        expectClose(run.view("question", at: 1.25).x, rest + 16)
        expectClose(run.view("question", at: 1.5).x, rest)
        #expect(run.frame(at: 1.5).settled)
    }

    @Test("The silver challenge: with the guide, landscape keeps the next question a whole canvas width away")
    func guideLandscape() throws {
        var run = try PlaygroundAnimationTests.load("QuizGuide", running: ["landscape"])
        let end = run.frame(at: 0.3)
        let next = try #require(end.views.first { $0.name == "next" })
        expectClose(Self.centre(next), 333.5 - 667)
        #expect(next.x + next.width < 0)
        #expect(run.diagnosticCodes().isEmpty)
    }

    @Test("The silver challenge's next: the guide carries the next question in, twice, and in landscape")
    func guideNext() throws {
        var run = try PlaygroundAnimationTests.load("QuizGuide", running: ["next"])
        let progress = TutorialTiming.easeInOut(0.5)
        expectClose(Self.centre(run.view("next", at: 0.25)), -187.5 + Self.width * progress, within: 1e-9)
        for (press, start) in [0.6, 1.2].enumerated() {
            _ = run.frame(at: start)
            run.run(press == 0 ? "next" : "landscape")
        }
        let end = run.frame(at: 1.5)
        let question = try #require(end.views.first { $0.name == "question" })
        let next = try #require(end.views.first { $0.name == "next" })
        #expect(question.text == Self.questions[2])
        expectClose(Self.centre(question), 333.5)
        expectClose(Self.centre(next), 333.5 - 667)
        #expect(run.diagnosticCodes().isEmpty)
    }
}
