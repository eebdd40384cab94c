import Logging
import NIOCore
import PlaygroundProtocol
import SceneLanguage

/// The daemon's state with identity: the scenes, the clients subscribed to
/// them, and the clock's wishes. Requests, file changes and ticks all come
/// through here, one at a time; what subscribers must hear is encoded once
/// and posted to their mailboxes.
actor Daemon {
    let configuration: ServerConfiguration
    /// The event loop the daemon runs on, with its sockets and the watcher's pipe.
    nonisolated let executor: EventLoopExecutor
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    private var registry: SceneRegistry
    private var clients: [Int: Client] = [:]
    private var nextClient = 0
    private var execCount = 0
    /// Wakes the real clock when a scene starts moving; the clock sleeps otherwise.
    private let movement: AsyncStream<Void>.Continuation
    let movements: AsyncStream<Void>
    /// Frames owed to a client after its response (`subscribe`'s frame at once).
    private var owed: [Frame] = []
    /// Each scene's latest frame as sent, encoded: a subscriber that joins gets these bytes, so a frame is
    /// encoded once however many subscribe to it.
    private var encodedFrames: [String: (generation: Int, seq: Int, bytes: ByteBuffer)] = [:]
    /// Reads scene files off the event loop, for `reload`.
    private let loader: SceneFileLoader
    /// `settle` requests on the real clock, waiting for their scenes.
    /// `settle` requests on the real clock, waiting for their scenes; resumed
    /// with true when the scene settles, false when the timeout passes first.
    private var settleWaiters: [(id: Int, scene: String, continuation: CheckedContinuation<Bool, Never>)] = []
    private var nextSettleWaiter = 0
    /// The real clock: paused or running, and how many times slower than the wall clock.
    private var clock: ClockState

    struct Client {
        var mailbox: Mailbox
        var subscriptions: Set<String> = []
        var everything = false
        /// Closes the connection, for a client that leaves too much unread.
        var disconnect: @Sendable () -> Void

        func wants(_ scene: String) -> Bool { everything || subscriptions.contains(scene) }
    }

    init(configuration: ServerConfiguration, executor: EventLoopExecutor, loader: SceneFileLoader) {
        self.configuration = configuration
        self.executor = executor
        self.registry = SceneRegistry(fps: configuration.fps)
        self.loader = loader
        self.clock = ClockState(paused: false, slow: configuration.slow)
        (movements, movement) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    var logger: Logger { configuration.logger }

    // MARK: Clients

    func connect(mailbox: Mailbox, disconnect: @escaping @Sendable () -> Void) -> Int {
        defer { nextClient += 1 }
        clients[nextClient] = Client(mailbox: mailbox, disconnect: disconnect)
        return nextClient
    }

    func disconnect(_ id: Int) {
        clients.removeValue(forKey: id)?.mailbox.close()
    }

    /// Answers one line from a client: decoded once, here at the edge.
    func handle(line: ByteBuffer, from client: Int) async {
        let response: IdentifiedResponse
        switch IdentifiedRequest.decode(line.readableBytesView) {
        case .failure(let error):
            response = IdentifiedResponse(error)
        case .success(let request):
            response = IdentifiedResponse(answering: request, with: await answer(request.request, for: client))
        }
        send(response, to: client)
        guard !owed.isEmpty, let mailbox = clients[client]?.mailbox else { return }
        for frame in owed { mailbox.post(frame: encoded(frame), of: frame.scene) }
        owed.removeAll()
    }

    /// A frame's bytes on the wire: from the cache when it is the scene's latest frame already encoded.
    private func encoded(_ frame: Frame) -> ByteBuffer {
        if let cached = encodedFrames[frame.scene], cached.generation == frame.generation, cached.seq == frame.seq {
            return cached.bytes
        }
        let bytes = Self.encode(.frame(frame))
        encodedFrames[frame.scene] = (frame.generation, frame.seq, bytes)
        return bytes
    }

    /// Answers a line that was too long to read.
    func refuseLongLine(from client: Int) {
        send(
            IdentifiedResponse(
                RequestError(
                    .lineTooLong, "a line is at most \(ProtocolLimits.maximumLineLength) bytes; it was skipped")),
            to: client)
    }

    /// Posts a response, whatever its size: the connection reads no further request while too much of them
    /// waits (``Mailbox/waitForRoom()``).
    private func send(_ response: IdentifiedResponse, to client: Int) {
        guard let target = clients[client] else { return }
        var out = JSONWriter()
        response.write(to: &out)
        out.raw("\n")
        target.mailbox.post(response: ByteBuffer(bytes: out.bytes))
    }

    private func answer(_ request: Request, for client: Int) async -> Response {
        switch request {
        case .hello:
            return .hello(
                ServerInfo(
                    server: "layoutd", version: ServerConfiguration.version, clock: configuration.clock,
                    fps: configuration.fps))
        case .scenes:
            return .scenes(registry.names.compactMap { registry.entries[$0]?.summary })
        case .subscribe(let selector):
            return subscribe(client, to: selector)
        case .unsubscribe(let selector):
            switch selector {
            case .all:
                clients[client]?.everything = false
                clients[client]?.subscriptions.removeAll()
            case .named(let name):
                clients[client]?.subscriptions.remove(name)
            }
            return .done
        case .frame(let scene, let layer):
            switch registry.frame(of: scene, layer: layer) {
            case .success(let frame): return .frame(frame)
            case .failure(let error): return .error(error.code, error.message)
            }
        case .run(let scene, let action):
            let (response, events) = registry.run(action, in: scene)
            publish(events)
            return response
        case .exec(let scene, let source):
            execCount += 1
            let (response, events) = registry.exec(source, in: scene, number: execCount)
            publish(events)
            return response
        case .step(let seconds):
            guard configuration.clock == .manual else {
                return .error(.manualClockOnly, "'step' moves the manual clock; this daemon's clock is real")
            }
            step(seconds)
            return .done
        case .settle(let scene, let timeout):
            return await settle(scene, timeout: timeout)
        case .diagnostics(let scene):
            return registry.diagnostics(of: scene)
        case .clock(let paused, let slow):
            guard configuration.clock == .real else {
                return .error(.realClockOnly, "'clock' pauses and slows the real clock; this daemon's clock is manual")
            }
            if let paused { clock.paused = paused }
            if let slow { clock.slow = slow }
            // A resumed clock may have scenes to move.
            if !clock.paused, registry.isMoving { movement.yield() }
            return .clock(clock)
        case .reload(let scene):
            switch registry.entry(scene) {
            case .failure(let error):
                return .error(error.code, error.message)
            case .success(let entry):
                let outcome = await loader.load(path: entry.path, file: entry.file)
                // While the file was read, a save may have loaded a newer version, or the scene gone: what this
                // read brought is then out of date, and the scene already shows what its file holds (or is gone).
                switch registry.entry(scene) {
                case .failure(let error): return .error(error.code, error.message)
                case .success(let now) where now.version != entry.version: return .done
                case .success: break
                }
                switch outcome {
                case .source(let source):
                    publish(registry.load(name: scene, path: entry.path, source: source, force: true))
                    return .done
                case .problem(let diagnostic):
                    publish(registry.fail(name: scene, path: entry.path, file: entry.file, diagnostic: diagnostic))
                    return .error(.sceneError, diagnostic.message)
                case .gone:
                    return .error(.sceneError, "cannot read '\(shown(entry.file))' now: it is gone")
                }
            }
        }
    }

    private func subscribe(_ client: Int, to selector: Request.SceneSelector) -> Response {
        let names: [String]
        switch selector {
        case .all:
            clients[client]?.everything = true
            names = registry.names
        case .named(let name):
            if case .failure(let error) = registry.entry(name) { return .error(error.code, error.message) }
            clients[client]?.subscriptions.insert(name)
            names = [name]
        }
        // The frame at once follows the response (``handle(line:from:)`` posts it).
        owed = names.compactMap { registry.currentFrame(of: $0) }
        return .done
    }

    // MARK: Files

    /// A scene file's new content.
    /// A scene file's new content, read once into a source file (the text is not converted again).
    func load(name: String, path: String, source: SourceFile) {
        publish(registry.load(name: name, path: path, source: source))
    }

    /// A scene file that cannot be read: its diagnostic, on the scene.
    func fail(name: String, path: String, file: String, diagnostic: Diagnostic) {
        publish(registry.fail(name: name, path: path, file: file, diagnostic: diagnostic))
    }

    func remove(name: String) {
        encodedFrames[name] = nil
        for client in clients.values where client.wants(name) { client.mailbox.forget(scene: name) }
        publish(registry.remove(name: name))
    }

    // MARK: Time

    /// Manual clock: every scene moves on by exactly `seconds`, tick by tick
    /// at fps, the last tick shorter when `seconds` is not a whole number of ticks.
    func step(_ seconds: Double) {
        let tick = 1 / configuration.fps
        var left = seconds
        while left > 1e-9 {
            let now = min(tick, left)
            publish(registry.advance(by: now))
            left -= now
        }
    }

    /// Real clock: one tick of `seconds` of wall-clock time, scaled by the
    /// slow factor; nothing while the clock is paused.
    func tick(_ seconds: Double) {
        guard !clock.paused else { return }
        publish(registry.advance(by: seconds / clock.slow))
    }

    /// Whether the real clock must tick: a scene moves and the clock runs.
    var isMoving: Bool { !clock.paused && registry.isMoving }

    private func settle(_ scene: String, timeout: Double) async -> Response {
        if configuration.clock == .manual {
            let (response, events) = registry.settle(scene, timeout: timeout)
            publish(events)
            return response
        }
        if case .failure(let error) = registry.entry(scene) { return .error(error.code, error.message) }
        if registry.isMoving(scene) {
            let id = nextSettleWaiter
            nextSettleWaiter += 1
            let settled = await withCheckedContinuation { continuation in
                settleWaiters.append((id, scene, continuation))
                Task {
                    try? await Task.sleep(for: .seconds(timeout))
                    self.expireSettle(id)
                }
            }
            guard settled else {
                return .error(.timeout, "'\(scene)' still moves after \(timeout) s")
            }
        }
        guard let frame = registry.currentFrame(of: scene) else { return .done }
        return .frame(frame)
    }

    // MARK: Events

    /// Encodes each event once and posts the same bytes to every client subscribed to its scene.
    private func publish(_ events: [Event]) {
        defer {
            // Even with nothing to tell (an animation still in its delay), the clock must know something moves.
            if registry.isMoving { movement.yield() }
            wakeSettled()
        }
        for event in events {
            let wanting = clients.filter { $0.value.wants(event.scene) }
            guard !wanting.isEmpty else { continue }
            // Encoded once, and only when someone wants it; the same bytes go to every subscriber.
            let bytes: ByteBuffer
            if case .frame(let frame) = event { bytes = encoded(frame) } else { bytes = Self.encode(event) }
            for (id, client) in wanting {
                if case .frame = event {
                    client.mailbox.post(frame: bytes, of: event.scene)
                } else if let unread = client.mailbox.post(event: bytes) {
                    logger.warning(
                        "disconnecting client \(id): it left \(unread) bytes of events unread (at most \(Mailbox.limit))"
                    )
                    // Gone from the daemon at once: no later event is queued for it, nor logged again.
                    clients.removeValue(forKey: id)
                    client.mailbox.close()
                    client.disconnect()
                }
            }
        }
    }

    private func wakeSettled() {
        guard !settleWaiters.isEmpty else { return }
        settleWaiters.removeAll { waiter in
            guard !registry.isMoving(waiter.scene) else { return false }
            waiter.continuation.resume(returning: true)
            return true
        }
    }

    /// A real-clock `settle` whose timeout passed: it answers with a timeout error.
    private func expireSettle(_ id: Int) {
        guard let index = settleWaiters.firstIndex(where: { $0.id == id }) else { return }
        settleWaiters.remove(at: index).continuation.resume(returning: false)
    }

    static func encode(_ event: Event) -> ByteBuffer {
        var out = JSONWriter()
        event.write(to: &out)
        out.raw("\n")
        return ByteBuffer(bytes: out.bytes)
    }

    /// Ends every wait, for shutdown.
    func shutDown() {
        for waiter in settleWaiters { waiter.continuation.resume(returning: true) }
        settleWaiters.removeAll()
        for client in clients.values { client.disconnect() }
        movement.finish()
    }
}
