package import SceneLanguage

/// How a scene file's text becomes a scene: a `.layout` file through the language's parser and checker; a UIKit
/// Swift file (`.swift`) through the importer the daemon is given. The importer (SwiftImport, on swift-syntax) is
/// linked only by the programs that serve Swift files, `layoutd` and `layout-view`, which hand it in here; a
/// service without one reports a Swift file as an error of that scene.
package struct SceneTranslator: Sendable {
    /// What an import gives: the scene, nil when the Swift could not be read into one, and every diagnostic (the
    /// import's warnings at their Swift lines, the Swift's errors, the scene's own), in the order to show them.
    package typealias SwiftImporter = @Sendable (SourceFile) -> (scene: Scene?, diagnostics: [Diagnostic])

    package var importSwift: SwiftImporter?

    package init(importSwift: SwiftImporter? = nil) {
        self.importSwift = importSwift
    }

    /// `.layout` files only.
    package static let layoutOnly = SceneTranslator()

    /// A file's text with its scene and diagnostics, for ``SceneRegistry/load(name:path:translated:force:)``.
    ///
    /// A `.layout` file's parse reuses the lines of `previous`, the parse of the scene's last version, that
    /// are still there (``Scene/parse(_:reusing:)``), and brings what the next version can reuse of it.
    package func translate(_ source: SourceFile, isSwift: Bool, reusing previous: ParseReuse? = nil)
        -> TranslatedSource
    {
        guard isSwift else {
            let (scene, reuse) = Scene.parse(source, reusing: previous)
            return TranslatedSource(
                source: source, scene: scene, diagnostics: scene.diagnostics.sortedByLocation(), reuse: reuse)
        }
        let (scene, diagnostics) = self.scene(of: source, isSwift: isSwift)
        return TranslatedSource(source: source, scene: scene, diagnostics: diagnostics)
    }

    /// The scene of a file's text and its diagnostics; nil for no scene (a Swift file that could not be read).
    package func scene(of source: SourceFile, isSwift: Bool) -> (scene: Scene?, diagnostics: [Diagnostic]) {
        guard isSwift else {
            let scene = Scene.parse(source)
            return (scene, scene.diagnostics.sortedByLocation())
        }
        guard let importSwift else {
            let message = "this daemon reads .layout files only: it cannot import Swift"
            return (nil, [.error(.invalidSwift, message, at: .at(0, in: source))])
        }
        return importSwift(source)
    }
}

/// A scene file's text made a scene: done where the file is read, off the daemon's executor.
package struct TranslatedSource: Sendable {
    /// The text.
    package var source: SourceFile
    /// Its scene; nil for a Swift file that could not be read into one.
    package var scene: Scene?
    /// Its diagnostics, in the order to show them.
    package var diagnostics: [Diagnostic]
    /// What the parse of the file's next version can reuse of this one's (a `.layout` file's only).
    package var reuse: ParseReuse? = nil
}
