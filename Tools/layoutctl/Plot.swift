import ArgumentParser
import Foundation
import FramePlot
import HostSystem
import PlaygroundClient
import PlaygroundProtocol
import SceneLanguage
import SceneRuntime

struct Plot: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw how each moving view's x, y and alpha change while an action runs, as SVG.",
        discussion: """
            On a daemon's scene (when no file has the name given): starts the action, then samples the \
            scene at every tick until it settles (the manual clock is stepped; on the real clock, the frames \
            as they come), or until --until seconds after the start, at most 10 s.

            On a file, offline, in-process, like 'frames': loads the scene file, runs 'on load' and then the \
            action at time 0, and each --run action and --exec source at its time (0 without '@T'), \
            samples the presentation every tick until no animation runs and no input waits (at most \
            10 s after the last input, with a warning when it stops there) or until --until, and \
            writes three charts sharing the time axis. Diagnostics go to standard error. It exits with \
            1 when the scene has errors or the SVG cannot be written, saying why.

            Examples:
              layoutctl plot Messaging showToolbar --svg toolbar.svg
                  the daemon's scene Messaging.
              layoutctl plot Messaging.layout showToolbar --svg toolbar.svg
              layoutctl plot Messaging.layout showToolbar --svg toolbar.svg \\
                  --run hideToolbar@0.5
                  shown, then hidden from 0.5 s while the spring still moves.
              layoutctl plot Quiz.layout next --svg next.svg \\
                  --exec 'question.alpha = 1'@0.2
                  statements run as an action at 0.2 s.
            """
    )

    @Argument(help: "A scene file, or the name of a daemon's scene.")
    var path: String

    @OptionGroup var connection: ConnectionOptions

    @Argument(help: "The action to run at time 0.")
    var action: String

    @Option(help: "Where to write the SVG.")
    var svg: String

    @OptionGroup var inputs: TimedInputOptions

    @OptionGroup var sampling: SamplingOptions

    func validate() throws {
        if let until = sampling.until { try Times.check(until, option: "--until", limit: 600) }
    }

    func run() async throws {
        guard FileManager.default.fileExists(atPath: path) || path.hasSuffix(".layout") else {
            try await plotDaemonScene()
            return
        }
        let timed = [TimedInput(kind: .run(action), time: 0, argument: "'\(action)'")] + (try inputs.inputs())
        var scene = try OfflineScene(path: path, inputs: timed, command: "plot")
        var frames: [Frame] = []
        func sample(_ step: PlaybackSession.Step) {
            report(step.diagnostics)
            frames.append(step.frame)
        }
        if let until = sampling.until {
            scene.session.frames(fps: sampling.fps, through: until, sample)
            warnAboutInputs(timed, after: frames.last?.time ?? 0)
        } else {
            scene.framesUntilSettled(fps: sampling.fps, sample)
        }
        let document = FramePlot.svg(frames, title: "\(sceneName(of: path)): \(action)")
        guard writeFile(document, to: svg) else { throw ExitCode(1) }
        if scene.failed { throw ExitCode(1) }
    }
}

extension Plot {
    /// The daemon's scene `path`: the action started, then a frame per tick until it settles or `--until`.
    func plotDaemonScene() async throws {
        guard try inputs.inputs().isEmpty else {
            printError(
                "layoutctl: error: --run and --exec with times are for files; on a daemon's scene, start "
                    + "actions with 'layoutctl run' or 'exec' before 'plot'")
            throw ExitCode(Status.usage)
        }
        let scene = path
        let (until, fps) = (sampling.until, sampling.fps)
        let span = until ?? Request.defaultSettleTimeout
        var frames: [Frame] = []
        try await connection.withClient { client in
            let info = try await client.hello()
            try await client.run(action, in: scene)
            var frame = try await client.frame(of: scene)
            let start = frame.time
            if info.clock == .manual {
                frames.append(frame)
                while (until != nil || !frame.settled) && frame.time - start < span - 1e-9 {
                    try await client.step(min(1 / fps, span - (frame.time - start)))
                    frame = try await client.frame(of: scene)
                    frames.append(frame)
                }
            } else {
                for await next in try await client.frames(of: scene) where next.time >= start {
                    frames.append(next)
                    if (until == nil && next.settled) || next.time - start >= span - 1e-9 { break }
                }
            }
        }
        if until == nil, let last = frames.last, !last.settled {
            printError(
                "layoutctl: warning: '\(displayed(scene))' still runs \(seconds(span)) s after the action; the plot stops there"
            )
        }
        guard writeFile(FramePlot.svg(frames, title: "\(scene): \(action)"), to: svg) else { throw ExitCode(1) }
    }
}
