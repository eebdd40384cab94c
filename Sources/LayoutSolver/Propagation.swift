/// The last propagation of values: the symbols whose rows changed (the
/// roots) and, in post order, those and every definition that depends on
/// one, as ``Solver/flushValues()`` found them.
///
/// Which definitions depend on a symbol, and how, is a matter of the
/// tableau's shape alone: which rows there are, the symbols each holds and
/// their coefficients, not the rows' constants. So when the same roots
/// change again and the shape has not (``Solver/shapeVersion``), the same
/// symbols need computing in the same order. A drag is the case this is for:
/// each suggestion shifts the constants of the same rows, and walking the
/// column index to find the thousand values that follow cost more than
/// computing them.
///
/// The second time an order is used it is compiled: each symbol's row is
/// copied, in evaluation order, into flat arrays, which a replay reads
/// straight through, where reading the rows themselves chases two buffers
/// per row. Constants are read from the rows at each replay, since they are
/// what changes. The arithmetic is the same as a row's, term by term in the
/// same order, so the values are bit for bit those of a walk; only a term
/// whose coefficient is 1 or -1 is added or subtracted without the
/// multiplication, which is exact. Most are, and a chain of definitions
/// (`left[i] = left[i-1] + width[i-1] + 8`) waits at each link for the
/// value before it, so a multiplication less on that path shows (a drag
/// of the 1,000-view chain: 7.5 µs with it, 6.5 µs without).
struct Propagation {
    /// The ``Solver/shapeVersion`` the order was found on; -1 for none.
    private var shapeVersion = -1
    private var roots: [Symbol] = []
    /// Post order: a symbol after everything that depends on it.
    private(set) var order: [Symbol] = []

    // The compiled order, dependencies first: the cells of `targets[k]`'s
    // row are `cellSymbols[starts[k]..<starts[k + 1]]` with their
    // coefficients; none for a symbol whose value is its row's constant.
    private(set) var isCompiled = false
    private var targets: [Symbol] = []
    /// The slot of each target's user variable in the solver's `variableValues`, or -1.
    private var slots: [Int] = []
    private var starts: [Int] = []
    private var cellSymbols: [Symbol] = []
    private var cellCoefficients: [Double] = []

    /// Whether `order` is what a walk from `roots` would find now.
    func isValid(from roots: [Symbol], shapeVersion: Int) -> Bool {
        self.shapeVersion == shapeVersion && self.roots == roots
    }

    /// Keeps a new order and its roots, by swapping buffers: `order` and
    /// `roots` come back holding the old ones' storage, for reuse.
    mutating func remember(order: inout [Symbol], roots: inout [Symbol], shapeVersion: Int) {
        swap(&order, &self.order)
        swap(&roots, &self.roots)
        self.shapeVersion = shapeVersion
        isCompiled = false
    }

    /// Copies the rows of `order`'s symbols into the flat arrays.
    mutating func compile(rows: [Row?], kinds: [SymbolKind], valueSlot: (Symbol) -> Int) {
        targets.removeAll(keepingCapacity: true)
        slots.removeAll(keepingCapacity: true)
        starts.removeAll(keepingCapacity: true)
        cellSymbols.removeAll(keepingCapacity: true)
        cellCoefficients.removeAll(keepingCapacity: true)
        starts.append(0)
        for symbol in order.reversed() {
            targets.append(symbol)
            slots.append(kinds[Int(symbol)] == .external ? valueSlot(symbol) : -1)
            if kinds[Int(symbol)] == .external, let row = rows[Int(symbol)] {
                for cell in row.cells {
                    cellSymbols.append(cell.symbol)
                    cellCoefficients.append(cell.coefficient)
                }
            }
            starts.append(cellSymbols.count)
        }
        isCompiled = true
    }

    /// Computes the compiled symbols' values from the rows' constants: a
    /// definition is its constant plus its cells at their values, a simplex
    /// row its constant, a parameter zero. A user variable's value goes to
    /// its slot in `variableValues` too.
    func replay(rows: [Row?], into values: inout [Double], variableValues: inout [Double]) {
        rows.withUnsafeBufferPointer { rows in
            targets.withUnsafeBufferPointer { targets in
                slots.withUnsafeBufferPointer { slots in
                    starts.withUnsafeBufferPointer { starts in
                        cellSymbols.withUnsafeBufferPointer { symbols in
                            cellCoefficients.withUnsafeBufferPointer { coefficients in
                                values.withUnsafeMutableBufferPointer { values in
                                    variableValues.withUnsafeMutableBufferPointer { variableValues in
                                        for k in 0..<targets.count {
                                            let i = Int(targets[k])
                                            var value = rows[i]?.constant ?? 0
                                            for j in starts[k]..<starts[k + 1] {
                                                let c = coefficients[j]
                                                let v = values[Int(symbols[j])]
                                                if c == 1 {
                                                    value += v
                                                } else if c == -1 {
                                                    value -= v
                                                } else {
                                                    value += c * v
                                                }
                                            }
                                            values[i] = value
                                            if slots[k] >= 0 { variableValues[slots[k]] = value }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
