/// The rows that hold a symbol: a small unordered array.
///
/// Columns are short in this solver (lazy definitions keep symbols out of
/// most rows), so a linear scan beats hashing, and iteration order depends
/// only on the history of operations: the same inputs give the same pivots
/// and bit-identical results in every process.
struct SymbolSet: Sequence {
    private(set) var elements: [Symbol] = []

    var isEmpty: Bool { elements.isEmpty }
    var count: Int { elements.count }

    func contains(_ symbol: Symbol) -> Bool { elements.contains(symbol) }

    /// Inserts a symbol that is not in the set: callers know, because a row
    /// reports each symbol that enters it exactly once.
    mutating func insert(_ symbol: Symbol) {
        assert(!elements.contains(symbol), "symbol \(symbol) already in the column")
        elements.append(symbol)
    }

    mutating func remove(_ symbol: Symbol) {
        if let i = elements.firstIndex(of: symbol) {
            elements.swapAt(i, elements.count - 1)
            elements.removeLast()
        }
    }

    mutating func removeAll() { elements.removeAll() }

    func makeIterator() -> IndexingIterator<[Symbol]> { elements.makeIterator() }
}
