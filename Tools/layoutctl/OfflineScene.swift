import ArgumentParser
import SceneLanguage
import SceneRuntime

/// A scene file run offline for `frames` and `plot`: parsed, laid out, `on
/// load` run and the actions run at time 0, every diagnostic printed to
/// standard error as it comes.
struct OfflineScene {
    var loaded: LoadedScene
    /// Whether any diagnostic so far was an error.
    private(set) var failed = false

    /// Loads a file and runs its actions. Throws `ExitCode(1)` when the
    /// file cannot be read, has errors, or lacks an action.
    init(path: String, running actions: [String]) throws {
        guard let file = readSource(path) else { throw ExitCode(1) }
        let parsed = Scene.parse(file)
        failed = printDiagnostics(parsed.diagnostics, in: file)
        guard !parsed.diagnostics.hasErrors else { throw ExitCode(1) }
        loaded = LoadedScene(scene: parsed, name: sceneName(of: path))
        failed = printDiagnostics(loaded.layout.diagnostics, in: file) || failed
        loaded.runOnLoad()
        for action in actions {
            guard loaded.run(action: action) else {
                let known = parsed.actions.map { "'\($0.name.name)'" }.joined(separator: ", ")
                printError(
                    "layoutctl: error: '\(path)' has no action '\(action)'; it has: \(known.isEmpty ? "none" : known)")
                throw ExitCode(1)
            }
        }
        reportNew()
    }

    /// Moves time to `time` and prints what the runtime reported meanwhile.
    mutating func advance(to time: Double) {
        loaded.advance(to: time)
        reportNew()
    }

    private mutating func reportNew() {
        let reported = loaded.takeDiagnostics()
        for item in reported { printError(item.rendered, terminator: "") }
        failed = failed || reported.contains { $0.diagnostic.severity == .error }
    }
}

/// Prints diagnostics in file order; whether one is an error.
func printDiagnostics(_ diagnostics: [Diagnostic], in file: SourceFile) -> Bool {
    printError(diagnostics.sortedByLocation().map { $0.rendered(in: file) }.joined(), terminator: "")
    return diagnostics.hasErrors
}
