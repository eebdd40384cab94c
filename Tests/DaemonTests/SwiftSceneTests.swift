import Foundation
import PlaygroundClient
import PlaygroundProtocol
import TestSupport
import Testing

/// A UIKit view controller in Swift, served live: the real daemon imports each save of the `.swift` file as it
/// loads a `.layout` file's, with the same reload rule and diagnostics, these pointing into the Swift.
@Suite(.timeLimit(.minutes(2))) struct SwiftSceneTests {
    /// The Bankey tutorial's full source, as the importer's tests hold it.
    static func bankey() throws -> String {
        let url = repositoryRoot.appendingPathComponent(
            "Tests/SwiftImportTests/Fixtures/BankeyLoginViewController.swift.txt")
        return try String(contentsOf: url, encoding: .utf8)
    }

    @Test("A .swift file is a scene named with its extension; its animators run; a save reloads it")
    func servesSwift() async throws {
        let swift = try Self.bankey()
        try await LocalDaemon.with(scenes: ["Login.swift": swift, "Box": DaemonTests.box]) { daemon, client in
            let scenes = try await client.scenes()
            #expect(scenes.map(\.name).sorted() == ["Box", "Login.swift"])
            let login = scenes.first { $0.name == "Login.swift" }
            #expect(login?.status == .ok && login?.generation == 1 && login?.file == "Login.swift")
            // on load (viewDidAppear) slides the title in from 1000 points off screen to 16, and fades it in.
            let start = try await client.frame(of: "Login.swift").view(named: "titleLabel")
            #expect(start?.x == -1000 && start?.alpha == 0)
            let settled = try await client.settle("Login.swift").view(named: "titleLabel")
            #expect(settled?.x == 16 && settled?.alpha == 1 && settled?.text == "Bankey")
            // The import's warnings are the scene's, at their Swift lines.
            let diagnostics = try await client.diagnostics(of: "Login.swift")
            #expect(diagnostics.contains { $0.code == "import-skipped" && $0.file == "Login.swift" && $0.line == 26 })
            // A save is imported again: a new generation with the new text.
            try await daemon.write(
                swift.replacingOccurrences(of: "\"Bankey\"", with: "\"Bankey 2\""), to: "Login.swift")
            let saved = try await client.scenes().first { $0.name == "Login.swift" }
            #expect(saved?.generation == 2)
            #expect(try await client.settle("Login.swift").view(named: "titleLabel")?.text == "Bankey 2")
        }
    }

    @Test("Swift that does not parse keeps the last good generation, with invalid-swift at its line; a fix loads")
    func brokenSwift() async throws {
        let swift = try Self.bankey()
        try await LocalDaemon.with(scenes: ["Login.swift": swift]) { daemon, client in
            let broken = swift.replacingOccurrences(of: "private func style() {", with: "private func style( {")
            let diagnostics = try await daemon.write(broken, to: "Login.swift")
            #expect(diagnostics.contains { $0.code == "invalid-swift" && $0.severity == .error })
            let after = try await client.scenes().first { $0.name == "Login.swift" }
            #expect(after?.status == .error && after?.generation == 1)
            #expect(try await client.frame(of: "Login.swift").view(named: "titleLabel") != nil)
            try await daemon.write(swift.replacingOccurrences(of: "\"Bankey\"", with: "\"Fixed\""), to: "Login.swift")
            let fixed = try await client.scenes().first { $0.name == "Login.swift" }
            #expect(fixed?.status == .ok && fixed?.generation == 2)
        }
    }

    /// Two widths that cannot both hold (made on lines 5 and 13), and an action that changes a constant inside an
    /// animation without layoutIfNeeded() (line 17).
    static let conflicting = """
        import UIKit

        class ConflictViewController: UIViewController {
            let box = UIView()
            lazy var width = box.widthAnchor.constraint(equalToConstant: 100)

            override func viewDidLoad() {
                super.viewDidLoad()
                view.addSubview(box)
                box.translatesAutoresizingMaskIntoConstraints = false
                width.isActive = true
                box.heightAnchor.constraint(equalToConstant: 50).isActive = true
                box.widthAnchor.constraint(equalToConstant: 200).isActive = true
            }

            @objc func grow() {
                UIView.animate(withDuration: 0.3) {
                    self.width.constant = 300
                }
            }
        }

        """

    @Test("The imported scene's own diagnostics, at load and in an action, point into the Swift file")
    func diagnosticsInSwift() async throws {
        try await LocalDaemon.with(scenes: ["Conflict.swift": Self.conflicting]) { _, client in
            let loaded = try await client.diagnostics(of: "Conflict.swift")
            let conflict = try #require(loaded.first { $0.code == "unsatisfiable-constraints" })
            #expect(conflict.file == "Conflict.swift" && conflict.line == 13 && conflict.column == 9)
            #expect(conflict.rendered.contains("box.widthAnchor.constraint(equalToConstant: 200).isActive = true"))
            #expect(
                conflict.rendered.contains("Conflict.swift:5:22: note: it conflicts with 'width: box.width == 100'"))
            try await client.run("grow", in: "Conflict.swift")
            let ran = try await client.diagnostics(of: "Conflict.swift")
            let missing = try #require(ran.first { $0.code == "missing-layout" }, "\(ran.map(\.rendered))")
            #expect(missing.file == "Conflict.swift" && missing.line == 17, "\(missing.rendered)")
            #expect(!ran.contains { $0.file.hasSuffix(".layout") || $0.rendered.contains(".swift.layout") })
        }
    }
}
