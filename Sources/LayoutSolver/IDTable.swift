/// A map from integer ids (of variables and constraints, which never repeat)
/// to values: open addressing with linear probing, a multiplicative hash and
/// backward-shift deletion.
///
/// Several times faster than `Dictionary` with `Hasher` on the paths that look
/// up every variable after each edit and every constraint on each add.
struct IDTable<Value> {
    private var keys: [Int]
    private var slots: [Value?]
    private var mask: Int
    private(set) var count = 0

    init() {
        keys = Array(repeating: -1, count: 16)
        slots = Array(repeating: nil, count: 16)
        mask = 15
    }

    @inline(__always) private func home(of id: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(id)) &* 0x9E37_79B9_7F4A_7C15) >> 20) & mask
    }

    @inline(__always) private func find(_ id: Int) -> Int? {
        var i = home(of: id)
        while true {
            let key = keys[i]
            if key == id { return i }
            if key == -1 { return nil }
            i = (i &+ 1) & mask
        }
    }

    subscript(id: Int) -> Value? {
        guard let i = find(id) else { return nil }
        return slots[i]
    }

    mutating func insert(_ value: Value, for id: Int) {
        precondition(id >= 0, "ids are non-negative")
        if (count + 1) * 2 > keys.count { grow() }
        var i = home(of: id)
        while keys[i] != -1 && keys[i] != id { i = (i &+ 1) & mask }
        if keys[i] == -1 { count += 1 }
        keys[i] = id
        slots[i] = value
    }

    @discardableResult
    mutating func removeValue(for id: Int) -> Value? {
        guard var hole = find(id) else { return nil }
        let removed = slots[hole]
        keys[hole] = -1
        slots[hole] = nil
        count -= 1
        // Backward-shift: move later entries of the probe run into the hole,
        // so lookups never need tombstones.
        var i = (hole &+ 1) & mask
        while keys[i] != -1 {
            let h = home(of: keys[i])
            // Move entry i into the hole unless its home lies cyclically in (hole, i].
            let distanceToHole = (i &- h) & mask
            let distanceFromHole = (i &- hole) & mask
            if distanceToHole >= distanceFromHole {
                keys[hole] = keys[i]
                slots[hole] = slots[i]
                keys[i] = -1
                slots[i] = nil
                hole = i
            }
            i = (i &+ 1) & mask
        }
        return removed
    }

    /// The values, in no particular order.
    var values: some Collection<Value> { slots.lazy.compactMap { $0 } }

    private mutating func grow() {
        let oldKeys = keys
        let oldSlots = slots
        keys = Array(repeating: -1, count: oldKeys.count * 2)
        slots = Array(repeating: nil, count: oldKeys.count * 2)
        mask = keys.count - 1
        count = 0
        for (key, slot) in zip(oldKeys, oldSlots) where key != -1 { insert(slot!, for: key) }
    }
}
