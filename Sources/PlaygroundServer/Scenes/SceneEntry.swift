import PlaygroundProtocol
import SceneLanguage
import SceneRuntime

/// One scene the daemon serves: where its file is, the last good
/// generation playing, and what its file's last version said.
struct SceneEntry: Sendable {
    /// The file's path relative to its watched folder, without `.layout`.
    let name: String
    /// The file's path as clients see it (relative to the watched folder, with `.layout`).
    var file: String
    /// Where the daemon reads it.
    var path: String
    /// The last text read: a save that leaves it as it was changes nothing.
    var text: String?
    /// The last good generation, playing; nil until the file first loads without errors.
    var session: PlaybackSession?
    /// The diagnostics of the file's last version, then the running scene's since it loaded.
    var diagnostics: [WireDiagnostic] = []
    /// Whether the file's last version had errors of the language.
    var hasErrors = false
    /// The last frame sent to subscribers, to send the next one only when the presentation changed.
    var lastSent: Frame?
    /// Which of the registry's changes last touched the file's version (a load or a failed one): a `reload`
    /// whose read was overtaken by a save sees it and applies nothing older.
    var version = 0

    init(name: String, file: String, path: String) {
        self.name = name
        self.file = file
        self.path = path
    }

    var generation: Int { session?.scene.generation ?? 0 }

    var summary: SceneSummary {
        SceneSummary(
            name: name, file: file, generation: generation, status: hasErrors ? .error : .ok,
            errors: diagnostics.count { $0.severity == .error },
            warnings: diagnostics.count { $0.severity == .warning },
            actions: session?.scene.scene.actions.map(\.name.name) ?? [])
    }

    /// Whether the scene plays on by itself: an animation runs or an input waits.
    var isMoving: Bool { session.map { !$0.isSettled } ?? false }

    /// How many runtime diagnostics a scene keeps, as the language keeps at most so many per stage.
    static let diagnosticLimit = 200

    mutating func append(_ reported: [RuntimeDiagnostic]) -> [WireDiagnostic] {
        let wire = reported.map(WireDiagnostic.init)
        diagnostics.append(contentsOf: wire.prefix(max(0, Self.diagnosticLimit - diagnostics.count)))
        return wire
    }
}
