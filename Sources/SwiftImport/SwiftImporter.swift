public import SceneLanguage
import SwiftOperators
import SwiftParser
import SwiftSyntax

/// The result of importing a Swift file: the scene's text, the checked scene, and the diagnostics.
public struct SwiftImport: Sendable {
    /// The scene in the language, as `layoutctl import` writes it.
    public var text: String
    /// `text` parsed and checked by the language; nil when the Swift did not parse or held nothing to import.
    public var scene: Scene?
    /// The class imported, if any.
    public var className: String?
    /// The import's warnings (`import-skipped`, at the Swift line and column), the Swift's errors
    /// (`invalid-swift`), and any diagnostics of the scene text, in that order. The scene text's are in the text
    /// (``Diagnostic/range``) and shown at the Swift that made their line (``Diagnostic/inOriginalSource``, which
    /// ``Diagnostic/rendered`` uses).
    public var diagnostics: [Diagnostic]
    /// For each line of `text` (index 0 is line 1), where in the Swift file it came from, when it came from one
    /// place.
    public var origins: [SourcePosition?]

    /// Whether the import failed: the Swift does not parse, it has no class to import, or the scene has errors.
    public var failed: Bool { scene == nil || diagnostics.hasErrors }
}

/// UIKit view controllers and views in Swift, read into scenes.
///
/// ```swift
/// let result = SwiftImporter.import(SourceFile(name: "LoginViewController.swift", text: swift))
/// print(result.text)                                   // the .layout text
/// result.diagnostics.forEach { print($0.rendered, terminator: "") }
/// ```
///
/// The importer never compiles: it reads the syntax tree (swift-syntax) of one UIViewController or UIView
/// subclass, writes the scene-language text of what it understands, and checks that text with
/// ``Scene/parse(_:)``. Code it does not understand is left out with an `import-skipped` warning at its Swift
/// line and column; a line of the text that the language refuses is left out the same way, at the Swift that
/// made it. Only Swift that does not parse fails an import.
public enum SwiftImporter {
    /// The subclasses of UIViewController and UIView that a file declares, in the order of the file.
    public static func classNames(in file: SourceFile) -> [String] {
        guard bracketDepthError(in: file) == nil else { return [] }
        let parsed = Parser.parse(source: file.text)
        guard depthError(of: parsed, in: file) == nil else { return [] }
        return discoverClasses(in: parsed).map(\.name)
    }

    /// A Swift file as a daemon serves it, saved and reloaded like a `.layout` file: its first view controller
    /// (its first view when it has none) imported, and every diagnostic, the import's at their Swift lines. The
    /// scene's own diagnostics (a layout's conflicts) are in its text, named after the file with `.layout`, whose
    /// lines map to the Swift that made them (``SourceFile/generatedFrom``): shown, they point into the Swift.
    public static func scene(of file: SourceFile) -> (scene: Scene?, diagnostics: [Diagnostic]) {
        let result = self.import(file, sceneName: file.name + ".layout")
        return (result.scene, result.diagnostics)
    }

    /// Imports one class of a Swift file: `className`, or the first view controller (the first view when there
    /// is none).
    ///
    /// - Parameters:
    ///   - file: The Swift source; its name is the one the warnings show.
    ///   - className: The class to import, or nil for the first.
    ///   - sceneName: The name of the scene file, for the scene's own diagnostics.
    public static func `import`(_ file: SourceFile, className: String? = nil, sceneName: String? = nil) -> SwiftImport {
        if let tooDeep = bracketDepthError(in: file) {
            return SwiftImport(text: "", scene: nil, className: nil, diagnostics: [tooDeep], origins: [])
        }
        let parsed = Parser.parse(source: file.text)
        if let tooDeep = depthError(of: parsed, in: file) {
            return SwiftImport(text: "", scene: nil, className: nil, diagnostics: [tooDeep], origins: [])
        }
        let errors = parseErrors(of: parsed, in: file)
        if !errors.isEmpty {
            return SwiftImport(text: "", scene: nil, className: nil, diagnostics: errors, origins: [])
        }
        let folded = OperatorTable.standardOperators.foldAll(parsed) { _ in }.as(SourceFileSyntax.self) ?? parsed
        let classes = discoverClasses(in: folded)
        let chosen =
            className.map { name in classes.first { $0.name == name } }
            ?? (classes.first { $0.kind == .viewController } ?? classes.first)
        guard let chosen else {
            let message =
                className.map { "no UIViewController or UIView subclass named '\($0)' in this file" }
                ?? "no UIViewController or UIView subclass in this file"
            let known = classes.map(\.name)
            let notes = known.isEmpty ? [] : [Diagnostic.Note("the file has \(known.joined(separator: ", "))")]
            return SwiftImport(
                text: "", scene: nil, className: nil,
                diagnostics: [.error(.invalidSwift, message, at: .at(0, in: file), notes: notes)], origins: [])
        }
        var importer = Importer(swiftFile: file)
        importer.constraintMethods = constraintExtensionMethods(in: folded)
        for discovered in classes where discovered.kind == .view {
            importer.fileViewClasses[discovered.name] =
                importer.fileViewClasses[discovered.name] ?? discovered.declaration
        }
        importer.read(chosen)
        let fileName = String(file.name.split(separator: "/").last ?? "")
        var text = importer.write(className: chosen.name, fileName: fileName)
        importer.renameToSceneNames(&text)
        let sceneFileName = sceneName ?? chosen.name + ".layout"
        let written = WrittenScene(
            name: sceneFileName, swift: file,
            classOffset: chosen.declaration.name.positionAfterSkippingLeadingTrivia.utf8Offset)
        let scene = checked(&text, importer: &importer, as: written)
        let origins = text.lines.map { line in line.origin.map { file.location(of: $0) } }
        return SwiftImport(
            text: text.text, scene: scene, className: chosen.name,
            diagnostics: importer.diagnostics + scene.diagnostics, origins: origins)
    }

    /// Parses the text; each line the language refuses with an error is left out, with a warning at the Swift
    /// that made it, and the text parsed again, until it has no errors or the line at fault opens or closes a
    /// block.
    private static func checked(_ text: inout SceneText, importer: inout Importer, as written: WrittenScene) -> Scene {
        var scene = Scene.parse(written.file(of: text))
        for _ in 0..<100 {
            let errors = scene.diagnostics.filter { $0.severity == .error }
            guard let error = errors.first else { break }
            let index = error.range.location.line - 1
            guard text.lines.indices.contains(index), !text.lines[index].text.contains("{"),
                !text.lines[index].text.contains("}")
            else { break }
            let line = text.lines.remove(at: index)
            let shown = line.text.trimmingPrefix(while: { $0 == " " })
            if let origin = line.origin {
                importer.warn(at: origin, "'\(shown)' is left out: \(error.message)")
            }
            scene = Scene.parse(written.file(of: text))
        }
        return scene
    }
}

/// The scene file an import writes: named after the Swift file, its lines mapped to the Swift that made them, so
/// that its diagnostics (a conflict found at load, a warning in an action) are shown in the Swift file.
private struct WrittenScene {
    var name: String
    var swift: SourceFile
    /// Where a line made by no one statement is shown: the class's name in its declaration.
    var classOffset: Int

    func file(of text: SceneText) -> SourceFile {
        let map = SourceMap(original: swift, lineOrigins: text.lines.map(\.origin), fallback: classOffset)
        return SourceFile(name: name, text: text.text, generatedFrom: map)
    }
}

extension String {
    fileprivate func trimmingPrefix(while predicate: (Character) -> Bool) -> Substring {
        self[(firstIndex { !predicate($0) } ?? endIndex)...]
    }
}
