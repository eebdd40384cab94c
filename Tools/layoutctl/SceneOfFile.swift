import SceneLanguage
import SwiftImport

/// A scene file's scene and its diagnostics, in the order to print them: a `.layout` file parsed and checked; a
/// UIKit Swift file (`.swift`) imported, as the daemon and `layoutctl import` read it, its warnings at their
/// Swift lines. The scene is nil when a Swift file could not be read into one.
func scene(of file: SourceFile) -> (scene: Scene?, diagnostics: [Diagnostic]) {
    guard file.name.hasSuffix(SceneName.swiftExtension) else {
        let scene = Scene.parse(file)
        return (scene, scene.diagnostics)
    }
    return SwiftImporter.scene(of: file)
}
