import HostSystem
import NIOCore
import NIOPosix
public import PlaygroundProtocol

#if canImport(Glibc)
    import Glibc
#endif

/// A connection to a daemon (spec §6): requests with typed answers, frames
/// as typed values, subscriptions as `AsyncStream`s.
///
/// The connection lives as long as the closure given to
/// ``withConnection(to:_:)``: its reader runs beside the closure, in the
/// same task group, and both end together.
///
/// ```swift
/// try await PlaygroundClient.withConnection(to: socketPath) { client in
///     try await client.run("next", in: "Quiz")
///     try await client.step(0.25)
///     let frame = try await client.frame(of: "Quiz")
///     print(frame.view(named: "question")!.frame)
/// }
/// ```
public actor PlaygroundClient {
    private let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    private var nextID = 1
    private var waiting: [Int: CheckedContinuation<Response, any Error>] = [:]
    /// Answers that came before their request had started waiting.
    private var arrived: [Int: Response] = [:]
    /// Each subscription's stream, by scene (or of every scene), with a number to find it by when its reader
    /// lets go of it.
    private var subscriptions: [String: [(id: Int, continuation: AsyncStream<Event>.Continuation)]] = [:]
    private var everything: [(id: Int, continuation: AsyncStream<Event>.Continuation)] = []
    private var nextStream = 0
    /// The last whole frame of each scene subscribed to: the base the next delta frame changes.
    private var frames: [String: Frame] = [:]
    private var closed = false
    /// Why the connection ended: what a request made after that throws.
    private var ending = ClientError.disconnected

    private init(outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>) {
        self.outbound = outbound
    }

    /// How long a connection refused for a full listen queue (`EAGAIN`: a burst of clients connecting at once)
    /// is tried again before the client says no daemon listens.
    public static let connectRetry = Duration.seconds(2)

    /// Connects to the daemon on `socketPath` and runs `body` with the client.
    ///
    /// Before anything is sent, the server's user is checked (`SO_PEERCRED`): one that runs as another user than
    /// this one or root is refused, since it could be posing as the daemon.
    /// - Throws: ``ClientError/noDaemon(socketPath:reason:)`` when none listens;
    ///   ``ClientError/foreignServer(socketPath:uid:)`` for another user's server; what `body` throws.
    public static func withConnection<Result: Sendable>(
        to socketPath: String, _ body: (PlaygroundClient) async throws -> Result
    ) async throws -> Result {
        let channel = try await connect(to: socketPath)
        let peer: PeerCredentials
        do {
            guard let provider = channel.channel as? any SocketOptionProvider else {
                throw ClientError.noDaemon(socketPath: socketPath, reason: "not a Unix-domain socket")
            }
            peer = try await provider.unsafeGetSocketOption(
                level: SocketOptionLevel(SOL_SOCKET), name: SocketOptionName(SO_PEERCRED)
            ).get()
        } catch {
            try? await channel.channel.close()
            throw error as? ClientError
                ?? ClientError.noDaemon(socketPath: socketPath, reason: "cannot tell who listens: \(error)")
        }
        guard peer.isTrustedServer else {
            try? await channel.channel.close()
            throw ClientError.foreignServer(socketPath: socketPath, uid: peer.uid)
        }
        return try await channel.executeThenClose { inbound, outbound in
            let client = PlaygroundClient(outbound: outbound)
            return try await withThrowingTaskGroup(of: Result?.self) { group in
                group.addTask {
                    await client.read(inbound)
                    return nil
                }
                let result = try await body(client)
                await client.finish()
                outbound.finish()
                group.cancelAll()
                return result
            }
        }
    }

    /// Connects, trying again for ``connectRetry`` while the daemon's listen queue is full.
    private static func connect(to socketPath: String) async throws -> NIOAsyncChannel<ByteBuffer, ByteBuffer> {
        let deadline = ContinuousClock.now + connectRetry
        var pause = Duration.milliseconds(1)
        while true {
            do {
                return try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                    .connect(unixDomainSocketPath: socketPath) { channel in
                        channel.eventLoop.makeCompletedFuture {
                            try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                        }
                    }
            } catch let error as IOError {
                if error.errnoCode == EAGAIN && ContinuousClock.now < deadline {
                    try await Task.sleep(for: pause)
                    pause = min(pause * 2, .milliseconds(50))
                    continue
                }
                // "no such file or directory", "connection refused", "permission denied".
                throw ClientError.noDaemon(socketPath: socketPath, reason: systemReason(error.errnoCode))
            } catch {
                throw ClientError.noDaemon(socketPath: socketPath, reason: "\(error)")
            }
        }
    }

    // MARK: Requests

    /// Sends a request and waits for its answer; an error response throws.
    public func send(_ request: Request) async throws -> Response {
        guard !closed else { throw ending }
        let id = nextID
        nextID += 1
        var out = JSONWriter()
        IdentifiedRequest(id: .number(Double(id)), request: request).write(to: &out)
        // The daemon would skip a longer line and answer it without its id, so no one would hear that answer.
        guard out.bytes.count <= ProtocolLimits.maximumLineLength else {
            throw ClientError.daemon(
                code: .lineTooLong,
                message: "the request is \(out.bytes.count) bytes; a line is at most "
                    + "\(ProtocolLimits.maximumLineLength) bytes", diagnostics: [])
        }
        out.raw("\n")
        do {
            try await outbound.write(ByteBuffer(bytes: out.bytes))
        } catch {
            throw ClientError.disconnected
        }
        // The answer may have come while the write was finishing.
        let response: Response
        if let early = arrived.removeValue(forKey: id) {
            response = early
        } else if closed {
            throw ending
        } else {
            response = try await withCheckedThrowingContinuation { waiting[id] = $0 }
        }
        if case .error(let code, let message, let diagnostics) = response {
            throw ClientError.daemon(code: code, message: message, diagnostics: diagnostics)
        }
        return response
    }

    public func hello() async throws -> ServerInfo {
        guard case .hello(let info) = try await send(.hello) else { throw ClientError.unexpectedResponse("hello") }
        return info
    }

    public func scenes() async throws -> [SceneSummary] {
        guard case .scenes(let scenes) = try await send(.scenes) else { throw ClientError.unexpectedResponse("scenes") }
        return scenes
    }

    /// The scene's presentation now (or its model).
    public func frame(of scene: String, layer: Request.Layer = .presentation) async throws -> Frame {
        guard case .frame(let frame) = try await send(.frame(scene: scene, layer: layer)) else {
            throw ClientError.unexpectedResponse("frame")
        }
        return frame
    }

    /// Starts an action now.
    public func run(_ action: String, in scene: String) async throws {
        _ = try await send(.run(scene: scene, action: action))
    }

    /// Runs statements as an action now; returns their warnings.
    @discardableResult
    public func exec(_ source: String, in scene: String) async throws -> [WireDiagnostic] {
        guard case .diagnostics(let diagnostics) = try await send(.exec(scene: scene, source: source)) else {
            return []
        }
        return diagnostics
    }

    /// Manual clock: every scene moves on by `seconds`.
    public func step(_ seconds: Double) async throws {
        _ = try await send(.step(seconds: seconds))
    }

    /// Waits until the scene has settled (the manual clock advances it); its final frame.
    public func settle(_ scene: String, timeout: Double = Request.defaultSettleTimeout) async throws -> Frame {
        guard case .frame(let frame) = try await send(.settle(scene: scene, timeout: timeout)) else {
            throw ClientError.unexpectedResponse("settle")
        }
        return frame
    }

    public func diagnostics(of scene: String) async throws -> [WireDiagnostic] {
        guard case .diagnostics(let diagnostics) = try await send(.diagnostics(scene: scene)) else {
            throw ClientError.unexpectedResponse("diagnostics")
        }
        return diagnostics
    }

    /// Rereads the scene's file now, replaying `on load`.
    public func reload(_ scene: String) async throws {
        _ = try await send(.reload(scene: scene))
    }

    /// Pauses, resumes or slows the daemon's real clock; nil leaves a setting as it is.
    /// - Returns: the clock's state after the change.
    @discardableResult
    public func clock(paused: Bool? = nil, slow: Double? = nil) async throws -> ClockState {
        guard case .clock(let state) = try await send(.clock(paused: paused, slow: slow)) else {
            throw ClientError.unexpectedResponse("clock")
        }
        return state
    }

    /// Subscribes to a scene's events: its frame at once, then every change,
    /// diagnostics and reloads. Frames come over the wire as deltas (only the
    /// views that changed) and are rebuilt whole here. The stream ends when the connection does;
    /// a stream its reader lets go of stops receiving (and, the scene's last,
    /// unsubscribes), so an abandoned one does not buffer without end.
    public func events(of scene: String) async throws -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self)
        let id = register(continuation) { client, id in await client.drop(id, of: scene) }
        subscriptions[scene, default: []].append((id, continuation))
        _ = try await send(.subscribe(.named(scene), delta: true))
        return stream
    }

    /// Subscribes to every scene's events, scenes added later included.
    public func allEvents() async throws -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self)
        let id = register(continuation) { client, id in await client.drop(id, of: nil) }
        everything.append((id, continuation))
        _ = try await send(.subscribe(.all, delta: true))
        return stream
    }

    /// Numbers a stream, and has it dropped when its reader lets go.
    private func register(
        _ continuation: AsyncStream<Event>.Continuation,
        onTermination: @escaping @Sendable (PlaygroundClient, Int) async -> Void
    ) -> Int {
        let id = nextStream
        nextStream += 1
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            Task { await onTermination(self, id) }
        }
        return id
    }

    /// Forgets a stream whose reader let go; unsubscribes when it was the last of its kind.
    private func drop(_ id: Int, of scene: String?) async {
        guard !closed else { return }
        if let scene {
            subscriptions[scene]?.removeAll { $0.id == id }
            if subscriptions[scene]?.isEmpty == true {
                subscriptions[scene] = nil
                if everything.isEmpty { _ = try? await send(.unsubscribe(.named(scene))) }
            }
        } else {
            everything.removeAll { $0.id == id }
            // Unsubscribing from everything would end the named subscriptions too: while any is read, the
            // events of every scene keep coming, and those no stream wants are dropped here.
            if everything.isEmpty && subscriptions.isEmpty { _ = try? await send(.unsubscribe(.all)) }
        }
    }

    /// A subscription's frames only, as typed values.
    public func frames(of scene: String) async throws -> AsyncCompactMapSequence<AsyncStream<Event>, Frame> {
        try await events(of: scene).compactMap { event in
            if case .frame(let frame) = event { frame } else { nil }
        }
    }

    // MARK: Reading

    /// Reads the server's lines (``LineFramer``) until the connection ends, or until the server breaks the
    /// protocol (an answer to no request).
    ///
    /// ``ProtocolLimits/maximumLineLength`` bounds what a client sends, not what the daemon answers: a frame of
    /// five labels with a million characters each is a 5 MB line, and a garbage file's diagnostics more than
    /// 1 MiB. So the client takes lines of any length from a server it trusts (its own user's or root's).
    private func read(_ inbound: NIOAsyncChannelInboundStream<ByteBuffer>) async {
        var pending = ByteBuffer()
        var framer = LineFramer(maximumLength: .max)
        do {
            for try await var chunk in inbound {
                pending.writeBuffer(&chunk)
                while let step = framer.next(in: pending.readableBytesView) {
                    if let violation = take(step, from: &pending) {
                        return finish(throwing: .protocolViolation(violation))
                    }
                }
                pending.discardReadBytes()
            }
            if let step = framer.last(in: pending.readableBytesView), let violation = take(step, from: &pending) {
                return finish(throwing: .protocolViolation(violation))
            }
        } catch {}
        finish()
    }

    /// Does what the framer said with the bytes at the front of `pending`; what is wrong when the server broke
    /// the protocol.
    private func take(_ step: LineFramer.Step, from pending: inout ByteBuffer) -> String? {
        switch step {
        case .line(let length, let consumed):
            let line = pending.getSlice(at: pending.readerIndex, length: length)!
            pending.moveReaderIndex(forwardBy: consumed)
            return deliver(line)
        case .tooLong, .skip:
            // Never reached: no line is too long for the client.
            return "a line longer than the client reads"
        }
    }

    /// Hands a line to whoever waits for it; what is wrong with it when the server broke the protocol.
    private func deliver(_ line: ByteBuffer) -> String? {
        guard let message = try? ServerMessage.decode(line.readableBytesView) else { return nil }
        switch message {
        case .response(let response):
            // A response to a line that could not be read as a request (no id) answers nothing this client waits
            // for; an id this client did not send (1e300, 0.5, a string, one never used) is a lie.
            guard let sent = response.id else { return nil }
            guard case .number(let number) = sent, let id = Int(exactly: number), id > 0, id < nextID else {
                var out = JSONWriter()
                out.value(sent)
                return "a response with the id \(out.string.prefix(40)), which no request had"
            }
            if let continuation = waiting.removeValue(forKey: id) {
                continuation.resume(returning: response.response)
            } else {
                arrived[id] = response.response
            }
        case .event(var event):
            switch event {
            case .frame(let frame):
                // Subscriptions take deltas: each is rebuilt on the last whole frame of its scene.
                guard let base = frames[frame.scene] ?? (frame.delta == nil ? frame : nil),
                    let whole = base.applying(frame)
                else {
                    return "a delta frame of '\(frame.scene.prefix(40))' on a frame the client does not have"
                }
                frames[frame.scene] = whole
                event = .frame(whole)
            case .removed(let scene):
                frames[scene] = nil
            default:
                break
            }
            for subscription in subscriptions[event.scene, default: []] { subscription.continuation.yield(event) }
            for subscription in everything { subscription.continuation.yield(event) }
        }
        return nil
    }

    /// Ends the connection for the client: every request waiting throws `error`, every subscription ends.
    private func finish(throwing error: ClientError = .disconnected) {
        guard !closed else { return }
        closed = true
        ending = error
        for continuation in waiting.values { continuation.resume(throwing: error) }
        waiting.removeAll()
        let streams = subscriptions.values.flatMap { $0 } + everything
        subscriptions.removeAll()
        everything.removeAll()
        for subscription in streams { subscription.continuation.finish() }
    }
}
