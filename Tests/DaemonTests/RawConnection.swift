import NIOCore
import NIOPosix

/// A connection that sends raw bytes and reads raw lines, as `socat` would:
/// for what the typed client cannot send. Every read has a deadline.
struct RawConnection {
    let channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>

    static func with<Result: Sendable>(
        _ socketPath: String, _ body: (inout Lines, NIOAsyncChannelOutboundWriter<ByteBuffer>) async throws -> Result
    ) async throws -> Result {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(unixDomainSocketPath: socketPath) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            var lines = Lines(iterator: inbound.makeAsyncIterator())
            return try await body(&lines, outbound)
        }
    }

    struct Lines {
        var iterator: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
        var pending = ByteBuffer()

        /// The next line, or nil when the daemon closed the connection.
        mutating func next() async throws -> String? {
            while true {
                if let newline = pending.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) {
                    let length = newline - pending.readableBytesView.startIndex
                    let line = pending.readString(length: length)
                    pending.moveReaderIndex(forwardBy: 1)
                    return line
                }
                guard var chunk = try await iterator.next() else { return nil }
                pending.writeBuffer(&chunk)
            }
        }

        /// The next line that is not an event (a response), skipping events.
        mutating func response() async throws -> String? {
            while let line = try await next() {
                if !line.hasPrefix("{\"event\"") { return line }
            }
            return nil
        }
    }
}

extension NIOAsyncChannelOutboundWriter<ByteBuffer> {
    func send(_ text: String) async throws {
        try await write(ByteBuffer(string: text))
    }
}
