import SceneLanguage
import SwiftImport
import TestSupport
import Testing

/// docs/diagnostics.md shows the import's diagnostics as the importer renders them.
@Suite struct DocumentedImportDiagnosticsTests {
    static let card = """
        import UIKit

        final class CardViewController: UIViewController {
            let card = UIView()

            override func viewDidLoad() {
                super.viewDidLoad()
                view.addSubview(card)
                card.layer.cornerRadius = 12
            }
        }

        """

    static let broken = """
        import UIKit

        final class CardViewController: UIViewController {
            let card = UIView(
        }

        """

    @Test("Each of the import's codes has an example in docs/diagnostics.md, rendered as the importer renders it")
    func documented() throws {
        let rendered =
            SwiftImporter.import(SourceFile(name: "Card.swift", text: Self.card)).diagnostics.map(\.rendered)
            + SwiftImporter.import(SourceFile(name: "Broken.swift", text: Self.broken)).diagnostics.map(\.rendered)
        let examples = try documentedDiagnostics().filter { $0.code == .importSkipped || $0.code == .invalidSwift }
        #expect(Set(examples.compactMap(\.code)) == [.importSkipped, .invalidSwift])
        for example in examples {
            #expect(rendered.contains(example.text), "no import renders:\n\(example.text)\nbut: \(rendered)")
        }
    }
}
