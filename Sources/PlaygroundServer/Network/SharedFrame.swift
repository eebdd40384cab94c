import NIOCore
import PlaygroundProtocol
import Synchronization

/// A frame as the daemon made it, shared by every client it is posted to: encoded whole once, and as a delta
/// from the frame before it once for all the clients that had that one (``Mailbox/take()`` asks), so that eight
/// subscribers in step cost one diff and one encoding.
final class SharedFrame: Sendable {
    let frame: Frame
    /// The frame whole, once a client needed it: subscribers that take deltas need it only for their first frame.
    private let wholeBytes = Mutex<ByteBuffer?>(nil)
    /// The last delta made: its base's `seq` and its bytes.
    private let lastDelta = Mutex<(base: Int, bytes: ByteBuffer)?>(nil)

    init(_ frame: Frame) {
        self.frame = frame
    }

    /// The frame whole, as a `frame` event line, encoded the first time it is asked for.
    var whole: ByteBuffer {
        if let made = wholeBytes.withLock({ $0 }) { return made }
        let made = Self.encode(frame)
        wholeBytes.withLock { $0 = $0 ?? made }
        return made
    }

    /// The bytes for a client whose last frame of the scene was `base`: a delta from it when it is of the same
    /// generation and not newer, else the whole frame.
    func bytes(after base: SharedFrame?) -> ByteBuffer {
        guard let base, base.frame.generation == frame.generation, base.frame.seq <= frame.seq else { return whole }
        let key = base.frame.seq
        if let cached = lastDelta.withLock({ $0 }), cached.base == key { return cached.bytes }
        let bytes = Self.encode(frame.delta(from: base.frame))
        lastDelta.withLock { $0 = (key, bytes) }
        return bytes
    }

    private static func encode(_ frame: Frame) -> ByteBuffer {
        var out = JSONWriter()
        frame.write(to: &out)
        out.raw("\n")
        return ByteBuffer(bytes: out.bytes)
    }
}
