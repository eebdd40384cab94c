import FileWatching
import HostSystem
import Logging
import NIOCore
import NIOPosix
import SceneLanguage

#if canImport(Glibc)
    import Glibc
#endif

/// Keeps the daemon's scenes in step with their files: runs `layout-watch`
/// (restarting it, with backoff, if it dies), turns its lines into reloads
/// with the ``SaveDetector``, reads each saved file on the blocking pool
/// (``SceneFileLoader``) and hands its text, or why it cannot be read, to the
/// ``Daemon``.
///
/// One loop takes everything in order: `layout-watch`'s lines, the removal
/// timer, and the reads as they finish. A file is read once at a time
/// and a few files at once (``PendingReads``); between two loads the loop yields, so that clients
/// are answered while thousands of files load.
struct Watcher {
    /// A folder `layout-watch` watches, and which of its files count.
    struct Root: Sendable, Equatable {
        var folder: String
        /// The files that count when files were given; nil for a folder, whose every scene file counts.
        var files: Set<String>?
    }

    /// How long the loop works at most before it lets the event loop serve clients.
    static let slice = Duration.milliseconds(2)

    let roots: [Root]
    let executable: String
    let daemon: Daemon
    let loader: SceneFileLoader
    /// What the loop awaits between slices of its work, so that the event loop serves clients meanwhile.
    let turn: SocketTurn
    let logger: Logger
    let group: any EventLoopGroup
    /// How long a scene whose file is gone waits for it to come back before it is removed.
    let removalGrace: Duration

    /// The roots of the paths given: a folder is watched whole; a file through its folder. Each folder is
    /// one root (layout-watch reports a folder under one root only): files of the same folder share it, and
    /// the folder given itself takes them all.
    static func roots(for paths: [String]) -> [Root] {
        var roots: [Root] = []
        for path in paths {
            let absolute = FileSystem.absolute(path)
            var root: Root
            if FileSystem.isFolder(absolute) {
                root = Root(folder: absolute, files: nil)
            } else if let slash = absolute.lastIndex(of: "/") {
                let folder = absolute[..<slash].isEmpty ? "/" : String(absolute[..<slash])
                root = Root(folder: folder, files: [String(absolute[absolute.index(after: slash)...])])
            } else {
                root = Root(folder: ".", files: [absolute])
            }
            if let index = roots.firstIndex(where: { $0.folder == root.folder }) {
                if let files = root.files, let known = roots[index].files {
                    roots[index].files = known.union(files)
                } else {
                    roots[index].files = nil
                }
            } else {
                roots.append(root)
            }
        }
        return roots
    }

    /// What `layout-watch` said or did, or a read that ended.
    private enum Input: Sendable {
        case line(ByteBuffer)
        case ended
        case deadline
        case read(SceneFile, SceneFileLoader.Outcome)
        /// A while after scenes were removed: time to give their memory back to the system.
        case trim
    }

    /// How long after the first of a run of removals the memory of removed scenes is given back: once a
    /// second at most, whether the removals stop or trickle on.
    static let trimDelay = Duration.seconds(1)
    /// How many scenes must have gone since the last time for the memory to be worth giving back.
    static let trimRemovals = 64

    /// A scene file of a root: its scene's name (the path without `.layout`), how clients see the file, and where
    /// it is.
    struct SceneFile: Sendable, Equatable {
        var name: String
        var file: String
        var path: String
    }

    /// Runs until cancelled. `ready` is called once, when the first listing
    /// of every root has been loaded.
    func run(ready: @escaping @Sendable () -> Void) async throws {
        var detector = SaveDetector(removalGrace: removalGrace)
        var reads = PendingReads()
        /// The first listing is complete (`ready`); the socket opens once its files are loaded too.
        var listed = false
        var isReady = false
        var backoff = Duration.milliseconds(100)
        var lastYield = ContinuousClock.now
        var removalsSinceTrim = 0
        var trimScheduled = false
        while !Task.isCancelled {
            let process = try WatcherProcess.start(executable: executable, folders: roots.map(\.folder))
            let (inputs, continuation) = AsyncStream.makeStream(of: Input.self)
            let (deadlines, nextDeadline) = AsyncStream.makeStream(
                of: ContinuousClock.Instant.self, bufferingPolicy: .bufferingNewest(1))
            // Cancelled (the daemon is shutting down): layout-watch is asked to end at once.
            let pid = process.pid
            await withTaskCancellationHandler {
                await withDiscardingTaskGroup { tasks in
                    tasks.addTask { await Self.readLines(from: process.output, group: group, into: continuation) }
                    tasks.addTask {
                        // The removal timer: wakes the loop when the detector's next deadline passes, and only then.
                        for await deadline in deadlines {
                            guard (try? await Task.sleep(until: deadline, clock: .continuous)) != nil else { return }
                            continuation.yield(.deadline)
                        }
                    }
                    for await input in inputs {
                        let now = ContinuousClock.now
                        var actions: [SaveDetector.Action] = []
                        switch input {
                        case .ended:
                            continuation.finish()
                        case .deadline:
                            actions = detector.tick(at: now)
                        case .trim:
                            trimScheduled = false
                            if removalsSinceTrim >= Self.trimRemovals {
                                removalsSinceTrim = 0
                                // Off the loop: trimming a large heap takes milliseconds.
                                try? await loader.pool.runIfActive { Memory.returnFreePages() }
                            }
                        case .read(let scene, let outcome):
                            let (verdict, next) = reads.finished(scene)
                            for file in next { startReading(file, in: &tasks, into: continuation) }
                            if verdict == .apply { await apply(outcome, of: scene) }
                        case .line(let bytes):
                            do {
                                let event = try WatchEvent(parsing: bytes.readableBytesView)
                                logIfAboutRoot(event)
                                actions = detector.handle(event, at: now)
                                if event.kind == .ready {
                                    backoff = .milliseconds(100)
                                    listed = true
                                }
                            } catch {
                                logger.warning("layout-watch said something unexpected: \(error)")
                            }
                        }
                        var removed = 0
                        for action in actions {
                            // A checkout's thousands of removals come in one tick: clients are served meanwhile.
                            if ContinuousClock.now - lastYield > Self.slice {
                                await turn.wait()
                                lastYield = .now
                            }
                            switch action {
                            case .rescanAll:
                                logger.notice("the inotify queue overflowed; every watched folder is listed again")
                            case .changed(let index, let path):
                                guard let scene = scene(root: index, path: path) else { continue }
                                if let file = reads.changed(scene) {
                                    startReading(file, in: &tasks, into: continuation)
                                }
                            case .removed(let index, let path):
                                guard let scene = scene(root: index, path: path) else { continue }
                                reads.removed(scene.path)
                                await daemon.remove(name: scene.name)
                                removed += 1
                            }
                        }
                        // The memory of the scenes removed goes back to the system, not only to malloc's free
                        // lists, once the removals are over.
                        if removed > 0 {
                            removalsSinceTrim += removed
                            if !trimScheduled {
                                trimScheduled = true
                                tasks.addTask {
                                    try? await Task.sleep(for: Self.trimDelay)
                                    continuation.yield(.trim)
                                }
                            }
                        }
                        if let deadline = detector.nextDeadline { nextDeadline.yield(deadline) }
                        if listed && !isReady && reads.isEmpty {
                            isReady = true
                            ready()
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
            _ = try? await loader.pool.runIfActive { process.reap() }
            // Reads still under way were dropped with the stream; the next listing reads every file again. A trim
            // that was waiting went with the tasks: the next removal schedules another.
            reads = PendingReads()
            trimScheduled = false
            guard !Task.isCancelled else { return }
            logger.warning("layout-watch ended; starting it again in \(backoff)")
            try await Task.sleep(for: backoff)
            backoff = min(backoff * 2, .seconds(5))
            // What changed while no one watched: the new listing reloads what it finds, and removes the rest.
            _ = detector.handle(WatchEvent(.overflow), at: .now)
        }
    }

    /// Reads the pipe's lines into the stream until the pipe closes.
    private static func readLines(
        from fd: CInt, group: any EventLoopGroup, into continuation: AsyncStream<Input>.Continuation
    ) async {
        defer { continuation.yield(.ended) }
        do {
            let channel = try await NIOPipeBootstrap(group: group).takingOwnershipOfDescriptor(input: fd) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(LineFrameDecoder()))
                    return try NIOAsyncChannel<InboundLine, Never>(wrappingChannelSynchronously: channel)
                }
            }
            try await channel.executeThenClose { inbound in
                for try await line in inbound {
                    if case .line(let bytes) = line { continuation.yield(.line(bytes)) }
                }
            }
        } catch {
            // The pipe failed: as if layout-watch had ended, which restarts it.
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

    /// Reads a scene file on the blocking pool; the outcome comes back into the loop's inputs.
    private func startReading(
        _ scene: SceneFile, in tasks: inout DiscardingTaskGroup, into continuation: AsyncStream<Input>.Continuation
    ) {
        let loader = self.loader
        tasks.addTask { continuation.yield(.read(scene, await loader.load(path: scene.path, file: scene.file))) }
    }

    /// Hands what a read gave to the daemon: the new text, or why the file cannot be read.
    private func apply(_ outcome: SceneFileLoader.Outcome, of scene: SceneFile) async {
        switch outcome {
        case .source(let source):
            await daemon.load(name: scene.name, path: scene.path, source: source)
        case .problem(let diagnostic):
            logger.warning("cannot load \(shown(scene.path)): \(diagnostic.message)")
            await daemon.fail(name: scene.name, path: scene.path, file: scene.file, diagnostic: diagnostic)
        case .gone:
            logger.debug("\(shown(scene.path)) went before it was read; its removal follows")
        }
    }

    /// The scene a file of a root is; nil for a file of a root given as files that is not among them.
    func scene(root index: Int, path: String) -> SceneFile? {
        guard roots.indices.contains(index) else { return nil }
        let root = roots[index]
        if let files = root.files, !files.contains(path) { return nil }
        let name = String(path.dropLast(".layout".count))
        return SceneFile(name: name, file: path, path: root.folder == "/" ? "/" + path : root.folder + "/" + path)
    }
}

/// The scene files being read, by path: one read of a file at a time, at most ``concurrency`` reads at once
/// (the others wait their turn, in order), and no result applied that a later change or a removal made stale.
///
/// The bound matters for a checkout of thousands of files: every read that ends is a task the event loop runs
/// before it looks at its sockets again, so thousands of reads ending together would keep clients waiting.
struct PendingReads {
    /// Reads under way at most.
    static let concurrency = 4

    private enum State {
        /// Waiting for its turn.
        case queued
        /// Waiting for its turn, and removed meanwhile: skipped when its turn comes, unless it changes again.
        case queuedThenRemoved
        case reading
        /// Changed again while being read: drop what the read under way brings, and read it again.
        case readAgain
        /// Removed while being read: drop what the read brings.
        case dropped
    }

    /// What to do with what a read brought.
    enum Verdict: Equatable {
        case apply
        /// Drop it: the file changed since, and is read again, or is gone.
        case drop
    }

    private var states: [String: State] = [:]
    private var waiting: [Watcher.SceneFile] = []
    private var head = 0
    private var running = 0

    /// Whether no read is under way or waiting.
    var isEmpty: Bool { states.isEmpty }

    /// The file changed: the read to start now, if it is its turn.
    mutating func changed(_ file: Watcher.SceneFile) -> Watcher.SceneFile? {
        switch states[file.path] {
        case .queued:
            return nil
        case .queuedThenRemoved:
            states[file.path] = .queued
            return nil
        case .reading, .readAgain, .dropped:
            states[file.path] = .readAgain
            return nil
        case nil:
            guard running < Self.concurrency else {
                states[file.path] = .queued
                waiting.append(file)
                return nil
            }
            states[file.path] = .reading
            running += 1
            return file
        }
    }

    /// The file's scene was removed: a read under way or waiting brings nothing.
    mutating func removed(_ path: String) {
        switch states[path] {
        case .queued, .queuedThenRemoved: states[path] = .queuedThenRemoved
        case .reading, .readAgain, .dropped: states[path] = .dropped
        case nil: break
        }
    }

    /// A read of `file` ended: what to do with its outcome, and the reads to start now.
    mutating func finished(_ file: Watcher.SceneFile) -> (verdict: Verdict, start: [Watcher.SceneFile]) {
        running -= 1
        let verdict: Verdict
        switch states.removeValue(forKey: file.path) {
        case .readAgain:
            verdict = .drop
            states[file.path] = .queued
            waiting.append(file)
        case .dropped:
            verdict = .drop
        case .reading, .queued, .queuedThenRemoved, nil:
            verdict = .apply
        }
        var start: [Watcher.SceneFile] = []
        while running < Self.concurrency && head < waiting.count {
            let next = waiting[head]
            head += 1
            switch states[next.path] {
            case .queued:
                states[next.path] = .reading
                running += 1
                start.append(next)
            case .queuedThenRemoved:
                // Removed while it waited: not read at all.
                states[next.path] = nil
            case .reading, .readAgain, .dropped, nil:
                continue
            }
        }
        if head == waiting.count {
            waiting.removeAll(keepingCapacity: waiting.count < 1024)
            head = 0
        }
        return (verdict, start)
    }
}
