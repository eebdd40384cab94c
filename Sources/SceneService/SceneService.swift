package import FileWatching
package import PlaygroundProtocol
import SceneLanguage

/// The daemon's scenes and what files, requests and time do to them.
///
/// Requests and ticks of the scene clock go to ``registry``; what `layout-watch` reports goes through here, so
/// that every file change meets the same rules:
///
/// ```swift
/// var service = SceneService(roots: [SceneRoot(folder: "/scenes")], fps: 60, removalGrace: .milliseconds(200),
///                            reader: loader)
/// for action in service.changes(after: event) {
///     let step = service.apply(action)          // reads to start, events to publish
///     for read in step.reads { start(read) }    // later: service.finishSave(await read.perform())
///     publish(step.events)
/// }
/// ```
///
/// A file is read when its save is complete, one read of it at a time and a few files at once; what a read brings
/// loads only if no later change of the file made it stale. A scene whose file is gone stays for the removal grace
/// (`layoutd --removal-grace`), so that an editor or `git checkout` that replaces it does not make it flicker away.
package struct SceneService: Sendable {
    /// The scenes, for requests and ticks.
    package var registry: SceneRegistry
    /// The watched folders, in `layout-watch`'s order.
    package let roots: [SceneRoot]
    /// Reads under way at most: the daemon's pool for blocking calls has more threads than this.
    package static let concurrentReads = PendingReads.concurrency

    private var detector: SaveDetector
    private var reads = PendingReads()
    private let reader: any SceneFileReading
    private let clock: any SceneClock

    /// - Parameters:
    ///   - roots: the watched folders, in the order `layout-watch` numbers them.
    ///   - fps: ticks per second of `step` and `settle`.
    ///   - removalGrace: how long a scene whose file is gone waits for it to come back before it is removed.
    ///   - reader: reads scene files.
    ///   - clock: the time removal graces are counted in.
    ///   - translator: how files become scenes (``SceneTranslator``): give it the Swift importer to serve `.swift`
    ///     files.
    package init(
        roots: [SceneRoot], fps: Double, removalGrace: Duration, reader: any SceneFileReading,
        clock: any SceneClock = SystemSceneClock(), translator: SceneTranslator = .layoutOnly
    ) {
        self.registry = SceneRegistry(fps: fps, translator: translator)
        self.roots = roots
        self.detector = SaveDetector(removalGrace: removalGrace)
        self.reader = reader
        self.clock = clock
    }

    // MARK: What the watcher reports

    /// A line of `layout-watch`, at the clock's now: the file changes it brings (removals that fell due first),
    /// for ``apply(_:)`` one by one, in order.
    package mutating func changes(after event: WatchEvent) -> [SaveDetector.Action] {
        detector.handle(event, at: clock.now())
    }

    /// The removals whose grace has passed by now, for ``apply(_:)``.
    package mutating func dueRemovals() -> [SaveDetector.Action] {
        detector.tick(at: clock.now())
    }

    /// When the next removal falls due: the daemon calls ``dueRemovals()`` then.
    package var nextRemoval: ContinuousClock.Instant? { detector.nextDeadline }

    /// Whether a read is under way or waits its turn: the first listing has loaded only once none does.
    package var isReading: Bool { !reads.isEmpty }

    /// `layout-watch` started again after it ended: reads under way were dropped with it, and what changed while
    /// no one watched is found by its new listing, which reloads the scenes whose files it finds and removes the
    /// others after their grace. Returns the removals that fell due meanwhile, for ``apply(_:)``.
    package mutating func watcherRestarted() -> [SaveDetector.Action] {
        reads = PendingReads()
        return detector.handle(WatchEvent(.overflow), at: clock.now()).filter { $0 != .rescanAll }
    }

    /// Applies one change: a saved file is read (now, or when its turn comes), a scene whose file is gone is
    /// removed.
    package mutating func apply(_ action: SaveDetector.Action) -> FileStep {
        var step = FileStep()
        switch action {
        case .rescanAll:
            step.notices.append(.eventsLost)
        case .changed(let root, let path):
            guard let file = scene(root: root, path: path) else { break }
            if let start = reads.changed(file) { step.reads.append(read(start)) }
        case .removed(let root, let path):
            guard let file = scene(root: root, path: path) else { break }
            reads.removed(file.path)
            step.events = registry.remove(name: file.name)
            step.removed.append(file.name)
        }
        return step
    }

    /// A save's read ended: what it brought loads, unless a later change or a removal made it stale; and the
    /// reads that waited for it start.
    package mutating func finishSave(_ result: SceneReadResult) -> FileStep {
        precondition(result.read.version == nil, "a reload's read ends with finishReload")
        let file = result.read.file
        let (verdict, next) = reads.finished(file)
        var step = FileStep(reads: next.map(read))
        guard verdict == .apply else { return step }
        switch result.outcome {
        case .bytes:
            step.events = result.load(into: &registry, force: false)
        case .failed(let code, let reason):
            let diagnostic = Diagnostic.file(file.file, code: code, reason: reason)
            step.notices.append(.cannotRead(path: file.path, message: diagnostic.message))
            step.events = registry.fail(name: file.name, path: file.path, file: file.file, diagnostic: diagnostic)
        case .missing:
            step.notices.append(.goneBeforeRead(path: file.path))
        }
        return step
    }

    // MARK: `reload`

    /// `reload`: the read to make, or the error the request gets.
    package func reload(_ name: SceneName) -> Result<SceneRead, RequestError> {
        registry.entry(name).map { entry in
            SceneRead(
                file: SceneFile(name: name, file: entry.file, path: entry.path), reader: reader,
                version: entry.version, translator: registry.translator)
        }
    }

    /// `reload`: its read ended. The file loads again as a new generation, even unchanged, unless a save or a
    /// failed save loaded another version while it was read: then the scene shows what its file holds already,
    /// and the answer is done. A file that cannot be read answers `scene-error` with the reason, and the scene
    /// says so, as after a save.
    package mutating func finishReload(_ result: SceneReadResult) -> (Response, [Event]) {
        guard let version = result.read.version else { preconditionFailure("a save's read ends with finishSave") }
        let file = result.read.file
        switch registry.entry(file.name) {
        case .failure(let error): return (.error(error.code, error.message), [])
        case .success(let now) where now.version != version: return (.done, [])
        case .success: break
        }
        switch result.outcome {
        case .bytes:
            return (.done, result.load(into: &registry, force: true))
        case .failed(let code, let reason):
            let diagnostic = Diagnostic.file(file.file, code: code, reason: reason)
            let events = registry.fail(name: file.name, path: file.path, file: file.file, diagnostic: diagnostic)
            return (.error(.sceneError, diagnostic.message), events)
        case .missing:
            return (.error(.sceneError, "cannot read '\(shown(file.file))' now: it is gone"), [])
        }
    }

    // MARK: Paths

    /// The scene a file of a root is; nil for a file of a root given as files that is not among them, or a path
    /// that is no scene file.
    package func scene(root index: Int, path: String) -> SceneFile? {
        guard roots.indices.contains(index) else { return nil }
        return roots[index].scene(at: path)
    }

    private func read(_ file: SceneFile) -> SceneRead {
        SceneRead(file: file, reader: reader, version: nil, translator: registry.translator)
    }
}

/// What applying a file change, or the end of a read, asks of the daemon.
package struct FileStep: Sendable {
    /// Reads to start now.
    package var reads: [SceneRead] = []
    /// What subscribers must hear.
    package var events: [Event] = []
    /// The scenes removed.
    package var removed: [SceneName] = []
    /// What the daemon's log should say.
    package var notices: [FileNotice] = []
}

/// Something about the files that the daemon's log says.
package enum FileNotice: Hashable, Sendable {
    /// The kernel's queue of file events overflowed: every watched folder is listed again.
    case eventsLost
    /// A saved file cannot be read: where it is, and the message of its scene's diagnostic.
    case cannotRead(path: String, message: String)
    /// A file went before it was read: its removal follows.
    case goneBeforeRead(path: String)
}

/// A folder `layout-watch` watches, and which of its files count.
package struct SceneRoot: Hashable, Sendable {
    /// Its absolute path.
    package var folder: String
    /// The files that count when files were given (paths relative to the folder); nil for a folder given, whose
    /// every scene file counts.
    package var files: Set<String>?

    package init(folder: String, files: Set<String>? = nil) {
        self.folder = folder
        self.files = files
    }

    /// The scene a file of this folder is, from its path relative to the folder; nil for a path that is no scene
    /// file, or a file not among those given.
    package func scene(at path: String) -> SceneFile? {
        if let files, !files.contains(path) { return nil }
        guard let name = SceneName(sceneFile: path) else { return nil }
        return SceneFile(name: name, file: path, path: folder == "/" ? "/" + path : folder + "/" + path)
    }
}
