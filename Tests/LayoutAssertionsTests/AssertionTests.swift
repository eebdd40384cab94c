import LayoutAssertions
import PlaygroundProtocol
import TestSupport
import Testing

/// A frame of the Quiz's shape: a 375 × 667 canvas, a question label moved right of centre.
func quizFrame(time: Double = 0.25, questionX: Double = 273, alpha: Double = 1, settled: Bool = false) -> Frame {
    Frame(
        scene: "Quiz", generation: 1, seq: 1, time: time, settled: settled, canvas: Size(width: 375, height: 667),
        views: [
            ViewFrame(
                name: "question", kind: .label, parent: "root", x: questionX, y: 120, width: 102, height: 20.4,
                alpha: alpha, text: "What is 7+7?"),
            ViewFrame(name: "card", kind: .view, parent: "root", x: 20, y: 100, width: 335, height: 200),
            ViewFrame(name: "badge", kind: .view, parent: "card", x: 30, y: 110, width: 40, height: 40, hidden: true),
            ViewFrame(name: "margins", kind: .guide, parent: "root", x: 16, y: 0, width: 343, height: 667),
        ])
}

@Suite struct AssertionMessageTests {
    @Test("The issue's example reads as the issue writes it")
    func issueExample() throws {
        // question.centerX = 273 + 102 / 2 = 324; root.centerX = 375 / 2 = 187.5.
        let result = try Assertion("question.centerX == root.centerX ± 0.5").evaluate(in: quizFrame())
        #expect(!result.holds)
        #expect(
            result.failureMessage
                == "question.centerX == root.centerX ± 0.5 failed at t = 0.25: 324.0 vs 187.5 (off by 136.5)")
    }

    @Test(
        "Each form, holding or not, says what it found",
        arguments: [
            ("question.centerX == 324", true, "324.0 vs 324.0"),
            ("question.centerX == 324.4 ± 0.5", true, "324.0 vs 324.4 (off by 0.4)"),
            ("question.centerX == 324.6 ± 0.5", false, "324.0 vs 324.6 (off by 0.6)"),
            ("question.top >= card.centerY", false, "120.0 vs 200.0 (off by 80.0)"),
            ("question.bottom <= card.bottom", true, "140.4 vs 300.0"),
            ("card.width == 2 * question.width + 131", true, "335.0 vs 335.0"),
            ("card.width == (question.width + 65.5) * 2 ± 1", true, "335.0 vs 335.0"),
            ("question.x != 273", false, "273.0 vs 273.0 (equal within 0.001)"),
            ("question.text == \"What is 7+7?\"", true, "\"What is 7+7?\" vs \"What is 7+7?\""),
            ("card.text == \"\"", false, "no text vs \"\""),
            ("question.alpha == 1", true, "1.0 vs 1.0"),
            ("question visible", true, "its alpha is 1.0"),
            ("badge visible", false, "it is hidden (alpha 1.0)"),
            ("badge hidden", true, "it is hidden (alpha 1.0)"),
            ("question onscreen", true, "its frame (273.0, 120.0, 102.0, 20.4) is on the canvas (375.0 × 667.0)"),
            ("card offscreen", false, "its frame (20.0, 100.0, 335.0, 200.0) is on the canvas (375.0 × 667.0)"),
            ("badge inside card", true, "(30.0, 110.0, 40.0, 40.0) is inside (20.0, 100.0, 335.0, 200.0)"),
            ("question inside card", false, "its right edge 375.0 is 20.0 past card's, 355.0"),
            ("question inside card ± 20", true, "(273.0, 120.0, 102.0, 20.4) is inside (20.0, 100.0, 335.0, 200.0)"),
            ("question overlaps card", true, "they overlap by 82.0 × 20.4"),
            ("not question overlaps card", false, "they overlap by 82.0 × 20.4"),
            ("not badge overlaps question", true, "they are 203.0 apart across"),
            ("margins.leading == 16", true, "16.0 vs 16.0"),
            ("root.height == 667", true, "667.0 vs 667.0"),
            ("not not question visible", true, "its alpha is 1.0"),
        ])
    func forms(source: String, holds: Bool, found: String) throws {
        let result = try Assertion(source).evaluate(in: quizFrame())
        #expect(result.holds == holds, "\(source): \(result.found)")
        #expect(result.found == found)
    }

    @Test("A view off each side of the canvas is offscreen, and the message says which side and how far")
    func offscreenSides() throws {
        let cases: [(x: Double, y: Double, side: String, distance: String)] = [
            (400, 120, "right of", "25.0"), (-150, 120, "left of", "48.0"), (100, 700, "below", "33.0"),
            (100, -50, "above", "29.6"),
        ]
        for item in cases {
            var frame = quizFrame()
            frame.views[0].x = item.x
            frame.views[0].y = item.y
            let result = try Assertion("question offscreen").evaluate(in: frame)
            #expect(result.holds)
            #expect(result.found.hasSuffix("is \(item.distance) \(item.side) the canvas"), "\(result.found)")
            #expect(!(try Assertion("question onscreen").evaluate(in: frame)).holds)
        }
    }

    @Test("Alpha at 0.01 is not visible; just above it is")
    func visibilityThreshold() throws {
        #expect(!(try Assertion("question visible").evaluate(in: quizFrame(alpha: 0.01))).holds)
        #expect(try Assertion("question visible").evaluate(in: quizFrame(alpha: 0.0101)).holds)
        #expect(try Assertion("question hidden").evaluate(in: quizFrame(alpha: 0)).holds)
    }
}

@Suite struct AssertionErrorTests {
    @Test(
        "What does not parse is said with a caret under it",
        arguments: [
            ("question.x = 5", "'=' assigns in a scene; an assertion compares with '=='", "           ^"),
            ("question.centrX == 5", "unknown attribute 'centrX'; did you mean 'centerX'?", "         ^~~~~~"),
            ("question visble", "did you mean 'visible'?", "         ^~~~~~"),
            ("question.x ==", "'==' needs a value after it", "           ^~"),
            ("question == 5", "'question' needs an attribute, as in 'question.width'", "^~~~~~~~"),
            ("question.x == 5 ±", "'±' needs a number after it, as in '± 0.5'", "                ^"),
            ("question.text < \"a\"", "text compares with '==' or '!=' only", "              ^"),
            ("question.text == 5", "text compares with text only", "              ^~"),
            ("question.x", "a value alone is not an assertion", "          ^"),
            ("", "an empty assertion", "^"),
            ("not", "'not' needs an assertion after it", "   ^"),
            ("question inside", "'inside' needs a view's name after it", "               ^"),
            ("question.x == 5 5", "unexpected the number 5.0 after a whole assertion", "                ^"),
            ("question.x == \"open", "text that starts here has no closing '\"'", "              ^"),
            ("question.x == 5 % 2", "unexpected '%' in an assertion", "                ^"),
            ("(question.x == 5", "expected ')' to close the '(' here", "^"),
            ("question.x == (5", "expected ')' to close the '(' here", "              ^"),
        ])
    func syntax(source: String, message: String, caret: String) {
        do {
            _ = try Assertion(source)
            Issue.record("'\(source)' parsed")
        } catch {
            #expect(error.message.contains(message), "\(error.message)")
            let lines = error.description.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 3)
            #expect(lines.last.map(String.init) == "  " + caret, "\(error.description)")
        }
    }

    @Test("A name the scene lacks is an error with 'did you mean', before anything is evaluated")
    func unknownView() throws {
        let assertion = try Assertion("qestion.centerX == root.centerX")
        #expect(throws: AssertionError.self) { try assertion.evaluate(in: quizFrame()) }
        do {
            try assertion.check(against: quizFrame())
        } catch {
            #expect(error.message == "'Quiz' has no view or guide named 'qestion'; did you mean 'question'?")
            #expect(error.range == 0..<7)
        }
        // A guide is a name like a view's; 'root' is always there.
        try Assertion("margins.width == root.width - 32").check(against: quizFrame())
    }

    @Test("Random text never crashes the parser, and every error's caret is within the assertion")
    func fuzz() {
        var random = SplitMix(state: 20_261_125)
        let pieces = [
            "question", ".", "centerX", " == ", "root", "±", "+-", "0.5", "(", ")", "*", "-", "not ", " visible",
            " inside ", "card", "\"", "\\", "=", "<", ">=", "1e3", "é", "\u{7}", "\n", " ", "×", "−", ".5", "1e999",
        ]
        for _ in 0..<3000 {
            var text = ""
            for _ in 0..<Int(random.next() % 12) { text += pieces[Int(random.next() % UInt64(pieces.count))] }
            do {
                let assertion = try Assertion(text)
                _ = try? assertion.evaluate(in: quizFrame())
            } catch {
                #expect(error.range.lowerBound <= text.count, "\(text)")
                #expect(!error.description.contains("\u{7}"), "a control character reached the message")
            }
        }
    }
}
