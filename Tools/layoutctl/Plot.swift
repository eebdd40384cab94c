import ArgumentParser
import FramePlot
import PlaygroundProtocol
import SceneLanguage
import SceneRuntime

struct Plot: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw how each moving view's x, y and alpha change while an action runs, as SVG.",
        discussion: """
            Offline, in-process, like 'frames': loads the scene file, runs 'on load' and then the \
            action at time 0, and each --run action and --exec source at its time (0 without '@T'), \
            samples the presentation every tick until no animation runs and no input waits (at most \
            10 s after the last input, with a warning when it stops there) or until --until, and \
            writes three charts sharing the time axis. Diagnostics go to standard error. It exits with \
            1 when the scene has errors or the SVG cannot be written, saying why.

            Examples:
              layoutctl plot Messaging.layout showToolbar --svg toolbar.svg
              layoutctl plot Messaging.layout showToolbar --svg toolbar.svg \\
                  --run hideToolbar@0.5
                  shown, then hidden from 0.5 s while the spring still moves.
              layoutctl plot Quiz.layout next --svg next.svg \\
                  --exec 'question.alpha = 1'@0.2
                  statements run as an action at 0.2 s.
            """
    )

    @Argument(help: "A scene file.")
    var path: String

    @Argument(help: "The action to run at time 0.")
    var action: String

    @Option(help: "Where to write the SVG.")
    var svg: String

    @OptionGroup var inputs: TimedInputOptions

    // `.unconditional`: `-1` is refused with a reason, not reported as missing.
    @Option(
        parsing: .unconditional, help: "Sample up to this time, in seconds, instead of until the scene settles.")
    var until: Double?

    @Option(parsing: .unconditional, help: "Samples per second.")
    var fps: Double = 60

    func validate() throws {
        guard fps.isFinite, fps > 0, fps <= 1000 else {
            throw ValidationError("--fps must be above 0 and at most 1000, not \(seconds(fps))")
        }
        if let until { try Times.check(until, option: "--until", limit: 600) }
    }

    func run() throws {
        let timed = [TimedInput(kind: .run(action), time: 0, argument: "'\(action)'")] + (try inputs.inputs())
        var scene = try OfflineScene(path: path, inputs: timed, command: "plot")
        var frames: [Frame] = []
        func sample(_ step: PlaybackSession.Step) {
            report(step.diagnostics)
            frames.append(step.frame)
        }
        if let until {
            scene.session.frames(fps: fps, through: until, sample)
            warnAboutInputs(timed, after: frames.last?.time ?? 0)
        } else {
            scene.framesUntilSettled(fps: fps, sample)
        }
        let document = FramePlot.svg(frames, title: "\(sceneName(of: path)): \(action)")
        guard writeFile(document, to: svg) else { throw ExitCode(1) }
        if scene.failed { throw ExitCode(1) }
    }
}
