import Logging
import NIOCore
import NIOPosix
import PlaygroundProtocol
import SceneService

/// `layoutd` as a library: the watcher, the clock and the socket server
/// around one ``Daemon``. The viewer runs it in-process when no daemon
/// listens; `layoutd` runs it from the command line.
///
/// ```swift
/// let server = PlaygroundServer(ServerConfiguration(paths: ["Playgrounds"], socketPath: path, clock: .manual))
/// try await server.run()   // until cancelled: then clients are closed and the socket file removed
/// ```
public struct PlaygroundServer: Sendable {
    public let configuration: ServerConfiguration

    public init(_ configuration: ServerConfiguration) {
        self.configuration = configuration
    }

    /// Serves until the task is cancelled (SIGINT and SIGTERM cancel it in
    /// `layoutd`): the socket is bound once the watched files have loaded,
    /// so a client that connects sees every scene.
    /// - Throws: `ServerError` when the socket path is taken or `layout-watch` cannot start.
    public func run() async throws {
        // One event loop holds the daemon, its sockets and the watcher's pipe; every task here prefers it.
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let executor = EventLoopExecutor(loop)
        try await withTaskExecutorPreference(executor) {
            try await serve(on: loop, executor: executor)
        }
    }

    private func serve(on group: any EventLoop, executor: EventLoopExecutor) async throws {
        let logger = configuration.logger
        // The daemon's own threads for blocking calls (reading scene files, reaping layout-watch, trimming the
        // heap): more than the reads that run at once, so that a few stuck on a slow disk leave the others room.
        // Not waited for at the end: a read stuck in the kernel must not hold up a shutdown.
        let pool = NIOThreadPool(numberOfThreads: 2 * SceneService.concurrentReads)
        pool.start()
        defer { pool.shutdownGracefully { _ in } }
        guard let executable = configuration.watcherPath ?? FileSystem.executableFolder.map({ $0 + "/layout-watch" })
        else { throw ServerError.noWatcher("cannot find layout-watch beside this program") }
        let turn = try await SocketTurn.make(on: group)
        defer { turn.close() }
        let grace = Duration.seconds(configuration.removalGrace.isFinite ? max(0, configuration.removalGrace) : 0.2)
        let roots = SceneRoot.roots(for: configuration.paths)
        let service = SceneService(
            roots: roots, fps: configuration.fps, removalGrace: grace,
            reader: SceneFileLoader(
                read: configuration.readFile, readIfCached: configuration.readFileIfCached, pool: pool),
            translator: configuration.translator)
        let daemon = Daemon(configuration: configuration, executor: executor, service: service, turn: turn)
        let watcher = Watcher(
            roots: roots, executable: executable, daemon: daemon, pool: pool, turn: turn, logger: logger,
            group: group, removalGrace: grace)
        let (readiness, ready) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask {
                try await watcher.run { ready.yield() }
            }
            for await _ in readiness { break }
            let channel = try await SocketServer.bind(path: configuration.socketPath, group: group)
            logger.notice(
                "listening on \(configuration.socketPath) (\(configuration.clock.rawValue) clock, \(configuration.fps) fps)"
            )
            configuration.ready?(configuration.socketPath)
            defer { FileSystem.remove(configuration.socketPath) }
            if configuration.clock == .real {
                tasks.addTask { await Self.runClock(daemon, fps: configuration.fps) }
            }
            let server = SocketServer(daemon: daemon, path: configuration.socketPath, logger: logger)
            await withTaskCancellationHandler {
                do {
                    try await server.serve(channel)
                } catch {
                    logger.debug("the server stopped: \(error)")
                }
            } onCancel: {
                channel.channel.close(promise: nil)
            }
            await daemon.shutDown()
            tasks.cancelAll()
        }
    }

    /// The real clock: ticks at `fps` from a monotonic clock while a scene
    /// moves, and sleeps, making no wake-ups, while none does.
    static func runClock(_ daemon: Daemon, fps: Double) async {
        let interval = Duration.seconds(1 / fps)
        let clock = ContinuousClock()
        for await _ in daemon.movements {
            // Time is counted from when the daemon says it moves, so a wake-up that reaches here late (the clock
            // paused meanwhile) counts none of the time it was paused.
            guard await daemon.isMoving else { continue }
            var last = clock.now
            var next = last + interval
            repeat {
                try? await Task.sleep(until: next, clock: clock)
                if Task.isCancelled { return }
                let now = clock.now
                let elapsed = now - last
                last = now
                // Frames that could not be made in time are skipped, never queued.
                while next <= now { next += interval }
                await daemon.tick(elapsed.seconds)
            } while await daemon.isMoving
        }
    }
}
