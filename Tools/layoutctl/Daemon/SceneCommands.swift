import ArgumentParser
import HostSystem
import PlaygroundClient
import PlaygroundProtocol
import SceneLanguage

struct Scenes: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the daemon's scenes: name, generation, status, diagnostics, file.",
        discussion: """
            Examples:
              layoutctl scenes
              layoutctl scenes --json      the daemon's answer, as docs/protocol.md shows it
            """)

    @OptionGroup var connection: ConnectionOptions
    @Flag(help: "Print the daemon's answer as JSON.") var json = false

    func run() async throws {
        try await connection.withClient { client in
            let response = try await client.send(.scenes)
            guard case .scenes(let scenes) = response else { throw ClientError.unexpectedResponse("scenes") }
            printOutput(json ? IdentifiedResponse(id: nil, response: response).json : humanReadable(scenes))
        }
    }
}

struct FrameCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frame",
        abstract: "Print a scene's frame now: the presentation, or with --model the model.",
        discussion: """
            A table for people by default; --json prints the frame as one line of JSON (spec §3).

            Examples:
              layoutctl frame Quiz
              layoutctl frame Quiz --json | jq '.views[] | select(.name == "question").x'
              layoutctl frame Quiz --model     where the views are going
            """)

    @OptionGroup var connection: ConnectionOptions
    @Argument(help: "The scene's name: its file's path in the watched folder, without .layout.") var scene: String
    @Flag(help: "Print the frame as one line of JSON.") var json = false
    @Flag(help: "The model layer (what constraints say now) instead of the presentation.") var model = false

    func run() async throws {
        let layer: Request.Layer = model ? .model : .presentation
        try await connection.withClient { client in
            let frame = try await client.frame(of: scene, layer: layer)
            printOutput(json ? frame.json : humanReadable(frame, layer: layer))
        }
    }
}

struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Start one of a scene's actions now.",
        discussion: """
            It returns once the action has started; with the manual clock, time then moves on 'step' and \
            'settle'. An unknown action is an error that lists the scene's actions.

            Example:
              layoutctl run Quiz next
            """)

    @OptionGroup var connection: ConnectionOptions
    @Argument(help: "The scene's name.") var scene: String
    @Argument(help: "The action's name.") var action: String

    func run() async throws {
        try await connection.withClient { client in try await client.run(action, in: scene) }
    }
}

struct Exec: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run statements of the scene language as an action now.",
        discussion: """
            Warnings go to standard error; a source with errors runs nothing and exits with 1.

            Examples:
              layoutctl exec Quiz 'question.alpha = 0.5'
              layoutctl exec Messaging 'animate 0.3 { toolbarTop.constant = 120; layout }'
            """)

    @OptionGroup var connection: ConnectionOptions
    @Argument(help: "The scene's name.") var scene: String
    @Argument(help: "Statements, separated by newlines or ';'.") var source: String

    func run() async throws {
        try await connection.withClient { client in
            for warning in try await client.exec(source, in: scene) {
                printError(escapedForTerminal(warning.rendered), terminator: "")
            }
        }
    }
}

struct Step: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Move the daemon's manual clock on: every scene, tick by tick at its fps.",
        discussion: """
            Only a daemon started with --clock manual has a clock that steps.

            Example:
              layoutctl step 0.25
            """)

    @OptionGroup var connection: ConnectionOptions
    @Argument(help: "Seconds, above 0 and at most 3600.") var seconds: Double

    func validate() throws {
        guard seconds.isFinite, seconds > 0, seconds <= 3600 else {
            throw ValidationError("the seconds to step are above 0 and at most 3600, not \(seconds)")
        }
    }

    func run() async throws {
        try await connection.withClient { client in try await client.step(seconds) }
    }
}

struct Settle: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Wait until a scene has no running animation, and print its final frame.",
        discussion: """
            With the manual clock the daemon advances the scene until it settles; with the real clock this \
            waits. After --timeout seconds it exits with 1, saying the scene still moves.

            Examples:
              layoutctl settle Quiz
              layoutctl settle Quiz --timeout 2 --json
            """)

    @OptionGroup var connection: ConnectionOptions
    @Argument(help: "The scene's name.") var scene: String
    @Option(help: "Seconds to wait at most.") var timeout: Double = Request.defaultSettleTimeout
    @Flag(help: "Print the frame as one line of JSON.") var json = false

    func validate() throws {
        guard timeout.isFinite, timeout > 0, timeout <= 3600 else {
            throw ValidationError("--timeout is above 0 and at most 3600 seconds, not \(timeout)")
        }
    }

    func run() async throws {
        try await connection.withClient { client in
            let frame = try await client.settle(scene, timeout: timeout)
            printOutput(json ? frame.json : humanReadable(frame))
        }
    }
}

struct Diagnostics: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a scene's diagnostics as the compiler shows them; exit 1 if one is an error.",
        discussion: """
            Examples:
              layoutctl diagnostics Quiz
              layoutctl diagnostics Quiz --json
            """)

    @OptionGroup var connection: ConnectionOptions
    @Argument(help: "The scene's name.") var scene: String
    @Flag(help: "Print the daemon's answer as JSON.") var json = false

    func run() async throws {
        try await connection.withClient { client in
            let response = try await client.send(.diagnostics(scene: scene))
            guard case .diagnostics(let diagnostics) = response else {
                throw ClientError.unexpectedResponse("diagnostics")
            }
            if json {
                printOutput(IdentifiedResponse(id: nil, response: response).json)
            } else {
                for diagnostic in diagnostics { printOutput(diagnostic.rendered, terminator: "") }
            }
            if diagnostics.contains(where: { $0.severity == .error }) { throw ExitCode(Status.failed) }
        }
    }
}

struct Reload: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Reread a scene's file now and replay it, as a save would.",
        discussion: """
            It prints the new generation, or the file's errors (the last good generation keeps running) \
            and exits with 1.

            Example:
              layoutctl reload Quiz
            """)

    @OptionGroup var connection: ConnectionOptions
    @Argument(help: "The scene's name.") var scene: String

    func run() async throws {
        try await connection.withClient { client in
            try await client.reload(scene)
            let summary = try await client.scenes().first { $0.name == scene }
            let diagnostics = try await client.diagnostics(of: scene)
            for diagnostic in diagnostics { printError(escapedForTerminal(diagnostic.rendered), terminator: "") }
            guard let summary, summary.status == .ok else {
                printError(
                    escapedForTerminal(
                        "layoutctl: error: '\(scene)' has errors; generation \(summary?.generation ?? 0) runs on"))
                throw ExitCode(Status.failed)
            }
            printOutput("\(scene): generation \(summary.generation)")
        }
    }
}
