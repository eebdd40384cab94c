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
}
