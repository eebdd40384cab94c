/// One term of a row: a coefficient times a symbol.
struct Cell {
    var symbol: Symbol
    var coefficient: Double
}

/// A row of the tableau, `basic = constant + Σ coefficient·symbol`, kept as
/// one array of cells sorted by symbol.
///
/// Sorted storage makes lookups a binary search and sums of rows a linear
/// merge; rows stay short because the solver expands definitions lazily (see
/// ``Solver``). One array rather than one of symbols and one of coefficients
/// halves the allocations, reference counting and bounds checks per row (a
/// small layout makes hundreds of rows), and a sum merges in place, from the
/// back, when the row's storage has room. A row never holds a coefficient
/// that is ``nearZero(_:)``.
struct Row {
    var constant: Double
    private(set) var cells: [Cell] = []

    init(constant: Double = 0) {
        self.constant = constant
    }

    /// An empty row whose cells go into `storage`, which must be empty: a dropped row's, so that its
    /// capacity is used again (``ExpansionScratch/takeCells()``).
    init(constant: Double, storage: consuming [Cell]) {
        precondition(storage.isEmpty, "a row's storage is given empty")
        self.constant = constant
        self.cells = storage
    }

    /// Whether this row's cells are held in `other`'s storage: a row returned as it was given.
    func sharesStorage(with other: Row) -> Bool {
        cells.withUnsafeBufferPointer { mine in
            other.cells.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
        }
    }

    /// Builds a row from cells already sorted by symbol, with no zero coefficients.
    init(constant: Double, sortedCells: [Cell]) {
        self.constant = constant
        self.cells = sortedCells
    }

    var isConstant: Bool { cells.isEmpty }
    var count: Int { cells.count }

    /// The row's symbols, in order.
    var symbols: LazyMapCollection<[Cell], Symbol> { cells.lazy.map(\.symbol) }

    @inline(__always) func index(of symbol: Symbol) -> Int? {
        var lo = 0
        var hi = cells.count
        while lo < hi {
            let mid = (lo &+ hi) >> 1
            let s = cells[mid].symbol
            if s == symbol { return mid }
            if s < symbol { lo = mid &+ 1 } else { hi = mid }
        }
        return nil
    }

    @inline(__always) func coefficient(for symbol: Symbol) -> Double {
        guard let i = index(of: symbol) else { return 0 }
        return cells[i].coefficient
    }

    /// Adds `coefficient·symbol`; returns +1 if the symbol came in, -1 if it cancelled out, 0 otherwise.
    ///
    /// New symbols have the highest ids so far: appending is the common
    /// case, inlined where it is called (a constraint's row is made a cell
    /// at a time); the rest is kept out of line.
    @discardableResult
    @inline(__always)
    mutating func add(_ symbol: Symbol, _ coefficient: Double) -> Int {
        if cells.isEmpty || cells[cells.count - 1].symbol < symbol {
            if nearZero(coefficient) { return 0 }
            cells.append(Cell(symbol: symbol, coefficient: coefficient))
            return 1
        }
        return addBefore(symbol, coefficient)
    }

    /// `add(_:_:)` for a symbol below the last: into its place, or onto its cell.
    private mutating func addBefore(_ symbol: Symbol, _ coefficient: Double) -> Int {
        var lo = 0
        var hi = cells.count
        while lo < hi {
            let mid = (lo &+ hi) >> 1
            if cells[mid].symbol < symbol { lo = mid &+ 1 } else { hi = mid }
        }
        if cells[lo].symbol == symbol {
            let sum = cells[lo].coefficient + coefficient
            if nearZero(sum) {
                cells.remove(at: lo)
                return -1
            }
            cells[lo].coefficient = sum
            return 0
        }
        if nearZero(coefficient) { return 0 }
        // Open a slot at `lo` by appending and shifting: cheaper than the
        // generic `insert(_:at:)`.
        let cell = Cell(symbol: symbol, coefficient: coefficient)
        cells.append(cell)
        var i = cells.count - 1
        while i > lo {
            cells[i] = cells[i - 1]
            i -= 1
        }
        cells[lo] = cell
        return 1
    }

    /// Makes room for `count` cells without reallocating.
    mutating func reserveCapacity(_ count: Int) {
        cells.reserveCapacity(count)
    }

    /// Removes a symbol; returns its coefficient (0 if absent).
    @discardableResult
    mutating func remove(_ symbol: Symbol) -> Double {
        guard let i = index(of: symbol) else { return 0 }
        return cells.remove(at: i).coefficient
    }

    /// Adds `factor·other`, calling `changed(symbol, cameIn)` for each symbol
    /// that enters or leaves this row, so a caller can keep a column index,
    /// and `mayEnter(symbol)` for each symbol of `other` whose coefficient
    /// ends up negative or cancels out, so the lexicographic objective can
    /// track which symbols' costs may have turned negative (a cost cancelled
    /// at one level lets a negative one at a lower level decide).
    mutating func add(
        _ other: Row, times factor: Double,
        changed: (Symbol, Bool) -> Void = { _, _ in },
        mayEnter: (Symbol) -> Void = { _ in }
    ) {
        constant += other.constant * factor
        if other.cells.isEmpty { return }
        if other.cells.count <= 2 {
            for cell in other.cells {
                let symbol = cell.symbol
                let result = add(symbol, cell.coefficient * factor)
                if result != 0 { changed(symbol, result > 0) }
                if result < 0 || coefficient(for: symbol) < 0 { mayEnter(symbol) }
            }
            return
        }
        mergeFromBack(other.cells, times: factor, changed: changed, mayEnter: mayEnter)
    }

    /// The merge of `add(_:times:changed:mayEnter:)`: the cells grow by
    /// `b.count` and the two sorted runs are merged from the back, largest
    /// symbol first, so each cell is written once and nothing is allocated
    /// while the storage has room. Cells that cancel leave a gap at the
    /// front of the merged run, closed at the end.
    private mutating func mergeFromBack(
        _ b: [Cell], times factor: Double,
        changed: (Symbol, Bool) -> Void,
        mayEnter: (Symbol) -> Void
    ) {
        let n = cells.count
        let m = b.count
        cells.append(contentsOf: repeatElement(Cell(symbol: -1, coefficient: 0), count: m))
        let kept = cells.withUnsafeMutableBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                var i = n - 1
                var j = m - 1
                var k = n + m - 1
                while j >= 0 {
                    let s = b[j].symbol
                    if i >= 0 && a[i].symbol > s {
                        a[k] = a[i]
                        i -= 1
                        k -= 1
                    } else if i >= 0 && a[i].symbol == s {
                        let c = a[i].coefficient + b[j].coefficient * factor
                        if nearZero(c) {
                            changed(s, false)
                            mayEnter(s)
                        } else {
                            a[k] = Cell(symbol: s, coefficient: c)
                            k -= 1
                            if c < 0 { mayEnter(s) }
                        }
                        i -= 1
                        j -= 1
                    } else {
                        let c = b[j].coefficient * factor
                        if !nearZero(c) {
                            a[k] = Cell(symbol: s, coefficient: c)
                            k -= 1
                            changed(s, true)
                            if c < 0 { mayEnter(s) }
                        }
                        j -= 1
                    }
                }
                // a[0...i] are in place; the merged run starts at k + 1.
                let gap = k - i
                if gap > 0 {
                    var from = k + 1
                    while from < n + m {
                        a[from - gap] = a[from]
                        from += 1
                    }
                }
                return n + m - gap
            }
        }
        if kept < cells.count { cells.removeLast(cells.count - kept) }
    }

    /// Multiplies the row by -1.
    mutating func reverseSign() {
        constant = -constant
        for i in cells.indices { cells[i].coefficient = -cells[i].coefficient }
    }

    /// Rewrites `0 = constant + … + c·symbol + …` as `symbol = …`; the symbol leaves the row.
    ///
    /// One pass: the cells before the symbol's are scaled in place and those
    /// after it scaled as they move down over it, where removing the cell
    /// and then scaling the row moved and wrote each cell after it twice.
    /// The same products as `scale(by:)`.
    mutating func solve(for symbol: Symbol) {
        guard let i = index(of: symbol) else {
            // A coefficient of zero: what dividing by it gives.
            scale(by: -1 / 0.0)
            return
        }
        let factor = -1 / cells[i].coefficient
        constant *= factor
        cells.withUnsafeMutableBufferPointer { cells in
            for j in 0..<i { cells[j].coefficient *= factor }
            for j in (i + 1)..<cells.count {
                cells[j - 1] = Cell(symbol: cells[j].symbol, coefficient: cells[j].coefficient * factor)
            }
        }
        cells.removeLast()
    }

    /// Rewrites `lhs = row` (with `rhs` in the row) as `rhs = …`, `lhs` entering the row.
    mutating func solve(for lhs: Symbol, replacing rhs: Symbol) {
        add(lhs, -1)
        solve(for: rhs)
    }

    /// Multiplies every coefficient and the constant by `factor`.
    mutating func scale(by factor: Double) {
        constant *= factor
        for i in cells.indices { cells[i].coefficient *= factor }
    }
}
