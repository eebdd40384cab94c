/// The distinct short identifiers a lexer has read, by their bytes: an open-addressed hash table from a
/// spelling of at most 16 bytes, held as two words, to its index in the lexer's names.
///
/// A file names the same views and attributes again and again (a constraint's line repeats two view names
/// and as many attributes), and almost every name is short: found by two words, a name already read costs
/// a fraction of making it a `String` again. A longer name is not looked up.
struct ShortNameTable {
    /// The longest spelling held: two words.
    static let longest = 16

    private struct Entry {
        var low: UInt64
        var high: UInt64
        /// The name's index; -1 where the slot is empty.
        var index: Int
    }

    /// A power of two, kept at least twice the names entered.
    private var entries: [Entry]
    private var count = 0

    /// A table with room for about `expected` names before it grows (256 slots at least, 65,536 at most).
    /// The lexer expects one name for every 64 bytes of its file: a generated scene of 2,000 labels holds one
    /// for every 130, so sized from a file's length the table seldom grows, each growth entering every name
    /// again.
    init(expected: Int = 0) {
        var size = 256
        while size < 2 * expected && size < 1 << 16 { size *= 2 }
        entries = [Entry](repeating: Entry(low: 0, high: 0, index: -1), count: size)
    }

    /// Where a lookup ended: the name's index, or the empty slot a new name goes in.
    enum Lookup: Equatable {
        case found(Int)
        case absent(slot: Int)
    }

    /// A spelling of at most ``longest`` bytes, as two little-endian words, zeros after its end. Identifier
    /// bytes are never 0, so the words and the length determine each other.
    @inline(__always)
    static func key(of range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> (low: UInt64, high: UInt64) {
        precondition(range.count <= longest)
        let count = range.count
        guard range.lowerBound + longest <= bytes.count, let base = bytes.baseAddress else {
            var words: (UInt64, UInt64) = (0, 0)
            for (k, offset) in range.enumerated() {
                if k < 8 {
                    words.0 |= UInt64(bytes[offset]) << (8 * UInt64(k))
                } else {
                    words.1 |= UInt64(bytes[offset]) << (8 * UInt64(k - 8))
                }
            }
            return words
        }
        let start = UnsafeRawPointer(base + range.lowerBound)
        let low = UInt64(littleEndian: start.loadUnaligned(as: UInt64.self))
        let high = UInt64(littleEndian: start.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        switch count {
        case 16: return (low, high)
        case 8..<16: return (low, high & ((1 << (8 * UInt64(count - 8))) - 1))
        default: return (low & ((1 << (8 * UInt64(count))) - 1), 0)
        }
    }

    /// The index of the name with `key`, or the empty slot to enter it in.
    @inline(__always)
    func index(of key: (low: UInt64, high: UInt64)) -> Lookup {
        entries.withUnsafeBufferPointer { entries in
            let mask = entries.count - 1
            var slot = ShortNameTable.hash(key) & mask
            while true {
                let entry = entries[slot]
                if entry.index < 0 { return .absent(slot: slot) }
                if entry.low == key.low && entry.high == key.high { return .found(entry.index) }
                slot = (slot + 1) & mask
            }
        }
    }

    /// Enters the name with `key` under `index`, at the slot ``index(of:)`` found empty for it.
    mutating func enter(_ key: (low: UInt64, high: UInt64), index: Int, at slot: Int) {
        entries[slot] = Entry(low: key.low, high: key.high, index: index)
        count += 1
        if count * 2 > entries.count { grow() }
    }

    /// Doubles the slots and enters every name again: at most half full, a lookup probes few slots.
    private mutating func grow() {
        let old = entries
        entries = [Entry](repeating: Entry(low: 0, high: 0, index: -1), count: old.count * 2)
        let mask = entries.count - 1
        for entry in old where entry.index >= 0 {
            var slot = ShortNameTable.hash((entry.low, entry.high)) & mask
            while entries[slot].index >= 0 { slot = (slot + 1) & mask }
            entries[slot] = entry
        }
    }

    /// Multiplies in both words, folding the high bits down: the mask keeps the low ones.
    private static func hash(_ key: (low: UInt64, high: UInt64)) -> Int {
        var hash = (key.low ^ (key.high &* 0xC2B2_AE3D_27D4_EB4F)) &* 0x9E37_79B9_7F4A_7C15
        hash ^= hash >> 32
        return Int(truncatingIfNeeded: hash)
    }
}
