package import PlaygroundProtocol
package import SceneLanguage
import SceneRuntime

/// Every scene the daemon serves, and what requests and time do to them.
/// A value with no I/O: files come in as text, and what subscribers must
/// hear goes out as events, so the rules (§2.4 reloads, §4 requests) are
/// tested without a socket. Files reach it through ``SceneService``, which
/// reads them and applies the reload rule; requests and ticks come straight
/// here.
///
/// Every step costs what its own scene costs, whatever the number of scenes:
/// sessions are changed in place (``withSession(_:_:)``), and the scenes that
/// move are kept in a set as they start and stop, so that a tick or an event
/// never walks every scene (a `git checkout` of 5,000 scene files loads in
/// linear time).
package struct SceneRegistry: Sendable {
    package private(set) var entries: [SceneName: SceneEntry] = [:]
    /// The scenes that play on by themselves (``SceneEntry/isMoving``), kept up to date by every change.
    private var moving: Set<SceneName> = []
    /// Ticks per second of scene time, for `step` and `settle`.
    package let fps: Double
    /// How a file's text becomes a scene: `.layout` files parsed, `.swift` files imported.
    package let translator: SceneTranslator
    /// The next ``SceneEntry/version``: every load or failed load of any scene takes a new one.
    private var nextVersion = 1
    /// What the last load replaced, kept so that freeing it (a solver's worth of arrays, a parse's lines) does not
    /// delay the new generation's first frame: ``releaseRetired()`` frees it once the frame is sent, else the next
    /// load does.
    private var retiredGeneration: RetiredGeneration?
    private var retiredParse: ParseReuse?
    /// The scenes whose entries keep what their next parse can reuse (``SceneEntry/parseReuse``), the last saved
    /// last: a few, so that thousands of scenes loaded from a checkout do not each keep a copy of their syntax.
    private var reuseKept: [SceneName] = []
    /// How many scenes keep their parse for reuse.
    package static let reuseKeptLimit = 8

    package init(fps: Double, translator: SceneTranslator = .layoutOnly) {
        self.fps = fps
        self.translator = translator
    }

    /// Every scene, by name.
    package var names: [SceneName] { entries.keys.sorted() }

    /// Whether any scene plays on by itself: what a real clock ticks for.
    package var isMoving: Bool { !moving.isEmpty }

    /// Runs `body` on a scene's entry in place; nil when there is no such scene. Every read of an entry on the
    /// way of a tick or a request goes through here: `entries[name]` and `entries.values[index]` return a copy of
    /// the whole entry, each part of its session and scene retained, then released at once.
    private mutating func withEntry<Result>(_ name: SceneName, _ body: (inout SceneEntry) -> Result) -> Result? {
        guard let index = entries.index(forKey: name) else { return nil }
        return body(&entries.values[index])
    }

    /// Runs `body` on a scene's running session in place (no copy of its solver or arrays), then notes whether
    /// the scene moves; nil when the scene has no session.
    private mutating func withSession<Result>(
        _ name: SceneName, _ body: (inout PlaybackSession) -> Result
    ) -> Result? {
        let result = withEntry(name) { entry -> (value: Result, isMoving: Bool)? in
            guard entry.session != nil else { return nil }
            let value = body(&entry.session!)
            return (value, entry.isMoving)
        }
        guard let result, let result else { return nil }
        noteMotion(of: name, isMoving: result.isMoving)
        return result.value
    }

    /// Puts the scene in or out of ``moving``, after a change.
    private mutating func noteMotion(of name: SceneName) {
        noteMotion(of: name, isMoving: withEntry(name, { $0.isMoving }) == true)
    }

    /// ``noteMotion(of:)`` with what the entry said, read in the same access as the change.
    private mutating func noteMotion(of name: SceneName, isMoving: Bool) {
        if isMoving {
            moving.insert(name)
        } else {
            moving.remove(name)
        }
    }

    // MARK: Files

    /// A scene file's content, after a completed save or a scan. The same
    /// text again changes nothing, unless `force` (a `reload` request) says
    /// to load it again. Errors of the language keep the last good
    /// generation running; otherwise the new version loads (the first
    /// generation, or a reload from what the old one shows), with its layout
    /// diagnostics, broken constraints left out as UIKit leaves them.
    package mutating func load(name: SceneName, path: String, source: SourceFile, force: Bool = false) -> [Event] {
        // One access to the entry: whether the text is the one it has, what its parse keeps for the next, and
        // what that text made.
        let known = withEntry(name) { entry in
            (unchanged: entry.text == source.text, previous: entry.parseReuse, translated: entry.translated)
        }
        guard force || known?.unchanged != true else { return [] }
        let previous = known?.previous ?? nil
        // A `reload` of the text the scene has makes what it made last time: taken as it is, with the parse kept.
        if var same = known?.translated ?? nil, same.source.text == source.text {
            same.reuse = previous
            return load(name: name, path: path, translated: same, force: true)
        }
        return load(
            name: name, path: path,
            translated: translator.translate(source, isSwift: name.isSwift, reusing: previous), force: true)
    }

    /// ``load(name:path:source:force:)`` of a text already made a scene, as a read does off the daemon's
    /// executor.
    package mutating func load(name: SceneName, path: String, translated: TranslatedSource, force: Bool = false)
        -> [Event]
    {
        let source = translated.source
        let file = source.name
        guard force || withEntry(name, { $0.text == source.text }) != true else { return [] }
        // Taken out, so that the running session is held once and its solver updates in place.
        var entry = entries.removeValue(forKey: name) ?? SceneEntry(name: name, file: file, path: path)
        entry.execContext = nil
        entry.text = source.text
        entry.version = nextVersion
        nextVersion += 1
        retiredGeneration = nil
        retiredParse = entry.parseReuse
        entry.parseReuse = translated.reuse
        if translated.reuse != nil { keepReuse(of: name) }
        entry.translated = translated
        entry.translated?.reuse = nil
        let diagnostics = translated.diagnostics
        var events: [Event] = []
        guard let scene = translated.scene, !diagnostics.hasErrors else {
            entry.hasErrors = true
            entry.replaceDiagnostics(with: diagnostics.map { WireDiagnostic($0) })
            events.append(.diagnostics(scene: name.rawValue, generation: entry.generation, entry.diagnostics))
            entries[name] = entry
            return events
        }
        entry.hasErrors = false
        if var session = entry.session.take() {
            retiredGeneration = session.reload(with: scene)
            entry.session = session
        } else {
            entry.session = PlaybackSession(loading: scene, name: name.rawValue)
        }
        let loaded = entry.session!.scene
        // A Swift scene's diagnostics are the import's, in the Swift file, then the imported scene's layout's.
        let all = diagnostics + loaded.layout.diagnostics
        entry.replaceDiagnostics(with: (name.isSwift ? all : all.sortedByLocation()).map { WireDiagnostic($0) })
        _ = entry.append(entry.session!.takeDiagnostics())
        events.append(.reload(scene: name.rawValue, generation: entry.generation))
        events.append(.diagnostics(scene: name.rawValue, generation: entry.generation, entry.diagnostics))
        entries[name] = entry
        noteMotion(of: name)
        events.append(contentsOf: frameIfChanged(name, force: true))
        return events
    }

    /// Notes that `name` keeps its parse for reuse, as the scene saved last; the scene saved longest ago beyond
    /// ``reuseKeptLimit`` lets its go.
    private mutating func keepReuse(of name: SceneName) {
        reuseKept.removeAll { $0 == name }
        reuseKept.append(name)
        guard reuseKept.count > Self.reuseKeptLimit else { return }
        let oldest = reuseKept.removeFirst()
        if let index = entries.index(forKey: oldest) { entries.values[index].parseReuse = nil }
    }

    /// Whether a reload's replaced generation waits to be freed.
    package var hasRetired: Bool { retiredGeneration != nil || retiredParse != nil }

    /// Frees what the last load replaced, after its events have gone out.
    package mutating func releaseRetired() {
        retiredGeneration = nil
        retiredParse = nil
    }

    /// A scene file that could not be read (a FIFO, a folder, too large, no permission): its diagnostic replaces
    /// the file's, the scene's status is `error`, and the last good generation, if any, plays on, as after a
    /// save with errors. Its text is forgotten, so that the file's next readable version loads whatever it holds.
    package mutating func fail(name: SceneName, path: String, file: String, diagnostic: Diagnostic) -> [Event] {
        var entry = entries.removeValue(forKey: name) ?? SceneEntry(name: name, file: file, path: path)
        entry.version = nextVersion
        nextVersion += 1
        let wire = [WireDiagnostic(diagnostic)]
        let unchanged = entry.hasErrors && entry.text == nil && entry.diagnostics == wire
        entry.text = nil
        entry.hasErrors = true
        entry.replaceDiagnostics(with: wire)
        entries[name] = entry
        return unchanged ? [] : [.diagnostics(scene: name.rawValue, generation: entry.generation, wire)]
    }

    /// A scene whose file is gone.
    package mutating func remove(name: SceneName) -> [Event] {
        guard entries.removeValue(forKey: name) != nil else { return [] }
        moving.remove(name)
        reuseKept.removeAll { $0 == name }
        // A checkout that took thousands of scenes away leaves their room in the table (an entry holds its
        // session inline): it is given back once three quarters are empty, so memory returns to where it was.
        if entries.capacity > 64 && entries.count * 4 < entries.capacity {
            var smaller = [SceneName: SceneEntry](minimumCapacity: entries.count)
            for (key, entry) in entries { smaller[key] = entry }
            entries = smaller
        }
        return [.removed(scene: name.rawValue)]
    }

    // MARK: Requests

    /// The entry a request names, or the error response it gets.
    package func entry(_ name: SceneName) -> Result<SceneEntry, RequestError> {
        if let entry = entries[name] { return .success(entry) }
        return .failure(unknownScene(name))
    }

    /// The error for a request naming a scene that is not loaded, with the nearest name there is.
    private func unknownScene(_ name: SceneName) -> RequestError {
        let suggestion = nearestName(to: name.rawValue, among: entries.keys.lazy.map(\.rawValue))
        let known = suggestion.map { "; did you mean '\($0)'?" } ?? (entries.isEmpty ? "; no scene is loaded" : "")
        return RequestError(.unknownScene, "no scene '\(shown(name))'\(known)")
    }

    /// Why a request cannot go to the scene's running session, or nil when it has one: an unknown scene, or one
    /// that never loaded. Read in place, as every request does it: a copy of the entry would retain each part of
    /// its session and its last text's scene, to be released again at once.
    private mutating func sessionRefusal(_ name: SceneName) -> RequestError? {
        guard let hasSession = withEntry(name, { $0.session != nil }) else { return unknownScene(name) }
        guard hasSession else {
            return RequestError(
                .sceneError, "'\(shown(name))' has errors and has not loaded yet; see its diagnostics")
        }
        return nil
    }

    /// `frame`: the presentation (a numbered frame) or the model.
    package mutating func frame(of name: SceneName, layer: Request.Layer) -> Result<Frame, RequestError> {
        if let refusal = sessionRefusal(name) { return .failure(refusal) }
        switch layer {
        case .model:
            // Numbered as the next frame will be: a model frame is no frame the scene made.
            return .success(withEntry(name) { $0.session!.scene.modelFrame(seq: $0.frames.next) }!)
        case .presentation:
            return .success(currentFrame(of: name)!)
        }
    }

    /// `run`: the action starts now.
    package mutating func run(_ action: String, in name: SceneName) -> (Response, [Event]) {
        if let refusal = sessionRefusal(name) { return (.error(refusal.code, refusal.message), []) }
        let refused = withSession(name) { session -> PlaybackError? in
            do throws(PlaybackError) {
                try session.schedule(.action(action), at: session.time)
            } catch {
                return error
            }
            session.advance(to: session.time)
            return nil
        }
        if let refused = refused ?? nil { return (.error(.unknownAction, refused.description), []) }
        return (.done, afterInput(name))
    }

    /// `exec`: statements checked against the scene's names, run as an action now.
    package mutating func exec(_ source: String, in name: SceneName, number: Int) -> (Response, [Event]) {
        if let refusal = sessionRefusal(name) { return (.error(refusal.code, refusal.message), []) }
        let file = SourceFile(name: "<exec \(number)>", text: source)
        let (statements, diagnostics) = withEntry(name) { $0.parseExec(file) }!
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
    package func diagnostics(of name: SceneName) -> Response {
        guard let index = entries.index(forKey: name) else {
            let error = unknownScene(name)
            return .error(error.code, error.message)
        }
        return .diagnostics(entries.values[index].diagnostics)
    }

    // MARK: Time

    /// One tick for every scene that moves: time moves on by `seconds`, and
    /// each scene whose presentation changed gets a frame.
    package mutating func advance(by seconds: Double) -> [Event] {
        var events: [Event] = []
        for name in moving.sorted() {
            withSession(name) { $0.advance(to: $0.time + seconds) }
            events.append(contentsOf: afterInput(name))
        }
        return events
    }

    /// Whether a scene plays on by itself.
    package func isMoving(_ name: SceneName) -> Bool { moving.contains(name) }

    /// `settle` on the manual clock: the scene alone moves on, tick by tick,
    /// until nothing in it moves or `timeout` seconds of scene time have
    /// passed. Answers with the final frame, or a timeout error.
    package mutating func settle(_ name: SceneName, timeout: Double) -> (Response, [Event]) {
        if let refusal = sessionRefusal(name) { return (.error(refusal.code, refusal.message), []) }
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
        let last = withEntry(name, { $0.frames.last }) ?? nil
        guard let frame = last ?? currentFrame(of: name) else { return (.done, events) }
        return (.frame(frame), events)
    }

    /// After an input or a tick: the runtime's diagnostics, and a frame if
    /// the presentation changed.
    private mutating func afterInput(_ name: SceneName) -> [Event] {
        guard let reported = withSession(name, { $0.takeDiagnostics() }) else { return [] }
        var events: [Event] = []
        if !reported.isEmpty, let event = withEntry(name, { $0.appendEvent(reported) }) {
            events.append(event)
        }
        events.append(contentsOf: frameIfChanged(name, force: false))
        return events
    }

    /// A new frame of the scene when what it shows differs from the last one sent (or `force`).
    private mutating func frameIfChanged(_ name: SceneName, force: Bool) -> [Event] {
        // In place, in one access: reading the entry out of the table would copy it whole, every tick.
        let result = withEntry(name) { entry -> (frame: Frame?, isMoving: Bool)? in
            guard entry.session != nil else { return nil }
            let frame = entry.session!.scene.presentationFrame(seq: entry.frames.next)
            return (entry.frames.changed(frame, always: force), entry.isMoving)
        }
        guard let result, let result else { return [] }
        noteMotion(of: name, isMoving: result.isMoving)
        return result.frame.map { [.frame($0)] } ?? []
    }

    /// The latest frame of a scene, as a new subscriber or a `frame` request
    /// gets it: the frame last sent, while the picture is what it showed, so
    /// that `seq` counts the frames every subscriber saw; a new one otherwise.
    package mutating func currentFrame(of name: SceneName) -> Frame? {
        guard let seq = withEntry(name, { $0.frames.next }) else { return nil }
        // Inputs due now run first.
        let now = withSession(name) { session -> Frame in
            session.advance(to: session.time)
            return session.scene.presentationFrame(seq: seq)
        }
        guard let now else { return nil }
        return withEntry(name) { $0.frames.current(now) }
    }
}
