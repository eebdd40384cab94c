import ArgumentParser
import PlaygroundProtocol
import SceneLanguage
import SceneRuntime

struct Frames: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a scene's presentation frames over time as NDJSON, offline.",
        discussion: """
            Loads the scene in-process with a manual clock and runs 'on load' at time 0. Each --run \
            action and --exec source runs at its time (0 without '@T'), before the frame for that time \
            is made; inputs at the same time run in command-line order. It prints the presentation \
            frame at each time asked: the times of --at, every tick up to --until, or, with neither, \
            every tick until no animation runs and no input waits (at most 10 s after the last input). \
            Diagnostics go to standard error as they happen; the exit status is 1 if any is an error. \
            An unknown action or an --exec source with errors stops it before the first frame.

            Examples:
              layoutctl frames Quiz.layout --run next --at 0,0.25,0.5
                  'next' at 0, and the frames at 0, 0.25 and 0.5 s.
              layoutctl frames Quiz.layout --run next --run next@0.6
                  'next' at 0 and again at 0.6 s, every tick until all is still.
              layoutctl frames Messaging.layout \\
                  --exec 'toolbarTop.constant = message1.midY; layout'@0.3
                  two statements run as an action at 0.3 s.
              layoutctl frames Quiz.layout --run next --until 1 --fps 30
                  every tick of 30 fps from 0 to 1 s.
            """
    )

    @Argument(help: "A scene file.")
    var path: String

    @OptionGroup var inputs: TimedInputOptions

    @Option(help: "Times in seconds, separated by commas: 0,0.25,0.5.")
    var at: String?

    @Option(help: "Print every tick up to this time, in seconds.")
    var until: Double?

    @Option(help: "Ticks per second.")
    var fps: Double = 60

    func validate() throws {
        guard fps.isFinite, fps > 0, fps <= 10_000 else {
            throw ValidationError("--fps must be above 0 and at most 10000")
        }
        if let until, !(until.isFinite && until >= 0 && until <= 3600) {
            throw ValidationError("--until must be between 0 and 3600 seconds")
        }
        if let at { _ = try parseTimes(at) }
    }

    func run() throws {
        var scene = try OfflineScene(path: path, inputs: try inputs.inputs())
        func emit(_ step: PlaybackSession.Step) {
            report(step.diagnostics)
            print(step.frame.json)
        }
        if let at {
            scene.session.frames(at: try parseTimes(at), emit)
        } else if let until {
            scene.session.frames(fps: fps, through: until, emit)
        } else {
            let limit = scene.settleLimit
            if scene.session.framesUntilSettled(fps: fps, timeLimit: limit, emit) == .reachedTimeLimit {
                printError("layoutctl: warning: '\(path)' still runs at \(limit) s; the frames stop there")
            }
        }
        if scene.failed { throw ExitCode(1) }
    }

    /// `0,0.25,0.5`: times in increasing order.
    private func parseTimes(_ text: String) throws -> [Double] {
        var times: [Double] = []
        for part in text.split(separator: ",") {
            guard let time = Double(part.filter { $0 != " " }), time.isFinite, time >= 0, time <= 3600
            else { throw ValidationError("--at takes times in seconds, separated by commas, as 0,0.25,0.5") }
            times.append(time)
        }
        return times.sorted()
    }
}
