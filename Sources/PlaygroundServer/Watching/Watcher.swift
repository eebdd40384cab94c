import FileWatching
import Logging
import NIOCore
import NIOPosix
import SceneLanguage

#if canImport(Glibc)
    import Glibc
#endif

/// Keeps the daemon's scenes in step with their files: runs `layout-watch`
/// (restarting it, with backoff, if it dies), turns its lines into reloads
/// with the ``SaveDetector``, reads each saved file and hands its text to
/// the ``Daemon``.
struct Watcher {
    /// A folder `layout-watch` watches, and which of its files count.
    struct Root: Sendable, Equatable {
        var folder: String
        /// The files that count when files were given; nil for a folder, whose every scene file counts.
        var files: Set<String>?
    }

    let roots: [Root]
    let executable: String
    let daemon: Daemon
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

    /// What `layout-watch` said or did.
    private enum Input: Sendable {
        case line(ByteBuffer)
        case ended
        case deadline
    }

    /// Runs until cancelled. `ready` is called once, when the first listing
    /// of every root has been loaded.
    func run(ready: @escaping @Sendable () -> Void) async throws {
        var detector = SaveDetector(removalGrace: removalGrace)
        var isReady = false
        var backoff = Duration.milliseconds(100)
        while !Task.isCancelled {
            let process = try WatcherProcess.start(executable: executable, folders: roots.map(\.folder))
            let (inputs, continuation) = AsyncStream.makeStream(of: Input.self)
            let (deadlines, nextDeadline) = AsyncStream.makeStream(
                of: ContinuousClock.Instant.self, bufferingPolicy: .bufferingNewest(1))
            // Cancelled (the daemon is shutting down): layout-watch is asked to end at once.
            let pid = process.pid
            await withTaskCancellationHandler {
                await withThrowingTaskGroup(of: Void.self) { tasks in
                    tasks.addTask { try await Self.readLines(from: process.output, group: group, into: continuation) }
                    tasks.addTask {
                        // The removal timer: wakes the loop when the detector's next deadline passes, and only then.
                        for await deadline in deadlines {
                            try await Task.sleep(until: deadline, clock: .continuous)
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
                        case .line(let bytes):
                            do {
                                let event = try WatchEvent(parsing: bytes.readableBytesView)
                                logIfAboutRoot(event)
                                actions = detector.handle(event, at: now)
                                if event.kind == .ready {
                                    backoff = .milliseconds(100)
                                    if !isReady {
                                        isReady = true
                                        ready()
                                    }
                                }
                            } catch {
                                logger.warning("layout-watch said something unexpected: \(error)")
                            }
                        }
                        for action in actions { await apply(action) }
                        if let deadline = detector.nextDeadline { nextDeadline.yield(deadline) }
                    }
                    nextDeadline.finish()
                    tasks.cancelAll()
                }
            } onCancel: {
                kill(pid, SIGTERM)
            }
            _ = process.reap()
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
    ) async throws {
        defer { continuation.yield(.ended) }
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

    /// Does what the detector says: reads a saved file and loads it, or removes a scene.
    private func apply(_ action: SaveDetector.Action) async {
        switch action {
        case .rescanAll:
            logger.notice("the inotify queue overflowed; every watched folder is listed again")
        case .changed(let index, let path):
            guard let scene = scene(root: index, path: path) else { return }
            guard let bytes = FileSystem.read(scene.path) else {
                logger.debug("cannot read \(scene.path) now; a later event will bring it")
                return
            }
            await daemon.load(name: scene.name, path: scene.path, source: SourceFile(name: scene.file, bytes: bytes))
        case .removed(let index, let path):
            guard let scene = scene(root: index, path: path) else { return }
            await daemon.remove(name: scene.name)
        }
    }

    /// The scene a file of a root is: its name (the path without `.layout`), how clients see its file, and where it is.
    func scene(root index: Int, path: String) -> (name: String, file: String, path: String)? {
        guard roots.indices.contains(index) else { return nil }
        let root = roots[index]
        if let files = root.files, !files.contains(path) { return nil }
        let name = String(path.dropLast(".layout".count))
        return (name, path, root.folder == "/" ? "/" + path : root.folder + "/" + path)
    }
}
