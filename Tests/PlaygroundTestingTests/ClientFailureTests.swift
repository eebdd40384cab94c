import Foundation
import PlaygroundTesting
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The client when things go wrong: no daemon, a daemon that dies, a scene
/// file that cannot be read; each is a `ClientError` that says what happened.
@Suite(.timeLimit(.minutes(2))) struct ClientFailureTests {
    @Test("No daemon on the socket: noDaemon, with the system's reason and what to do")
    func noDaemon() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("none-\(getpid()).sock").path
        do {
            try await PlaygroundClient.withConnection(to: path) { _ in }
            Issue.record("connected to nothing")
        } catch let error as ClientError {
            guard case .noDaemon(let socket, let reason) = error else { throw error }
            #expect(socket == path && reason == "no such file or directory")
            #expect(
                error.description
                    == "no daemon answers at \(path) (no such file or directory); start one with 'layoutd'")
        }
    }

    @Test("A daemon that dies: the next request throws disconnected, and a subscription ends")
    func daemonDies() async throws {
        try await LocalDaemon.with(scenes: ["Box": ExpectationTests.box]) { daemon, client in
            let frames = try await client.frames(of: "Box")
            kill(daemon.pid, SIGKILL)
            var count = 0
            for await _ in frames { count += 1 }
            #expect(count >= 1, "the frame at once came before the end")
            await #expect(throws: ClientError.self) { try await client.hello() }
            do {
                _ = try await client.scene("Box").frame()
            } catch let error as ClientError {
                guard case .disconnected = error else { throw error }
                #expect(error.description == "the daemon closed the connection")
            }
        }
    }

    @Test("A scene file that cannot be read: daemonDidNotStart, naming it")
    func unreadableSceneFile() async throws {
        do {
            try await LocalDaemon.with(sceneFiles: ["/nonexistent/Card.layout"]) { _, _ in }
            Issue.record("a daemon started on a file that does not exist")
        } catch let error as ClientError {
            guard case .daemonDidNotStart(let reason) = error else { throw error }
            #expect(reason.hasPrefix("cannot read /nonexistent/Card.layout"))
            #expect(error.description.hasPrefix("the daemon did not start: cannot read"))
        }
    }

    @Test("A scene handle's calls reach the scene: frame, model, diagnostics, step, settle, exec's warnings")
    func sceneHandle() async throws {
        try await LocalDaemon.with(scenes: ["Box": ExpectationTests.box]) { _, client in
            let box = client.scene("Box")
            #expect(box.name == "Box")
            try await box.run("slide")
            try await box.step(0.5)
            #expect(try await box.frame().view(named: "box")?.x == 50)
            #expect(try await box.frame(layer: .model).view(named: "box")?.x == 100)
            #expect(try await box.settle().view(named: "box")?.x == 100)
            #expect(try await box.diagnostics().isEmpty)
            let report = try await box.check("box.leading == 100", "box visible")
            #expect(report.passed && report.successes.count == 2 && report.frameCount == 1)
            do {
                try await box.exec("boxX.constant = ")
                Issue.record("a source with errors ran")
            } catch let error as ClientError {
                guard case .daemon(let code, _, let diagnostics) = error else { throw error }
                #expect(code == .invalidSource && !diagnostics.isEmpty)
                #expect(error.description.hasPrefix("the daemon answered invalid-source: "))
            }
        }
    }
}
