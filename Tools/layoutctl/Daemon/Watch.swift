import ArgumentParser
import PlaygroundClient
import PlaygroundProtocol

struct Watch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a scene's frames as NDJSON as the daemon sends them, until interrupted.",
        discussion: """
            The frame now comes first, then one per tick while the scene moves (the daemon sends none while \
            it is still). With --until-settled it stops after the first settled frame, which may be the \
            first. Each line is a frame as spec §3 shows it; a client that reads slowly misses frames in \
            between, never the latest.

            Examples:
              layoutctl watch Quiz
              layoutctl run Quiz next && layoutctl watch Quiz --until-settled | jq .time
            """)

    @OptionGroup var connection: ConnectionOptions
    @Argument(help: "The scene's name.") var scene: String
    @Flag(help: "Stop after the first frame in which nothing moves.") var untilSettled = false

    func run() async throws {
        try await connection.withClient { client in
            // Subscribing to an unknown scene is refused here, before any frame.
            for await frame in try await client.frames(of: scene) {
                printOutput(frame.json)
                if untilSettled && frame.settled { return }
            }
            throw ClientError.disconnected
        }
    }
}
