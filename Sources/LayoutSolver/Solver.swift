/// An incremental Cassowary solver with Auto Layout's priorities.
///
/// Add and remove ``Constraint``s, read values with ``value(of:)``, and drive
/// variables interactively with edit variables (``addEditVariable(_:strength:)``
/// and ``suggestValue(_:for:)``), the path an animation or a drag takes:
///
/// ```swift
/// let left = Variable(), width = Variable()
/// var solver = Solver()
/// try solver.add(Expression(left) >= 0)
/// try solver.add((Expression(width) == 100).with(.low))
/// try solver.add(Expression(left) + Expression(width) <= 320)
/// try solver.addEditVariable(left, strength: .high)
/// try solver.suggestValue(250, for: left)
/// solver.value(of: width)  // 70: the low-priority width gives way
/// ```
///
/// ## How it works
///
/// The tableau is kiwi's, with three changes that matter for speed and one for
/// semantics:
///
/// - **Lazy definitions.** A row whose basic symbol is a user variable (a
///   *definition*, Cassowary's C_U) may refer to other basic symbols instead of
///   being fully substituted, as long as definitions form no cycle. Only the
///   rows of restricted symbols (C_S) and the objective, which the simplex
///   works on, are kept in terms of parameters. A chain of views,
///   `left[i] == left[i-1] + width[i-1] + 8`, thus keeps rows of four cells
///   instead of rows that grow with `i`, and values are read through the
///   definitions in topological order.
/// - **A column index.** Each symbol knows the rows that hold it, so a pivot
///   visits only the rows it changes.
/// - **Dense symbols.** Symbols are integers indexing flat arrays; rows are
///   sorted arrays of (symbol, coefficient) cells, merged linearly (``Row``).
/// - **Exact priorities.** The objective is one level per priority, each
///   a dense array of costs indexed by symbol (``ObjectiveLevel``), compared
///   lexicographically, so a higher priority always wins over any
///   number of lower ones.
///
/// Values are kept up to date after every operation by recomputing only the
/// rows whose value may have changed. A drag's suggestions shift the same
/// rows and recompute the same values each time, so while the tableau's
/// shape holds (``shapeVersion``) a suggestion replays the last one's shifts
/// (``EditShift``) and propagation (``Propagation``) instead of finding them
/// again, with the same arithmetic and so the same values.
///
/// `Solver` is a value type; copying it copies the constraint system.
public struct Solver: Sendable {
    // MARK: Symbols, indexed by `Symbol`.
    var kinds: [SymbolKind] = []
    /// The row of each basic symbol.
    var rows: [Row?] = []
    /// For each definition, a depth greater than that of every definition its
    /// row refers to (at least 1), so that expanding deepest first expands a
    /// definition after all that refer to it; 0 while unknown. Set when a
    /// definition is entered if those it refers to are known, else found when
    /// an expansion needs it, and forgotten for those above a definition
    /// entered for a symbol that definitions already named; a known depth is
    /// only ever above known ones. Meaningless for other symbols.
    var depths: [Int32] = []
    /// For each symbol, the basic symbols whose rows hold it.
    var columns: [SymbolSet] = []
    /// The priority of each error symbol.
    var priorities: [Double] = []
    /// The id of the constraint that each marker symbol belongs to, or -1;
    /// the constraint is its tag's (``tags``). An id rather than the
    /// constraint, so that growing the per-symbol arrays and making a marker
    /// copy no reference.
    var owners: [Int] = []
    /// The id of the user variable of each external symbol, or -1.
    var variableIDs: [Int] = []
    /// The current value of each symbol (zero for parameters).
    @usableFromInline var values: [Double] = []
    /// The values of user variables once more, by id:
    /// `variableValues[id - variableValueBase]`, 0 for an id the solver has
    /// never seen. Ids are handed out in sequence, so a solver's variables
    /// mostly form a compact range, and reading every value after an edit
    /// goes through this array in order, one load each, instead of through
    /// `variableSymbols` and then `values` in scattered places (measured:
    /// twice as fast, and reading was most of a drag). A variable whose id
    /// is far from the range is read through its symbol.
    @usableFromInline var variableValueBase = -1
    @usableFromInline var variableValues: [Double] = []
    /// Symbols freed for reuse, taken before fresh ones.
    var freeSymbols: [Symbol] = []
    /// Symbols below this have been handed out; those from it up to
    /// `kinds.count` are fresh, handed out lowest first so that rows append
    /// new symbols cheaply.
    var freshSymbols = 0

    // MARK: Constraints.
    @usableFromInline var variableSymbols = IDTable<Symbol>()
    var tags = IDTable<Tag>()
    var edits: [Variable: EditInfo] = [:]

    // MARK: The objective, one level per priority, highest first.
    var levels: [ObjectiveLevel] = []
    /// The artificial objective, while a constraint is added through one.
    var artificial: Row? = nil
    /// Symbols whose reduced cost may have become negative since the last optimisation.
    var candidates: [Symbol] = []
    var isCandidate: [Bool] = []
    /// Rows that may have become infeasible.
    var infeasibleRows: [Symbol] = []

    // MARK: Bookkeeping for incremental values and expansion.
    var changedSymbols: [Symbol] = []
    var isChanged: [Bool] = []
    /// Counts the changes of the tableau's shape: which rows there are,
    /// the symbols each holds and their coefficients, and the kinds of
    /// symbols; everything but the rows' constants. What is derived from the
    /// shape alone holds while this stays the same.
    var shapeVersion = 0
    /// The last propagation of values, replayed while the shape holds.
    var propagation = Propagation()
    /// The rows the last suggestion shifted, kept while the shape holds.
    var editShift = EditShift()
    var scratch = ExpansionScratch()

    // MARK: Numerical health (``recoverIfIllConditioned()``).
    /// The largest factor by which a constraint scales a variable, either
    /// way: the largest of every coefficient's magnitude and its inverse, at least 1.
    var inputScale = 1.0
    /// Set when a row entered the tableau with a coefficient far beyond what
    /// the constraints' own coefficients make, or a simplex loop hit its bound.
    var isIllConditioned = false
    /// Set while this solver is being built again from another's constraints.
    var isRebuilding = false
    /// Set when the dual simplex, undoing its pivots after a row it could not make feasible, left another row
    /// below zero by more than rounding (``installByDualSimplex(_:)``): the tableau is built again, and the
    /// constraint being added tried on it if it did not go in (``addLeavingValues(_:)``).
    var undoBrokeTableau = false
    /// Whether a row with no feasible subject may enter by the dual simplex (``installByDualSimplex(_:)``), else
    /// through the artificial variable at once: cleared while a constraint is tried again after its dual simplex
    /// broke the tableau.
    var entersByDualSimplex = true

    /// Counts of the work done, for tests and benchmarks.
    package var statistics = SolverStatistics()

    public init() {}

    /// The number of constraints in the solver.
    public var constraintCount: Int { tags.count }

    /// Whether the constraint is in the solver.
    public func hasConstraint(_ constraint: Constraint) -> Bool {
        tags[constraint.id] != nil
    }

    /// The constraints in the solver, in no particular order.
    public var constraints: some Collection<Constraint> { tags.values.lazy.map(\.constraint) }

    /// The value of a variable in the current solution; 0 for a variable the
    /// solver has never seen.
    ///
    /// Inlinable, and for most variables one load: a client that reads every
    /// value after each step of a drag spent as long reading as the solver
    /// did solving.
    @inlinable
    public func value(of variable: Variable) -> Double {
        let k = variable.id &- variableValueBase
        if k >= 0 && k < variableValues.count { return variableValues[k] }
        return valueThroughSymbol(of: variable)
    }

    /// The value of a variable without a slot in `variableValues`.
    @inlinable
    func valueThroughSymbol(of variable: Variable) -> Double {
        guard let symbol = variableSymbols[variable.id] else { return 0 }
        return values[Int(symbol)]
    }
}

/// Counts of the solver's work: what tests assert on instead of time.
package struct SolverStatistics: Sendable {
    /// Simplex pivots (primal, dual and artificial).
    package var pivots = 0
    /// Rows built by substituting definitions all the way down to parameters.
    package var expansions = 0
    /// Cells those expansions produced.
    package var expandedCells = 0
    /// Rows substituted by expansions that needed more than one level.
    package var expandedRows = 0
    /// Symbols whose value was recomputed.
    package var valueUpdates = 0
    /// Cells of the rows that substitutions and pivots added into (each
    /// sum's two rows): what entering a row costs in the tableau.
    package var mergedCells = 0
    /// Times the tableau was built again from its constraints because rounding had grown its coefficients
    /// (``Solver/recoverIfIllConditioned()``).
    package var rebuilds = 0
}

/// The symbols that a constraint added to the tableau.
struct Tag {
    /// The constraint, for listing.
    var constraint: Constraint
    /// The slack, the positive error, or the dummy.
    var marker: Symbol
    /// The negative error of a non-required equality, the error of a non-required inequality, or -1.
    var other: Symbol = -1

    /// The one or two markers, without allocating.
    var markers: some Sequence<Symbol> {
        let pair = (marker, other)
        return (0..<(other >= 0 ? 2 : 1)).lazy.map { $0 == 0 ? pair.0 : pair.1 }
    }
}

struct EditInfo {
    var constraint: Constraint
    var constant: Double
}

/// One priority level of the objective: the reduced cost of each symbol at
/// that level, each error's own cost 1 while it is a parameter.
///
/// Dense, indexed by symbol, rather than a sorted ``Row``: a level holds an
/// error of every constraint of its priority (thousands of cells in a large
/// layout), and a sorted row pays for each cell after the one that changes.
/// An error made for a freed slot, low among the symbols, went in the middle
/// of the row and moved every cell after it (a remove and re-add of one
/// constraint took three times as long), and each row substituted into the
/// objective was merged through the cells after its lowest symbol. Here each
/// costs a load and a store, and so does reading a reduced cost. The level's
/// constant, the objective's value, is not kept: nothing reads it.
struct ObjectiveLevel {
    var priority: Double
    /// Each symbol's cost, 0 for most; never ``nearZero(_:)`` otherwise. As
    /// long as the solver's other per-symbol arrays.
    private(set) var costs: [Double]

    init(priority: Double, symbolCount: Int) {
        self.priority = priority
        costs = Array(repeating: 0, count: symbolCount)
    }

    @inline(__always) func cost(of symbol: Symbol) -> Double { costs[Int(symbol)] }

    /// The symbols whose cost is not zero, in order.
    var symbols: some Sequence<Symbol> { costs.indices.lazy.filter { costs[$0] != 0 }.map { Symbol($0) } }

    /// Sets `flags[i]` for each symbol `i` whose cost is not zero: ``symbols`` for a pass over every symbol of
    /// every level, through the buffers (the sequence checked each index twice, and made a symbol of it).
    func mark(in flags: inout [Bool]) {
        precondition(costs.count <= flags.count, "a level has more symbols than the flags")
        flags.withUnsafeMutableBufferPointer { flags in
            costs.withUnsafeBufferPointer { costs in
                for i in costs.indices where costs[i] != 0 { flags[i] = true }
            }
        }
    }

    /// Makes room for `count` more symbols.
    mutating func grow(by count: Int) {
        costs.append(contentsOf: Blanks(value: 0, count: count))
    }

    /// Adds to a symbol's cost; a sum that is ``nearZero(_:)`` is zero.
    mutating func add(_ symbol: Symbol, _ coefficient: Double) {
        let sum = costs[Int(symbol)] + coefficient
        costs[Int(symbol)] = nearZero(sum) ? 0 : sum
    }

    /// Sets a symbol's cost to zero; returns what it was.
    @discardableResult
    mutating func remove(_ symbol: Symbol) -> Double {
        let cost = costs[Int(symbol)]
        costs[Int(symbol)] = 0
        return cost
    }

    /// Adds `factor·row`'s coefficients, calling `mayEnter` for each symbol
    /// whose cost ends up negative or cancels out, as
    /// ``Row/add(_:times:changed:mayEnter:)`` does; the same sums, so the
    /// same costs as a sorted row's.
    mutating func add(_ row: Row, times factor: Double, mayEnter: (Symbol) -> Void) {
        costs.withUnsafeMutableBufferPointer { costs in
            for cell in row.cells {
                let i = Int(cell.symbol)
                let old = costs[i]
                let sum = old + cell.coefficient * factor
                if nearZero(sum) {
                    costs[i] = 0
                    if old != 0 { mayEnter(cell.symbol) }
                } else {
                    costs[i] = sum
                    if sum < 0 { mayEnter(cell.symbol) }
                }
            }
        }
    }
}
