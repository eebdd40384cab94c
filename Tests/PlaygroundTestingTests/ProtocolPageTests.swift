import Foundation
import HostSystem
import PlaygroundTesting
import TestSupport
import Testing

/// docs/protocol.md's Python client, taken from the page as it is, run
/// against a real daemon serving the Quiz playground.
@Suite(.timeLimit(.minutes(2))) struct ProtocolPageTests {
    /// The first ```python block after the heading `## From Python`.
    static func pythonClient() throws -> String {
        let page = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/protocol.md"), encoding: .utf8)
        let section = try #require(page.range(of: "## From Python"), "docs/protocol.md has no '## From Python'")
        let rest = page[section.upperBound...]
        let start = try #require(rest.range(of: "```python\n"), "no python block after '## From Python'")
        let end = try #require(rest[start.upperBound...].range(of: "\n```\n"))
        return String(rest[start.upperBound..<end.lowerBound]) + "\n"
    }

    @Test("The page's Python client prints what the page shows")
    func pythonClientRuns() async throws {
        let code = try Self.pythonClient()
        try await LocalDaemon.with(scenes: ["Quiz": try Formulas.playground("Quiz")]) { daemon, _ in
            let script = daemon.folder + "/client.py"
            try code.write(toFile: script, atomically: true, encoding: .utf8)
            let result = try runPython([script, daemon.socketPath], timeout: .seconds(60))
            #expect(result.ending == .exited(0), "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.count == 4, "\(result.stdout)")
            #expect(lines.first == "clock: manual")
            #expect(lines.dropFirst().first == "next.centerX at t = 0.25: 0.0")
            #expect(lines.dropFirst(2).first == "unknown-action: 'Quiz' has no action 'nxet'; did you mean 'next'?")
            #expect(lines.last == "settled at t = 0.5: What is the capital of Vermont?")
            // The page's sample output is what it printed.
            let page = try String(
                contentsOf: repositoryRoot.appendingPathComponent("docs/protocol.md"), encoding: .utf8)
            for line in lines { #expect(page.contains(line)) }
        }
    }
}
