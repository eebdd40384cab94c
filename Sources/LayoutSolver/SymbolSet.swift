/// The rows that hold a symbol.
///
/// Most symbols sit in one or two rows, so the first two members are stored
/// inline and only larger columns allocate; a linear scan beats hashing at
/// these sizes. Iteration order depends only on the history of operations, so
/// the same inputs give the same pivots and bit-identical results in every
/// process.
struct SymbolSet: Sequence {
    private var first: Symbol = -1
    private var second: Symbol = -1
    /// The members past the second; nil rather than empty, so that an empty
    /// set holds no reference and making one is plain stores.
    private var rest: [Symbol]? = nil

    var isEmpty: Bool { first < 0 }
    var count: Int { first < 0 ? 0 : second < 0 ? 1 : 2 + (rest?.count ?? 0) }

    func contains(_ symbol: Symbol) -> Bool {
        first == symbol || second == symbol || (rest?.contains(symbol) ?? false)
    }

    /// Inserts a symbol that is not in the set: callers know, because a row
    /// reports each symbol that enters it exactly once. Not looked up here,
    /// even under assertions: that made a long column's upkeep quadratic;
    /// ``Solver/checkInvariants()`` counts each column's entries instead.
    mutating func insert(_ symbol: Symbol) {
        if first < 0 {
            first = symbol
        } else if second < 0 {
            second = symbol
        } else if rest == nil {
            // Room for six at once, which one allocation of its smallest size holds: a column past two members
            // (a stack's width, which each of its rows bounds) grew them one reallocation after another.
            var members: [Symbol] = []
            members.reserveCapacity(6)
            members.append(symbol)
            rest = members
        } else {
            rest!.append(symbol)
        }
    }

    mutating func remove(_ symbol: Symbol) {
        if first == symbol {
            first = second
            second = rest?.popLast() ?? -1
        } else if second == symbol {
            second = rest?.popLast() ?? -1
        } else if let i = rest?.firstIndex(of: symbol) {
            rest!.swapAt(i, rest!.count - 1)
            rest!.removeLast()
        }
    }

    /// The longest column whose rows a pivot takes out of it one by one (``Solver/substituteInSimplexRows(_:_:)``):
    /// the first two members are inline and the array's first allocation holds six more, so a scan is short.
    static let shortLength = 8

    /// The set without `members`, which it holds, each once: the same members in the same order as removing
    /// them one by one, in turn, leaves, in time linear in the set's size (each ``remove(_:)`` scans the array).
    func removing(_ members: [Symbol]) -> SymbolSet {
        var flat = Array(self)
        var position: [Symbol: Int] = [:]
        position.reserveCapacity(flat.count)
        for (i, symbol) in flat.enumerated() { position[symbol] = i }
        // As `remove(_:)` moves them: the first's place takes the second, the second's the last; any other's, the
        // last.
        func move(from source: Int, to target: Int) {
            flat[target] = flat[source]
            position[flat[target]] = target
        }
        for symbol in members {
            guard let i = position.removeValue(forKey: symbol) else { continue }
            let last = flat.count - 1
            if i == 0 && last >= 1 {
                move(from: 1, to: 0)
                if last >= 2 { move(from: last, to: 1) }
            } else if i < last {
                move(from: last, to: i)
            }
            flat.removeLast()
        }
        var result = SymbolSet()
        for symbol in flat { result.insert(symbol) }
        return result
    }

    mutating func removeAll() {
        first = -1
        second = -1
        rest = nil
    }

    /// Calls `body` on each member; cheaper than an iterator on hot paths.
    @inline(__always) func forEach(_ body: (Symbol) -> Void) {
        guard first >= 0 else { return }
        body(first)
        guard second >= 0 else { return }
        body(second)
        if let rest { for symbol in rest { body(symbol) } }
    }

    struct Iterator: IteratorProtocol {
        private let set: SymbolSet
        private var index = 0

        init(_ set: SymbolSet) { self.set = set }

        mutating func next() -> Symbol? {
            defer { index += 1 }
            switch index {
            case 0: return set.first >= 0 ? set.first : nil
            case 1: return set.second >= 0 ? set.second : nil
            default:
                guard let rest = set.rest, index - 2 < rest.count else { return nil }
                return rest[index - 2]
            }
        }
    }

    func makeIterator() -> Iterator { Iterator(self) }
}
