import ArgumentParser
import Foundation
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
            10 s after the last input) or until --until, and writes three charts sharing the time \
            axis. Diagnostics go to standard error.

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

    @Option(help: "Sample up to this time, in seconds, instead of until the scene settles.")
    var until: Double?

    @Option(help: "Samples per second.")
    var fps: Double = 60

    func validate() throws {
        guard fps.isFinite, fps > 0, fps <= 1000 else {
            throw ValidationError("--fps must be above 0 and at most 1000")
        }
        if let until, !(until.isFinite && until >= 0 && until <= 600) {
            throw ValidationError("--until must be between 0 and 600 seconds")
        }
    }

    func run() throws {
        let timed = [TimedInput(kind: .run(action), time: 0)] + (try inputs.inputs())
        var scene = try OfflineScene(path: path, inputs: timed)
        var frames: [Frame] = []
        func sample(_ step: PlaybackSession.Step) {
            report(step.diagnostics)
            frames.append(step.frame)
        }
        if let until {
            scene.session.frames(fps: fps, through: until, sample)
        } else {
            scene.session.framesUntilSettled(fps: fps, timeLimit: scene.settleLimit, sample)
        }
        let document = FramePlot.svg(frames, title: "\(sceneName(of: path)): \(action)")
        guard FileManager.default.createFile(atPath: svg, contents: Data(document.utf8)) else {
            printError("layoutctl: error: cannot write '\(svg)'")
            throw ExitCode(1)
        }
        if scene.failed { throw ExitCode(1) }
    }
}
