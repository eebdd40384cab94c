import Foundation
import LayoutSolver
import PlaygroundProtocol
import SceneLanguage
import Testing

@testable import SceneRuntime

/// The playgrounds' static layouts against frames worked out by hand from
/// their constraints (text metrics: 0.5 × font per character, 1.2 × font per
/// line; buttons add 24 × 12). Each expected frame's comment shows the sum.
@Suite struct PlaygroundTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Playgrounds").standardized

    static func load(_ name: String) throws -> Laid {
        let url = folder.appendingPathComponent(name + ".layout")
        return Laid(try String(contentsOf: url, encoding: .utf8), name: "Playgrounds/\(name).layout")
    }

    /// The hand-worked model frames of each playground, by view.
    /// The hand-worked model frames of each playground as declared (before `on load`), by view. BankeyRTL is
    /// Bankey right to left: every frame mirrored across the 375-point canvas.
    static let expected: [String: [String: Rect]] = {
        var expected = handWorked
        expected["BankeyRTL"] = handWorked["Bankey"]!.mapValues {
            rect(375 - $0.x - $0.width, $0.y, $0.width, $0.height)
        }
        return expected
    }()

    static let handWorked: [String: [String: Rect]] = [
        "Quiz": [
            // 12 characters at 17 points: 102 × 20.4, centred on 187.5, 100 below the safe area's 20.
            "question": rect(136.5, 120, 102, 20.4),
            // "Label", 5 characters: 42.5 wide, centred too until `on load` moves it a canvas width left.
            "next": rect(166.25, 120, 42.5, 20.4),
            // 13 characters + 24: 134.5 × 32.4, 24 below the question's bottom (140.4).
            "nextButton": rect(120.25, 164.4, 134.5, 32.4),
            // 3 characters: 25.5 wide, 96 below the button's bottom (196.8).
            "answer": rect(174.75, 292.8, 25.5, 20.4),
            // 11 characters + 24: 117.5 wide, 24 below the answer's bottom (313.2).
            "showAnswer": rect(128.75, 337.2, 117.5, 32.4),
        ],
        "QuizGuide": [
            "question": rect(136.5, 120, 102, 20.4),
            // Centred on the guide's leading edge, a canvas width left of the question's centre: -187.5.
            "next": rect(-187.5 - 21.25, 120, 42.5, 20.4),
            // From the next question's centre (-187.5) to the question's (187.5).
            "gap": rect(-187.5, 120, 375, 0),
            "nextButton": rect(120.25, 164.4, 134.5, 32.4),
            "answer": rect(174.75, 292.8, 25.5, 20.4),
            "showAnswer": rect(128.75, 337.2, 117.5, 32.4),
        ],
        "Messaging": [
            // 30 characters: 255 wide, at the margin (16), 16 below the safe area's 44.
            "message1": rect(16, 60, 255, 20.4),
            // 25 characters: 212.5 wide, ending at the trailing margin (359), 8 below 80.4.
            "message2": rect(146.5, 88.4, 212.5, 20.4),
            "message3": rect(16, 116.8, 195.5, 20.4),
            "message4": rect(291, 145.2, 68, 20.4),
            // Its own size, 200 × 44; 30 from the safe area's leading edge, its top 100 above the safe area's 44.
            "toolbar": rect(30, -56, 200, 44),
            // 4 characters + 24: 58 × 32.4, 8 in from the toolbar, centred on its middle (-34).
            "like": rect(38, -50.2, 58, 32.4),
            // 8 characters + 24: 92 wide, ending 8 before the toolbar's right (230).
            "favorite": rect(130, -50.2, 92, 32.4),
        ],
        "Bankey": [
            // The form: 8 + 44 + 8 + 1 + 8 + 44 + 8 = 121 high, centred on 333.5; 2 × 8 from each side.
            "login": rect(16, 273, 343, 121),
            "username": rect(24, 281, 327, 44),
            "divider": rect(24, 333, 327, 1),
            "password": rect(24, 342, 327, 44),
            // One line at 20 points, 24 high, ending 24 above the form; from -1000 to the form's right, 359.
            "subtitle": rect(-1000, 225, 1359, 24),
            // 34 points: 40.8 high, ending 24 above the subtitle.
            "title": rect(-1000, 160.2, 1359, 40.8),
            // As wide as the form, 16 below it.
            "signIn": rect(16, 410, 343, 32.4),
            // No text yet: 0 high, 16 below the button.
            "errorMessage": rect(16, 458.4, 343, 0),
        ],
        "Card": [
            // Between the root's margins (16 to 359), as tall as its content: 16 + 33.6 + 8 + 40.8 + 16 = 114.4,
            // centred on the safe area's middle, (44 + 633) / 2 = 338.5: top 281.3.
            "card": rect(16, 281.3, 343, 114.4),
            // "Hello" at 28 points: 70 × 33.6, inside the card's margins of 16.
            "title": rect(32, 297.3, 70, 33.6),
            // 311 points hold 36 characters at 17 points (8.5 each): two lines, 40.8 high, 8 below the title.
            "message": rect(32, 338.9, 311, 40.8),
        ],
        "Burger": [
            // 30 × 24 at the margin, 8 below the safe area's 20.
            "burger": rect(16, 28, 30, 24),
            // Lines 4 high, centred 8 above, on and 8 below the burger's middle (40).
            "top": rect(16, 30, 30, 4),
            "middle": rect(16, 38, 30, 4),
            "bottom": rect(16, 46, 30, 4),
        ],
        "Nesting": [
            // 40 from the canvas's left, 100 below the safe area's 20.
            "panel": rect(40, 120, 200, 120),
            // A quarter across the panel in its own coordinates: 0.25 × 200 = 50, so 40 + 50 = 90 on screen
            // (root coordinates would give 0.25 × 240 = 60); centred on the panel's middle, 180.
            "dot": rect(80, 170, 20, 20),
            // "Nested", 6 characters at 17: 51 × 20.4, a system spacing inside the panel's corner.
            "caption": rect(48, 128, 51, 20.4),
        ],
        "Form": [
            // Below the safe area's 44 by 20, between the margins: 16 to 359, 343 wide. The stack is as tall as
            // its arranged views and spacings: 33.6 + 24 + 32.4 + 12 + 44 + 12 + 44 + 12 + 32.4 = 246.4.
            "form": rect(16, 64, 343, 246.4),
            // "Create account", 14 characters at 28: 14 × 14 wide, 1.2 × 28 = 33.6 tall; alignment fill: 343 wide.
            "heading": rect(16, 64, 343, 33.6),
            // 24 after the heading (its custom spacing): 64 + 33.6 + 24 = 121.6; buttons 20.4 + 12 = 32.4 tall.
            "choices": rect(16, 121.6, 343, 32.4),
            // fillEqually with 8 between: (343 − 8) / 2 = 167.5 each, the second at 16 + 167.5 + 8.
            "usePhone": rect(16, 121.6, 167.5, 32.4),
            "useEmail": rect(191.5, 121.6, 167.5, 32.4),
            // 12 apart: 121.6 + 32.4 + 12 = 166, then 166 + 44 + 12 = 222.
            "nameField": rect(16, 166, 343, 44),
            "emailField": rect(16, 222, 343, 44),
            // Hidden: collapsed to 0 tall, flush after the email field (222 + 44), still as wide as the stack.
            "phoneField": rect(16, 266, 343, 0),
            // 12 after the last visible view: 266 + 12 = 278.
            "signUp": rect(16, 278, 343, 32.4),
        ],
        "VisualFormat": [
            // The margins: the safe area (44 top, 34 bottom) inset by 16 on the sides and 0 on top and bottom, as
            // UIKit sets a root view's: x 16 to 359, y from 44. "Sign in" at 34 points is 40.8 high;
            // `|-[title]-|` stretches it from 16 to 359.
            "title": rect(16, 44, 343, 40.8),
            // 24 below the title (44 + 40.8 + 24), aligned on its leading and trailing edges; 8 + 44 + 8 + 44 + 8
            // = 112 high, from its fields.
            "form": rect(16, 108.8, 343, 112),
            // Inside the form, '|-' is 8 points: x 24. "Password", 8 characters at 17: 68 wide, and "User" as wide
            // (==passLabel). Each label is centred on its field: 116.8 + 22 - 10.2 = 128.6.
            "userLabel": rect(24, 128.6, 68, 20.4),
            // 8 after the label (24 + 68 + 8 = 100) to 8 inside the form's right (359 - 8 = 351): 251 wide;
            // 8 below the form's top (108.8): inside a view, '|-' is its own margins, UIKit's 8 points.
            "userField": rect(100, 116.8, 251, 44),
            // 8 below the user field (116.8 + 44 + 8 = 168.8); the label centred on it: 168.8 + 22 - 10.2.
            "passLabel": rect(24, 180.6, 68, 20.4),
            "passField": rect(100, 168.8, 251, 44),
            // 16 below the form (220.8), as wide as the title; transparent, under the button.
            "error": rect(16, 236.8, 343, 20.4),
            // `underForm`: 16 below the form too; "Sign In" + 24 is 32.4 high, stretched between the margins.
            "signIn": rect(16, 236.8, 343, 32.4),
        ],
    ]

    @Test("Every playground loads without a diagnostic and has hand-worked geometry")
    func everyPlayground() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasSuffix(".layout") }.sorted()
        #expect(files.count >= 4)
        for file in files {
            let name = String(file.dropLast(".layout".count))
            let laid = try Self.load(name)
            #expect(laid.rendered == "", "\(file)")
            // Rounding never grows far enough in a playground for the solver to build its tableau again.
            #expect(laid.model.solver.statistics.rebuilds == 0, "\(file)")
            #expect(Self.expected[name] != nil, "\(file) has no hand-worked geometry in PlaygroundTests")
        }
    }

    @Test(
        "Each playground's model frames match the hand-worked values to 1e-6",
        arguments: [
            "Quiz", "QuizGuide", "Messaging", "Bankey", "BankeyRTL", "Burger", "Nesting", "Form", "VisualFormat",
            "Card",
        ])
    func geometry(name: String) throws {
        let laid = try Self.load(name)
        let expected = try #require(Self.expected[name])
        #expect(Set(laid.scene.views.map(\.name.name)) == Set(expected.keys))
        for (view, frame) in expected {
            expectFrame(laid.frame(view), frame, within: 1e-6)
        }
    }

    @Test("Quiz with a guide: in landscape the two questions stay one canvas width apart")
    func quizGuideLandscape() throws {
        let laid = try Self.load("QuizGuide")
        var model = laid.model
        model.setCanvas(Size(width: 667, height: 375))
        let question = model.frame(of: try #require(laid.scene.viewID(named: "question")))
        let next = model.frame(of: try #require(laid.scene.viewID(named: "next")))
        #expect(abs(question.midX - 333.5) < 1e-9)
        #expect(abs(next.midX - -333.5) < 1e-9)
        expectFrame(model.frame(of: try #require(laid.scene.viewID(named: "gap"))), rect(-333.5, 120, 667, 0))
    }

    @Test("Burger: the converged picture the animator's block leads to, worked out by hand")
    func burgerConverged() throws {
        let laid = try Self.load("Burger")
        var model = laid.model
        // The block's switch of groups, as a layout would apply it.
        let lines = try #require(laid.scene.groupID(named: "lines"))
        let converged = try #require(laid.scene.groupID(named: "converged"))
        for index in laid.scene.constraintIDs where laid.scene[index].group == lines {
            model.deactivate(index)
        }
        for index in laid.scene.constraintIDs where laid.scene[index].group == converged {
            let failure = model.activate(index)
            #expect(failure == nil)
        }
        for name in ["top", "middle", "bottom"] {
            expectFrame(model.frame(of: try #require(laid.scene.viewID(named: name))), rect(16, 38, 30, 4))
        }
    }

    @Test("VisualFormat: the error shows and the button makes room for it, then both go back")
    func visualFormatError() throws {
        let text = try String(contentsOf: Self.folder.appendingPathComponent("VisualFormat.layout"), encoding: .utf8)
        var running = Running(text)
        running.run("showError")
        // Halfway through the 0.3 s ease-in-out, the button is halfway from 236.8 to 265.2
        // (the error's 20.4 and the standard 8 below it).
        expectClose(running.view("signIn", at: 0.15).y, 251)
        let shown = running.frame(at: 0.3)
        let button = try #require(shown.views.first { $0.name == "signIn" })
        let error = try #require(shown.views.first { $0.name == "error" })
        expectClose(button.y, 265.2)
        expectClose(error.alpha, 1)
        running.run("hideError")
        expectClose(running.view("signIn", at: 0.6).y, 236.8)
        expectClose(running.view("error", at: 0.6).alpha, 0)
        #expect(running.diagnosticCodes() == [])
    }

    @Test("BankeyRTL is Bankey mirrored across the canvas at every moment of its animations and actions")
    func rightToLeftMirrors() throws {
        let ltr = try String(contentsOf: Self.folder.appendingPathComponent("Bankey.layout"), encoding: .utf8)
        let rtl = try String(contentsOf: Self.folder.appendingPathComponent("BankeyRTL.layout"), encoding: .utf8)
        var left = Running(ltr)
        var right = Running(rtl)
        for time in [0, 0.1, 0.3, 0.5, 0.8, 1.2, 1.8, 2.0, 2.3, 3.0] {
            if time == 2.0 {
                left.run("replayTogether")
                right.run("replayTogether")
            }
            let (a, b) = (left.frame(at: time), right.frame(at: time))
            #expect(a.views.map(\.name) == b.views.map(\.name))
            for (l, r) in zip(a.views, b.views) {
                expectClose(r.x, 375 - l.x - l.width)
                expectClose(r.y, l.y)
                expectClose(r.width, l.width)
                expectClose(r.alpha, l.alpha)
            }
        }
    }

    @Test(
        "Right to left: leading and trailing, the safe area's and margins' insets flip; left, right and a constant alone as leading do as UIKit says"
    )
    func rightToLeft() {
        let laid = Laid(
            """
            canvas 400 x 300 rtl
            safearea 0 10 0 30
            view a; view b; view c; view d
            a.leading == root.margins.leading + 5; a.width == 50
            b.leading == a.trailing + 8; b.width == 20
            c.left == root.left + 10; c.width == 10
            d.leading == 20; d.width == 10
            a.top == 0; a.height == 10; b.top == 0; b.height == 10; c.top == 0; c.height == 10
            d.top == 0; d.height == 10
            """)
        #expect(laid.codes == [])
        // The leading inset (10) and the margin (16) are on the right: margins.leading is x 374; 5 further
        // leading puts a's right edge at 369.
        expectFrame(laid.frame("root.margins"), rect(46, 0, 328, 300))
        expectFrame(laid.frame("a"), rect(319, 0, 50, 10))
        // 8 past a's trailing (left) edge, leftwards: b's right edge at 311.
        expectFrame(laid.frame("b"), rect(291, 0, 20, 10))
        // left does not flip.
        expectFrame(laid.frame("c"), rect(10, 0, 10, 10))
        // A leading edge 20 from the root's leading (right) edge.
        expectFrame(laid.frame("d"), rect(370, 0, 10, 10))
    }
}
