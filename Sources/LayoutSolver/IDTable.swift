/// A map from integer ids (of variables and constraints, which never repeat)
/// to values.
///
/// Ids are handed out in sequence, so one solver's ids mostly form a compact
/// range: those live in a directly indexed array. Others go to a hash table
/// with open addressing, linear probing, a multiplicative hash and
/// backward-shift deletion. Both are several times faster than `Dictionary`
/// with `Hasher` on the paths that look up every variable after each edit and
/// every constraint on each add.
///
/// Lookups are inlinable, so that ``Solver/value(of:)`` is inlined whole
/// into a client's loop: a call left in it, even one never taken, made the
/// loop keep its sums in memory.
@usableFromInline
struct IDTable<Value> {
    /// The compact range: `dense[id - base]`.
    @usableFromInline var base = -1
    @usableFromInline var dense: [Value?] = []
    @usableFromInline var keys: [Int]
    @usableFromInline var slots: [Value?]
    @usableFromInline var mask: Int
    private(set) var count = 0

    init() {
        keys = Array(repeating: -1, count: 16)
        slots = Array(repeating: nil, count: 16)
        mask = 15
    }

    @inlinable
    func home(of id: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(id)) &* 0x9E37_79B9_7F4A_7C15) >> 20) & mask
    }

    @inlinable
    func find(_ id: Int) -> Int? {
        var i = home(of: id)
        while true {
            let key = keys[i]
            if key == id { return i }
            if key == -1 { return nil }
            i = (i &+ 1) & mask
        }
    }

    /// Whether `id` belongs in the dense range, which may grow by half to take it.
    @inline(__always) private func isDense(_ id: Int) -> Bool {
        let k = id &- base
        return base >= 0 && k >= 0 && k < dense.count + 64 + dense.count / 2
    }

    @inlinable
    subscript(id: Int) -> Value? {
        let k = id &- base
        if k >= 0 && k < dense.count, let value = dense[k] { return value }
        guard hashed > 0, let i = find(id) else { return nil }
        return slots[i]
    }

    /// Whether `id` has a value, without copying the value out.
    @inlinable
    func contains(_ id: Int) -> Bool {
        let k = id &- base
        if k >= 0 && k < dense.count && dense[k] != nil { return true }
        return hashed > 0 && find(id) != nil
    }

    /// Entries in the hash table.
    @usableFromInline var hashed = 0

    mutating func insert(_ value: Value, for id: Int) {
        precondition(id >= 0, "ids are non-negative")
        if base < 0 { base = id }
        if isDense(id) && (hashed == 0 || find(id) == nil) {
            let k = id - base
            if k == dense.count {
                // The next id in sequence, the common case.
                dense.append(value)
                count += 1
                return
            }
            if k > dense.count {
                // Ids skipped (made for constraints or variables that went
                // elsewhere) stay empty; the value is appended after them.
                // Usually one or two (`.with(_:)` makes a constraint in place
                // of another), where appending them one by one beats the
                // generic path of `append(contentsOf:)` several times over.
                while dense.count < k { dense.append(nil) }
                dense.append(value)
                count += 1
                return
            }
            if dense[k] == nil { count += 1 }
            dense[k] = value
            return
        }
        insertHashed(value, for: id)
    }

    private mutating func insertHashed(_ value: Value, for id: Int) {
        if (hashed + 1) * 2 > keys.count { grow() }
        var i = home(of: id)
        while keys[i] != -1 && keys[i] != id { i = (i &+ 1) & mask }
        if keys[i] == -1 {
            count += 1
            hashed += 1
        }
        keys[i] = id
        slots[i] = value
    }

    @discardableResult
    mutating func removeValue(for id: Int) -> Value? {
        let k = id &- base
        if k >= 0 && k < dense.count, let value = dense[k] {
            dense[k] = nil
            count -= 1
            return value
        }
        guard hashed > 0, var hole = find(id) else { return nil }
        let removed = slots[hole]
        keys[hole] = -1
        slots[hole] = nil
        count -= 1
        hashed -= 1
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
    var values: [Value] { dense.compactMap { $0 } + slots.compactMap { $0 } }

    private mutating func grow() {
        let oldKeys = keys
        let oldSlots = slots
        keys = Array(repeating: -1, count: oldKeys.count * 2)
        slots = Array(repeating: nil, count: oldKeys.count * 2)
        mask = keys.count - 1
        count -= hashed
        hashed = 0
        for (key, slot) in zip(oldKeys, oldSlots) where key != -1 { insertHashed(slot!, for: key) }
    }
}

extension IDTable: Sendable where Value: Sendable {}
