import Foundation
import PlaygroundProtocol
import SceneLanguage
import SceneRuntime
import SwiftImport
import Testing

/// The Bankey tutorial's full source, imported, against `Playgrounds/Bankey.layout`.
@Suite struct BankeyTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func bankeySwift() throws -> SourceFile {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/BankeyLoginViewController.swift.txt")
        return SourceFile(name: "LoginViewController.swift", text: try String(contentsOf: url, encoding: .utf8))
    }

    @Test("The full source imports without errors: its views, style(), layout() and chained animators")
    func importsWithoutErrors() throws {
        let result = SwiftImporter.import(try Self.bankeySwift())
        result.expectClean()
        #expect(result.className == "LoginViewController")
        #expect(result.lines.contains("label titleLabel \"Bankey\" font 34 alpha 0"))
        #expect(
            result.lines.contains(
                "label subtitleLabel \"Your premium source for all things banking!\" font 20 lines 0 alpha 0"))
        #expect(result.lines.contains("button signInButton \"Sign In\""))
        #expect(result.lines.contains("titleLeadingAnchor: titleLabel.leading == root.leading - 1000"))
        #expect(result.lines.contains("subtitleLabel.top == titleLabel.bottom + 3 * system"))
        #expect(result.lines.contains("root.trailing == loginView.trailing + 2 * system"))
        #expect(result.lines.contains("animator animator3 1.6 curve easeInOut {"))
        #expect(result.lines.contains("start animator2 after 0.2"))
        #expect(result.lines.contains("run animate"))
    }

    @Test("The login view's custom class gives a warning that names it, at its line and column")
    func customClassWarning() throws {
        let result = SwiftImporter.import(try Self.bankeySwift())
        let warning = result.diagnostics.first { $0.message.contains("'LoginView' is a custom class") }
        #expect(warning?.range.location.description == "26:21")
        #expect(warning?.rendered.hasPrefix("LoginViewController.swift:26:21: warning: ") == true)
        #expect(warning?.code == .importSkipped)
    }

    @Test("The title's and subtitle's x, width and alpha through 'on load' equal Bankey.layout's at every tick")
    func matchesThePlayground() throws {
        let result = SwiftImporter.import(try Self.bankeySwift())
        let scene = try #require(result.scene)
        var imported = LoadedScene(scene: scene, name: "Imported")
        imported.runOnLoad()
        let text = try String(
            contentsOf: Self.root.appendingPathComponent("Playgrounds/Bankey.layout"), encoding: .utf8)
        var playground = LoadedScene(scene: Scene.parse(SourceFile(name: "Bankey.layout", text: text)), name: "Bankey")
        playground.runOnLoad()
        var compared = 0
        for tick in 0...120 {
            let time = Double(tick) / 60
            imported.advance(to: time)
            playground.advance(to: time)
            let mine = imported.presentationFrame().views
            let theirs = playground.presentationFrame().views
            for (importedName, name) in [("titleLabel", "title"), ("subtitleLabel", "subtitle")] {
                let a = try #require(mine.first { $0.name == importedName })
                let b = try #require(theirs.first { $0.name == name })
                #expect(abs(a.x - b.x) < 1e-9, "\(name).x at \(time): \(a.x) vs \(b.x)")
                #expect(abs(a.width - b.width) < 1e-9, "\(name).width at \(time): \(a.width) vs \(b.width)")
                #expect(abs(a.alpha - b.alpha) < 1e-9, "\(name).alpha at \(time): \(a.alpha) vs \(b.alpha)")
                compared += 1
            }
        }
        #expect(compared == 242)
    }

    @Test("Time per import of the Bankey source (printed, not asserted)")
    func timing() throws {
        let file = try Self.bankeySwift()
        let clock = ContinuousClock()
        let runs = 20
        let elapsed = clock.measure {
            for _ in 0..<runs { _ = SwiftImporter.import(file) }
        }
        print("SwiftImporter.import(Bankey): \(elapsed / runs) per import, \(runs) runs")
    }
}
