import Dispatch
import HostSystem
import PlaygroundClient
import PlaygroundProtocol
import SceneLanguage
import Viewer

/// The live viewer: attaches to the daemon on the socket (or, when none
/// listens, runs one in-process on the given paths, on the same socket, so
/// other viewers and `layoutctl` can attach to it), subscribes to every
/// scene, and draws the one shown whenever something changes, at most as
/// fast as the terminal takes it: a frame that comes while one is being
/// written replaces the one waiting, it does not queue behind it.
///
/// Its work runs in one task group, which `q`, Ctrl-C, SIGTERM or SIGHUP
/// ends: the drawing, the daemon's connection (and an in-process daemon),
/// the requests keys make, and a redraw once a second; keys and signals
/// come from dispatch sources (``TerminalEvent``). What it shows and what a
/// key does are decided by ``ViewerState`` and ``ScreenComposer``: this is
/// their I/O.
///
/// ```swift
/// let code = await ViewerApp(options).run()   // until q, Ctrl-C, SIGTERM or SIGHUP
/// ```
struct ViewerApp: Sendable {
    struct Options: Sendable {
        var socketPath: String
        /// What to watch when the viewer has to start a daemon itself.
        var paths: [String]
        /// The scene to show first; nil for the first one.
        var scene: String?
        var colorMode: ColorMode
        /// Whether views' names are drawn at first (`n` turns them off and on).
        var names = true
        /// Where `layout-watch` is, for an in-process daemon; nil: beside this program.
        var watcherPath: String?
    }

    /// What a key asked of the daemon, and the connection it was asked on.
    struct Request: Sendable {
        var command: ViewerState.Command
        var client: PlaygroundClient
    }

    let options: Options

    init(_ options: Options) {
        self.options = options
    }

    /// Runs until the user quits; returns the exit status. The terminal is
    /// restored on every way out.
    func run() async -> Int32 {
        guard TerminalScreen.enter() else {
            printError("layout-view: error: cannot put the terminal in raw mode")
            return 1
        }
        defer { TerminalScreen.restore() }
        var initial = ViewerState(socketPath: options.socketPath, wanted: options.scene)
        initial.showsNames = options.names
        let state = Locked(initial)
        let client = Locked<PlaygroundClient?>(nil)
        let failure = Locked<String?>(nil)
        let (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let (requests, request) = AsyncStream.makeStream(of: Request.self)
        let (events, event) = AsyncStream.makeStream(of: TerminalEvent.self)
        let sources = TerminalEvent.listen(event)
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
                event.yield(.terminate("the daemon stopped"))
            }
            tasks.addTask {
                await Self.answer(requests, state: state, wake: wake)
            }
            var decoder = KeyDecoder()
            loop: for await input in events {
                switch input {
                case .resize:
                    resized.withLock { $0 = true }
                case .terminate:
                    break loop
                case .bytes(let bytes):
                    for key in decoder.decode(bytes) {
                        let commands = state.withLock { $0.handle(key) }
                        for command in commands {
                            if command == .quit { break loop }
                            if let connection = client.withLock({ $0 }) {
                                request.yield(Request(command: command, client: connection))
                            } else {
                                state.withLock { $0.notice = "not connected" }
                            }
                        }
                    }
                }
                wake.yield()
            }
            tasks.cancelAll()
        }
        if let message = failure.withLock({ $0 }) {
            TerminalScreen.restore()
            printError(escapedForTerminal("layout-view: error: \(message)"))
            return 1
        }
        return 0
    }

    // MARK: Drawing

    static func draw(
        state: Locked<ViewerState>, wakes: AsyncStream<Void>, resized: Locked<Bool>, colorMode: ColorMode
    ) async {
        var encoder = ScreenEncoder(colorMode: colorMode)
        var rate = FrameRate()
        let clock = ContinuousClock()
        for await _ in wakes {
            if resized.withLock({ flag in
                defer { flag = false }
                return flag
            }) {
                encoder.invalidate()
            }
            let (columns, rows) = TerminalScreen.size() ?? (80, 24)
            let now = clock.now
            let grid = state.withLock { state in
                state.drawnPerSecond = rate.count(state, at: now)
                return ScreenComposer.compose(state, columns: columns, rows: rows)
            }
            let bytes = encoder.encode(grid)
            if !bytes.isEmpty { TerminalScreen.write(bytes) }
        }
    }

    // MARK: Requests

    /// Sends what keys asked for, each as it comes, without waiting for the
    /// answers before; an answer (or the error) shows on the status line. A
    /// request still waiting when the viewer quits ends with its connection.
    static func answer(
        _ requests: AsyncStream<Request>, state: Locked<ViewerState>, wake: AsyncStream<Void>.Continuation
    ) async {
        await withDiscardingTaskGroup { sending in
            for await request in requests {
                sending.addTask {
                    await send(request, state: state)
                    wake.yield()
                }
            }
        }
    }

    private static func send(_ request: Request, state: Locked<ViewerState>) async {
        let client = request.client
        do {
            switch request.command {
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
    }
}
