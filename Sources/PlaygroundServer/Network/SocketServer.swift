import HostSystem
import Logging
import NIOCore
import NIOPosix
import PlaygroundProtocol

#if canImport(Glibc)
    import Glibc
#endif

/// Why the daemon cannot serve on its socket path.
public enum ServerError: Error, CustomStringConvertible, Sendable {
    /// Another daemon answers on the path.
    case alreadyRunning(String)
    /// A process of another user answers on the path.
    case foreignServer(String, uid: UInt32)
    /// Something that is not a socket is at the path.
    case notASocket(String)
    /// The private folder of the socket is not private: why.
    case unsafeFolder(String)
    case cannotBind(String, String)
    case noWatcher(String)

    public var description: String {
        switch self {
        case .alreadyRunning(let path): "another layoutd is serving on \(path); stop it, or give --socket another path"
        case .foreignServer(let path, let uid):
            "a process of another user (uid \(uid)) listens on \(path); give --socket another path"
        case .notASocket(let path): "\(path) exists and is not a socket; remove it, or give --socket another path"
        case .unsafeFolder(let reason):
            "refusing to listen there: \(reason); or set XDG_RUNTIME_DIR, or give --socket another path"
        case .cannotBind(let path, let reason): "cannot listen on \(path): \(reason)"
        case .noWatcher(let reason): "cannot watch files: \(reason)"
        }
    }
}

/// The Unix-domain socket server: framing in the channel pipeline, requests
/// answered by the ``Daemon`` in async code over `NIOAsyncChannel`, one
/// reader and one writer task per client.
struct SocketServer {
    let daemon: Daemon
    let path: String
    let logger: Logger

    typealias Connection = NIOAsyncChannel<InboundLine, ByteBuffer>

    /// Binds the socket: in its private folder (made, or checked) when it is in one, mode 0600 from the start,
    /// close-on-exec, a listen queue as long as the system allows; a stale socket file replaced, a live daemon's
    /// never.
    static func bind(path: String, group: any EventLoopGroup) async throws -> NIOAsyncChannel<Connection, Never> {
        if let folder = SocketPath.privateFolder(of: path, userID: getuid()) {
            do {
                try PrivateFolder.prepare(folder)
            } catch {
                throw ServerError.unsafeFolder(error.description)
            }
        }
        switch FileReader.kind(at: path) {
        case nil: break
        case .some(let kind) where kind != .socket: throw ServerError.notASocket(path)
        case .some:
            switch await listener(at: path, group: group) {
            case .nobody: FileSystem.remove(path)
            case .peer(let peer) where peer.isThisUser: throw ServerError.alreadyRunning(path)
            case .peer(let peer): throw ServerError.foreignServer(path, uid: peer.uid)
            case .busy: throw ServerError.alreadyRunning(path)
            case .unknown(let reason): throw ServerError.cannotBind(path, "cannot tell whether it is in use: \(reason)")
            }
        }
        let descriptor: CInt
        do {
            descriptor = try UnixSocket.listen(at: path)
        } catch {
            throw ServerError.cannotBind(path, error.description)
        }
        do {
            let server = try await ServerBootstrap(group: group)
                // A client that sends its last request and shuts its side (`socat -t`) still gets its answers.
                .childChannelOption(.allowRemoteHalfClosure, value: true)
                .bind(descriptor) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(LineFrameDecoder()))
                        return try Connection(wrappingChannelSynchronously: channel)
                    }
                }
            // SwiftNIO listens again on a socket it is given, with a queue of 128: the system's largest again.
            _ = Glibc.listen(descriptor, UnixSocket.backlog)
            return server
        } catch {
            close(descriptor)
            FileSystem.remove(path)
            throw ServerError.cannotBind(path, "\(error)")
        }
    }

    /// What answers on an existing socket file.
    enum Listener {
        /// No one: the connection was refused, the file is stale.
        case nobody
        case peer(PeerCredentials)
        /// Someone listens whose queue is full: a daemon that is busy, or hung; never one to replace.
        case busy
        /// The connection failed otherwise (no permission to the folder, …): why.
        case unknown(String)
    }

    /// Who answers on a socket path. Only a refused connection means a stale file.
    static func listener(at path: String, group: any EventLoopGroup) async -> Listener {
        let channel: any Channel
        do {
            channel = try await ClientBootstrap(group: group).connect(unixDomainSocketPath: path).get()
        } catch let error as IOError {
            switch error.errnoCode {
            case ECONNREFUSED: return .nobody
            case EAGAIN: return .busy
            default: return .unknown(systemReason(error.errnoCode))
            }
        } catch {
            return .unknown("\(error)")
        }
        defer { channel.close(promise: nil) }
        // Someone listens: when who cannot be told, it is no one this daemon may replace.
        var unknown = PeerCredentials()
        unknown.uid = .max
        return .peer((try? await credentials(of: channel)) ?? unknown)
    }

    /// Who is at the other end of a connection (`SO_PEERCRED`, recorded by the kernel when it was made).
    static func credentials(of channel: any Channel) async throws -> PeerCredentials {
        guard let provider = channel as? any SocketOptionProvider else {
            throw ChannelError.operationUnsupported
        }
        return try await provider.unsafeGetSocketOption(
            level: SocketOptionLevel(SOL_SOCKET), name: SocketOptionName(SO_PEERCRED)
        ).get()
    }

    /// Serves until the server channel closes: each client in a child task.
    func serve(_ server: NIOAsyncChannel<Connection, Never>) async throws {
        try await withThrowingDiscardingTaskGroup { group in
            try await server.executeThenClose { clients in
                for try await connection in clients {
                    group.addTask { await self.handle(connection) }
                }
            }
        }
    }

    /// One client: refused if another user's, else its lines answered and its mailbox written.
    private func handle(_ connection: Connection) async {
        let channel = connection.channel
        guard await Self.isSameUser(channel, logger: logger) else {
            logger.warning("refused a connection from another user")
            try? await channel.close()
            return
        }
        let mailbox = Mailbox()
        let id = await daemon.connect(mailbox: mailbox) { channel.close(promise: nil) }
        logger.debug("client \(id) connected")
        do {
            try await connection.executeThenClose { inbound, outbound in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        // The writer: whatever the mailbox holds, as the client takes it. However it ends, the
                        // mailbox closes, so that the reader waiting for room goes on.
                        defer { mailbox.close() }
                        for await _ in mailbox.wakeUps {
                            let (items, overflowing) = mailbox.take()
                            try await Self.write(items, to: outbound, noting: mailbox)
                            if overflowing { return }
                        }
                        try await Self.write(mailbox.take().items, to: outbound, noting: mailbox)
                    }
                    for try await line in inbound {
                        // A client that leaves its answers unread is not read from either: it waits, not the
                        // daemon; and one that reads nothing for a while is cut off.
                        guard await mailbox.waitForRoom(patience: Mailbox.patience, on: channel.eventLoop) else {
                            logger.warning(
                                "disconnecting client \(id): it has read nothing for \(Mailbox.patience.nanoseconds / 1_000_000_000) s while more than \(Mailbox.limit) bytes of its answers wait"
                            )
                            channel.close(promise: nil)
                            break
                        }
                        switch line {
                        case .line(let bytes): await daemon.handle(line: bytes, from: id)
                        case .tooLong: await daemon.refuseLongLine(from: id)
                        }
                    }
                    // The client has said all it will: finish writing what it is owed, then go.
                    mailbox.close()
                    try await group.next()
                    group.cancelAll()
                }
            }
        } catch {
            logger.debug("client \(id): \(error)")
        }
        await daemon.disconnect(id)
        logger.debug("client \(id) disconnected")
    }

    /// How much the writer hands to the socket at a time.
    static let slice = 64 << 10

    /// Writes what was taken, small items together (a reload's event, diagnostics and frame in one write) and a
    /// large one in slices (they share its bytes), noting each slice the client took, so that a client reading a
    /// frame of megabytes slowly counts as reading.
    private static func write(
        _ items: [ByteBuffer], to outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>, noting mailbox: Mailbox
    ) async throws {
        var batch: [ByteBuffer] = []
        var size = 0
        func flush() async throws {
            guard !batch.isEmpty else { return }
            try await outbound.write(contentsOf: batch)
            batch.removeAll(keepingCapacity: true)
            size = 0
            mailbox.noteProgress()
        }
        for var item in items {
            while item.readableBytes > slice {
                batch.append(item.readSlice(length: slice)!)
                try await flush()
            }
            size += item.readableBytes
            batch.append(item)
            if size >= slice { try await flush() }
        }
        try await flush()
    }

    /// Whether the peer runs as this process's user.
    private static func isSameUser(_ channel: any Channel, logger: Logger) async -> Bool {
        do {
            let credentials = try await credentials(of: channel)
            logger.debug("peer pid \(credentials.pid) uid \(credentials.uid)")
            return credentials.isThisUser
        } catch {
            logger.warning("cannot read the peer's credentials: \(error)")
            return false
        }
    }
}
