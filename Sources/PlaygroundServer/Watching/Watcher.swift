import FileWatching
import HostSystem
import Logging
import NIOCore
import NIOPosix
import SceneService

#if canImport(Glibc)
    import Glibc
#endif

/// Keeps `layout-watch` running for the daemon: starts it (again, with backoff, if it ends), hands its lines to
/// the ``Daemon``, whose ``SceneService`` turns them into reads and removals, runs those reads (on the blocking
/// pool, through the service's reader) and the removal timer, and says when the first listing has loaded.
///
/// One loop takes everything in order: `layout-watch`'s lines, the removal timer, and the reads as they finish.
/// Between two loads, and between slices of other work, the loop yields, so that clients are answered while
/// thousands of files load.
struct Watcher {
    /// How long the loop works at most before it lets the event loop serve clients.
    static let slice = Duration.milliseconds(2)

    let roots: [SceneRoot]
    let executable: String
    let daemon: Daemon
    /// The daemon's pool for blocking calls: reaping `layout-watch`, trimming the heap.
    let pool: NIOThreadPool
    /// What the loop awaits between slices of its work, so that the event loop serves clients meanwhile.
    let turn: SocketTurn
    let logger: Logger
    let group: any EventLoopGroup
    /// How long a scene whose file is gone waits for it to come back before it is removed, for the log.
    let removalGrace: Duration

    /// What `layout-watch` said or did, or a read that ended.
    private enum Input: Sendable {
        case line(ByteBuffer)
        case ended
        case deadline
        /// Boxed: the stream holds every line of a burst of file events (18,000 in a flood), each as large as the
        /// largest case, and a read's result carries an imported scene.
        indirect case read(SceneReadResult)
        /// `layout-watch` started again after it ended.
        case restarted
        /// A while after scenes were removed: time to give their memory back to the system.
        case trim
    }

    /// How long after the first of a run of removals the memory of removed scenes is given back: once a
    /// second at most, whether the removals stop or trickle on.
    static let trimDelay = Duration.seconds(1)
    /// How many scenes must have gone since the last time for the memory to be worth giving back.
    static let trimRemovals = 64

    /// Runs until cancelled. `ready` is called once, when the first listing
    /// of every root has been loaded.
    func run(ready: @escaping @Sendable () -> Void) async throws {
        /// The first listing is complete (`ready`); the socket opens once its files are loaded too.
        var listed = false
        var isReady = false
        var backoff = Duration.milliseconds(100)
        var lastYield = ContinuousClock.now
        var removalsSinceTrim = 0
        var trimScheduled = false
        var restarted = false
        while !Task.isCancelled {
            let process = try WatcherProcess.start(executable: executable, folders: roots.map(\.folder))
            let (inputs, continuation) = AsyncStream.makeStream(of: Input.self)
            let (deadlines, nextDeadline) = AsyncStream.makeStream(
                of: ContinuousClock.Instant.self, bufferingPolicy: .bufferingNewest(1))
            // Cancelled (the daemon is shutting down): layout-watch is asked to end at once.
            let pid = process.pid
            await withTaskCancellationHandler {
                await withDiscardingTaskGroup { tasks in
                    // Before any line of the new listing: what fell due while no one watched.
                    if restarted { continuation.yield(.restarted) }
                    tasks.addTask {
                        await WatcherLines.read(from: process.output, group: group) { continuation.yield(.line($0)) }
                        continuation.yield(.ended)
                    }
                    tasks.addTask {
                        // The removal timer: wakes the loop when the next removal falls due, and only then.
                        for await deadline in deadlines {
                            guard (try? await Task.sleep(until: deadline, clock: .continuous)) != nil else { return }
                            continuation.yield(.deadline)
                        }
                    }
                    for await input in inputs {
                        var progress: FileProgress?
                        switch input {
                        case .ended:
                            continuation.finish()
                        case .deadline:
                            progress = await daemon.removalsDue()
                        case .trim:
                            trimScheduled = false
                            if removalsSinceTrim >= Self.trimRemovals {
                                removalsSinceTrim = 0
                                // Off the loop: trimming a large heap takes milliseconds.
                                try? await pool.runIfActive { Memory.returnFreePages() }
                            }
                        case .read(let result):
                            progress = await daemon.finished(result)
                        case .restarted:
                            progress = await daemon.watcherRestarted()
                        case .line(let bytes):
                            do {
                                let event = try WatchEvent(parsing: bytes.readableBytesView)
                                logIfAboutRoot(event)
                                progress = await daemon.watched(event)
                                if event.kind == .ready {
                                    backoff = .milliseconds(100)
                                    listed = true
                                }
                            } catch {
                                logger.warning("layout-watch said something unexpected: \(error)")
                            }
                        }
                        if let progress {
                            for read in progress.reads {
                                // A file in memory (a save) is read here and now, and loads as the next input: no
                                // task, no hop to a thread and back. Any other is read in a task of its own.
                                if let result = read.performAtOnce() {
                                    continuation.yield(.read(result))
                                } else {
                                    tasks.addTask { continuation.yield(.read(await read.perform())) }
                                }
                            }
                            // The memory of the scenes removed goes back to the system, not only to malloc's free
                            // lists, once the removals are over.
                            if progress.removed > 0 {
                                removalsSinceTrim += progress.removed
                                if !trimScheduled {
                                    trimScheduled = true
                                    tasks.addTask {
                                        try? await Task.sleep(for: Self.trimDelay)
                                        continuation.yield(.trim)
                                    }
                                }
                            }
                            if let deadline = progress.nextRemoval { nextDeadline.yield(deadline) }
                            if listed && !isReady && !progress.isReading {
                                isReady = true
                                ready()
                            }
                        }
                        // Clients are served between two loads, and between slices of other work (a checkout's
                        // thousands of lines), however many files a checkout brings.
                        if case .read = input {
                            await turn.wait()
                            lastYield = .now
                        } else if ContinuousClock.now - lastYield > Self.slice {
                            await turn.wait()
                            lastYield = .now
                        }
                    }
                    nextDeadline.finish()
                    tasks.cancelAll()
                }
            } onCancel: {
                kill(pid, SIGTERM)
            }
            // Off the loop: reaping may wait for a layout-watch that has closed its output but not ended yet.
            _ = try? await pool.runIfActive { process.reap() }
            // Reads still under way were dropped with the stream; the next listing reads every file again. A trim
            // that was waiting went with the tasks: the next removal schedules another.
            trimScheduled = false
            guard !Task.isCancelled else { return }
            logger.warning("layout-watch ended; starting it again in \(backoff)")
            try await Task.sleep(for: backoff)
            backoff = min(backoff * 2, .seconds(5))
            restarted = true
        }
    }

    /// Says when a watched folder goes, and when it is back.
    private func logIfAboutRoot(_ event: WatchEvent) {
        guard roots.indices.contains(event.root) else { return }
        let folder = roots[event.root].folder
        let milliseconds = Int((removalGrace / .milliseconds(1)).rounded())
        switch event.kind {
        case .deleteSelf, .moveSelf:
            let how = event.kind == .deleteSelf ? "deleted" : "moved away"
            logger.notice(
                """
                the watched folder '\(folder)' was \(how); its scenes are removed in \(milliseconds) ms unless it \
                comes back; watching for it to reappear
                """)
        case .rewatch:
            logger.notice("'\(folder)' is back: listing it again")
        default:
            break
        }
    }
}
