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
    private var slots = [Int](repeating: -1, count: 16)

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
        case .absent(let slot):
            slots[slot] = keys.count
            keys.append(name)
            values.append(value)
            if keys.count * 2 > slots.count { rehash(size: slots.count * 2) }
            return nil
        }
    }

    private enum Lookup {
        case found(Int)
        case absent(slot: Int)
    }

    private func find(_ name: String) -> Lookup {
        let mask = slots.count - 1
        var slot = SymbolTable.hash(name) & mask
        while true {
            let index = slots[slot]
            if index < 0 { return .absent(slot: slot) }
            if keys[index] == name { return .found(index) }
            slot = (slot + 1) & mask
        }
    }

    private mutating func rehash(size: Int) {
        slots = [Int](repeating: -1, count: size)
        let mask = size - 1
        for (index, key) in keys.enumerated() {
            var slot = SymbolTable.hash(key) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = index
        }
    }

    /// Multiplies in the name's UTF-8 eight bytes at a time, folding the high bits down after each.
    static func hash(_ name: String) -> Int {
        var name = name
        return name.withUTF8 { bytes in
            let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
            var hash = UInt64(bytes.count) &* multiplier
            var offset = 0
            while offset < bytes.count {
                var word: UInt64 = 0
                for k in offset..<min(offset + 8, bytes.count) {
                    word |= UInt64(bytes[k]) << (8 * UInt64(k - offset))
                }
                hash = (hash ^ word) &* multiplier
                hash ^= hash >> 29
                offset += 8
            }
            return Int(truncatingIfNeeded: hash)
        }
    }
}
