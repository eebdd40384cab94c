import ArgumentParser
import Dispatch
import HostSystem
import Logging
import PlaygroundProtocol
import PlaygroundServer
import SceneService
import ServiceLifecycle
import SwiftImport
import UnixSignals

#if canImport(Glibc)
    import Glibc
#endif

@main
struct Layoutd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layoutd",
        abstract: "Watch scene files and serve their layouts and animations over a Unix socket.",
        discussion: """
            Watches the files and folders given (folders recursively, *.layout; by default Playgrounds), \
            reloads each scene on every save, and serves the protocol of docs/protocol.md on a Unix-domain \
            socket: by default $XDG_RUNTIME_DIR/layoutd.sock, or /tmp/layoutd-$UID/layoutd.sock in a folder \
            only this user can write to (made with mode 0700; one another user owns or can write to is \
            refused). SIGINT and SIGTERM shut it down cleanly, within a second, and remove the socket file.

            Examples:
              layoutd                                   # Playgrounds/, real clock at 60 fps
              layoutd Playgrounds/Quiz.layout --slow 10 # one scene, ten times slower
              layoutd scenes --socket /tmp/t.sock --clock manual   # for tests: time moves on 'step'
            """,
        version: "layoutd \(ServerConfiguration.version)"
    )

    @Argument(help: "Scene files and folders to watch.")
    var paths: [String] = ["Playgrounds"]

    @Option(
        help:
            "The socket's path (default: $LAYOUTD_SOCKET, $XDG_RUNTIME_DIR/layoutd.sock or /tmp/layoutd-$UID/layoutd.sock)."
    )
    var socket: String?

    @Option(help: "Frames per second of the clock.")
    var fps: Double = 60

    @Option(help: "real: time follows the clock; manual: time moves only on 'step' and 'settle'.")
    var clock: ClockOption = .real

    @Option(help: "Play animations this many times slower (the Simulator's slow animations: 10).")
    var slow: Double = 1

    @Option(
        help: """
            Seconds a scene whose file is gone waits for it to come back (an editor's or git's rename, a folder \
            replaced) before it is removed.
            """)
    var removalGrace: Double = 0.2

    @Option(
        help: """
            Write 'ready' and a new line to this descriptor, and close it, once the socket listens (every scene \
            loaded): what a parent process waits for, e.g. --ready-fd 1 with standard output a pipe.
            """)
    var readyFd: Int32?

    @Option(help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel: LogLevel = .notice

    enum LogLevel: String, ExpressibleByArgument, CaseIterable {
        case trace, debug, info, notice, warning, error, critical

        var level: Logger.Level { Logger.Level(rawValue: rawValue) ?? .notice }
    }

    enum ClockOption: String, ExpressibleByArgument, CaseIterable {
        case real, manual
    }

    func validate() throws {
        guard fps.isFinite, fps >= 1, fps <= 1000 else { throw ValidationError("--fps is from 1 to 1000, not \(fps)") }
        guard slow.isFinite, slow >= 0.01, slow <= 1000 else {
            throw ValidationError("--slow is from 0.01 to 1000, not \(slow)")
        }
        if let readyFd, readyFd < 0 || fcntl(readyFd, F_GETFD) < 0 {
            throw ValidationError("--ready-fd \(readyFd) is not an open descriptor")
        }
        guard removalGrace.isFinite, removalGrace >= 0, removalGrace <= 60 else {
            throw ValidationError("--removal-grace is from 0 to 60 seconds, not \(removalGrace)")
        }
    }

    func run() async throws {
        var logger = Logger(label: "layoutd") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = logLevel.level
        let environment = ProcessEnvironment.all
        var configuration = ServerConfiguration(
            paths: paths, socketPath: socket ?? ServerConfiguration.defaultSocketPath(environment: environment),
            clock: clock == .real ? .real : .manual, fps: fps, slow: slow, logger: logger,
            removalGrace: removalGrace)
        configuration.translator = SceneTranslator(importSwift: SwiftImporter.scene(of:))
        if let readyFd {
            configuration.ready = { _ in
                let line = Array("ready\n".utf8)
                _ = line.withUnsafeBytes { write(readyFd, $0.baseAddress, $0.count) }
                // Closed, so the parent reading it sees the end; a standard stream is pointed at /dev/null
                // instead, so that nothing opened later takes its number.
                if readyFd <= 2 {
                    let null = open("/dev/null", O_RDWR | O_CLOEXEC)
                    if null >= 0 {
                        dup2(null, readyFd)
                        close(null)
                    }
                } else {
                    close(readyFd)
                }
            }
        }
        let server = PlaygroundServer(configuration)
        let group = ServiceGroup(
            services: [ServerService(server: server)], gracefulShutdownSignals: [.sigterm, .sigint],
            cancellationSignals: [], logger: logger)
        do {
            try await group.run()
        } catch let error as ServerError {
            logger.critical("\(error)")
            throw ExitCode(error.exitCode)
        }
    }
}

/// The server as a service of the group, cancelled on a graceful shutdown.
struct ServerService: Service {
    let server: PlaygroundServer
    /// How long a shutdown may take before the process ends anyway.
    static let shutdownLimit = 0.9

    func run() async throws {
        let socketPath = server.configuration.socketPath
        let logger = server.configuration.logger
        try await withGracefulShutdownHandler {
            try await cancelWhenGracefulShutdown { try await server.run() }
        } onGracefulShutdown: {
            // Nothing should hold a shutdown up (files are read off the loop, clients are closed, layout-watch is
            // stopped), but a thread stuck in the kernel must not keep SIGTERM from ending the daemon.
            DispatchQueue.global().asyncAfter(deadline: .now() + Self.shutdownLimit) {
                logger.error("the shutdown took over \(Self.shutdownLimit) s; exiting now")
                unlink(socketPath)
                _exit(1)
            }
        }
    }
}

extension ServerError {
    /// 3 when another daemon has the socket, 1 otherwise.
    var exitCode: Int32 {
        if case .alreadyRunning = self { 3 } else { 1 }
    }
}
