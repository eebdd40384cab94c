import Dispatch
import Logging
import PlaygroundClient
import PlaygroundProtocol
import PlaygroundServer

#if canImport(Glibc)
    import Glibc
#endif

/// The live viewer: attaches to the daemon on the socket (or, when none
/// listens, runs one in-process on the given paths, on the same socket, so
/// other viewers and `layoutctl` can attach to it), subscribes to every
/// scene, and draws the one shown whenever something changes, at most as
/// fast as the terminal takes it: a frame that comes while one is being
/// written replaces the one waiting, it does not queue behind it.
///
/// ```swift
/// let code = await ViewerApp(options).run()   // until q, Ctrl-C, SIGTERM or SIGHUP
/// ```
public struct ViewerApp: Sendable {
    public struct Options: Sendable {
        public var socketPath: String
        /// What to watch when the viewer has to start a daemon itself.
        public var paths: [String]
        /// The scene to show first; nil for the first one.
        public var scene: String?
        public var colorMode: ColorMode
        /// Where `layout-watch` is, for an in-process daemon; nil: beside this program.
        public var watcherPath: String?

        public init(
            socketPath: String, paths: [String], scene: String?, colorMode: ColorMode, watcherPath: String? = nil
        ) {
            self.socketPath = socketPath
            self.paths = paths
            self.scene = scene
            self.colorMode = colorMode
            self.watcherPath = watcherPath
        }
    }

    /// What reaches the main loop from the terminal and the system.
    enum Input: Sendable {
        case bytes([UInt8])
        case resize
        case terminate(String)
    }

    public let options: Options

    public init(_ options: Options) {
        self.options = options
    }

    /// Runs until the user quits; returns the exit status. The terminal is
    /// restored on every way out.
    public func run() async -> Int32 {
        guard TerminalScreen.enter() else {
            printError("layout-view: error: cannot put the terminal in raw mode")
            return 1
        }
        defer { TerminalScreen.restore() }
        let state = Locked(ViewerState(socketPath: options.socketPath, wanted: options.scene))
        let client = Locked<PlaygroundClient?>(nil)
        let failure = Locked<String?>(nil)
        let (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let (inputs, input) = AsyncStream.makeStream(of: Input.self)
        let sources = Self.listen(input)
        defer { for source in sources { source.cancel() } }
        let resized = Locked(true)

        await withTaskGroup(of: Void.self) { tasks in
            tasks.addTask {
                await Self.draw(state: state, wakes: wakes, resized: resized, colorMode: options.colorMode)
            }
            tasks.addTask {
                // Once a second, so that the frame rate on the status line falls to 0 when nothing moves.
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(1))
                    wake.yield()
                }
            }
            tasks.addTask {
                await connect(state: state, client: client, failure: failure, wake: wake)
                // Only an in-process daemon that could not start ends the connection loop.
                input.yield(.terminate("the daemon stopped"))
            }
            var decoder = KeyDecoder()
            loop: for await event in inputs {
                switch event {
                case .resize:
                    resized.withLock { $0 = true }
                case .terminate:
                    break loop
                case .bytes(let bytes):
                    for key in decoder.decode(bytes) {
                        let commands = state.withLock { $0.handle(key) }
                        for command in commands {
                            if command == .quit { break loop }
                            send(command, client: client.withLock { $0 }, state: state, wake: wake)
                        }
                    }
                }
                wake.yield()
            }
            tasks.cancelAll()
        }
        if let message = failure.withLock({ $0 }) {
            TerminalScreen.restore()
            printError("layout-view: error: \(message)")
            return 1
        }
        return 0
    }

    // MARK: Drawing

    static func draw(
        state: Locked<ViewerState>, wakes: AsyncStream<Void>, resized: Locked<Bool>, colorMode: ColorMode
    ) async {
        var encoder = ScreenEncoder(colorMode: colorMode)
        var drawn: [ContinuousClock.Instant] = []
        let clock = ContinuousClock()
        var lastFrame: (scene: String?, seq: Int)? = nil
        for await _ in wakes {
            if resized.withLock({ flag in
                defer { flag = false }
                return flag
            }) {
                encoder.invalidate()
            }
            let (columns, rows) = TerminalScreen.size() ?? (80, 24)
            let now = clock.now
            drawn.removeAll { now - $0 > .seconds(1) }
            let grid = state.withLock { state in
                // Only a new frame of the scene shown counts as a frame drawn.
                let key = (state.current, state.frame?.seq ?? -1)
                if lastFrame.map({ $0.scene != key.0 || $0.seq != key.1 }) ?? true {
                    drawn.append(now)
                    lastFrame = key
                }
                state.drawnPerSecond = drawn.count
                return ScreenComposer.compose(state, columns: columns, rows: rows)
            }
            let bytes = encoder.encode(grid)
            if !bytes.isEmpty { TerminalScreen.write(bytes) }
        }
    }

    // MARK: The daemon

    /// Attaches to the daemon, again and again while it comes and goes; starts
    /// one in-process when none listens at the first try. Returns only when
    /// the in-process daemon fails.
    private func connect(
        state: Locked<ViewerState>, client current: Locked<PlaygroundClient?>, failure: Locked<String?>,
        wake: AsyncStream<Void>.Continuation
    ) async {
        var server: Task<Void, Never>? = nil
        var delay = Duration.milliseconds(50)
        var attempts = 0
        reconnecting: while !Task.isCancelled {
            attempts += 1
            do {
                try await PlaygroundClient.withConnection(to: options.socketPath) { client in
                    delay = .milliseconds(50)
                    current.withLock { $0 = client }
                    defer { current.withLock { $0 = nil } }
                    let info = try await client.hello()
                    let clock = info.clock == .real ? try? await client.clock() : nil
                    let scenes = try await client.scenes()
                    state.withLock {
                        $0.connection = .connected(inProcess: server != nil)
                        if let clock { $0.clock = clock }
                        $0.apply(scenes: scenes)
                    }
                    wake.yield()
                    for await event in try await client.allEvents() {
                        state.withLock { $0.apply(event) }
                        switch event {
                        case .reload, .diagnostics, .removed:
                            // A new generation may have other actions; the list says.
                            if let scenes = try? await client.scenes() {
                                state.withLock { $0.apply(scenes: scenes) }
                            }
                        case .frame: break
                        }
                        wake.yield()
                    }
                }
                if Task.isCancelled { break reconnecting }
                state.withLock { $0.connection = .lost("the connection closed") }
            } catch ClientError.noDaemon(_, let reason) {
                if server == nil && attempts == 1 {
                    server = startServer(failure: failure)
                } else if server != nil, failure.withLock({ $0 }) != nil {
                    break reconnecting
                } else if server == nil {
                    state.withLock { $0.connection = .lost(Self.shortReason(reason)) }
                }
            } catch {
                state.withLock { $0.connection = .lost("\(error)") }
            }
            wake.yield()
            try? await Task.sleep(for: delay)
            delay = min(delay * 2, .seconds(1))
        }
        // An in-process daemon shuts down before the viewer exits: clients closed, socket file removed.
        if let server {
            server.cancel()
            await server.value
        }
    }

    /// Runs `PlaygroundServer` in this process on the viewer's socket.
    private func startServer(failure: Locked<String?>) -> Task<Void, Never> {
        let configuration = ServerConfiguration(
            paths: options.paths, socketPath: options.socketPath, clock: .real,
            logger: Logger(label: "layout-view", factory: { _ in SwiftLogNoOpLogHandler() }),
            watcherPath: options.watcherPath)
        return Task {
            do {
                try await PlaygroundServer(configuration).run()
            } catch {
                failure.withLock { $0 = "the in-process daemon could not start: \(error)" }
            }
        }
    }

    private static func shortReason(_ reason: String) -> String {
        reason.contains("connect") || reason.contains("No such file") ? "no daemon is listening" : reason
    }

    /// Sends what a key asked for; the answer (or the error) shows on the status line.
    private func send(
        _ command: ViewerState.Command, client: PlaygroundClient?, state: Locked<ViewerState>,
        wake: AsyncStream<Void>.Continuation
    ) {
        guard let client else {
            state.withLock { $0.notice = "not connected" }
            return
        }
        Task {
            do {
                switch command {
                case .quit: break
                case .clock(let paused, let slow):
                    let clock = try await client.clock(paused: paused, slow: slow)
                    state.withLock {
                        $0.clock = clock
                        $0.notice = nil
                    }
                case .reload(let scene):
                    try await client.reload(scene)
                case .run(let action, let scene):
                    try await client.run(action, in: scene)
                }
            } catch ClientError.daemon(_, let message, _) {
                state.withLock { $0.notice = message }
            } catch {
                state.withLock { $0.notice = "\(error)" }
            }
            wake.yield()
        }
    }

    // MARK: The terminal and the system

    /// Keys from standard input; SIGWINCH; SIGTERM, SIGHUP and SIGINT, which end the viewer.
    private static func listen(_ input: AsyncStream<Input>.Continuation) -> [any DispatchSourceProtocol] {
        let queue = DispatchQueue(label: "layout-view.input")
        let reader = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: queue)
        reader.setEventHandler {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            if count > 0 {
                input.yield(.bytes(Array(buffer[0..<count])))
            } else if count == 0 {
                input.yield(.terminate("the terminal closed"))
                reader.cancel()
            }
        }
        reader.resume()
        var sources: [any DispatchSourceProtocol] = [reader]
        for (number, name) in [(SIGWINCH, "SIGWINCH"), (SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP"), (SIGINT, "SIGINT")] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { input.yield(number == SIGWINCH ? .resize : .terminate(name)) }
            source.resume()
            sources.append(source)
        }
        return sources
    }
}

/// Writes a line to standard error with every control, format or separator character escaped (`\u{1B}`): a
/// message may quote a path or what a daemon said.
func printError(_ message: String) {
    var shown = ""
    for scalar in message.unicodeScalars {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator:
            shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        default:
            shown.unicodeScalars.append(scalar)
        }
    }
    let bytes = Array((shown + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}
