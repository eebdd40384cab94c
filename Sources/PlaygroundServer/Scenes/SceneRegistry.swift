import PlaygroundProtocol
import SceneLanguage
import SceneRuntime

/// Every scene the daemon serves, and what requests and time do to them.
/// A value with no I/O: files come in as text, and what subscribers must
/// hear goes out as events, so the rules (§2.4 reloads, §4 requests) are
/// tested without a socket.
///
/// Every step costs what its own scene costs, whatever the number of scenes:
/// sessions are changed in place (``withSession(_:_:)``), and the scenes that
/// move are kept in a set as they start and stop, so that a tick or an event
/// never walks every scene (a `git checkout` of 5,000 scene files loads in
/// linear time).
struct SceneRegistry: Sendable {
    private(set) var entries: [String: SceneEntry] = [:]
    /// The scenes that play on by themselves (``SceneEntry/isMoving``), kept up to date by every change.
    private var moving: Set<String> = []
    /// Ticks per second of scene time, for `step` and `settle`.
    let fps: Double
    /// The next ``SceneEntry/version``: every load or failed load of any scene takes a new one.
    private var nextVersion = 1

    init(fps: Double) {
        self.fps = fps
    }

    var names: [String] { entries.keys.sorted() }

    /// Whether any scene plays on by itself: what a real clock ticks for.
    var isMoving: Bool { !moving.isEmpty }

    /// Runs `body` on a scene's running session in place (no copy of its solver or arrays), then notes whether
    /// the scene moves; nil when the scene has no session.
    private mutating func withSession<Result>(
        _ name: String, _ body: (inout PlaybackSession) -> Result
    ) -> Result? {
        guard entries[name]?.session != nil else { return nil }
        defer { noteMotion(of: name) }
        return body(&entries[name]!.session!)
    }

    /// Puts the scene in or out of ``moving``, after a change.
    private mutating func noteMotion(of name: String) {
        if entries[name]?.isMoving == true { moving.insert(name) } else { moving.remove(name) }
    }

    // MARK: Files

    /// A scene file's content, after a completed save or a scan. The same
    /// text again changes nothing, unless `force` (a `reload` request) says to load it again. Errors of the language keep the last good
    /// generation running; otherwise the new version loads (the first
    /// generation, or a reload from what the old one shows), with its layout
    /// diagnostics, broken constraints left out as UIKit leaves them.
    mutating func load(name: String, path: String, source: SourceFile, force: Bool = false) -> [Event] {
        let file = source.name
        guard force || entries[name]?.text != source.text else { return [] }
        // Taken out, so that the running session is held once and its solver updates in place.
        var entry = entries.removeValue(forKey: name) ?? SceneEntry(name: name, file: file, path: path)
        entry.text = source.text
        entry.version = nextVersion
        nextVersion += 1
        let scene = Scene.parse(source)
        var events: [Event] = []
        if scene.diagnostics.hasErrors {
            entry.hasErrors = true
            entry.diagnostics = scene.diagnostics.sortedByLocation().map { WireDiagnostic($0) }
            events.append(.diagnostics(scene: name, generation: entry.generation, entry.diagnostics))
            entries[name] = entry
            return events
        }
        entry.hasErrors = false
        if var session = entry.session.take() {
            session.reload(with: scene)
            entry.session = session
        } else {
            entry.session = PlaybackSession(loading: scene, name: name)
        }
        let loaded = entry.session!.scene
        entry.diagnostics = (scene.diagnostics + loaded.layout.diagnostics).sortedByLocation().map {
            WireDiagnostic($0)
        }
        _ = entry.append(entry.session!.takeDiagnostics())
        events.append(.reload(scene: name, generation: entry.generation))
        events.append(.diagnostics(scene: name, generation: entry.generation, entry.diagnostics))
        entries[name] = entry
        noteMotion(of: name)
        events.append(contentsOf: frameIfChanged(name, force: true))
        return events
    }

    /// A scene file that could not be read (a FIFO, a folder, too large, no permission): its diagnostic replaces
    /// the file's, the scene's status is `error`, and the last good generation, if any, plays on, as after a
    /// save with errors. Its text is forgotten, so that the file's next readable version loads whatever it holds.
    mutating func fail(name: String, path: String, file: String, diagnostic: Diagnostic) -> [Event] {
        var entry = entries.removeValue(forKey: name) ?? SceneEntry(name: name, file: file, path: path)
        entry.version = nextVersion
        nextVersion += 1
        let wire = [WireDiagnostic(diagnostic)]
        let unchanged = entry.hasErrors && entry.text == nil && entry.diagnostics == wire
        entry.text = nil
        entry.hasErrors = true
        entry.diagnostics = wire
        entries[name] = entry
        return unchanged ? [] : [.diagnostics(scene: name, generation: entry.generation, wire)]
    }

    /// A scene whose file is gone.
    mutating func remove(name: String) -> [Event] {
        guard entries.removeValue(forKey: name) != nil else { return [] }
        moving.remove(name)
        // A checkout that took thousands of scenes away leaves their room in the table (an entry holds its
        // session inline): it is given back once three quarters are empty, so memory returns to where it was.
        if entries.capacity > 64 && entries.count * 4 < entries.capacity {
            var smaller = [String: SceneEntry](minimumCapacity: entries.count)
            for (key, entry) in entries { smaller[key] = entry }
            entries = smaller
        }
        return [.removed(scene: name)]
    }

    // MARK: Requests

    /// The entry a request names, or the error response it gets.
    func entry(_ name: String) -> Result<SceneEntry, RequestError> {
        if let entry = entries[name] { return .success(entry) }
        let suggestion = nearestName(to: name, among: entries.keys)
        let known = suggestion.map { "; did you mean '\($0)'?" } ?? (entries.isEmpty ? "; no scene is loaded" : "")
        return .failure(RequestError(.unknownScene, "no scene '\(shown(name))'\(known)"))
    }

    /// The entry's running session, or the error a scene that never loaded gets.
    private func session(_ name: String) -> Result<PlaybackSession, RequestError> {
        entry(name).flatMap { entry in
            guard let session = entry.session else {
                return .failure(
                    RequestError(
                        .sceneError, "'\(shown(name))' has errors and has not loaded yet; see its diagnostics"))
            }
            return .success(session)
        }
    }

    /// `frame`: the presentation (a numbered frame) or the model.
    mutating func frame(of name: String, layer: Request.Layer) -> Result<Frame, RequestError> {
        session(name).map { session in
            switch layer {
            case .model:
                return session.scene.modelFrame(seq: session.seq)
            case .presentation:
                return currentFrame(of: name)!
            }
        }
    }

    /// `run`: the action starts now.
    mutating func run(_ action: String, in name: String) -> (Response, [Event]) {
        if case .failure(let error) = session(name) { return (.error(error.code, error.message), []) }
        let scheduled = withSession(name) { session -> Bool in
            guard (try? session.schedule(.action(action), at: session.time)) != nil else { return false }
            session.advance(to: session.time)
            return true
        }
        guard scheduled == true else {
            let actions = entries[name]?.session?.scene.scene.actions.map(\.name.name) ?? []
            let suggestion = nearestName(to: action, among: actions).map { "; did you mean '\($0)'?" } ?? ""
            return (.error(.unknownAction, "'\(shown(name))' has no action '\(shown(action))'\(suggestion)"), [])
        }
        return (.done, afterInput(name))
    }

    /// `exec`: statements checked against the scene's names, run as an action now.
    mutating func exec(_ source: String, in name: String, number: Int) -> (Response, [Event]) {
        let scene: Scene
        switch session(name) {
        case .failure(let error): return (.error(error.code, error.message), [])
        case .success(let session): scene = session.scene.scene
        }
        let file = SourceFile(name: "<exec \(number)>", text: source)
        let (statements, diagnostics) = scene.parseStatements(file)
        let wire = diagnostics.sortedByLocation().map { WireDiagnostic($0) }
        guard !diagnostics.hasErrors else {
            return (.error(.invalidSource, "the source has errors; nothing ran", diagnostics: wire), [])
        }
        withSession(name) { session in
            try? session.schedule(.statements(statements), at: session.time)
            session.advance(to: session.time)
        }
        return (.diagnostics(wire), afterInput(name))
    }

    /// `diagnostics`: the file's, then the running scene's.
    func diagnostics(of name: String) -> Response {
        switch entry(name) {
        case .failure(let error): .error(error.code, error.message)
        case .success(let entry): .diagnostics(entry.diagnostics)
        }
    }

    // MARK: Time

    /// One tick for every scene that moves: time moves on by `seconds`, and
    /// each scene whose presentation changed gets a frame.
    mutating func advance(by seconds: Double) -> [Event] {
        var events: [Event] = []
        for name in moving.sorted() {
            withSession(name) { $0.advance(to: $0.time + seconds) }
            events.append(contentsOf: afterInput(name))
        }
        return events
    }

    /// Whether a scene plays on by itself.
    func isMoving(_ name: String) -> Bool { moving.contains(name) }

    /// `settle` on the manual clock: the scene alone moves on, tick by tick,
    /// until nothing in it moves or `timeout` seconds of scene time have
    /// passed. Answers with the final frame, or a timeout error.
    mutating func settle(_ name: String, timeout: Double) -> (Response, [Event]) {
        if case .failure(let error) = session(name) { return (.error(error.code, error.message), []) }
        // Subscribers get the last frame and the last diagnostics only: a `repeat forever` animation settled
        // with a long timeout must not keep every tick's frame.
        var frame: Event?
        var diagnostics: Event?
        var ticks = 0
        let limit = Int((timeout * fps).rounded(.up))
        let tick = 1 / fps
        while isMoving(name) && ticks < limit {
            ticks += 1
            withSession(name) { $0.advance(to: $0.time + tick) }
            for event in afterInput(name) {
                if case .frame = event { frame = event } else { diagnostics = event }
            }
        }
        let events = [diagnostics, frame].compactMap { $0 }
        guard !isMoving(name) else {
            return (.error(.timeout, "'\(shown(name))' still moves after \(format(timeout)) s"), events)
        }
        guard let frame = entries[name]?.lastSent ?? currentFrame(of: name) else { return (.done, events) }
        return (.frame(frame), events)
    }

    /// After an input or a tick: the runtime's diagnostics, and a frame if
    /// the presentation changed.
    private mutating func afterInput(_ name: String) -> [Event] {
        guard let reported = withSession(name, { $0.takeDiagnostics() }) else { return [] }
        var events: [Event] = []
        if !reported.isEmpty {
            _ = entries[name]!.append(reported)
            events.append(.diagnostics(scene: name, generation: entries[name]!.generation, entries[name]!.diagnostics))
        }
        events.append(contentsOf: frameIfChanged(name, force: false))
        return events
    }

    /// A new frame of the scene when what it shows differs from the last one sent.
    private mutating func frameIfChanged(_ name: String, force: Bool) -> [Event] {
        guard let session = entries[name]?.session else { return [] }
        let frame = session.scene.presentationFrame(seq: session.seq)
        if !force, let last = entries[name]!.lastSent, last.sameContent(as: frame) { return [] }
        withSession(name) { $0.countFrame() }
        entries[name]!.lastSent = frame
        return [.frame(frame)]
    }

    /// The latest frame of a scene, as a new subscriber or a `frame` request
    /// gets it: the frame last sent, while the picture is what it showed, so
    /// that `seq` counts the frames every subscriber saw; a new one otherwise.
    mutating func currentFrame(of name: String) -> Frame? {
        // Inputs due now run first.
        let now = withSession(name) { session -> Frame in
            session.advance(to: session.time)
            return session.scene.presentationFrame(seq: session.seq)
        }
        guard let now else { return nil }
        if let last = entries[name]!.lastSent, last.sameContent(as: now), last.time == now.time { return last }
        withSession(name) { $0.countFrame() }
        entries[name]!.lastSent = now
        return now
    }
}

extension Frame {
    /// Whether two frames show the same: everything but their numbers and times.
    func sameContent(as other: Frame) -> Bool {
        generation == other.generation && settled == other.settled && canvas == other.canvas && views == other.views
    }
}

/// A name as messages quote it: control characters escaped, at most 60 characters.
func shown(_ name: String) -> String {
    let cut = name.count > 60 ? name.prefix(60) + "…" : Substring(name)
    return cut.unicodeScalars.map { $0.properties.generalCategory == .control ? $0.escaped(asASCII: true) : String($0) }
        .joined()
}
