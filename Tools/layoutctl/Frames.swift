import ArgumentParser
import PlaygroundProtocol
import SceneLanguage
import SceneRuntime

struct Frames: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a scene's presentation frames over time as NDJSON, offline.",
        discussion: """
            Loads the scene in-process with a manual clock, runs 'on load' and then each --run action \
            at time 0, in order, and prints the presentation frame at each time asked: the times of \
            --at, every tick up to --until, or, with neither, every tick until no animation runs \
            (at most 10 s). Diagnostics go to standard error as they happen; the exit status is 1 \
            if any is an error.
            """
    )

    @Argument(help: "A scene file.")
    var path: String

    @Option(name: .customLong("run"), help: "An action to run at time 0 (repeatable).")
    var actions: [String] = []

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
    }

    func run() throws {
        var scene = try OfflineScene(path: path, running: actions)
        var seq = 0
        func emit(at time: Double) {
            scene.advance(to: time)
            print(scene.loaded.presentationFrame(seq: seq).json)
            seq += 1
        }
        if let at {
            for time in try parseTimes(at) { emit(at: time) }
        } else if let until {
            var tick = 0
            while Double(tick) / fps <= until + 1e-9 {
                emit(at: Double(tick) / fps)
                tick += 1
            }
        } else {
            var tick = 0
            repeat {
                emit(at: Double(tick) / fps)
                tick += 1
            } while !scene.loaded.isSettled && Double(tick) / fps <= 10 + 1e-9
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
