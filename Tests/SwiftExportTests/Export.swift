import SceneLanguage
import SwiftExport
import Testing

/// Exports a scene's text; records its errors, if it has any, as an issue.
func export(_ text: String, className: String = "SceneViewController") -> String {
    let scene = Scene.parse(SourceFile(name: "Scene.layout", text: text))
    let errors = scene.diagnostics.filter { $0.severity == .error }
    if !errors.isEmpty { Issue.record("the scene has errors:\n\(errors.map(\.rendered).joined())") }
    return SwiftExporter.export(scene: scene, className: className)
}
