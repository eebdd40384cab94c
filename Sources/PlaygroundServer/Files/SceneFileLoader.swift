import HostSystem
import NIOCore
import NIOPosix
import SceneLanguage
import SceneService
import Synchronization

/// Reads scene files without ever blocking the event loop: a slow disk or a hostile file (a FIFO that no one writes,
/// a device) delays only its own scene, and the socket is served meanwhile. The daemon's ``SceneService`` reads
/// through it.
///
/// A save's file that can be read without waiting on a disk (``readIfCached(path:)``: the path and the file's bytes
/// in the kernel's caches, as just after a save) is read where the caller runs, on the event loop, by the watcher
/// (``SceneRead/performAtOnce()``); any other read, ``read(path:)``, is on NIO's blocking thread pool. The hop to
/// a pool thread and back costs about 0.2 ms of a save's latency.
///
/// What cannot be read comes back with the code of the diagnostic the scene shows (`not-a-file`, `too-large`,
/// `unreadable`) and the reason:
///
/// ```swift
/// let loader = SceneFileLoader(read: { path in Result { () throws(FileReadError) in try FileReader.read(path) } },
///                              pool: pool)
/// switch await loader.read(path: "/scenes/Quiz.layout") {
/// case .bytes(let bytes): …
/// case .failed(let code, let reason): …   // .notAFile, "it is a FIFO (named pipe), not a regular file"
/// case .missing: …                         // deleted meanwhile: its removal follows
/// }
/// ```
struct SceneFileLoader: SceneFileReading {
    let read: @Sendable (String) -> Result<[UInt8], FileReadError>
    /// The read that never waits: nil when it would have to.
    let readIfCached: (@Sendable (String) -> Result<[UInt8], FileReadError>?)?
    /// The daemon's own pool for blocking calls, with more threads than reads run at once
    /// (``SceneService/concurrentReads``), so that reads stuck on a slow disk leave threads for the others.
    let pool: NIOThreadPool

    init(
        read: @escaping @Sendable (String) -> Result<[UInt8], FileReadError>,
        readIfCached: (@Sendable (String) -> Result<[UInt8], FileReadError>?)? = nil, pool: NIOThreadPool
    ) {
        self.read = read
        self.readIfCached = readIfCached
        self.pool = pool
    }

    /// How long a read may take before the scene is told it cannot be read: a file on a disk that stopped
    /// answering must not take one of the few reads that run at once for ever.
    static let patience = TimeAmount.seconds(10)

    /// How a read ended.
    private enum Ending: Sendable {
        case read(Result<[UInt8], FileReadError>)
        /// Cancelled (layout-watch restarted, the daemon shutting down), or the pool no longer runs.
        case abandoned
        case timedOut
    }

    /// Reads the file at `path` here and now, when that cannot wait on a disk; nil otherwise.
    func readIfCached(path: String) -> SceneFileRead? {
        readIfCached?(path).map { Self.outcome(.read($0)) }
    }

    /// Reads the file at `path` on the pool (the caller has tried ``readIfCached(path:)`` first where that pays:
    /// a save). Cancelled, or after ``patience``, it returns at once, whatever the read still waits for on its
    /// thread.
    func read(path: String) async -> SceneFileRead {
        let read = self.read
        let once = ResumeOnce<Ending>()
        let timer = MultiThreadedEventLoopGroup.singleton.next().scheduleTask(in: Self.patience) {
            once.resume(.timedOut)
        }
        defer { timer.cancel() }
        let ending = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                once.set(continuation)
                pool.submit { state in once.resume(state == .active ? .read(read(path)) : .abandoned) }
            }
        } onCancel: {
            once.resume(.abandoned)
        }
        return Self.outcome(ending)
    }

    private static func outcome(_ ending: Ending) -> SceneFileRead {
        switch ending {
        case .read(.success(let bytes)):
            return .bytes(bytes)
        case .read(.failure(.missing)):
            return .missing
        case .read(.failure(let error)):
            return .failed(DiagnosticCode(rawValue: error.code) ?? .unreadable, reason: "\(error)")
        case .abandoned:
            return .failed(.unreadable, reason: "the read was abandoned: the daemon stopped it")
        case .timedOut:
            let seconds = Self.patience.nanoseconds / 1_000_000_000
            return .failed(.unreadable, reason: "it cannot be read: no answer in \(seconds) s")
        }
    }
}

/// A continuation resumed once, by whichever comes first: the work, or its cancellation.
final class ResumeOnce<Value: Sendable>: Sendable {
    private let state = Mutex<(continuation: CheckedContinuation<Value, Never>?, early: Value?, done: Bool)>(
        (nil, nil, false))

    func set(_ continuation: CheckedContinuation<Value, Never>) {
        let early = state.withLock { state -> Value? in
            guard state.done else {
                state.continuation = continuation
                return nil
            }
            return state.early
        }
        if let early { continuation.resume(returning: early) }
    }

    func resume(_ value: Value) {
        let continuation = state.withLock { state -> CheckedContinuation<Value, Never>? in
            guard !state.done else { return nil }
            state.done = true
            guard let continuation = state.continuation else {
                state.early = value
                return nil
            }
            state.continuation = nil
            return continuation
        }
        continuation?.resume(returning: value)
    }
}
