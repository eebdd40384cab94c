import NIOCore
import Synchronization

/// What waits to be written to one client: responses and events in order,
/// and for each subscribed scene at most one frame. A newer frame of a scene
/// replaces the one waiting, so a client that stops reading never delays
/// the others and never grows the daemon's memory (latest frame wins, §4);
/// responses and other events are never dropped, and a client that leaves
/// more than ``messageLimit`` bytes of them unread is cut off.
///
/// Shared by the daemon, which posts, and the connection's writer, which
/// takes; a `Mutex` guards it, so it is `Sendable` without an actor hop per
/// frame.
final class Mailbox: Sendable {
    /// Unread responses and events a client may leave before it is disconnected.
    static let messageLimit = 4 << 20

    private struct State {
        var messages: [ByteBuffer] = []
        var messageBytes = 0
        /// The latest frame of each scene, in the order the scenes first had one waiting.
        var frames: [String: ByteBuffer] = [:]
        var frameOrder: [String] = []
        var isOverflowing = false
        var isClosed = false
    }

    private let state = Mutex(State())
    private let signal: AsyncStream<Void>.Continuation
    /// Wakes the writer; at most one wake-up waits.
    let wakeUps: AsyncStream<Void>

    init() {
        (wakeUps, signal) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Queues a response or a non-frame event. Returns false when the client
    /// has left too much unread: it is to be disconnected.
    @discardableResult
    func post(message: ByteBuffer) -> Bool {
        let accepted = state.withLock { state -> Bool in
            guard !state.isClosed else { return true }
            state.messages.append(message)
            state.messageBytes += message.readableBytes
            if state.messageBytes > Self.messageLimit { state.isOverflowing = true }
            return !state.isOverflowing
        }
        signal.yield()
        return accepted
    }

    /// Queues a scene's frame, replacing the one of that scene still waiting.
    func post(frame: ByteBuffer, of scene: String) {
        state.withLock { state in
            guard !state.isClosed else { return }
            if state.frames.updateValue(frame, forKey: scene) == nil { state.frameOrder.append(scene) }
        }
        signal.yield()
    }

    /// What is due for writing now: messages first, in order, then the latest frames.
    func take() -> (items: [ByteBuffer], overflowing: Bool) {
        state.withLock { state in
            var items = state.messages
            for scene in state.frameOrder {
                if let frame = state.frames[scene] { items.append(frame) }
            }
            state.messages.removeAll(keepingCapacity: true)
            state.messageBytes = 0
            state.frames.removeAll(keepingCapacity: true)
            state.frameOrder.removeAll(keepingCapacity: true)
            return (items, state.isOverflowing)
        }
    }

    /// No more posts: the connection is going.
    func close() {
        state.withLock { $0.isClosed = true }
        signal.finish()
    }
}
