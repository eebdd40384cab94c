import SceneLanguage
import SwiftImport
import Testing

/// Imports `swift`, the members of a `UIViewController` subclass unless `whole` says the text is a whole file.
func imported(_ swift: String, whole: Bool = false, className: String? = nil) -> SwiftImport {
    let text = whole ? swift : "import UIKit\n\nclass TestViewController: UIViewController {\n\(swift)\n}\n"
    return SwiftImporter.import(SourceFile(name: "Test.swift", text: text), className: className)
}

extension SwiftImport {
    /// The scene's lines without indentation, comments and blank lines.
    var lines: [String] {
        text.split(separator: "\n").map { $0.drop { $0 == " " } }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
            .map(String.init)
    }

    /// The warnings' messages.
    var warnings: [String] { diagnostics.filter { $0.severity == .warning }.map(\.message) }

    /// Expects an import that gives a scene without errors.
    func expectClean(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(scene != nil, sourceLocation: sourceLocation)
        let errors = diagnostics.filter { $0.severity == .error }.map(\.rendered)
        #expect(errors.isEmpty, "\(errors)\n\(text)", sourceLocation: sourceLocation)
    }
}

/// A view controller's members: `setup` in viewDidLoad, views `a` (a label) and `b` (a view) added to the root.
func withViews(setup: String, members: String = "") -> String {
    """
        let a = UILabel()
        let b = UIView()
    \(members)
        override func viewDidLoad() {
            super.viewDidLoad()
            view.addSubview(a)
            view.addSubview(b)
    \(setup)
        }
    """
}
