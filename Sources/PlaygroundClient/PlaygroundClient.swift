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
    private var subscriptions: [String: [AsyncStream<Event>.Continuation]] = [:]
    private var everything: [AsyncStream<Event>.Continuation] = []
    private var closed = false

    private init(outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>) {
        self.outbound = outbound
    }

    /// Connects to the daemon on `socketPath` and runs `body` with the client.
    /// - Throws: ``ClientError/noDaemon(socketPath:reason:)`` when none listens; what `body` throws.
    public static func withConnection<Result: Sendable>(
        to socketPath: String, _ body: (PlaygroundClient) async throws -> Result
    ) async throws -> Result {
        let channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>
        do {
            channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connect(unixDomainSocketPath: socketPath) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                    }
                }
        } catch let error as IOError {
            // "no such file or directory", "connection refused", "permission denied".
            let reason = String(cString: strerror(error.errnoCode))
            throw ClientError.noDaemon(
                socketPath: socketPath, reason: reason.prefix(1).lowercased() + reason.dropFirst())
        } catch {
            throw ClientError.noDaemon(socketPath: socketPath, reason: "\(error)")
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

    // MARK: Requests

    /// Sends a request and waits for its answer; an error response throws.
    public func send(_ request: Request) async throws -> Response {
        guard !closed else { throw ClientError.disconnected }
        let id = nextID
        nextID += 1
        var out = JSONWriter()
        IdentifiedRequest(id: .number(Double(id)), request: request).write(to: &out)
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
            throw ClientError.disconnected
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
    /// diagnostics and reloads. The stream ends when the connection does.
    public func events(of scene: String) async throws -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self)
        subscriptions[scene, default: []].append(continuation)
        _ = try await send(.subscribe(.named(scene)))
        return stream
    }

    /// Subscribes to every scene's events, scenes added later included.
    public func allEvents() async throws -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self)
        everything.append(continuation)
        _ = try await send(.subscribe(.all))
        return stream
    }

    /// A subscription's frames only, as typed values.
    public func frames(of scene: String) async throws -> AsyncCompactMapSequence<AsyncStream<Event>, Frame> {
        try await events(of: scene).compactMap { event in
            if case .frame(let frame) = event { frame } else { nil }
        }
    }

    // MARK: Reading

    private func read(_ inbound: NIOAsyncChannelInboundStream<ByteBuffer>) async {
        var pending = ByteBuffer()
        do {
            for try await var chunk in inbound {
                pending.writeBuffer(&chunk)
                while let newline = pending.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) {
                    let length = newline - pending.readableBytesView.startIndex
                    let line = pending.readSlice(length: length)!
                    pending.moveReaderIndex(forwardBy: 1)
                    deliver(line)
                }
                pending.discardReadBytes()
            }
        } catch {}
        finish()
    }

    private func deliver(_ line: ByteBuffer) {
        guard let message = try? ServerMessage.decode(line.readableBytesView) else { return }
        switch message {
        case .response(let response):
            guard case .number(let number)? = response.id else { return }
            if let continuation = waiting.removeValue(forKey: Int(number)) {
                continuation.resume(returning: response.response)
            } else {
                arrived[Int(number)] = response.response
            }
        case .event(let event):
            for continuation in subscriptions[event.scene, default: []] { continuation.yield(event) }
            for continuation in everything { continuation.yield(event) }
        }
    }

    private func finish() {
        closed = true
        for continuation in waiting.values { continuation.resume(throwing: ClientError.disconnected) }
        waiting.removeAll()
        for continuations in subscriptions.values {
            for continuation in continuations { continuation.finish() }
        }
        subscriptions.removeAll()
        for continuation in everything { continuation.finish() }
        everything.removeAll()
    }
}
