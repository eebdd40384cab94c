import Foundation
import SceneLanguage
import SceneRuntime
import TestSupport
import Testing

/// A golden of the layout model: a small scene that is valid language, and the
/// full text of every diagnostic that laying it out gives, exactly as `layoutctl
/// check` prints them. `docs/diagnostics.md` copies these texts.
/// `SceneLanguageTests/DiagnosticGoldenTests.swift` has the language's goldens.
struct LayoutDiagnosticGolden: Sendable, CustomTestStringConvertible {
    let code: DiagnosticCode
    /// What the scene's layout gets wrong.
    let title: String
    let scene: String
    /// Every diagnostic of the scene and its layout, rendered, in file order.
    let expected: String
    /// Where the golden is written, where a failure is reported.
    let sourceLocation: SourceLocation

    init(
        _ code: DiagnosticCode, _ title: String, _ scene: String, _ expected: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        self.code = code
        self.title = title
        self.scene = scene
        self.expected = expected
        self.sourceLocation = sourceLocation
    }

    var testDescription: String { "\(code.rawValue): \(title)" }

    /// The scene laid out.
    var model: LayoutModel { LayoutModel(scene: Scene.parse(SourceFile(name: "Scene.layout", text: scene))) }

    /// Expects the rendered diagnostics to be ``expected``, character for
    /// character, with ``code`` among them, and the scene itself free of
    /// diagnostics: the problem is the layout's.
    func check() {
        let model = model
        let rendered = model.allDiagnostics.map { $0.rendered }.joined()
        #expect(rendered == expected, sourceLocation: sourceLocation)
        #expect(model.scene.diagnostics.isEmpty, sourceLocation: sourceLocation)
        #expect(
            model.diagnostics.contains { $0.code == code }, "no '\(code.rawValue)' diagnostic",
            sourceLocation: sourceLocation)
    }

    static var all: [LayoutDiagnosticGolden] { unsatisfiable + ambiguous }
}

@Suite struct LayoutDiagnosticGoldenTests {
    @Test(
        "An unsatisfiable layout names the constraint broken to recover and each one it conflicts with",
        arguments: LayoutDiagnosticGolden.unsatisfiable)
    func unsatisfiable(_ golden: LayoutDiagnosticGolden) {
        golden.check()
        // Layout goes on without the broken constraint, and with every other one.
        let model = golden.model
        let broken = model.diagnostics.filter { $0.code == .unsatisfiableConstraints }.map(\.range)
        let left = model.scene.constraintIDs.filter { !model.isInstalled($0) }
        #expect(left.map { model.scene[$0].range } == broken, sourceLocation: golden.sourceLocation)
    }

    @Test("An ambiguous layout names the view and the axis", arguments: LayoutDiagnosticGolden.ambiguous)
    func ambiguous(_ golden: LayoutDiagnosticGolden) {
        golden.check()
    }

    @Test("The layout goldens cover the codes that only the layout model produces")
    func everyLayoutCodeHasAGolden() {
        // `SceneLanguageTests` covers every other code, and leaves these two to this file.
        #expect(Set(LayoutDiagnosticGolden.all.map(\.code)) == [.unsatisfiableConstraints, .ambiguousLayout])
    }

    @Test("docs/diagnostics.md shows the layout's diagnostics exactly as the goldens render them")
    func documentation() throws {
        let codes: Set<DiagnosticCode> = [.unsatisfiableConstraints, .ambiguousLayout]
        let goldens = Set(LayoutDiagnosticGolden.all.map(\.expected))
        let examples = try documentedDiagnostics().filter { $0.code.map(codes.contains) ?? false }
        for example in examples where !goldens.contains(example.text) {
            Issue.record("docs/diagnostics.md shows a diagnostic that no golden renders:\n\(example.text)")
        }
        #expect(Set(examples.map(\.code)) == codes)
    }
}

extension LayoutDiagnosticGolden {
    /// Required constraints that cannot all hold: against each other, a fixed
    /// frame, the canvas (as set and by default) and an intrinsic size at priority 1000.
    static let unsatisfiable: [LayoutDiagnosticGolden] = [
        LayoutDiagnosticGolden(
            .unsatisfiableConstraints, "a visual format line names the fragment of the format that was broken",
            """
            view name
            view field
            H:|-[name(100)]-[field(==name)]-|
            V:|-[name(44)]
            V:|-[field(44)]
            """,
            """
            Scene.layout:3:32: error: unable to simultaneously satisfy constraints; breaking '-|' (root.margins.trailing == field.trailing) to recover [unsatisfiable-constraints]
            H:|-[name(100)]-[field(==name)]-|
                                           ^~
            note: it conflicts with the canvas size (375 x 667, the default)
            Scene.layout:3:3: note: it conflicts with '|-' (name.leading == root.margins.leading)
            H:|-[name(100)]-[field(==name)]-|
              ^~
            Scene.layout:3:10: note: it conflicts with '(100)' (name.width == 100)
            H:|-[name(100)]-[field(==name)]-|
                     ^~~~~
            Scene.layout:3:16: note: it conflicts with '-' (field.leading == name.trailing + 8)
            H:|-[name(100)]-[field(==name)]-|
                           ^
            Scene.layout:3:23: note: it conflicts with '(==name)' (field.width == name.width)
            H:|-[name(100)]-[field(==name)]-|
                                  ^~~~~~~~

            """),
        LayoutDiagnosticGolden(
            .unsatisfiableConstraints, "two required widths",
            """
            button signIn "Sign In"
            signIn.centerX == root.centerX; signIn.top == root.top + 100
            signIn.width == 120
            signIn.width >= 200
            """,
            """
            Scene.layout:4:1: error: unable to simultaneously satisfy constraints; breaking 'signIn.width >= 200' to recover [unsatisfiable-constraints]
            signIn.width >= 200
            ^~~~~~~~~~~~~~~~~~~
            Scene.layout:3:1: note: it conflicts with 'signIn.width == 120'
            signIn.width == 120
            ^~~~~~~~~~~~~~~~~~~

            """),
        LayoutDiagnosticGolden(
            .unsatisfiableConstraints, "a conflict with a stack view's own constraints",
            """
            stack form vertical {
              view field size 200 x 44
            }
            form.leading == root.leading + 16
            form.top == root.top + 20
            field.leading == root.leading
            """,
            """
            Scene.layout:6:1: error: unable to simultaneously satisfy constraints; breaking 'field.leading == root.leading' to recover [unsatisfiable-constraints]
            field.leading == root.leading
            ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~
            Scene.layout:1:1: note: it conflicts with UISV-canvas-connection of 'field.leading' (from the stack 'form')
            stack form vertical {
            ^~~~~~~~~~~~~~~~~~~
            Scene.layout:4:1: note: it conflicts with 'form.leading == root.leading + 16'
            form.leading == root.leading + 16
            ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

            """),
        LayoutDiagnosticGolden(
            .unsatisfiableConstraints, "a conflict with a fixed frame",
            "view card frame 20 20 100 50\ncard.width == 120",
            """
            Scene.layout:2:1: error: unable to simultaneously satisfy constraints; breaking 'card.width == 120' to recover [unsatisfiable-constraints]
            card.width == 120
            ^~~~~~~~~~~~~~~~~
            Scene.layout:1:11: note: it conflicts with the fixed frame of 'card'
            view card frame 20 20 100 50
                      ^~~~~~~~~~~~~~~~~~

            """),
        LayoutDiagnosticGolden(
            .unsatisfiableConstraints, "a conflict with the canvas size",
            """
            canvas 375 x 667
            view card
            card.leading == root.leading; card.top == root.top
            card.width == root.width; card.height == 100
            root.width == 400
            """,
            """
            Scene.layout:5:1: error: unable to simultaneously satisfy constraints; breaking 'root.width == 400' to recover [unsatisfiable-constraints]
            root.width == 400
            ^~~~~~~~~~~~~~~~~
            Scene.layout:1:1: note: it conflicts with the canvas size (375 x 667)
            canvas 375 x 667
            ^~~~~~~~~~~~~~~~

            """),
        LayoutDiagnosticGolden(
            .unsatisfiableConstraints, "a conflict with the default canvas and two insets",
            """
            view card
            card.leading == root.leading + 16; card.trailing == root.trailing - 16
            card.top == root.top; card.height == 100
            card.width == 320
            """,
            """
            Scene.layout:4:1: error: unable to simultaneously satisfy constraints; breaking 'card.width == 320' to recover [unsatisfiable-constraints]
            card.width == 320
            ^~~~~~~~~~~~~~~~~
            note: it conflicts with the canvas size (375 x 667, the default)
            Scene.layout:2:1: note: it conflicts with 'card.leading == root.leading + 16'
            card.leading == root.leading + 16; card.trailing == root.trailing - 16
            ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
            Scene.layout:2:36: note: it conflicts with 'card.trailing == root.trailing - 16'
            card.leading == root.leading + 16; card.trailing == root.trailing - 16
                                               ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

            """),
        LayoutDiagnosticGolden(
            .unsatisfiableConstraints, "a conflict with an intrinsic size at priority 1000",
            """
            label title "Bankey" hugging 1000 1000 compression 1000 1000
            title.leading == root.leading; title.top == root.top
            title.width == 200
            """,
            """
            Scene.layout:3:1: error: unable to simultaneously satisfy constraints; breaking 'title.width == 200' to recover [unsatisfiable-constraints]
            title.width == 200
            ^~~~~~~~~~~~~~~~~~
            Scene.layout:1:1: note: it conflicts with the intrinsic width of 'title'
            label title "Bankey" hugging 1000 1000 compression 1000 1000
            ^~~~~~~~~~~~~~~~~~~~

            """),
    ]

    /// A view's position or size left open, on each axis.
    static let ambiguous: [LayoutDiagnosticGolden] = [
        LayoutDiagnosticGolden(
            .ambiguousLayout, "no horizontal position",
            """
            view card
            card.width == 100
            card.top == root.top; card.height == 50
            """,
            """
            Scene.layout:1:6: warning: ambiguous horizontal layout for 'card': its constraints leave its x position open [ambiguous-layout]
            view card
                 ^~~~
            note: constrain its leading, centerX or trailing edge

            """),
        LayoutDiagnosticGolden(
            .ambiguousLayout, "no width",
            """
            view card
            card.leading == root.leading
            card.top == root.top; card.height == 50
            """,
            """
            Scene.layout:1:6: warning: ambiguous horizontal layout for 'card': its constraints leave its width open [ambiguous-layout]
            view card
                 ^~~~
            note: constrain its width, or both its leading and trailing edges

            """),
        LayoutDiagnosticGolden(
            .ambiguousLayout, "no vertical position",
            """
            view card
            card.leading == root.leading; card.width == 100
            card.height == 50
            """,
            """
            Scene.layout:1:6: warning: ambiguous vertical layout for 'card': its constraints leave its y position open [ambiguous-layout]
            view card
                 ^~~~
            note: constrain its top, centerY or bottom edge, or a baseline

            """),
        LayoutDiagnosticGolden(
            .ambiguousLayout, "no height",
            """
            view card
            card.leading == root.leading; card.width == 100
            card.top == root.top
            """,
            """
            Scene.layout:1:6: warning: ambiguous vertical layout for 'card': its constraints leave its height open [ambiguous-layout]
            view card
                 ^~~~
            note: constrain its height, or both its top and bottom edges

            """),
    ]
}
