import ArgumentParser
import HostSystem
import SceneLanguage
import SceneRuntime

/// A scene file played offline for `frames` and `plot`: parsed, laid out,
/// `on load` run, and the timed inputs checked and scheduled in a
/// ``PlaybackSession``, every diagnostic so far printed to standard error.
struct OfflineScene {
    var session: PlaybackSession
    /// The scene file's path, as given.
    let path: String
    /// Whether loading reported an error.
    private let loadFailed: Bool

    /// Loads a file and schedules its inputs; `command` names the command in
    /// messages. Throws `ExitCode(1)` when the file cannot be read or has
    /// errors, when it lacks an action asked for, or when a `--exec` source
    /// has errors; every such problem is reported first.
    init(path: String, inputs: [TimedInput], command: String) throws {
        guard let file = readSceneFile(path, command: command) else { throw ExitCode(1) }
        self.path = path
        let (read, diagnostics) = scene(of: file)
        var failed = printDiagnostics(diagnostics)
        guard let parsed = read, !diagnostics.hasErrors else { throw ExitCode(1) }
        session = PlaybackSession(loading: parsed, name: sceneName(of: path))
        failed = printDiagnostics(session.scene.layout.diagnostics) || failed
        var refused = false
        for input in inputs {
            switch input.kind {
            case .run(let action):
                do {
                    try session.schedule(.action(action), at: input.time)
                } catch {
                    printError("layoutctl: error: " + UnknownAction.listing(action, in: parsed, file: path))
                    refused = true
                }
            case .exec(let text, let number):
                let source = SourceFile(name: "<exec \(number)>", text: text)
                let (statements, diagnostics) = parsed.parseStatements(source)
                failed = printDiagnostics(diagnostics) || failed
                guard !diagnostics.hasErrors else {
                    refused = true
                    continue
                }
                try? session.schedule(.statements(statements), at: input.time)
            }
        }
        guard !refused else { throw ExitCode(1) }
        loadFailed = failed
        report(session.takeDiagnostics())
    }

    /// Whether any diagnostic so far was an error.
    var failed: Bool { loadFailed || session.hasReportedError }

    /// The scene time after which waiting for the scene to settle stops:
    /// 10 s after the last input.
    var settleLimit: Double { (session.queue.last?.time ?? session.time) + 10 }

    /// Makes a frame at every tick until the scene settles or ``settleLimit``
    /// is reached, and then warns that it still runs there (a `repeat
    /// forever`, or an animator that restarts itself).
    mutating func framesUntilSettled(fps: Double, _ body: (PlaybackSession.Step) -> Void) {
        let limit = settleLimit
        guard session.framesUntilSettled(fps: fps, timeLimit: limit, body) == .reachedTimeLimit else { return }
        printError("layoutctl: warning: '\(displayed(path))' still runs at \(seconds(limit)) s; the frames stop there")
    }
}

/// Prints diagnostics in file order; whether one is an error.
func printDiagnostics(_ diagnostics: [Diagnostic]) -> Bool {
    printError(diagnostics.sortedByLocation().map { $0.rendered }.joined(), terminator: "")
    return diagnostics.hasErrors
}

/// Prints runtime diagnostics as they come.
func report(_ diagnostics: [RuntimeDiagnostic]) {
    for item in diagnostics { printError(item.rendered, terminator: "") }
}
