/// A row of the tableau, `basic = constant + Σ coefficient·symbol`, kept as two
/// parallel arrays sorted by symbol.
///
/// Sorted storage makes lookups a binary search and sums of rows a linear
/// merge; rows stay short because the solver expands definitions lazily (see
/// ``Solver``). A row never holds a coefficient that is ``nearZero(_:)``.
struct Row {
    var constant: Double
    private(set) var symbols: [Symbol] = []
    private(set) var coefficients: [Double] = []

    init(constant: Double = 0) {
        self.constant = constant
    }

    var isConstant: Bool { symbols.isEmpty }
    var count: Int { symbols.count }

    @inline(__always) func index(of symbol: Symbol) -> Int? {
        var lo = 0
        var hi = symbols.count
        while lo < hi {
            let mid = (lo &+ hi) >> 1
            let s = symbols[mid]
            if s == symbol { return mid }
            if s < symbol { lo = mid &+ 1 } else { hi = mid }
        }
        return nil
    }

    @inline(__always) func coefficient(for symbol: Symbol) -> Double {
        guard let i = index(of: symbol) else { return 0 }
        return coefficients[i]
    }

    /// Adds `coefficient·symbol`; returns +1 if the symbol came in, -1 if it cancelled out, 0 otherwise.
    @discardableResult
    mutating func add(_ symbol: Symbol, _ coefficient: Double) -> Int {
        // New symbols have the highest ids so far: appending is the common case.
        if symbols.isEmpty || symbols[symbols.count - 1] < symbol {
            if nearZero(coefficient) { return 0 }
            symbols.append(symbol)
            coefficients.append(coefficient)
            return 1
        }
        var lo = 0
        var hi = symbols.count
        while lo < hi {
            let mid = (lo &+ hi) >> 1
            if symbols[mid] < symbol { lo = mid &+ 1 } else { hi = mid }
        }
        if symbols[lo] == symbol {
            let sum = coefficients[lo] + coefficient
            if nearZero(sum) {
                symbols.remove(at: lo)
                coefficients.remove(at: lo)
                return -1
            }
            coefficients[lo] = sum
            return 0
        }
        if nearZero(coefficient) { return 0 }
        // Open a slot at `lo` by appending and shifting: cheaper than the
        // generic `insert(_:at:)`.
        symbols.append(symbol)
        coefficients.append(coefficient)
        var i = symbols.count - 1
        while i > lo {
            symbols[i] = symbols[i - 1]
            coefficients[i] = coefficients[i - 1]
            i -= 1
        }
        symbols[lo] = symbol
        coefficients[lo] = coefficient
        return 1
    }

    /// Makes room for `count` cells without reallocating.
    mutating func reserveCapacity(_ count: Int) {
        symbols.reserveCapacity(count)
        coefficients.reserveCapacity(count)
    }

    /// Removes a symbol; returns its coefficient (0 if absent).
    @discardableResult
    mutating func remove(_ symbol: Symbol) -> Double {
        guard let i = index(of: symbol) else { return 0 }
        symbols.remove(at: i)
        return coefficients.remove(at: i)
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
        if other.symbols.isEmpty { return }
        if other.symbols.count <= 2 {
            for i in other.symbols.indices {
                let symbol = other.symbols[i]
                let result = add(symbol, other.coefficients[i] * factor)
                if result != 0 { changed(symbol, result > 0) }
                if result < 0 || coefficient(for: symbol) < 0 { mayEnter(symbol) }
            }
            return
        }
        var mergedSymbols: [Symbol] = []
        var mergedCoefficients: [Double] = []
        mergedSymbols.reserveCapacity(symbols.count + other.symbols.count)
        mergedCoefficients.reserveCapacity(symbols.count + other.symbols.count)
        var i = 0
        var j = 0
        let a = symbols
        let ac = coefficients
        let b = other.symbols
        let bc = other.coefficients
        while i < a.count || j < b.count {
            if j == b.count || (i < a.count && a[i] < b[j]) {
                mergedSymbols.append(a[i])
                mergedCoefficients.append(ac[i])
                i += 1
            } else if i == a.count || b[j] < a[i] {
                let c = bc[j] * factor
                if !nearZero(c) {
                    mergedSymbols.append(b[j])
                    mergedCoefficients.append(c)
                    changed(b[j], true)
                    if c < 0 { mayEnter(b[j]) }
                }
                j += 1
            } else {
                let c = ac[i] + bc[j] * factor
                if nearZero(c) {
                    changed(a[i], false)
                    mayEnter(a[i])
                } else {
                    mergedSymbols.append(a[i])
                    mergedCoefficients.append(c)
                    if c < 0 { mayEnter(a[i]) }
                }
                i += 1
                j += 1
            }
        }
        symbols = mergedSymbols
        coefficients = mergedCoefficients
    }

    /// Multiplies the row by -1.
    mutating func reverseSign() {
        constant = -constant
        for i in coefficients.indices { coefficients[i] = -coefficients[i] }
    }

    /// Rewrites `0 = constant + … + c·symbol + …` as `symbol = …`; the symbol leaves the row.
    mutating func solve(for symbol: Symbol) {
        let c = remove(symbol)
        let factor = -1 / c
        constant *= factor
        for i in coefficients.indices { coefficients[i] *= factor }
    }

    /// Rewrites `lhs = row` (with `rhs` in the row) as `rhs = …`, `lhs` entering the row.
    mutating func solve(for lhs: Symbol, replacing rhs: Symbol) {
        add(lhs, -1)
        solve(for: rhs)
    }

    /// Multiplies every coefficient and the constant by `factor`.
    mutating func scale(by factor: Double) {
        constant *= factor
        for i in coefficients.indices { coefficients[i] *= factor }
    }

    /// Builds a row from cells already sorted by symbol, with no zero coefficients.
    init(constant: Double, sortedSymbols: [Symbol], coefficients: [Double]) {
        self.constant = constant
        self.symbols = sortedSymbols
        self.coefficients = coefficients
    }
}
