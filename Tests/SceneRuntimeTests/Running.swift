import PlaygroundProtocol
import SceneLanguage
import SceneRuntime
import Testing

/// A scene loaded for a test, with `on load` run and actions run at time 0,
/// and ways to read its frames.
struct Running {
    var loaded: LoadedScene

    init(_ text: String, running actions: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) {
        let scene = Scene.parse(SourceFile(name: "t.layout", text: text))
        #expect(scene.diagnostics.map { $0.rendered } == [], sourceLocation: sourceLocation)
        loaded = LoadedScene(scene: scene, name: "t")
        loaded.runOnLoad()
        for action in actions {
            let ran = loaded.run(action: action)
            #expect(ran, "no action \(action)", sourceLocation: sourceLocation)
        }
    }

    /// Runs an action at the current time.
    mutating func run(_ action: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let ran = loaded.run(action: action)
        #expect(ran, "no action \(action)", sourceLocation: sourceLocation)
    }

    /// The presentation frame at a time (time only moves forward).
    mutating func frame(at time: Double) -> Frame {
        loaded.advance(to: time)
        return loaded.presentationFrame()
    }

    /// A view of the presentation at a time, by the name it goes by then.
    mutating func view(
        _ name: String, at time: Double, sourceLocation: SourceLocation = #_sourceLocation
    ) -> ViewFrame {
        let frame = frame(at: time)
        guard let view = frame.views.first(where: { $0.name == name }) else {
            Issue.record("no view \(name) at \(time)", sourceLocation: sourceLocation)
            return ViewFrame(name: name, kind: .view, parent: "root", x: .nan, y: .nan, width: .nan, height: .nan)
        }
        return view
    }

    /// The codes of the runtime diagnostics reported since the last call.
    mutating func diagnosticCodes() -> [DiagnosticCode] {
        loaded.takeDiagnostics().map(\.diagnostic.code)
    }
}

/// Expects two numbers to agree to a tolerance.
func expectClose(
    _ actual: Double, _ expected: Double, within tolerance: Double = 1e-9, _ what: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(
        abs(actual - expected) <= tolerance, "\(what): \(actual), expected \(expected)", sourceLocation: sourceLocation)
}
