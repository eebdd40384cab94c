import Foundation
import PlaygroundProtocol
import SceneLanguage
import SceneRuntime
import Testing

/// The playgrounds' animations at chosen times, against values worked out
/// without the animation engine: the reference numbers for the
/// ease-in-out curve and the spring, linear arithmetic, and the geometry of
/// `PlaygroundTests`.
@Suite struct PlaygroundAnimationTests {
    /// Ease-in-out (0.42, 0, 0.58, 1) at a quarter of the duration, and by symmetry at three quarters.
    static let easeInOutQuarter = 0.129161931
    /// The spring of ζ 0.6, v₀ 1, 1 s at 0.1, 0.2, 0.3 and 0.5 s.
    static let spring: [(Double, Double)] = [
        (0.1, 0.418725202), (0.2, 0.885229058), (0.3, 1.079461980), (0.5, 1.032973935),
    ]

    static func load(_ name: String, running actions: [String] = []) throws -> Running {
        let url = PlaygroundTests.folder.appendingPathComponent(name + ".layout")
        return Running(try String(contentsOf: url, encoding: .utf8), running: actions)
    }

    @Test("Quiz, linear, 0.5 s: at 0.25 s each question is exactly halfway, and the names have swapped at the end")
    func quizLinear() throws {
        var run = try Self.load("Quiz", running: ["nextLinear"])
        let next = run.view("next", at: 0.25)
        let question = run.view("question", at: 0.25)
        expectClose(next.x + next.width / 2, 0)
        expectClose(question.x + question.width / 2, 375)
        expectClose(next.alpha, 0.5)
        expectClose(question.alpha, 0.5)
        let end = run.frame(at: 0.5)
        #expect(end.views.first { $0.name == "question" }?.text == "What is the capital of Vermont?")
        let offstage = try #require(end.views.first { $0.name == "next" })
        expectClose(offstage.x + offstage.width / 2, -187.5)
        #expect(offstage.alpha == 0)
    }

    @Test("Quiz, the book's ease-in-out: at a quarter of the time the labels have come 12.9 % of the way")
    func quizEaseInOut() throws {
        var run = try Self.load("Quiz", running: ["next"])
        let next = run.view("next", at: 0.125)
        expectClose(next.x + next.width / 2, -187.5 + 375 * Self.easeInOutQuarter, within: 1e-6)
        expectClose(run.view("question", at: 0.125).alpha, 1 - Self.easeInOutQuarter, within: 1e-8)
    }

    @Test("Quiz, spring (ζ 0.5, v₀ 0, 0.5 s): the incoming question follows the damped oscillator")
    func quizSpring() throws {
        var run = try Self.load("Quiz", running: ["nextSpring"])
        // An under-damped spring, from the specification's formulas, written out here.
        let zeta = 0.5
        let duration = 0.5
        let omega = log(zeta / (1 - zeta * zeta).squareRoot() / 0.001) / (zeta * duration)
        let damped = omega * (1 - zeta * zeta).squareRoot()
        for time in [0.05, 0.1, 0.2, 0.3, 0.45] {
            let progress =
                1 - exp(-zeta * omega * time) * (cos(damped * time) + zeta * omega / damped * sin(damped * time))
            let next = run.view("next", at: time)
            expectClose(next.x + next.width / 2, -187.5 + 375 * progress, within: 1e-6, "at \(time)")
        }
    }

    @Test("Quiz, repeat with autoreverse: out and back three times, the completion puts it back")
    func quizWobble() throws {
        var run = try Self.load("Quiz", running: ["wobble"])
        expectClose(run.view("question", at: 0.25).x, 136.5 + 16)
        expectClose(run.view("question", at: 0.5).x, 136.5)
        expectClose(run.view("question", at: 1.25).x, 136.5 + 16)
        expectClose(run.view("question", at: 1.5).x, 136.5)
        #expect(run.frame(at: 1.5).settled)
    }

    @Test("Quiz with a guide: turning to landscape keeps the questions a canvas width apart all the way")
    func quizGuideLandscape() throws {
        var run = try Self.load("QuizGuide", running: ["landscape"])
        // Halfway through a symmetric curve: halfway between 187.5 and 333.5.
        let question = run.view("question", at: 0.15)
        let next = run.view("next", at: 0.15)
        expectClose(question.x + question.width / 2, 260.5, within: 1e-6)
        expectClose(next.x + next.width / 2, -260.5, within: 1e-6)
        let end = run.frame(at: 0.3)
        #expect(end.canvasWidth == 667 && end.views[0].x + end.views[0].width / 2 == 333.5)
    }

    @Test("Bankey: the subtitle has not moved at 0.2 s; the title slides ease-in-out; both fade over 1.6 s")
    func bankey() throws {
        var run = try Self.load("Bankey")
        expectClose(run.view("subtitle", at: 0.2).x, -1000)
        expectClose(run.view("title", at: 0.2).x, -1000 + 1016 * Self.easeInOutQuarter, within: 1e-6)
        expectClose(run.view("title", at: 0.4).x, -492, within: 1e-9)
        expectClose(run.view("subtitle", at: 0.4).x, -1000 + 1016 * Self.easeInOutQuarter, within: 1e-6)
        expectClose(run.view("title", at: 0.4).alpha, Self.easeInOutQuarter, within: 1e-8)
        expectClose(run.view("subtitle", at: 1.0).x, 16)
        expectClose(run.view("title", at: 1.2).alpha, 1 - Self.easeInOutQuarter, within: 1e-8)
        let end = run.frame(at: 1.6)
        #expect(end.settled && end.views.prefix(2).allSatisfy { $0.alpha == 1 && $0.x == 16 })
    }

    @Test("Messaging: the toolbar's top follows the spring's closed form to the message's middle, and back")
    func messaging() throws {
        var run = try Self.load("Messaging", running: ["showToolbar"])
        // From -100 to message3's middle, 116.8 + 10.2.
        for (time, progress) in Self.spring {
            expectClose(run.view("toolbar", at: time).y, -100 + 227 * progress, within: 1e-6, "at \(time)")
            expectClose(run.view("toolbar", at: time).alpha, min(progress, 1), within: 1e-6, "at \(time)")
        }
        expectClose(run.view("toolbar", at: 1).y, 127)
        #expect(run.frame(at: 1).settled)
        run.run("hideToolbar")
        expectClose(run.view("toolbar", at: 1.1).y, 127 - 227 * Self.spring[0].1, within: 1e-6)
        expectClose(run.view("toolbar", at: 2).y, -100)
    }

    @Test("Burger: scrubbing converges the lines; reversed and finished at the start it warns; tidy, it does not")
    func burger() throws {
        var run = try Self.load("Burger", running: ["scrub"])
        expectClose(run.view("top", at: 0).y, 58)
        expectClose(run.view("bottom", at: 0).y, 66)
        expectClose(run.view("middle", at: 0).alpha, 0.5)
        expectClose(run.view("menu", at: 0).x, -125)
        run.run("close")
        expectClose(run.view("top", at: 0).y, 54)
        expectClose(run.view("menu", at: 0).x, -250)
        let warnings = run.loaded.takeDiagnostics()
        #expect(warnings.map(\.diagnostic.code) == [.unrevertedConstraints])
        #expect(warnings.first?.diagnostic.message.contains("('topY', 'bottomY', 'menuLeading')") == true)

        var tidy = try Self.load("Burger", running: ["scrubTidy", "closeTidy"])
        #expect(tidy.diagnosticCodes() == [])
        expectClose(tidy.view("top", at: 0).y, 54)
        expectClose(tidy.view("middle", at: 0).alpha, 1)
        // Run to its end, the tidy animator stays open: its reset is for a finish at the start.
        tidy.run("scrubTidy")
        tidy.loaded.execute(
            [Statement(.start(Identifier("openTidy", .at(0)), after: 0), .at(0))], in: tidy.loaded.scene.file)
        expectClose(tidy.view("menu", at: 1).x, 0)
        expectClose(tidy.view("top", at: 1).y, 62)
        #expect(tidy.diagnosticCodes() == [])
    }

    @Test("Burger: started instead of scrubbed, the menu opens in 0.5 s")
    func burgerOpen() throws {
        var run = try Self.load("Burger", running: ["openMenu"])
        expectClose(run.view("menu", at: 0.25).x, -125)
        expectClose(run.view("menu", at: 0.5).x, 0)
        expectClose(run.view("top", at: 0.5).y, 62)
    }
}
