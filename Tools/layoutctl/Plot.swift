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
        guard let file = readSource(path) else { throw ExitCode(1) }
        let parsed = Scene.parse(file)
        var failed = printDiagnostics(parsed.diagnostics, in: file)
        guard !parsed.diagnostics.hasErrors else { throw ExitCode(1) }
        var scene = LoadedScene(scene: parsed, name: sceneName(of: path))
        scene.runOnLoad()
        guard scene.run(action: action) else {
            let known = parsed.actions.map { "'\($0.name.name)'" }.joined(separator: ", ")
            printError(
                "layoutctl: error: '\(path)' has no action '\(action)'; it has: \(known.isEmpty ? "none" : known)")
            throw ExitCode(1)
        }
        var frames: [Frame] = []
        var tick = 0
        let limit = until ?? 10
        repeat {
            scene.advance(to: Double(tick) / fps)
            frames.append(scene.presentationFrame(seq: tick))
            tick += 1
        } while Double(tick) / fps <= limit + 1e-9 && (until != nil || !scene.isSettled)
        let reported = scene.takeDiagnostics()
        for item in reported { printError(item.rendered, terminator: "") }
        failed = failed || reported.contains { $0.diagnostic.severity == .error }
        let document = FramePlot.svg(frames, title: "\(sceneName(of: path)): \(action)")
        guard FileManager.default.createFile(atPath: svg, contents: Data(document.utf8)) else {
            printError("layoutctl: error: cannot write '\(svg)'")
            throw ExitCode(1)
        }
        if failed { throw ExitCode(1) }
    }
}
