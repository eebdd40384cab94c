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
            frame at each time asked: the times of --at (which must increase), every tick up to --until, \
            or, with neither, every tick until no animation runs and no input waits (at most 10 s after \
            the last input, with a warning when it stops there). Times are seconds from 0 to 3600; an \
            input after the last frame never runs, and is warned about. \
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

    // `.unconditional`: a value that looks like an option, as `-1`, is the
    // option's value, and is then refused with a reason instead of being
    // reported as missing.
    @Option(parsing: .unconditional, help: "Times in seconds, increasing, separated by commas: 0,0.25,0.5.")
    var at: String?

    @OptionGroup var sampling: SamplingOptions

    func validate() throws {
        let until = sampling.until
        if at != nil, until != nil {
            throw ValidationError(
                "--at and --until do not go together: --at prints the frames at the times given, --until every "
                    + "tick up to a time; give one of them")
        }
        if let until { try Times.check(until, option: "--until") }
        if let at { _ = try Times.parseList(at, option: "--at") }
    }

    func run() throws {
        let timed = try inputs.inputs()
        var scene = try OfflineScene(path: path, inputs: timed, command: "frames")
        var last = 0.0
        func emit(_ step: PlaybackSession.Step) {
            report(step.diagnostics)
            printOutput(step.frame.json)
            last = step.frame.time
        }
        if let at {
            scene.session.frames(at: try Times.parseList(at, option: "--at"), emit)
            warnAboutInputs(timed, after: last)
        } else if let until = sampling.until {
            scene.session.frames(fps: sampling.fps, through: until, emit)
            warnAboutInputs(timed, after: last)
        } else {
            scene.framesUntilSettled(fps: sampling.fps, emit)
        }
        if scene.failed { throw ExitCode(1) }
    }
}
