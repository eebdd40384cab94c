/// A map from variable ids to symbols: open addressing with linear probing
/// and a multiplicative hash, several times faster than `Dictionary` with
/// `Hasher` on the path that reads every value back after each edit.
/// Entries are never removed, as kiwi never forgets a variable.
struct VariableTable {
    private var keys: [Int]
    private var symbols: [Symbol]
    private var mask: Int
    private(set) var count = 0

    init() {
        keys = Array(repeating: -1, count: 16)
        symbols = Array(repeating: -1, count: 16)
        mask = 15
    }

    @inline(__always) private func slot(for id: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(id)) &* 0x9E37_79B9_7F4A_7C15) >> 20) & mask
    }

    subscript(id: Int) -> Symbol? {
        var i = slot(for: id)
        while true {
            let key = keys[i]
            if key == id { return symbols[i] }
            if key == -1 { return nil }
            i = (i &+ 1) & mask
        }
    }

    mutating func insert(_ symbol: Symbol, for id: Int) {
        if (count + 1) * 2 > keys.count { grow() }
        var i = slot(for: id)
        while keys[i] != -1 && keys[i] != id { i = (i &+ 1) & mask }
        if keys[i] == -1 { count += 1 }
        keys[i] = id
        symbols[i] = symbol
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldSymbols = symbols
        keys = Array(repeating: -1, count: oldKeys.count * 2)
        symbols = Array(repeating: -1, count: oldKeys.count * 2)
        mask = keys.count - 1
        count = 0
        for (key, symbol) in zip(oldKeys, oldSymbols) where key != -1 { insert(symbol, for: key) }
    }
}
