// Lines of the daemon's NDJSON as reads bring them, keeping only each line's first bytes: enough for an
// event's kind and a frame's numbers, at the cost of one memchr per line, so that the bench measures the
// daemon and not a JSON decoder.

#if canImport(Glibc)
    import Glibc
#endif

/// Splits a byte stream into lines, and hands over the first ``headLength`` bytes of each complete one.
public struct LineHeads {
    public static let headLength = 200
    private var head: [UInt8] = []

    public init() {}

    /// Feeds the bytes of one read; `line` gets the head of every line this read completed.
    public mutating func feed(_ chunk: UnsafeRawBufferPointer, line: (LineHead) -> Void) {
        guard let base = chunk.baseAddress else { return }
        var start = 0
        while start < chunk.count {
            let newline = memchr(base + start, 0x0A, chunk.count - start)
            let end = newline.map { base.distance(to: UnsafeRawPointer($0)) } ?? chunk.count
            if head.count < Self.headLength {
                let take = min(Self.headLength - head.count, end - start)
                head.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[start..<(start + take)]))
            }
            guard newline != nil else { return }
            line(LineHead(head))
            head.removeAll(keepingCapacity: true)
            start = end + 1
        }
    }
}

/// The start of one line: an event's kind, and a frame's generation, number and whether it is settled
/// (`{"event":"frame","scene":…,"generation":2,"seq":17,"time":0.25,"settled":false,…`).
public struct LineHead {
    public var event: Substring?
    public var generation: Int?
    public var seq: Int?
    public var settled: Bool?

    public init(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        for field in text.dropFirst().split(separator: ",").prefix(7) {
            guard let colon = field.firstIndex(of: ":") else { continue }
            let value = field[field.index(after: colon)...]
            switch field[..<colon] {
            case #""event""#: event = value.dropFirst().dropLast()
            case #""generation""#: generation = Int(value)
            case #""seq""#: seq = Int(value)
            case #""settled""#: settled = value == "true"
            default: continue
            }
        }
    }

    public var isFrame: Bool { event == "frame" }
}
