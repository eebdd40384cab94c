import NIOCore
import PlaygroundProtocol
import Synchronization

/// What waits to be written to one client: responses and events in order,
/// and for each subscribed scene at most one frame. A newer frame of a scene
/// replaces the one waiting, so a client that stops reading never delays
/// the others and never grows the daemon's memory (latest frame wins, §4).
///
/// What counts is only what the client has not read: what waits here, not
/// yet handed to the socket (the connection's writer takes everything at
/// once, and waits while the socket's buffer is full). Of that:
/// - responses are never dropped, however large one is (a frame of a
///   megabyte of text is delivered); instead the connection reads no further
///   request while more than ``limit`` bytes of responses wait
///   (``waitForRoom(patience:on:)``), so a client that sends requests and never
///   reads holds up only itself, and is cut off when it has read nothing for
///   a while;
/// - other events (reloads, diagnostics, removals) come whether the client
///   asks or not: one that leaves more than ``limit`` bytes of them unread
///   is cut off, and the log says how much it left.
///
/// Shared by the daemon, which posts, and the connection's writer, which
/// takes; a `Mutex` guards it, so it is `Sendable` without an actor hop per
/// frame.
final class Mailbox: Sendable {
    /// Unread bytes of responses that stop the reading of requests, and of events that cut a client off.
    static let limit = 4 << 20
    /// The size up to which a message is copied into the mailbox's own buffer rather than kept as it is.
    static let smallMessage = 4096

    /// How long a client whose responses stopped its requests may read nothing before it is cut off.
    static let patience = TimeAmount.seconds(5)

    private struct State {
        /// Responses and events in order. Small ones are copied into the last buffer, which this mailbox owns
        /// (``ownsLast``), so that what a client leaves unread is a few buffers, not thousands of small ones
        /// scattered over the heap, which would keep its pages from going back to the system.
        var messages: [ByteBuffer] = []
        var ownsLast = false
        var responseBytes = 0
        var eventBytes = 0
        /// The latest frame of each scene, in the order the scenes first had one waiting (a scene forgotten
        /// since stays in the order, with no frame, until the next take), and whether it goes as a delta.
        var frames: [SceneName: (frame: SharedFrame, delta: Bool)] = [:]
        /// Scenes whose next frame goes whole (a new subscription): their delta base is forgotten at the next
        /// take.
        var whole: Set<SceneName> = []
        var frameOrder: [SceneName] = []
        var ordered: Set<SceneName> = []
        var isOverflowing = false
        var isClosed = false
        /// The connection's reader, waiting for responses to be taken (resumed with true) or for its patience
        /// to run out (false), by number, with the timer of its patience.
        var roomWaiters: [Int: (continuation: CheckedContinuation<Bool, Never>, timer: Scheduled<Void>?)] = [:]
        var nextWaiter = 0
        /// When the writer last got bytes out to the client (``noteProgress()``), or took.
        var lastProgress = NIODeadline.now()

        /// Queues a message: a small one into the buffer this mailbox owns, a large one as it is (no copy).
        mutating func append(_ message: ByteBuffer) {
            guard message.readableBytes <= Mailbox.smallMessage else {
                messages.append(message)
                ownsLast = false
                return
            }
            if ownsLast {
                messages[messages.count - 1].writeImmutableBuffer(message)
            } else {
                var owned = ByteBufferAllocator().buffer(capacity: Mailbox.smallMessage)
                owned.writeImmutableBuffer(message)
                messages.append(owned)
                ownsLast = true
            }
        }
    }

    private let state = Mutex(State())
    /// For each scene the client gets deltas of, the last frame handed to the writer: the base of the next
    /// delta. Only ``take()`` uses it, so the diff and its encoding happen outside `state`'s lock.
    private let bases = Mutex<[SceneName: SharedFrame]>([:])
    private let signal: AsyncStream<Void>.Continuation
    /// Wakes the writer; at most one wake-up waits.
    let wakeUps: AsyncStream<Void>

    init() {
        (wakeUps, signal) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Queues a response, whatever its size.
    func post(response: ByteBuffer) {
        state.withLock { state in
            guard !state.isClosed else { return }
            state.append(response)
            state.responseBytes += response.readableBytes
        }
        signal.yield()
    }

    /// Queues an event other than a frame. Returns the bytes of events the client has left unread when that is
    /// more than ``limit``: it is to be disconnected; nil otherwise.
    @discardableResult
    func post(event: ByteBuffer) -> Int? {
        let unread = state.withLock { state -> Int? in
            guard !state.isClosed else { return nil }
            state.append(event)
            state.eventBytes += event.readableBytes
            if state.eventBytes > Self.limit { state.isOverflowing = true }
            return state.isOverflowing ? state.eventBytes : nil
        }
        signal.yield()
        return unread
    }

    /// Queues a scene's frame, replacing the one of that scene still waiting: whole, or `delta`, as the views
    /// that changed since the last frame of the scene taken for this client (whole when there is none, or it is
    /// of another generation).
    func post(frame: SharedFrame, of scene: SceneName, delta: Bool = false) {
        state.withLock { state in
            guard !state.isClosed else { return }
            state.frames[scene] = (frame, delta)
            if state.ordered.insert(scene).inserted { state.frameOrder.append(scene) }
        }
        signal.yield()
    }

    /// The scene's next frame goes whole, whatever its subscription: a client that subscribes again asks for it.
    func sendWhole(scene: SceneName) {
        _ = state.withLock { $0.whole.insert(scene) }
    }

    /// Drops the frame of a scene that is gone, if one still waits: its `removed` event says all there is.
    func forget(scene: SceneName) {
        state.withLock { state in
            state.frames.removeValue(forKey: scene)
            _ = state.whole.insert(scene)
        }
    }

    /// The writer got a slice out to the client: a reader waiting for room waits on, however long what was
    /// taken takes to write.
    func noteProgress() {
        state.withLock { $0.lastProgress = .now() }
    }

    /// What is due for writing now: messages first, in order, then the latest frames, each whole or as a delta
    /// from the last one taken.
    func take() -> (items: [ByteBuffer], overflowing: Bool) {
        let (messages, frames, whole, overflowing, waiters) = state.withLock { state in
            state.lastProgress = .now()
            let messages = state.messages
            let frames = state.frameOrder.compactMap { scene in state.frames[scene].map { (scene, $0) } }
            let whole = state.whole
            state.whole.removeAll()
            state.messages.removeAll(keepingCapacity: true)
            state.ownsLast = false
            state.responseBytes = 0
            state.eventBytes = 0
            state.frames.removeAll(keepingCapacity: true)
            state.frameOrder.removeAll(keepingCapacity: true)
            state.ordered.removeAll(keepingCapacity: true)
            let waiters = state.roomWaiters.values
            state.roomWaiters.removeAll()
            return (messages, frames, whole, state.isOverflowing, waiters)
        }
        for waiter in waiters {
            waiter.timer?.cancel()
            waiter.continuation.resume(returning: true)
        }
        var items = messages
        if !frames.isEmpty || !whole.isEmpty {
            bases.withLock { bases in
                for scene in whole { bases[scene] = nil }
                for (scene, pending) in frames {
                    guard pending.delta else {
                        bases[scene] = nil
                        items.append(pending.frame.whole)
                        continue
                    }
                    items.append(pending.frame.bytes(after: bases[scene]))
                    bases[scene] = pending.frame
                }
            }
        }
        return (items, overflowing)
    }

    /// Returns true when at most ``limit`` bytes of responses wait to be written (at once, usually), or the
    /// mailbox is closed: the connection reads its next request only then. False when the writer got nothing
    /// out to the client for `patience` (timed on `loop`): the client reads nothing, and is to be cut off.
    func waitForRoom(patience: TimeAmount, on loop: any EventLoop) async -> Bool {
        while true {
            let number = state.withLock { state -> Int? in
                guard !state.isClosed && state.responseBytes > Self.limit else { return nil }
                defer { state.nextWaiter += 1 }
                return state.nextWaiter
            }
            guard let number else { return true }
            let taken = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let waiting = state.withLock { state -> Bool in
                    guard !state.isClosed && state.responseBytes > Self.limit else { return false }
                    state.roomWaiters[number] = (continuation, nil)
                    return true
                }
                guard waiting else { return continuation.resume(returning: true) }
                let timer = loop.scheduleTask(in: patience) { self.expire(number, patience: patience, on: loop) }
                let taken = state.withLock { state -> Bool in
                    guard state.roomWaiters[number] != nil else { return true }
                    state.roomWaiters[number]?.timer = timer
                    return false
                }
                if taken { timer.cancel() }
            }
            if !taken { return false }
        }
    }

    /// A reader's patience ran out: it gives up when nothing got out to the client for that long, and waits
    /// on otherwise.
    private func expire(_ number: Int, patience: TimeAmount, on loop: any EventLoop) {
        let now = NIODeadline.now()
        let gaveUp = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            guard state.roomWaiters[number] != nil else { return nil }
            let due = state.lastProgress + patience
            guard due <= now else {
                state.roomWaiters[number]?.timer = loop.scheduleTask(deadline: due) {
                    self.expire(number, patience: patience, on: loop)
                }
                return nil
            }
            return state.roomWaiters.removeValue(forKey: number)?.continuation
        }
        gaveUp?.resume(returning: false)
    }

    /// No more posts: the connection is going.
    func close() {
        let waiters = state.withLock { state in
            state.isClosed = true
            let waiters = state.roomWaiters.values
            state.roomWaiters.removeAll()
            return waiters
        }
        for waiter in waiters {
            waiter.timer?.cancel()
            waiter.continuation.resume(returning: true)
        }
        signal.finish()
    }
}
