import SceneLanguage
import SceneRuntime
import SwiftImport
import Testing

/// The imported scene's own diagnostics (the checker's, the solver's at load, the runtime's in an action) are
/// shown at the Swift that made the scene's line: the user edits the Swift, not the scene the importer wrote.
@Suite struct MappedDiagnosticsTests {
    /// Two widths that cannot both hold (lines 13 and 16) and an action that changes a constant inside an
    /// animation without layoutIfNeeded() (line 21).
    static let swift = """
        import UIKit

        class ConflictViewController: UIViewController {
            let box = UIView()
            var width = NSLayoutConstraint()

            override func viewDidLoad() {
                super.viewDidLoad()
                view.addSubview(box)
                box.translatesAutoresizingMaskIntoConstraints = false
                NSLayoutConstraint.activate([
                    box.topAnchor.constraint(equalTo: view.topAnchor),
                    box.widthAnchor.constraint(equalToConstant: 100),
                    box.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                    box.heightAnchor.constraint(equalToConstant: 50),
                    box.widthAnchor.constraint(equalToConstant: 200),
                ])
            }

            @objc func grow() {
                UIView.animate(withDuration: 0.3) {
                    self.box.alpha = 0.5
                }
            }
        }

        """

    static func imported() -> SwiftImport {
        SwiftImporter.import(SourceFile(name: "Conflict.swift", text: swift), sceneName: "Conflict.swift.layout")
    }

    @Test("A conflict found at load is at the broken constraint's Swift line, the other constraint a note there")
    func conflictAtSwiftLine() throws {
        let result = Self.imported()
        let scene = try #require(result.scene)
        let conflict = try #require(
            LayoutModel(scene: scene).diagnostics.first { $0.code == .unsatisfiableConstraints })
        // Where the language found it: the written scene.
        #expect(conflict.range.file.name == "Conflict.swift.layout")
        let shown = conflict.inOriginalSource
        #expect(shown.range.file.name == "Conflict.swift")
        #expect(shown.range.location.description == "16:13")
        #expect(shown.notes.first?.range?.location.description == "13:13")
        #expect(shown.suggestion == nil)
        let rendered = conflict.rendered
        #expect(rendered.hasPrefix("Conflict.swift:16:13: error: unable to simultaneously satisfy constraints"))
        #expect(rendered.contains("            box.widthAnchor.constraint(equalToConstant: 200),\n"))
        #expect(rendered.contains("Conflict.swift:13:13: note: it conflicts with 'box.width == 100'"))
        #expect(!rendered.contains("Conflict.swift.layout"))
    }

    @Test("A diagnostic of a line the importer wrote from no one statement is at the class, with the line as a note")
    func unplacedLineAtClass() throws {
        let result = Self.imported()
        let written = try #require(result.scene?.file)
        let header = try #require(written.generatedFrom)
        #expect(result.origins.first == .some(nil))
        let diagnostic = Diagnostic.warning(.unknownName, "about the header", at: .at(0, in: written))
        let shown = diagnostic.inOriginalSource
        #expect(shown.range.file == header.original)
        #expect(shown.range.location.description == "3:7")
        #expect(shown.notes.last?.message.hasPrefix("the imported scene reads '# ConflictViewController") == true)
    }

    @Test("A .layout file's diagnostics and an exec's source are shown as they are")
    func layoutFilesUnchanged() {
        let file = SourceFile(name: "Box.layout", text: "view box\nbox.width == 10\nbox.width == 20\n")
        let diagnostic = Diagnostic.error(.unknownName, "x", at: .at(9, in: file), suggestion: "y")
        #expect(diagnostic.inOriginalSource == diagnostic)
        #expect(diagnostic.rendered.hasPrefix("Box.layout:2:1: error: x"))
    }
}
