import Logging
import NIOCore
import PlaygroundProtocol
import SceneService

/// The daemon's state with identity: the scenes (a ``SceneService``), the
/// clients subscribed to them, and the clock's wishes. Requests, file
/// changes and ticks all come through here, one at a time; what subscribers
/// must hear is encoded once and posted to their mailboxes.
actor Daemon {
    let configuration: ServerConfiguration
    /// The event loop the daemon runs on, with its sockets and the watcher's pipe.
    nonisolated let executor: EventLoopExecutor
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    /// The scenes, and what files, requests and time do to them.
    var service: SceneService
    /// What long work awaits between slices, so that clients are answered meanwhile.
    let turn: SocketTurn
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
    private var encodedFrames: [SceneName: SharedFrame] = [:]
    /// `settle` requests on the real clock, waiting for their scenes; resumed
    /// with true when the scene settles, false when the timeout passes first.
    private var settleWaiters: [(id: Int, scene: SceneName, continuation: CheckedContinuation<Bool, Never>)] = []
    private var nextSettleWaiter = 0
    /// The real clock: paused or running, and how many times slower than the wall clock.
    private var clock: ClockState

    struct Client {
        var mailbox: Mailbox
        var subscriptions: Set<SceneName> = []
        var everything = false
        /// The scenes it takes frames of as deltas (`"delta": true`), or every scene's.
        var deltas: Set<SceneName> = []
        var deltaEverything = false
        /// Closes the connection, for a client that leaves too much unread.
        var disconnect: @Sendable () -> Void

        func wants(_ scene: SceneName) -> Bool { everything || subscriptions.contains(scene) }
        func wantsDelta(_ scene: SceneName) -> Bool { deltaEverything || deltas.contains(scene) }
    }

    init(configuration: ServerConfiguration, executor: EventLoopExecutor, service: SceneService, turn: SocketTurn) {
        self.configuration = configuration
        self.executor = executor
        self.service = service
        self.turn = turn
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
        guard !owed.isEmpty, let target = clients[client] else { return }
        for frame in owed {
            let scene = SceneName(frame.scene)
            // Whole, as the first frame of a subscription is; later ones as deltas when it asked for them.
            target.mailbox.sendWhole(scene: scene)
            target.mailbox.post(frame: shared(frame), of: scene, delta: target.wantsDelta(scene))
        }
        owed.removeAll()
    }

    /// A frame encoded once for every client: from the cache when it is the scene's latest frame already.
    private func shared(_ frame: Frame) -> SharedFrame {
        let scene = SceneName(frame.scene)
        if let cached = encodedFrames[scene], cached.frame.generation == frame.generation,
            cached.frame.seq == frame.seq
        {
            return cached
        }
        let made = SharedFrame(frame, previous: encodedFrames[scene])
        encodedFrames[scene] = made
        return made
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
            return .scenes(service.registry.names.compactMap { service.registry.entries[$0]?.summary })
        case .subscribe(let selector, let delta):
            return subscribe(client, to: selector, delta: delta)
        case .unsubscribe(let selector):
            switch selector {
            case .all:
                clients[client]?.everything = false
                clients[client]?.deltaEverything = false
                clients[client]?.subscriptions.removeAll()
                clients[client]?.deltas.removeAll()
            case .named(let name):
                clients[client]?.subscriptions.remove(SceneName(name))
                clients[client]?.deltas.remove(SceneName(name))
            }
            return .done
        case .frame(let scene, let layer):
            switch service.registry.frame(of: SceneName(scene), layer: layer) {
            case .success(let frame): return .frame(frame)
            case .failure(let error): return .error(error.code, error.message)
            }
        case .run(let scene, let action):
            let (response, events) = service.registry.run(action, in: SceneName(scene))
            publish(events)
            return response
        case .exec(let scene, let source):
            execCount += 1
            let (response, events) = service.registry.exec(source, in: SceneName(scene), number: execCount)
            publish(events)
            return response
        case .step(let seconds):
            guard configuration.clock == .manual else {
                return .error(.manualClockOnly, "'step' moves the manual clock; this daemon's clock is real")
            }
            step(seconds)
            return .done
        case .settle(let scene, let timeout):
            return await settle(SceneName(scene), timeout: timeout)
        case .diagnostics(let scene):
            return service.registry.diagnostics(of: SceneName(scene))
        case .clock(let paused, let slow):
            guard configuration.clock == .real else {
                return .error(.realClockOnly, "'clock' pauses and slows the real clock; this daemon's clock is manual")
            }
            if let paused { clock.paused = paused }
            if let slow { clock.slow = slow }
            // A resumed clock may have scenes to move.
            if !clock.paused, service.registry.isMoving { movement.yield() }
            return .clock(clock)
        case .reload(let scene):
            switch service.reload(SceneName(scene)) {
            case .failure(let error):
                return .error(error.code, error.message)
            case .success(let read):
                // Read off the loop; what it brings applies only if no save loaded another version meanwhile.
                let (response, events) = service.finishReload(await read.perform())
                publish(events)
                releaseRetiredLater()
                return response
            }
        }
    }

    private func subscribe(_ client: Int, to selector: Request.SceneSelector, delta: Bool) -> Response {
        let names: [SceneName]
        switch selector {
        case .all:
            clients[client]?.everything = true
            clients[client]?.deltaEverything = delta
            names = service.registry.names
        case .named(let scene):
            let name = SceneName(scene)
            if case .failure(let error) = service.registry.entry(name) { return .error(error.code, error.message) }
            clients[client]?.subscriptions.insert(name)
            if delta { clients[client]?.deltas.insert(name) } else { clients[client]?.deltas.remove(name) }
            names = [name]
        }
        // The frame at once follows the response (``handle(line:from:)`` posts it).
        owed = names.compactMap { service.registry.currentFrame(of: $0) }
        return .done
    }

    // MARK: Time

    /// Manual clock: every scene moves on by exactly `seconds`, tick by tick
    /// at fps, the last tick shorter when `seconds` is not a whole number of ticks.
    func step(_ seconds: Double) {
        let tick = 1 / configuration.fps
        var left = seconds
        while left > 1e-9 {
            let now = min(tick, left)
            publish(service.registry.advance(by: now))
            left -= now
        }
    }

    /// Real clock: one tick of `seconds` of wall-clock time, scaled by the
    /// slow factor; nothing while the clock is paused.
    func tick(_ seconds: Double) {
        guard !clock.paused else { return }
        publish(service.registry.advance(by: seconds / clock.slow))
    }

    /// Whether the real clock must tick: a scene moves and the clock runs.
    var isMoving: Bool { !clock.paused && service.registry.isMoving }

    private func settle(_ scene: SceneName, timeout: Double) async -> Response {
        if configuration.clock == .manual {
            let (response, events) = service.registry.settle(scene, timeout: timeout)
            publish(events)
            return response
        }
        if case .failure(let error) = service.registry.entry(scene) { return .error(error.code, error.message) }
        if service.registry.isMoving(scene) {
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
        guard let frame = service.registry.currentFrame(of: scene) else { return .done }
        return .frame(frame)
    }

    // MARK: Events

    /// Encodes each event once and posts the same bytes to every client subscribed to its scene. A scene removed
    /// takes its frames with it: the encoded one, and those still waiting in mailboxes.
    func publish(_ events: [Event]) {
        defer {
            // Even with nothing to tell (an animation still in its delay), the clock must know something moves.
            if service.registry.isMoving { movement.yield() }
            wakeSettled()
        }
        for event in events {
            let scene = SceneName(event.scene)
            if case .removed = event {
                encodedFrames[scene] = nil
                for client in clients.values where client.wants(scene) { client.mailbox.forget(scene: scene) }
            }
            let wanting = clients.filter { $0.value.wants(scene) }
            guard !wanting.isEmpty else { continue }
            // Encoded once, and only when someone wants it; the same bytes go to every subscriber (a delta, once
            // for all those that had the same frame before).
            if case .frame(let frame) = event {
                let made = shared(frame)
                for client in wanting.values {
                    client.mailbox.post(frame: made, of: scene, delta: client.wantsDelta(scene))
                }
                continue
            }
            let bytes = Self.encode(event)
            for (id, client) in wanting {
                if let unread = client.mailbox.post(event: bytes) {
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
            guard !service.registry.isMoving(waiter.scene) else { return false }
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
