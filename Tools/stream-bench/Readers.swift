import BenchSupport
import LayoutValues

#if canImport(Glibc)
    import Glibc
#endif

/// The subscribers that read: one poll loop over their sockets, counting each one's frames and the frames it
/// missed (gaps in `seq`, which numbers every frame the scene made).
final class Readers {
    struct Counts {
        var frames = 0
        var bytes = 0
        var missed = 0
        var lastSeq: Int?
        fileprivate var heads = LineHeads()
    }

    private let sockets: [CInt]
    private(set) var counts: [Counts]
    private var buffer = [UInt8](repeating: 0, count: 1 << 20)

    init(sockets: [CInt]) {
        self.sockets = sockets
        counts = Array(repeating: Counts(), count: sockets.count)
    }

    /// The newest frame number any reader has seen.
    var latestSeq: Int { counts.compactMap(\.lastSeq).max() ?? 0 }

    /// Starts counting afresh (frame numbers are kept, to count gaps across the restart).
    func resetCounts() {
        for index in counts.indices {
            counts[index].frames = 0
            counts[index].bytes = 0
            counts[index].missed = 0
        }
    }

    /// Reads whatever comes until `deadline`.
    func pump(until deadline: ContinuousClock.Instant) throws {
        var pollers = sockets.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        while case let left = deadline - .now, left > .zero {
            let timeout = CInt(max(1, min(60_000, left.seconds * 1000)))
            guard poll(&pollers, nfds_t(pollers.count), timeout) > 0 else { continue }
            for index in pollers.indices where pollers[index].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(sockets[index], $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { throw BenchError("the daemon closed subscriber \(index + 1)") }
                counts[index].bytes += count
                var heads = counts[index].heads
                defer { counts[index].heads = heads }
                buffer.withUnsafeBytes { bytes in
                    heads.feed(UnsafeRawBufferPointer(rebasing: bytes[..<count])) { head in
                        guard head.isFrame, let seq = head.seq else { return }
                        if let last = counts[index].lastSeq, seq > last + 1 { counts[index].missed += seq - last - 1 }
                        counts[index].lastSeq = seq
                        counts[index].frames += 1
                    }
                }
            }
        }
    }
}
