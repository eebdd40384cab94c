import Logging
import PlaygroundClient
import PlaygroundProtocol
import PlaygroundServer
import SceneService
import SwiftImport
import Viewer

extension ViewerApp {
    /// Attaches to the daemon, again and again while it comes and goes; starts
    /// one in-process when none listens at the first try, as a task of its
    /// own that ends with this one. Returns only when the in-process daemon
    /// fails, or when cancelled.
    func connect(
        state: Locked<ViewerState>, client current: Locked<PlaygroundClient?>, failure: Locked<String?>,
        wake: AsyncStream<Void>.Continuation
    ) async {
        await withTaskGroup(of: Void.self) { hosting in
            var inProcess = false
            var delay = Duration.milliseconds(50)
            var attempts = 0
            reconnecting: while !Task.isCancelled {
                attempts += 1
                do {
                    try await PlaygroundClient.withConnection(to: options.socketPath) { client in
                        delay = .milliseconds(50)
                        current.withLock { $0 = client }
                        defer { current.withLock { $0 = nil } }
                        try await follow(client, inProcess: inProcess, state: state, wake: wake)
                    }
                    if Task.isCancelled { break reconnecting }
                    state.withLock { $0.connection = .lost("the connection closed") }
                } catch ClientError.noDaemon(_, let reason) {
                    if !inProcess && attempts == 1 {
                        inProcess = true
                        let (listening, ready) = AsyncStream.makeStream(of: Void.self)
                        hosting.addTask { await host(ready: ready, failure: failure) }
                        // Attaches as soon as it listens, with every scene loaded; ends if it cannot start.
                        for await _ in listening { break }
                        if failure.withLock({ $0 }) != nil { break reconnecting }
                        continue reconnecting
                    } else if inProcess, failure.withLock({ $0 }) != nil {
                        break reconnecting
                    } else if !inProcess {
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
            hosting.cancelAll()
        }
    }

    /// Takes the daemon's scenes and clock, then its events, into the state, until the connection ends.
    private func follow(
        _ client: PlaygroundClient, inProcess: Bool, state: Locked<ViewerState>,
        wake: AsyncStream<Void>.Continuation
    ) async throws {
        let info = try await client.hello()
        let clock = info.clock == .real ? try? await client.clock() : nil
        let scenes = try await client.scenes()
        state.withLock {
            $0.connection = .connected(inProcess: inProcess)
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

    /// Runs a daemon in this process on the viewer's socket, through the
    /// server's public entry point, until cancelled; `ready` hears when it
    /// listens, and ends if it cannot start, with the reason in `failure`.
    private func host(ready: AsyncStream<Void>.Continuation, failure: Locked<String?>) async {
        var configuration = ServerConfiguration(
            paths: options.paths, socketPath: options.socketPath, clock: .real,
            logger: Logger(label: "layout-view", factory: { _ in SwiftLogNoOpLogHandler() }),
            watcherPath: options.watcherPath)
        configuration.translator = SceneTranslator(importSwift: SwiftImporter.scene(of:))
        configuration.ready = { _ in ready.yield() }
        do {
            try await PlaygroundServer(configuration).run()
        } catch {
            failure.withLock { $0 = "the in-process daemon could not start: \(error)" }
        }
        ready.finish()
    }

    /// "connection refused", "no such file or directory": no daemon is listening.
    private static func shortReason(_ reason: String) -> String {
        let lower = reason.lowercased()
        return lower.contains("connect") || lower.contains("no such file") ? "no daemon is listening" : reason
    }
}
