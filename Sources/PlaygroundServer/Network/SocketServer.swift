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
    /// Something that is not a socket is at the path.
    case notASocket(String)
    case cannotBind(String, String)
    case noWatcher(String)

    public var description: String {
        switch self {
        case .alreadyRunning(let path): "another layoutd is serving on \(path); stop it, or give --socket another path"
        case .notASocket(let path): "\(path) exists and is not a socket; remove it, or give --socket another path"
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

    /// Binds the socket: mode 0600 from the start, a stale socket file
    /// replaced, a live daemon's never.
    static func bind(path: String, group: any EventLoopGroup) async throws -> NIOAsyncChannel<Connection, Never> {
        switch FileSystem.kind(of: path) {
        case .missing: break
        case .other: throw ServerError.notASocket(path)
        case .socket:
            if await isLive(path, group: group) { throw ServerError.alreadyRunning(path) }
            FileSystem.remove(path)
        }
        // The socket file is created by bind(2) with the process's umask: 0177 leaves 0600, with no window.
        let previous = umask(0o177)
        defer { umask(previous) }
        do {
            return try await ServerBootstrap(group: group)
                .serverChannelOption(.backlog, value: 256)
                // A client that sends its last request and shuts its side (`socat -t`) still gets its answers.
                .childChannelOption(.allowRemoteHalfClosure, value: true)
                .bind(unixDomainSocketPath: path) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(LineFrameDecoder()))
                        return try Connection(wrappingChannelSynchronously: channel)
                    }
                }
        } catch {
            throw ServerError.cannotBind(path, "\(error)")
        }
    }

    /// Whether a daemon answers on a socket path (a refused connection means a stale file).
    static func isLive(_ path: String, group: any EventLoopGroup) async -> Bool {
        do {
            let channel = try await ClientBootstrap(group: group).connect(unixDomainSocketPath: path).get()
            try? await channel.close()
            return true
        } catch {
            return false
        }
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
                        // The writer: whatever the mailbox holds, as the client takes it.
                        for await _ in mailbox.wakeUps {
                            let (items, overflowing) = mailbox.take()
                            // One flush for all that waits: a reload's event, diagnostics and frame in one write.
                            try await outbound.write(contentsOf: items)
                            if overflowing { return }
                        }
                        try await outbound.write(contentsOf: mailbox.take().items)
                    }
                    for try await line in inbound {
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

    /// `SO_PEERCRED`: whether the peer runs as this process's user.
    private static func isSameUser(_ channel: any Channel, logger: Logger) async -> Bool {
        guard let provider = channel as? any SocketOptionProvider else { return false }
        do {
            let credentials: PeerCredentials = try await provider.unsafeGetSocketOption(
                level: SocketOptionLevel(SOL_SOCKET), name: SocketOptionName(SO_PEERCRED)
            ).get()
            logger.debug("peer pid \(credentials.pid) uid \(credentials.uid)")
            return credentials.isThisUser
        } catch {
            logger.warning("cannot read the peer's credentials: \(error)")
            return false
        }
    }
}
