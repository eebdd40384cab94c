import NIOCore
import NIOPosix

/// `layout-watch`'s output, line by line: its pipe read on the event loop and framed as clients' lines are.
enum WatcherLines {
    /// Hands each line of the pipe at `fd` to `line`, until the pipe closes or fails (as if `layout-watch` had
    /// ended, which restarts it).
    static func read(from fd: CInt, group: any EventLoopGroup, line: @Sendable (ByteBuffer) -> Void) async {
        do {
            let channel = try await NIOPipeBootstrap(group: group).takingOwnershipOfDescriptor(input: fd) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(LineFrameDecoder()))
                    return try NIOAsyncChannel<InboundLine, Never>(wrappingChannelSynchronously: channel)
                }
            }
            try await channel.executeThenClose { inbound in
                for try await next in inbound {
                    if case .line(let bytes) = next { line(bytes) }
                }
            }
        } catch {
            // The pipe failed: as if layout-watch had ended.
        }
    }
}
