import FileWatching
import PlaygroundProtocol
import SceneLanguage
import SceneService
import Synchronization

/// Scene files in memory, read as the daemon reads them: bytes, nothing, or why not.
final class MemoryFiles: SceneFileReading {
    private let files = Mutex<[String: SceneFileRead]>([:])

    /// Whether ``readIfCached(path:)`` answers, as the daemon's reader does for a file in the kernel's caches.
    let inMemory = Mutex(false)

    func read(path: String) async -> SceneFileRead {
        files.withLock { $0[path] } ?? .missing
    }

    func readIfCached(path: String) -> SceneFileRead? {
        inMemory.withLock { $0 } ? files.withLock { $0[path] } ?? .missing : nil
    }

    subscript(path: String) -> SceneFileRead? {
        get { files.withLock { $0[path] } }
        set { files.withLock { $0[path] = newValue } }
    }
}

/// A monotonic clock that moves only when told.
final class StepClock: SceneClock {
    private let instant = Mutex(ContinuousClock.now)

    func now() -> ContinuousClock.Instant { instant.withLock { $0 } }

    func advance(by duration: Duration) {
        instant.withLock { $0 += duration }
    }
}

/// A ``SceneService`` on one watched folder, `/scenes`, driven as the daemon drives it: `layout-watch`'s events
/// in, reads run when asked for (or held back, to see what a later change does to them), and time moved by hand.
/// What subscribers would hear piles up in ``events``.
struct ServiceHarness {
    static let folder = "/scenes"

    var service: SceneService
    let files = MemoryFiles()
    let clock = StepClock()
    /// Every event the service published, in order.
    var events: [Event] = []
    /// What the service asked the log to say.
    var notices: [FileNotice] = []
    /// Reads asked for and not run yet.
    var reads: [SceneRead] = []

    init(
        removalGrace: Duration = .milliseconds(200), roots: [SceneRoot] = [SceneRoot(folder: Self.folder)],
        translator: SceneTranslator = .layoutOnly
    ) {
        service = SceneService(
            roots: roots, fps: 60, removalGrace: removalGrace, reader: files, clock: clock, translator: translator)
    }

    static func path(_ file: String) -> String { folder + "/" + file }

    // MARK: The watcher's side

    /// A line of `layout-watch` about a file of the folder; its changes applied, its reads left waiting.
    mutating func watch(_ kind: WatchEvent.Kind, _ file: String) {
        take(service.changes(after: WatchEvent(kind, root: 0, path: file)))
    }

    /// A listing's end, or another event about no file.
    mutating func watch(_ event: WatchEvent) {
        take(service.changes(after: event))
    }

    /// Time passes; removals that fall due meanwhile are applied when the daemon's timer would fire.
    mutating func pass(_ duration: Duration) {
        clock.advance(by: duration)
        take(service.dueRemovals())
    }

    /// Runs every read asked for, and those they let start, to the end.
    mutating func finishReads() async {
        while !reads.isEmpty {
            let read = reads.removeFirst()
            record(service.finishSave(await read.perform()))
        }
    }

    mutating func take(_ actions: [SaveDetector.Action]) {
        for action in actions { record(service.apply(action)) }
    }

    mutating func record(_ step: FileStep) {
        events += step.events
        notices += step.notices
        reads += step.reads
    }

    // MARK: What a user does

    /// Saves a file as an editor does in place: its content, then `close_write`; the read runs.
    mutating func save(_ file: String, _ text: String) async {
        files[Self.path(file)] = .bytes(Array(text.utf8))
        watch(.closeWrite, file)
        await finishReads()
    }

    /// Deletes a file: `delete`.
    mutating func delete(_ file: String) {
        files[Self.path(file)] = nil
        watch(.delete, file)
    }

    /// `reload`, its read run at once.
    mutating func reload(_ name: SceneName) async -> Response {
        switch service.reload(name) {
        case .failure(let error): return .error(error.code, error.message)
        case .success(let read):
            let (response, events) = service.finishReload(await read.perform())
            self.events += events
            return response
        }
    }

    // MARK: What a client sees

    /// `scenes`.
    var scenes: [SceneSummary] {
        service.registry.names.compactMap { service.registry.entries[$0]?.summary }
    }

    /// `frame` of the presentation; nil when it is an error.
    mutating func frame(_ name: SceneName) -> Frame? {
        try? service.registry.frame(of: name, layer: .presentation).get()
    }

    /// The error a `frame` request gets.
    mutating func frameError(_ name: SceneName) -> RequestError? {
        guard case .failure(let error) = service.registry.frame(of: name, layer: .presentation) else { return nil }
        return error
    }

    /// `diagnostics`.
    func diagnostics(_ name: SceneName) -> [WireDiagnostic] {
        guard case .diagnostics(let diagnostics) = service.registry.diagnostics(of: name) else { return [] }
        return diagnostics
    }

    /// Takes the events published so far.
    mutating func takeEvents() -> [Event] {
        defer { events.removeAll() }
        return events
    }

    /// `step` on the manual clock: every scene moves on by `seconds`, tick by tick; the frames it made.
    mutating func step(_ seconds: Double) -> [Frame] {
        var frames: [Frame] = []
        let ticks = Int((seconds * service.registry.fps).rounded())
        for _ in 0..<ticks {
            for event in service.registry.advance(by: 1 / service.registry.fps) {
                if case .frame(let frame) = event { frames.append(frame) }
                events.append(event)
            }
        }
        return frames
    }
}

extension Event {
    /// The event's kind, for comparing sequences: `reload Box 2`, `diagnostics Box 2 [unknown-name]`,
    /// `frame Box 2 #3`, `removed Box`.
    var summary: String {
        switch self {
        case .frame(let frame): "frame \(frame.scene) \(frame.generation) #\(frame.seq)"
        case .reload(let scene, let generation): "reload \(scene) \(generation)"
        case .diagnostics(let scene, let generation, let diagnostics):
            "diagnostics \(scene) \(generation) [\(diagnostics.map(\.code).joined(separator: " "))]"
        case .removed(let scene): "removed \(scene)"
        }
    }
}

/// Scenes the tests load.
enum Scenes {
    /// A 10-point box at the top left; `slide` moves it 100 points right in 1 s, linearly.
    static let box = """
        view box color #000000
        boxX: box.left == root.left
        box.top == 0; box.width == 10; box.height == 10
        action slide { boxX.constant = 100; animate 1 curve linear { layout } }
        """

    /// The box, 50 points lower.
    static let lowBox = """
        view box color #000000
        boxX: box.left == root.left
        box.top == 50; box.width == 10; box.height == 10
        action slide { boxX.constant = 100; animate 1 curve linear { layout } }
        """
}
