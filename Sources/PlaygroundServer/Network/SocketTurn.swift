import HostSystem
import NIOCore
import NIOPosix
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Waits until the event loop has looked at its sockets: what long work on the loop awaits between two slices,
/// so that clients are answered while it goes on.
///
/// `Task.yield()` and short sleeps are not enough: SwiftNIO runs every task that is ready, those enqueued
/// meanwhile included, before it polls its sockets again, so a loop kept busy by a checkout of thousands of files
/// would answer no client until it is done. Here the waiting task is resumed by a byte through a pipe that the
/// loop itself watches: it runs again only after the loop has polled, with the clients' requests read in that
/// same poll queued before it.
///
/// ```swift
/// let turn = try await SocketTurn.make(on: loop)
/// for file in files { load(file); await turn.wait() }
/// ```
final class SocketTurn: Sendable {
    private let writeEnd: CInt
    private let waiters = Mutex<[CheckedContinuation<Void, Never>]>([])
    private let channel = Mutex<(any Channel)?>(nil)

    private init(writeEnd: CInt) {
        self.writeEnd = writeEnd
    }

    /// A turn on `loop`, its pipe's read end watched there.
    static func make(on loop: any EventLoop) async throws -> SocketTurn {
        let (readEnd, writeEnd) = try Subprocess.makePipe()
        _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
        let turn = SocketTurn(writeEnd: writeEnd)
        do {
            let channel = try await NIOPipeBootstrap(group: loop)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(Reader(turn: turn))
                    }
                }
                .takingOwnershipOfDescriptor(input: readEnd).get()
            turn.channel.withLock { $0 = channel }
        } catch {
            Glibc.close(readEnd)
            Glibc.close(writeEnd)
            throw error
        }
        return turn
    }

    /// Returns once the loop has polled its sockets (at once when the turn is closed).
    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            // The byte is written under the lock that `close()` takes, so the pipe is never written once closed.
            let open = waiters.withLock { waiters -> Bool in
                guard channel.withLock({ $0 != nil }) else { return false }
                waiters.append(continuation)
                var byte: UInt8 = 1
                // A full pipe already holds a byte that will wake the reader.
                _ = Glibc.write(writeEnd, &byte, 1)
                return true
            }
            if !open { continuation.resume() }
        }
    }

    /// Stops watching; every wait returns. Closing again does nothing.
    func close() {
        let channel = waiters.withLock { _ in
            self.channel.withLock { channel in
                defer { channel = nil }
                return channel
            }
        }
        guard let channel else { return }
        channel.close(promise: nil)
        Glibc.close(writeEnd)
        resumeAll()
    }

    fileprivate func resumeAll() {
        for waiter in waiters.withLock({ waiters in
            defer { waiters.removeAll() }
            return waiters
        }) {
            waiter.resume()
        }
    }

    /// On the loop: bytes came through the pipe, so the loop is polling; the waiters go on.
    private final class Reader: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        let turn: SocketTurn

        init(turn: SocketTurn) {
            self.turn = turn
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            turn.resumeAll()
        }
    }
}
