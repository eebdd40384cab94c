package import PlaygroundProtocol
package import SceneLanguage
package import SceneRuntime

/// One scene the daemon serves: where its file is, the last good
/// generation playing, and what its file's last version said.
package struct SceneEntry: Sendable {
    /// The file's path relative to its watched folder, without `.layout`.
    package let name: SceneName
    /// The file's path as clients see it (relative to the watched folder, with `.layout`).
    package var file: String
    /// Where the daemon reads it.
    package var path: String
    /// The last text read: a save that leaves it as it was changes nothing.
    var text: String?
    /// What the last text made: its scene and diagnostics (what the parse keeps for reuse is
    /// ``parseReuse``), for a `reload` of the same text to take as it is.
    var translated: TranslatedSource?
    /// What the next save's parse can reuse of the last one's; kept for the scenes saved last only
    /// (``SceneRegistry``'s `reuseKept`).
    package internal(set) var parseReuse: ParseReuse?
    /// The last good generation, playing; nil until the file first loads without errors.
    package internal(set) var session: PlaybackSession?
    /// The diagnostics of the file's last version, then the running scene's since it loaded, up to the one
    /// limit a running scene's diagnostics have.
    private var kept = DiagnosticBuffer<WireDiagnostic>()
    /// The diagnostics of the file's last version, then the running scene's since it loaded.
    package var diagnostics: [WireDiagnostic] { kept.elements }
    /// Whether the file's last version had errors of the language.
    package internal(set) var hasErrors = false
    /// The scene's frames: their `seq`, and the last one sent.
    var frames = FrameNumbering()
    /// The running scene's names, declared, for the next `exec`: made by the first, dropped when the file loads
    /// again (the scene it declares is the session's, which the entry holds anyway).
    var execContext: StatementContext?
    /// Which of the registry's changes last touched the file's version (a load or a failed one): a `reload`
    /// whose read was overtaken by a save sees it and applies nothing older.
    package internal(set) var version = 0

    init(name: SceneName, file: String, path: String) {
        self.name = name
        self.file = file
        self.path = path
    }

    /// How many times the scene loaded without errors of the language; 0 until it first does.
    package var generation: Int { session?.scene.generation ?? 0 }

    /// The scene as `scenes` lists it.
    package var summary: SceneSummary {
        SceneSummary(
            name: name.rawValue, file: file, generation: generation, status: hasErrors ? .error : .ok,
            errors: diagnostics.count { $0.severity == .error },
            warnings: diagnostics.count { $0.severity == .warning },
            actions: session?.scene.scene.actions.map(\.name.name) ?? [])
    }

    /// Whether the scene plays on by itself: an animation runs or an input waits.
    var isMoving: Bool { session?.isSettled == false }

    /// Starts the diagnostics over with those of the file's new version, all of them.
    mutating func replaceDiagnostics(with file: [WireDiagnostic]) {
        kept = DiagnosticBuffer(file)
    }

    /// Keeps the running scene's new diagnostics, as many as fit; all of them, in their wire form.
    mutating func append(_ reported: [RuntimeDiagnostic]) -> [WireDiagnostic] {
        let wire = reported.map(WireDiagnostic.init)
        kept.append(contentsOf: wire)
        return wire
    }

    /// An `exec`'s source read against the running scene's names: its statements and diagnostics. The scene
    /// must have a session.
    mutating func parseExec(_ file: SourceFile) -> (statements: [Statement], diagnostics: [Diagnostic]) {
        let scene = session!.scene.scene
        if execContext?.isContext(of: scene) != true { execContext = StatementContext(scene) }
        return execContext!.parseStatements(file)
    }

    /// Keeps the running scene's new diagnostics (``append(_:)``), and makes the event that tells subscribers:
    /// every diagnostic the scene has now.
    mutating func appendEvent(_ reported: [RuntimeDiagnostic]) -> Event {
        _ = append(reported)
        return .diagnostics(scene: name.rawValue, generation: generation, diagnostics)
    }
}

/// How a scene's frames are numbered, in one place (protocol page, "A session"): `seq` counts every frame the
/// scene made, one for each change of the picture, whether anyone was subscribed or not, from 0 for a new scene
/// and on across its reloads. A frame asked for while the picture is still the last one sent is that frame, with
/// its `seq`, so that a new subscriber and a `frame` request see the `seq` the others saw, and a gap in the `seq`s
/// a client receives always means frames it missed.
struct FrameNumbering: Sendable {
    /// The `seq` the next frame gets.
    private(set) var next = 0
    /// The last frame made.
    private(set) var last: Frame?

    /// The frame of what the scene shows now, made with the `seq` ``next``: numbered and kept when it shows
    /// something else than the last one, or `always`; nil when it shows the same.
    mutating func changed(_ frame: Frame, always: Bool) -> Frame? {
        if !always, let last, last.sameContent(as: frame) { return nil }
        return keep(frame)
    }

    /// The frame to answer with now, given the frame of what the scene shows, made with the `seq` ``next``: the
    /// last one while it shows the same at the same time, else the new one, numbered and kept.
    mutating func current(_ frame: Frame) -> Frame {
        if let last, last.sameContent(as: frame), last.time == frame.time { return last }
        return keep(frame)
    }

    private mutating func keep(_ frame: Frame) -> Frame {
        assert(frame.seq == next, "a frame is made with the seq it gets")
        next += 1
        last = frame
        return frame
    }
}

extension Frame {
    /// Whether two frames show the same: everything but their numbers and times.
    func sameContent(as other: Frame) -> Bool {
        guard generation == other.generation && settled == other.settled && canvas == other.canvas else {
            return false
        }
        // Compared in place, so that no view is copied to be compared: this runs every tick.
        return ViewFrame.sameViews(views, other.views)
    }
}
