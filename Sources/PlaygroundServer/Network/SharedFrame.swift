import NIOCore
import PlaygroundProtocol
import Synchronization

/// A frame as the daemon made it, shared by every client it is posted to: encoded whole once, and as a delta
/// from the frame before it once for all the clients that had that one (``Mailbox/take()`` asks), so that eight
/// subscribers in step cost one diff and one encoding.
///
/// The whole frame is encoded from the scene's frame before it where that was encoded whole too: the objects of
/// the views that did not change are copied (``Frame/encoded(reusing:)``), so the first frame of a reload, or a
/// frame in which a few of thousands of views moved, costs little more than a copy.
final class SharedFrame: Sendable {
    let frame: Frame
    /// The frame whole, once a client needed it: subscribers that take deltas need it only for their first frame.
    private let wholeBytes = Mutex<ByteBuffer?>(nil)
    /// The frame whole with where each view lies, kept for the next frame to copy from.
    private let encoding = Mutex<EncodedFrame?>(nil)
    /// The scene's frame before this one, until this one is encoded whole or the next one is made: a link of one,
    /// never a chain.
    private let previous: Mutex<SharedFrame?>
    /// The last delta made: its base's `seq` and its bytes.
    private let lastDelta = Mutex<(base: Int, bytes: ByteBuffer)?>(nil)

    /// A frame; `previous`, the scene's frame before it, if any, whose encoding it may copy from.
    init(_ frame: Frame, previous: SharedFrame? = nil) {
        self.frame = frame
        self.previous = Mutex(previous)
        previous?.previous.withLock { $0 = nil }
    }

    /// The frame whole, as a `frame` event line, encoded the first time it is asked for.
    var whole: ByteBuffer {
        if let made = wholeBytes.withLock({ $0 }) { return made }
        let before = previous.withLock { previous in
            defer { previous = nil }
            return previous
        }
        let base = before?.keptEncoding
        let encoded = frame.encoded(reusing: base)
        var made = ByteBuffer()
        made.reserveCapacity(encoded.bytes.count + 1)
        made.writeBytes(encoded.bytes)
        made.writeInteger(UInt8(ascii: "\n"))
        encoding.withLock { $0 = encoded }
        wholeBytes.withLock { $0 = $0 ?? made }
        return made
    }

    /// The whole frame's encoding, if it was made.
    private var keptEncoding: EncodedFrame? {
        encoding.withLock { encoding -> EncodedFrame? in encoding }
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
