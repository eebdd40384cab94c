/// Values by name, as a `[String: Value]`, for the checker's namespace: an open-addressed table hashed by a
/// cheap multiply-and-fold of the name's UTF-8 words.
///
/// Every constraint looks up the names it relates: with the standard library's seeded hashing, the lookups
/// and entries of a file of thousands of views cost the checker as much as resolving the constraints did.
/// Names are short and not chosen to collide: a cheap hash of them is enough.
struct SymbolTable<Value: Sendable>: Sendable {
    private var keys: [String] = []
    private var values: [Value] = []
    /// Indices into `keys` and `values` by hash, -1 where empty; a power of two, at least twice the entries.
    /// Each slot holds a key's index and its hash's high half, or an index of -1 when empty: a probe compares
    /// the halves before the names, so a name meets another's only when their hashes agree that far.
    private var slots = [Slot](repeating: Slot.empty, count: 16)

    private struct Slot {
        var index: Int32
        var tag: UInt32

        static var empty: Slot { Slot(index: -1, tag: 0) }
    }

    /// The high half of a hash, which the slot's position (its low bits) does not use.
    private static func tag(_ hash: Int) -> UInt32 { UInt32(truncatingIfNeeded: UInt(bitPattern: hash) >> 32) }

    /// How many names it holds.
    var count: Int { keys.count }

    /// The names and their values, in the order they were entered.
    var entries: Zip2Sequence<[String], [Value]> { zip(keys, values) }

    /// Makes room for `capacity` names without growing step by step.
    mutating func reserveCapacity(_ capacity: Int) {
        keys.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
        var size = slots.count
        while size < capacity * 2 { size *= 2 }
        if size > slots.count { rehash(size: size) }
    }

    /// The value of `name`, if it was entered; setting one enters the name or replaces its value.
    subscript(name: String) -> Value? {
        get {
            guard case .found(let index) = find(name) else { return nil }
            return values[index]
        }
        set {
            guard let newValue else { preconditionFailure("a symbol table's names are never removed") }
            updateValue(newValue, forKey: name)
        }
    }

    /// Sets the value of `name`, returning the one it replaced, as `Dictionary.updateValue(_:forKey:)`.
    @discardableResult
    mutating func updateValue(_ value: Value, forKey name: String) -> Value? {
        switch find(name) {
        case .found(let index):
            defer { values[index] = value }
            return values[index]
        case .absent(let slot, let tag):
            slots[slot] = Slot(index: Int32(keys.count), tag: tag)
            keys.append(name)
            values.append(value)
            if keys.count * 2 > slots.count { rehash(size: slots.count * 2) }
            return nil
        }
    }

    private enum Lookup {
        case found(Int)
        case absent(slot: Int, tag: UInt32)
    }

    private func find(_ name: String) -> Lookup {
        let mask = slots.count - 1
        let hash = SymbolTable.hash(name)
        let tag = SymbolTable.tag(hash)
        var slot = hash & mask
        while true {
            let entry = slots[slot]
            if entry.index < 0 { return .absent(slot: slot, tag: tag) }
            if entry.tag == tag && keys[Int(entry.index)] == name { return .found(Int(entry.index)) }
            slot = (slot + 1) & mask
        }
    }

    private mutating func rehash(size: Int) {
        slots = [Slot](repeating: Slot.empty, count: size)
        let mask = size - 1
        for (index, key) in keys.enumerated() {
            let hash = SymbolTable.hash(key)
            var slot = hash & mask
            while slots[slot].index >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Slot(index: Int32(index), tag: SymbolTable.tag(hash))
        }
    }

    /// Multiplies in the name's UTF-8 eight bytes at a time, folding the high bits down after each.
    static func hash(_ name: String) -> Int {
        var name = name
        return name.withUTF8 { bytes in
            let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
            let count = bytes.count
            var hash = UInt64(count) &* multiplier
            guard let base = bytes.baseAddress else { return Int(truncatingIfNeeded: hash) }
            let raw = UnsafeRawPointer(base)
            // Whole words, then the rest as one word, as the bytes make it little-endian: loaded, not gathered
            // byte by byte (a name is hashed at every reference to it).
            var offset = 0
            while offset + 8 <= count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                hash = (hash ^ word) &* multiplier
                hash ^= hash >> 29
                offset += 8
            }
            let rest = count - offset
            guard rest > 0 else { return Int(truncatingIfNeeded: hash) }
            let word: UInt64
            if count >= 8 {
                // The last eight bytes, those already read shifted out.
                let last = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
                word = last >> (8 * UInt64(8 - rest))
            } else if rest >= 4 {
                // Two four-byte loads, overlapping where there are fewer than eight bytes: the same bytes ORed.
                let low = UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self))
                let high = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: rest - 4, as: UInt32.self))
                word = UInt64(low) | UInt64(high) << (8 * UInt64(rest - 4))
            } else {
                word =
                    UInt64(bytes[0]) | (rest > 1 ? UInt64(bytes[1]) << 8 : 0) | (rest > 2 ? UInt64(bytes[2]) << 16 : 0)
            }
            hash = (hash ^ word) &* multiplier
            hash ^= hash >> 29
            return Int(truncatingIfNeeded: hash)
        }
    }
}
