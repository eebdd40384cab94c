import Foundation
import SceneLanguage
import SceneRuntime
import Testing

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
    static let expected: [String: [String: Rect]] = [
        "Quiz": [
            // 12 characters at 17 points: 102 × 20.4, centred on 187.5, 100 below the safe area's 20.
            "question": rect(136.5, 120, 102, 20.4),
            // 31 characters: 263.5 wide, centred one canvas width to the left, on -187.5.
            "next": rect(-187.5 - 131.75, 120, 263.5, 20.4),
            // 13 characters + 24: 134.5 × 32.4, 24 below the question's bottom (140.4).
            "nextButton": rect(120.25, 164.4, 134.5, 32.4),
            // 3 characters: 25.5 wide, 96 below the button's bottom (196.8).
            "answer": rect(174.75, 292.8, 25.5, 20.4),
            // 11 characters + 24: 117.5 wide, 24 below the answer's bottom (313.2).
            "showAnswer": rect(128.75, 337.2, 117.5, 32.4),
        ],
        "QuizGuide": [
            "question": rect(136.5, 120, 102, 20.4),
            "next": rect(-319.25, 120, 263.5, 20.4),
            // From the next question's centre (-187.5) to the question's (187.5).
            "gap": rect(-187.5, 120, 375, 0),
        ],
        "Messaging": [
            // 30 characters: 255 wide, at the margin (16), 16 below the safe area's 44.
            "message1": rect(16, 60, 255, 20.4),
            // 25 characters: 212.5 wide, ending at the trailing margin (359), 8 below 80.4.
            "message2": rect(146.5, 88.4, 212.5, 20.4),
            "message3": rect(16, 116.8, 195.5, 20.4),
            "message4": rect(291, 145.2, 68, 20.4),
            // 200 × 44, centred, its top 100 above the root's.
            "toolbar": rect(87.5, -100, 200, 44),
            // 4 characters + 24: 58 × 32.4, 8 in from the toolbar, centred on its middle (-78).
            "like": rect(95.5, -94.2, 58, 32.4),
            // 8 characters + 24: 92 wide, ending 8 before the toolbar's right (287.5).
            "favorite": rect(187.5, -94.2, 92, 32.4),
        ],
        "Bankey": [
            // The form: 8 + 44 + 8 + 1 + 8 + 44 + 8 = 121 high, centred on 333.5; 8 from each side.
            "login": rect(8, 273, 359, 121),
            "username": rect(16, 281, 343, 44),
            "divider": rect(16, 333, 343, 1),
            "password": rect(16, 342, 343, 44),
            // Two lines, the longer of 23 characters: 195.5 × 40.8, ending 24 above the form.
            "subtitle": rect(-1000, 208.2, 195.5, 40.8),
            // 6 characters at 34 points: 102 × 40.8, ending 24 above the subtitle.
            "title": rect(-1000, 143.4, 102, 40.8),
            // As wide as the form, 16 below it.
            "signIn": rect(8, 410, 359, 32.4),
        ],
        "Burger": [
            // 30 × 24 at the margin, 8 below the safe area's 44.
            "burger": rect(16, 52, 30, 24),
            // Lines 4 high, centred 8 above, on and 8 below the burger's middle (64).
            "top": rect(16, 54, 30, 4),
            "middle": rect(16, 62, 30, 4),
            "bottom": rect(16, 70, 30, 4),
            // 250 wide, ending at the root's left; from 8 below the burger to the safe area's bottom (633).
            "menu": rect(-250, 84, 250, 549),
            // 4 and 8 characters at 20 points, 24 high, 16 in from the menu.
            "home": rect(-234, 100, 40, 24),
            "settings": rect(-234, 140, 80, 24),
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
            #expect(Self.expected[name] != nil, "\(file) has no hand-worked geometry in PlaygroundTests")
        }
    }

    @Test(
        "Each playground's model frames match the hand-worked values to 1e-6",
        arguments: ["Quiz", "QuizGuide", "Messaging", "Bankey", "Burger"])
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
        var model = try Self.load("QuizGuide").model
        model.setCanvas(Size(width: 667, height: 375))
        let question = model.frame(ofView: 0)
        let next = model.frame(ofView: 1)
        #expect(abs(question.midX - 333.5) < 1e-9)
        #expect(abs(next.midX - -333.5) < 1e-9)
        expectFrame(model.frame(ofView: 2), rect(-333.5, 120, 667, 0))
    }

    @Test("Burger: the converged picture the animator leads to, worked out by hand")
    func burgerOpen() throws {
        let laid = try Self.load("Burger")
        var model = laid.model
        // The animator's block as a layout would apply it.
        for (name, constant) in [("topY", 0.0), ("bottomY", 0.0), ("menuLeading", 250.0)] {
            let index = try #require(laid.scene.constraintIndices[name])
            let applied = model.setConstant(index, to: constant)
            #expect(applied)
        }
        expectFrame(model.frame(ofView: laid.scene.viewIndex(named: "top")!), rect(16, 62, 30, 4))
        expectFrame(model.frame(ofView: laid.scene.viewIndex(named: "bottom")!), rect(16, 62, 30, 4))
        expectFrame(model.frame(ofView: laid.scene.viewIndex(named: "menu")!), rect(0, 84, 250, 549))
    }
}
