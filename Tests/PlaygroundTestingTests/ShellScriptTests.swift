import Foundation
import HostSystem
import PlaygroundTesting
import TestSupport
import Testing

/// `playgrounds.sh`: the playgrounds checked from the shell with layoutctl
/// alone, against a real daemon serving the repository's Playgrounds folder.
@Suite(.timeLimit(.minutes(2))) struct ShellScriptTests {
    @Test("playgrounds.sh passes on the playgrounds, and its last check sees a wrong expectation fail")
    func playgrounds() async throws {
        var scenes: [String: String] = [:]
        for name in ["Quiz", "Messaging", "Bankey", "Burger"] { scenes[name] = try Formulas.playground(name) }
        try await LocalDaemon.with(scenes: scenes) { daemon, _ in
            let script = repositoryRoot.appendingPathComponent("Tests/PlaygroundTestingTests/playgrounds.sh").path
            let result = try ChildProcess.run(
                "/bin/bash", [script],
                environment: ["LAYOUTCTL": try LayoutctlSocketTests.layoutctl(), "LAYOUTD_SOCKET": daemon.socketPath],
                timeout: .seconds(90))
            #expect(result.ending == .exited(0), "playgrounds.sh: \(result.stdout)\(result.stderr)")
            #expect(result.stdout.hasSuffix("playgrounds.sh: all passed\n"))
        }
    }
}
