package import SceneLanguage
package import SceneRuntime

/// What the server knows of one version of a document: the scene parsed and
/// checked, its layout solved, and every diagnostic found on the way (the
/// language's, the layout's, and those the dry runs of its actions gave),
/// in the order of the file.
///
/// The same calls as `layoutctl check` and `solve`: ``Scene/parse(_:)`` and
/// a ``LayoutModel``; a `.swift` document is imported first (when the server
/// was given an importer), as the daemon serves one.
package struct DocumentAnalysis: Sendable {
    package let file: SourceFile
    /// The scene; nil for a Swift file that could not be imported.
    package let scene: Scene?
    /// The scene's layout, solved as declared (before `on load`); nil without a scene.
    package let layout: LayoutModel?
    /// Every diagnostic that points into ``file``, in file order; for a Swift document, the scene's own
    /// diagnostics moved to the Swift lines they came from.
    package let diagnostics: [Diagnostic]
    /// Whether the scene is a Swift file's import: its names and ranges are not the document's, so only
    /// diagnostics are served.
    package let isImported: Bool

    /// Analyses a scene file's text from nothing.
    package init(layoutFile file: SourceFile, dryRun: Bool = true) {
        var previous: LayoutModel? = nil
        self.init(layoutFile: file, replacing: &previous, dryRun: dryRun)
    }

    /// Analyses a scene file's text.
    ///
    /// - Parameters:
    ///   - file: The document's text, named by its path.
    ///   - previous: The layout of the version before, whose solver the new layout takes over and changes when
    ///     the views are the same (``LayoutModel/init(scene:replacing:)``), as a daemon's reload does; it is
    ///     left empty then. Held nowhere else, its solver is moved, not copied.
    ///   - dryRun: Whether to run `on load` and each action for the runtime's warnings (``DryRun``).
    package init(layoutFile file: SourceFile, replacing previous: inout LayoutModel?, dryRun: Bool = true) {
        let scene = Scene.parse(file)
        let layout: LayoutModel
        if var old = previous, old.scene.views.count == scene.views.count {
            previous = nil
            layout = LayoutModel(scene: scene, replacing: &old)
        } else {
            layout = LayoutModel(scene: scene)
        }
        var diagnostics = scene.diagnostics + layout.diagnostics
        if dryRun && !diagnostics.hasErrors {
            diagnostics += DryRun(scene: scene, layout: layout).diagnostics
        }
        self.file = file
        self.scene = scene
        self.layout = layout
        self.diagnostics = diagnostics.filter { $0.range.file == file }.sortedByLocation()
        self.isImported = false
    }

    /// Analyses a UIKit Swift file through an importer: the import's diagnostics at their Swift lines, and the
    /// scene's (its layout's too) at the Swift that made their line, or at the file's start when no one place did.
    package init(swiftFile file: SourceFile, importer: SwiftSceneImporter) {
        let imported = importer(file)
        var diagnostics: [Diagnostic] = []
        var layout: LayoutModel?
        var found = imported.diagnostics
        if let scene = imported.scene {
            let model = LayoutModel(scene: scene)
            found += model.diagnostics
            layout = model
        }
        for diagnostic in found {
            // The scene's own are in the text the import wrote, whose lines map to the Swift that made them.
            let shown = diagnostic.inOriginalSource
            guard shown.range.file == file else {
                var moved = shown
                moved.range = SourceRange.at(0, in: file)
                moved.notes = shown.notes.map { Diagnostic.Note($0.message) }
                diagnostics.append(moved)
                continue
            }
            diagnostics.append(shown)
        }
        self.file = file
        self.scene = imported.scene
        self.layout = layout
        self.diagnostics = diagnostics.sortedByLocation()
        self.isImported = true
    }
}

/// What importing a Swift file gives: its scene, and the diagnostics (SwiftImport's `SwiftImporter.import`); the
/// scene's text maps its lines to the Swift that made them (`SourceFile.generatedFrom`).
package struct ImportedScene: Sendable {
    package var scene: Scene?
    package var diagnostics: [Diagnostic]

    package init(scene: Scene?, diagnostics: [Diagnostic]) {
        self.scene = scene
        self.diagnostics = diagnostics
    }
}

/// Reads a UIKit Swift file into a scene; the executable passes SwiftImport's, which only it links.
package typealias SwiftSceneImporter = @Sendable (SourceFile) -> ImportedScene

extension SourceFile {
    /// The byte offset of a 1-based line and UTF-8 column, clamped to the file.
    func offset(ofLine line: Int, column: Int) -> Int {
        let starts = lineStarts
        guard line >= 1 else { return 0 }
        guard line <= starts.count else { return bytes.count }
        let end = line < starts.count ? starts[line] - 1 : bytes.count
        return min(starts[line - 1] + max(column - 1, 0), end)
    }
}
