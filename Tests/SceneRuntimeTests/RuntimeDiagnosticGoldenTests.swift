import SceneLanguage
import SceneRuntime
import TestSupport
import Testing

/// A golden of a running scene: a scene, the actions run at time 0, and the
/// full text of the runtime diagnostics they give, exactly as `layoutctl
/// frames` prints them. `docs/diagnostics.md` copies these texts.
struct RuntimeDiagnosticGolden: Sendable, CustomTestStringConvertible {
    let code: DiagnosticCode
    let title: String
    let scene: String
    let actions: [String]
    let expected: String
    let sourceLocation: SourceLocation

    init(
        _ code: DiagnosticCode, _ title: String, _ scene: String, running actions: [String], _ expected: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        self.code = code
        self.title = title
        self.scene = scene
        self.actions = actions
        self.expected = expected
        self.sourceLocation = sourceLocation
    }

    var testDescription: String { "\(code.rawValue): \(title)" }

    /// The scene must load without a diagnostic; the actions give ``expected``.
    func check() {
        let parsed = Scene.parse(SourceFile(name: "Scene.layout", text: scene))
        var loaded = LoadedScene(scene: parsed, name: "Scene")
        #expect(loaded.layout.allDiagnostics.isEmpty, sourceLocation: sourceLocation)
        loaded.runOnLoad()
        for action in actions {
            let ran = loaded.run(action: action)
            #expect(ran, sourceLocation: sourceLocation)
        }
        let reported = loaded.takeDiagnostics()
        #expect(reported.map(\.rendered).joined() == expected, sourceLocation: sourceLocation)
        #expect(reported.contains { $0.diagnostic.code == code }, sourceLocation: sourceLocation)
    }

    static let all: [RuntimeDiagnosticGolden] = [
        RuntimeDiagnosticGolden(
            .animatorState, "starting a stopped animator",
            """
            view card
            card.left == 0; card.top == 0; card.width == 10; card.height == 10
            animator fade 1 { card.alpha = 0 }
            action go {
              start fade
              stop fade
              start fade
            }
            """, running: ["go"],
            """
            Scene.layout:7:3: error: animator 'fade' is stopped; finish it ('finish fade at …') before starting it [animator-state]
              start fade
              ^~~~~~~~~~

            """),
        RuntimeDiagnosticGolden(
            .nothingToAnimate, "an animator whose block moves nothing",
            """
            view card
            card.left == 0; card.top == 0; card.width == 10; card.height == 10
            animator idle 1 { layout }
            action go { start idle }
            """, running: ["go"],
            """
            Scene.layout:4:13: error: animator 'idle' has nothing to animate: its block changed nothing that moves [nothing-to-animate]
            action go { start idle }
                        ^~~~~~~~~~
            Scene.layout:3:1: note: 'idle' is declared here
            animator idle 1 { layout }
            ^~~~~~~~~~~~~~~~~~~~~~~~~~

            """),
        RuntimeDiagnosticGolden(
            .unrevertedConstraints, "a reversed animator finished at its start",
            """
            view bar
            bar.left == 0; bar.width == 30; bar.height == 4
            barY: bar.top == root.top + 20
            animator drop 0.5 { barY.constant = 100; layout }
            action close {
              pause drop
              drop.fraction = 0.5
              reverse drop
              finish drop at start
            }
            """, running: ["close"],
            """
            Scene.layout:9:3: warning: animator 'drop' finished at its start, but the constraints its block changed stay changed ('barY'): the next layout pass will move the views to where those constraints put them; reset them in the animator's completion [unreverted-constraints]
              finish drop at start
              ^~~~~~~~~~~~~~~~~~~~

            """),
        RuntimeDiagnosticGolden(
            .missingLayout, "a constraint changed in an animation block without 'layout'",
            """
            view card
            cardX: card.left == root.left
            card.top == 0; card.width == 10; card.height == 10
            action slide {
              animate 0.5 {
                cardX.constant = 100
                card.alpha = 0.5
              }
            }
            """, running: ["slide"],
            """
            Scene.layout:5:3: warning: this animation block has no 'layout' for the changes it leaves pending ('cardX'), so the views jump to their new frames at the layout pass after it instead of animating; add 'layout' inside the block, as layoutIfNeeded() in UIKit's animations closure [missing-layout]
              animate 0.5 {
              ^~~~~~~~~~~~~

            """),
        RuntimeDiagnosticGolden(
            .runtimeLimit, "animators that finish each other from their completions",
            """
            view card
            cardX: card.left == root.left
            card.top == 0; card.width == 10; card.height == 10
            animator a 1 { cardX.constant += 1; layout } completion { start a; finish a at end }
            action go { start a; finish a at end }
            """, running: ["go"],
            """
            Scene.layout:4:68: error: completions nest more than 64 deep (animators finishing each other); the completion of 'a' is not run [runtime-limit]
            animator a 1 { cardX.constant += 1; layout } completion { start a; finish a at end }
                                                                               ^~~~~~~~~~~~~~~

            """),
    ]
}

@Suite struct RuntimeDiagnosticGoldenTests {
    /// The codes that only a running scene produces.
    static let codes: Set<DiagnosticCode> = [
        .animatorState, .nothingToAnimate, .unrevertedConstraints, .missingLayout, .runtimeLimit,
    ]

    @Test("Each runtime diagnostic renders in full", arguments: RuntimeDiagnosticGolden.all)
    func golden(_ golden: RuntimeDiagnosticGolden) {
        golden.check()
    }

    @Test("The runtime goldens cover the codes that only a running scene produces")
    func everyRuntimeCodeHasAGolden() {
        #expect(Set(RuntimeDiagnosticGolden.all.map(\.code)) == Self.codes)
    }

    @Test("docs/diagnostics.md shows the runtime's diagnostics exactly as the goldens render them")
    func documentation() throws {
        let goldens = Set(RuntimeDiagnosticGolden.all.map(\.expected))
        let examples = try documentedDiagnostics().filter { $0.code.map(Self.codes.contains) ?? false }
        for example in examples where !goldens.contains(example.text) {
            Issue.record("docs/diagnostics.md shows a runtime diagnostic that no golden renders:\n\(example.text)")
        }
        #expect(Set(examples.compactMap(\.code)) == Self.codes)
    }
}
