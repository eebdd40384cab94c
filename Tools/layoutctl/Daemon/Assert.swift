import ArgumentParser
import HostSystem
import LayoutAssertions
import PlaygroundClient
import PlaygroundProtocol
import SceneLanguage

struct Assert: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check assertions on a scene's geometry: now, at a time, throughout an animation, or eventually.",
        discussion: """
            Each assertion is the constraint syntax with an optional tolerance, or words \
            (docs/assertions.md):
              'question.centerX == root.centerX ± 0.5'   (also +- 0.5)
              'toolbar.top >= bubble3.centerY'   'a.width == 2 * b.width ± 1'   'next.alpha == 1'
              'next visible'  'next hidden'  'card onscreen'  'card offscreen'
              'label inside card'  'a overlaps b'  'not a overlaps b'

            Without ± values within 0.001 are equal. When: now (the default); --at T, at scene time T \
            (the manual clock is stepped there); --throughout, at every tick until the scene settles; \
            --eventually, at some tick before it settles. Each failure says what was expected, what was \
            found and when:
              question.centerX == root.centerX ± 0.5 failed at t = 0.25: 324.0 vs 187.5 (off by 136.5)
            Passes are printed on standard output, failures on standard error. Exit status: 0 when all \
            hold, 1 when one fails, 2 when one does not parse or names what the scene lacks, 3 without a \
            daemon.

            Examples:
              layoutctl assert Quiz 'question.centerX == root.centerX ± 0.5'
              layoutctl assert Quiz --run next --at 0.25 'next.centerX == root.centerX ± 0.5'
              layoutctl assert Messaging --run showToolbar --throughout 'toolbar.top >= message3.centerY'
              layoutctl assert Bankey --eventually 'subtitle.alpha == 1'
            """)

    @OptionGroup var connection: ConnectionOptions
    @Argument(help: "The scene's name.") var scene: String
    @Argument(help: "Assertions; all must hold.") var assertions: [String]
    @Option(help: "Check at this scene time, in seconds (manual clock).") var at: Double?
    @Flag(help: "Check at every tick until the scene settles; the first failure is reported.") var throughout = false
    @Flag(help: "Pass when each assertion holds at some tick before the scene settles.") var eventually = false
    @Option(help: "Over time: stop after this many seconds without settling, and fail.")
    var timeout: Double = Request.defaultSettleTimeout
    @Option(name: .customLong("run"), help: "An action to start first (repeatable, in order).") var actions: [String] =
        []

    func validate() throws {
        guard !assertions.isEmpty else { throw ValidationError("give at least one assertion after the scene") }
        guard [at != nil, throughout, eventually].filter({ $0 }).count <= 1 else {
            throw ValidationError("--at, --throughout and --eventually do not go together; give one of them")
        }
        if let at, !(at.isFinite && at >= 0 && at <= 3600) {
            throw ValidationError("--at is a scene time from 0 to 3600 seconds, not \(at)")
        }
        guard timeout.isFinite, timeout > 0, timeout <= 3600 else {
            throw ValidationError("--timeout is above 0 and at most 3600 seconds, not \(timeout)")
        }
    }

    var timing: AssertionTiming {
        if let at { return .at(at) }
        if throughout { return .throughout }
        return eventually ? .eventually : .now
    }

    func run() async throws {
        var parsed: [Assertion] = []
        for text in assertions {
            do {
                parsed.append(try Assertion(text))
            } catch {
                printError(escapedForTerminal("layoutctl: error: invalid assertion: \(error)"))
                throw ExitCode(Status.usage)
            }
        }
        try await connection.withClient { client in
            for action in actions { try await client.run(action, in: scene) }
            let report = try await client.check(parsed, in: scene, timing: timing, timeout: timeout)
            for success in report.successes { printOutput(success) }
            for failure in report.failures { printError(escapedForTerminal(failure)) }
            if !report.passed { throw ExitCode(Status.failed) }
        }
    }
}
