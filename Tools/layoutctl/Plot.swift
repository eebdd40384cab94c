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
            action at time 0, samples the presentation every tick until no animation runs (at most \
            10 s) or until --until, and writes three charts sharing the time axis. Diagnostics go \
            to standard error.
            """
    )

    @Argument(help: "A scene file.")
    var path: String

    @Argument(help: "The action to run.")
    var action: String

    @Option(help: "Where to write the SVG.")
    var svg: String

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
        var scene = try OfflineScene(path: path, running: [action])
        var frames: [Frame] = []
        var tick = 0
        let limit = until ?? 10
        repeat {
            scene.advance(to: Double(tick) / fps)
            frames.append(scene.loaded.presentationFrame(seq: tick))
            tick += 1
        } while Double(tick) / fps <= limit + 1e-9 && (until != nil || !scene.loaded.isSettled)
        let document = FramePlot.svg(frames, title: "\(sceneName(of: path)): \(action)")
        guard FileManager.default.createFile(atPath: svg, contents: Data(document.utf8)) else {
            printError("layoutctl: error: cannot write '\(svg)'")
            throw ExitCode(1)
        }
        if scene.failed { throw ExitCode(1) }
    }
}
