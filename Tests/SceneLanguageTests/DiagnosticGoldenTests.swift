import Foundation
import SceneLanguage
import TestSupport
import Testing

/// A golden: a small scene and the full text of its diagnostics, exactly as
/// `layoutctl check` prints them. `docs/diagnostics.md` copies these texts, so
/// a change of wording shows up here first.
///
/// The tables are by theme: ``lexical``, ``syntax`` and ``values`` in
/// `DiagnosticSyntaxGoldenTests.swift`; ``didYouMean``, ``names`` and
/// ``constraints`` in `DiagnosticNameGoldenTests.swift`; ``variables`` in
/// `DiagnosticVariableGoldenTests.swift`; ``visualFormat`` in
/// `DiagnosticVisualFormatGoldenTests.swift`; ``keyframes`` in
/// `DiagnosticKeyframeGoldenTests.swift`. The layout model's codes
/// have theirs in `SceneRuntimeTests/LayoutDiagnosticGoldenTests.swift`.
struct DiagnosticGolden: Sendable, CustomTestStringConvertible {
    /// The code this golden is for: the scene must produce it.
    let code: DiagnosticCode
    /// What the scene gets wrong.
    let title: String
    /// The scene file's bytes.
    let bytes: [UInt8]
    /// Every diagnostic of the scene, rendered, in file order.
    let expected: String
    /// The replacement that "did you mean" offers with the first diagnostic, if any is expected.
    let suggestion: String?
    /// Where the golden is written, where a failure is reported.
    let sourceLocation: SourceLocation

    /// The name every golden scene file has.
    static let fileName = "Scene.layout"

    init(
        _ code: DiagnosticCode, _ title: String, _ scene: String, suggesting suggestion: String? = nil,
        _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        self.init(
            code, title, bytes: Array(scene.utf8), suggesting: suggestion, expected, sourceLocation: sourceLocation)
    }

    /// A golden whose file is not valid UTF-8.
    init(
        _ code: DiagnosticCode, _ title: String, bytes: [UInt8], suggesting suggestion: String? = nil,
        _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        self.code = code
        self.title = title
        self.bytes = bytes
        self.expected = expected
        self.suggestion = suggestion
        self.sourceLocation = sourceLocation
    }

    var testDescription: String { "\(code.rawValue): \(title)" }

    /// The scene file, read as `layoutctl` reads one.
    var file: SourceFile { SourceFile(name: Self.fileName, bytes: bytes) }

    /// The scene's diagnostics from the lexer, the parser and the checker, in file order.
    var diagnostics: [Diagnostic] { Scene.parse(file).diagnostics.sortedByLocation() }

    /// Expects the rendered diagnostics to be ``expected``, character for
    /// character, with ``code`` among them and the expected suggestion.
    func check() {
        let file = file
        let diagnostics = Scene.parse(file).diagnostics.sortedByLocation()
        let rendered = diagnostics.map { $0.rendered }.joined()
        #expect(rendered == expected, sourceLocation: sourceLocation)
        #expect(
            diagnostics.contains { $0.code == code }, "no '\(code.rawValue)' diagnostic", sourceLocation: sourceLocation
        )
        if let suggestion {
            #expect(diagnostics.first?.suggestion == suggestion, sourceLocation: sourceLocation)
        }
    }

    /// Every golden of the scene language, all tables.
    static var all: [DiagnosticGolden] {
        lexical + syntax + values + didYouMean + names + constraints + variables + escaping + stacks + visualFormat
            + keyframes
    }
}

@Suite struct DiagnosticGoldenTests {
    /// The codes that only the layout model or a running scene produces, whose
    /// goldens are in `SceneRuntimeTests` (`LayoutDiagnosticGoldenTests.swift`
    /// and `RuntimeDiagnosticGoldenTests.swift`, which check that they cover them).
    static let layoutCodes: Set<DiagnosticCode> = [
        .unsatisfiableConstraints, .ambiguousLayout, .animatorState, .nothingToAnimate, .unrevertedConstraints,
        .missingLayout, .runtimeLimit,
    ]
    /// The codes of the Swift import, about Swift files; their goldens are in `SwiftImportTests`
    /// (`DocumentedImportDiagnosticsTests.swift`).
    static let importCodes: Set<DiagnosticCode> = [.importSkipped, .invalidSwift]

    @Test(
        "Every diagnostic code has a golden: the language's here, the layout model's in SceneRuntimeTests, a file's in FileDiagnosticTests"
    )
    func everyCodeHasAGolden() {
        let covered = Set(DiagnosticGolden.all.map(\.code)).union(FileDiagnosticTests.fileCodes)
        let missing = DiagnosticCode.allCases.filter {
            !covered.contains($0) && !Self.layoutCodes.contains($0) && !Self.importCodes.contains($0)
        }
        #expect(missing.isEmpty, "no golden for \(missing.map(\.rawValue))")
        #expect(covered.isDisjoint(with: Self.layoutCodes))
    }

    @Test("One pass reports every error of a file, from the lexer, the parser and the checker, in file order")
    func recovery() {
        let golden = DiagnosticGolden.recovery
        golden.check()
        #expect(
            golden.diagnostics.map(\.code) == [
                .unknownName, .unknownName, .unterminatedString, .unknownName, .unknownName, .typeMismatch,
                .invalidValue, .unknownName,
            ])
        // What could be read is kept: the two labels, the one good constraint and both actions.
        let scene = Scene.parse(golden.file)
        #expect(scene.views.map(\.name.name) == ["title", "subtitle"])
        #expect(scene.constraints.count == 1)
        #expect(scene.actions.map(\.name.name) == ["show", "hide"])
    }

    @Test("docs/diagnostics.md shows the language's diagnostics exactly as the goldens render them")
    func documentation() throws {
        let goldens = Set((DiagnosticGolden.all + [.recovery]).map(\.expected))
            .union(try FileDiagnosticTests.renderedGoldens().map(\.text))
        // An example whose code cannot be read counts as the language's, and matches no golden.
        let elsewhere = Self.layoutCodes.union(Self.importCodes)
        let examples = try documentedDiagnostics().filter { $0.code.map { !elsewhere.contains($0) } ?? true }
        for example in examples where !goldens.contains(example.text) {
            Issue.record("docs/diagnostics.md shows a diagnostic that no golden renders:\n\(example.text)")
        }
        let shown = Set(examples.compactMap(\.code))
        let missing = DiagnosticCode.allCases.filter { !shown.contains($0) && !elsewhere.contains($0) }
        #expect(missing.isEmpty, "docs/diagnostics.md has no example of \(missing.map(\.rawValue))")
    }
}

extension DiagnosticGolden {
    /// A file with eight mistakes, found by the lexer, the parser and the checker.
    static let recovery = DiagnosticGolden(
        .unknownName, "eight mistakes in one file",
        """
        canvas 375 x 667
        veiw card color blue
        label title "Bankey" alpah 0
        label subtitle "Your premium source for all things banking
        title.centreX == root.centerX
        title.top == root.safeArea.top + 3 * system @hihg
        subtitle.top == title.bottom + system
        action show {
          activate title
          title.alpha = 1.5
          run hdie
        }
        action hide {
          title.alpha = 0
        }

        """,
        """
        Scene.layout:2:1: error: unknown declaration 'veiw'; did you mean 'view'? [unknown-name]
        veiw card color blue
        ^~~~
        Scene.layout:3:22: error: unknown property 'alpah'; did you mean 'alpha'? [unknown-name]
        label title "Bankey" alpah 0
                             ^~~~~
        Scene.layout:4:16: error: unterminated string; add '"' before the end of the line [unterminated-string]
        label subtitle "Your premium source for all things banking
                       ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
        Scene.layout:5:7: error: unknown attribute 'centreX'; did you mean 'centerX'? [unknown-name]
        title.centreX == root.centerX
              ^~~~~~~
        Scene.layout:6:46: error: unknown priority 'hihg'; did you mean 'high'? (priorities are required, high, low, fitting, or a number from 1 to 1000) [unknown-name]
        title.top == root.safeArea.top + 3 * system @hihg
                                                     ^~~~
        Scene.layout:9:12: error: 'title' is a label, not a constraint or group [type-mismatch]
          activate title
                   ^~~~~
        Scene.layout:10:17: error: alpha must be between 0 and 1, not 1.5 [invalid-value]
          title.alpha = 1.5
                        ^~~
        Scene.layout:11:7: error: unknown action 'hdie'; did you mean 'hide'? [unknown-name]
          run hdie
              ^~~~

        """)
}
