import LayoutSolver
import PlaygroundProtocol
import SceneLanguage
import SceneRuntime
import Testing

/// A scene text parsed, checked and laid out, with ways to read it in tests.
struct Laid {
    let scene: Scene
    let model: LayoutModel

    init(_ text: String, name: String = "t.layout") {
        scene = Scene.parse(SourceFile(name: name, text: text))
        model = LayoutModel(scene: scene)
    }

    /// The frame of a view or guide, or of `root`, `root.safeArea`, `root.margins`.
    func frame(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) -> Rect {
        switch name {
        case "root": return model.frame(of: .root)
        case "root.safeArea": return model.frame(of: .safeArea)
        case "root.margins": return model.frame(of: .margins)
        default:
            guard let view = scene.viewID(named: name) else {
                Issue.record("no view named \(name)", sourceLocation: sourceLocation)
                return Rect(x: .nan, y: .nan, width: .nan, height: .nan)
            }
            return model.frame(of: view)
        }
    }

    /// The codes of every diagnostic, in file order.
    var codes: [DiagnosticCode] { model.allDiagnostics.map(\.code) }

    /// Every diagnostic, rendered.
    var rendered: String { model.allDiagnostics.map { $0.rendered }.joined() }
}

/// Expects two rectangles to agree to a tolerance, naming what differs.
func expectFrame(
    _ actual: Rect, _ expected: Rect, within tolerance: Double = 1e-9,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let pairs = [
        ("x", actual.x, expected.x), ("y", actual.y, expected.y), ("width", actual.width, expected.width),
        ("height", actual.height, expected.height),
    ]
    for (field, a, e) in pairs where !(abs(a - e) <= tolerance) {
        Issue.record(
            "\(field): \(a), expected \(e) (frame \(actual), expected \(expected))", sourceLocation: sourceLocation)
    }
}

func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
    Rect(x: x, y: y, width: width, height: height)
}
