extension Solver {
    /// Makes `basic` basic with `row`, indexing the row's symbols.
    ///
    /// A definition's depth (``depths``) is set here when the depths of the
    /// definitions its row refers to are known, as they are for most (they
    /// were entered before it), else left for ``depth(of:)`` to find when an
    /// expansion needs it. The last constraint of a chain of a hundred views
    /// spent 40% of its expansion walking down the chain for depths.
    mutating func insertRow(_ basic: Symbol, _ row: consuming Row) {
        shapeVersion &+= 1
        let limit = coefficientLimit
        for cell in row.cells {
            columns[Int(cell.symbol)].insert(basic)
            if abs(cell.coefficient) > limit { isIllConditioned = true }
        }
        if kinds[Int(basic)] == .external {
            var depth: Int32 = 1
            for cell in row.cells where isBasic(cell.symbol) && isDefinition(cell.symbol) {
                let known = depths[Int(cell.symbol)]
                if known == 0 {
                    depth = 0
                    break
                }
                depth = max(depth, known + 1)
            }
            // Those above it named it as a parameter, and may now be no
            // deeper than it. None is among those its row reaches: a
            // definition makes no cycle.
            if !columns[Int(basic)].isEmpty { forgetDepths(above: basic) }
            depths[Int(basic)] = depth
        }
        rows[Int(basic)] = row
        noteChanged(basic)
    }

    /// Forgets the depths of the definitions that refer to `basic`, which
    /// named it when it was a parameter and may now be no deeper than it,
    /// and of those that refer to them. Those whose depth is unknown
    /// already are skipped: everything that refers to them is unknown too.
    private mutating func forgetDepths(above basic: Symbol) {
        var stack = scratch.takeWorklist()
        stack.append(basic)
        while let symbol = stack.popLast() {
            for user in columns[Int(symbol)] where isDefinition(user) && depths[Int(user)] != 0 {
                depths[Int(user)] = 0
                stack.append(user)
            }
        }
        scratch.giveBack(worklist: stack)
    }

    /// A definition's depth (``depths``), computed and remembered if unknown:
    /// one more than the deepest definition its row refers to, 1 if none.
    mutating func depth(of definition: Symbol) -> Int32 {
        if depths[Int(definition)] != 0 { return depths[Int(definition)] }
        var stack = scratch.takeStack()
        stack.append((definition, false))
        while let (symbol, childrenDone) = stack.popLast() {
            if depths[Int(symbol)] != 0 { continue }
            if childrenDone {
                var depth: Int32 = 1
                for t in rows[Int(symbol)]!.symbols where isBasic(t) && isDefinition(t) {
                    depth = max(depth, depths[Int(t)] + 1)
                }
                depths[Int(symbol)] = depth
                continue
            }
            stack.append((symbol, true))
            for t in rows[Int(symbol)]!.symbols where isBasic(t) && isDefinition(t) && depths[Int(t)] == 0 {
                stack.append((t, false))
            }
        }
        scratch.giveBack(stack: stack)
        return depths[Int(definition)]
    }

    /// Takes the row of `basic` out of the tableau; `basic` becomes a parameter.
    mutating func takeRow(_ basic: Symbol) -> Row {
        shapeVersion &+= 1
        // Taken, not copied: the row leaves with the only reference to its storage.
        let row = rows[Int(basic)].take()!
        for symbol in row.symbols { columns[Int(symbol)].remove(basic) }
        noteChanged(basic)
        return row
    }

    /// Adds `factor·other` to the row of `basic`, keeping the column index.
    mutating func addToRow(_ basic: Symbol, _ other: Row, times factor: Double) {
        shapeVersion &+= 1
        // The row is taken out while it changes, so the merge works on
        // storage nothing else refers to and the column index can be kept
        // as each symbol comes and goes.
        var row = rows[Int(basic)].take()!
        statistics.mergedCells += row.count + other.count
        row.add(other, times: factor) { symbol, isNew in
            if isNew { columns[Int(symbol)].insert(basic) } else { columns[Int(symbol)].remove(basic) }
        }
        rows[Int(basic)] = row
        noteChanged(basic)
    }

    /// Replaces `symbol` by `row` in the row of `basic`, if it holds it.
    mutating func substitute(_ symbol: Symbol, _ row: Row, inRowOf basic: Symbol) {
        shapeVersion &+= 1
        let coefficient = rows[Int(basic)]!.remove(symbol)
        columns[Int(symbol)].remove(basic)
        addToRow(basic, row, times: coefficient)
    }

    /// Replaces a symbol that has just become basic with its row, in the rows
    /// the simplex works on (C_S) and in the objectives. Definitions keep
    /// referring to the symbol.
    mutating func substituteInSimplexRows(_ symbol: Symbol, _ row: Row) {
        if columns[Int(symbol)].count > SymbolSet.shortLength {
            substituteInSimplexRowsOfLongColumn(symbol, row)
            return
        }
        for basic in columns[Int(symbol)] where !isDefinition(basic) {
            substitute(symbol, row, inRowOf: basic)
            noteIfInfeasible(basic)
        }
        substituteInObjective(symbol, row)
    }

    /// Notes a simplex row whose constant is below zero for the dual simplex (``infeasibleRows``).
    @inline(__always) mutating func noteIfInfeasible(_ basic: Symbol) {
        let constant = rows[Int(basic)]!.constant
        if constant < 0 && !nearZero(constant) { infeasibleRows.append(basic) }
    }

    /// `substituteInSimplexRows(_:_:)` for a symbol many rows hold (a stack's width, which each of its rows
    /// bounds): the column is taken out once and given back with the definitions alone, in the order that
    /// removing the simplex rows one by one leaves (``SymbolSet/removing(_:)``), which later pivots follow. Removing
    /// them from the column as they were substituted scanned it for each and copied it at the first.
    private mutating func substituteInSimplexRowsOfLongColumn(_ symbol: Symbol, _ row: Row) {
        let column = columns[Int(symbol)]
        shapeVersion &+= 1
        var substituted: [Symbol] = []
        for basic in column where !isDefinition(basic) {
            let coefficient = rows[Int(basic)]!.remove(symbol)
            addToRow(basic, row, times: coefficient)
            noteIfInfeasible(basic)
            substituted.append(basic)
        }
        columns[Int(symbol)] = column.removing(substituted)
        substituteInObjective(symbol, row)
    }

    /// Replaces `symbol` by `row` in every row that holds it, definitions included.
    mutating func substituteEverywhere(_ symbol: Symbol, _ row: Row) {
        for basic in columns[Int(symbol)] {
            substitute(symbol, row, inRowOf: basic)
            if !isDefinition(basic) { noteIfInfeasible(basic) }
        }
        substituteInObjective(symbol, row)
    }

    mutating func substituteInObjective(_ symbol: Symbol, _ row: Row) {
        for k in levels.indices {
            let coefficient = levels[k].remove(symbol)
            if coefficient != 0 { addToObjective(k, row, times: coefficient) }
        }
        if artificial != nil {
            let coefficient = artificial!.remove(symbol)
            if coefficient != 0 { artificial!.add(row, times: coefficient) }
        }
    }

    /// Adds `factor·row` to objective level `k`, noting as entering
    /// candidates the symbols whose cost may have turned negative.
    mutating func addToObjective(_ k: Int, _ row: Row, times factor: Double) {
        var negatives = scratch.takeOrder()
        levels[k].add(row, times: factor, mayEnter: { negatives.append($0) })
        for s in negatives { noteCandidate(s) }
        scratch.giveBack(order: negatives)
    }

    /// `basic` leaves the basis and `entering` takes its row.
    mutating func pivot(leaving basic: Symbol, entering: Symbol) {
        statistics.pivots += 1
        var row = takeRow(basic)
        row.solve(for: basic, replacing: entering)
        substituteInSimplexRows(entering, row)
        insertRow(entering, row)
    }

    // MARK: Values

    /// Brings `values` up to date for every symbol whose row changed and
    /// every definition that depends on one, each computed once, in
    /// topological order.
    ///
    /// This runs for every value an edit moves, so it works on raw buffers:
    /// reading rows and columns through the outer arrays' buffers borrows
    /// them in place, where copying one out would retain and release its
    /// storage (measured: most of a drag's time went there). When the same
    /// rows changed as last time, on a tableau of the same shape (each step
    /// of a drag), it replays the last propagation instead of walking the
    /// column index again (``Propagation``).
    @usableFromInline mutating func flushValues() {
        if changedSymbols.isEmpty { return }
        // Taken out of the solver while they are written, so that the
        // writes need no check that their storage is not shared.
        var newValues: [Double] = []
        var newVariableValues: [Double] = []
        swap(&newValues, &values)
        swap(&newVariableValues, &variableValues)
        defer {
            swap(&newValues, &values)
            swap(&newVariableValues, &variableValues)
        }
        if propagation.isValid(from: changedSymbols, shapeVersion: shapeVersion) {
            for root in changedSymbols { isChanged[Int(root)] = false }
            changedSymbols.removeAll(keepingCapacity: true)
            statistics.valueUpdates += propagation.order.count
            var replayed = Propagation()
            swap(&replayed, &propagation)
            if !replayed.isCompiled {
                let slots = newVariableValues.count
                replayed.compile(rows: rows, kinds: kinds) { valueSlot(of: $0, slots: slots) }
            }
            replayed.replay(rows: rows, into: &newValues, variableValues: &newVariableValues)
            swap(&replayed, &propagation)
            return
        }
        // The epoch first: on wrap-around it clears the marks, which must be home.
        let epoch = scratch.nextEpoch()
        var marks = scratch.takeMarks(count: kinds.count)
        var order = scratch.takeOrder()
        var stack = scratch.takeWorklist()
        collectAffected(into: &order, stack: &stack, marks: &marks, epoch: epoch)
        for root in changedSymbols { isChanged[Int(root)] = false }
        statistics.valueUpdates += order.count
        evaluate(order, into: &newValues, variableValues: &newVariableValues)
        // The order and its roots are kept for the next flush; the buffers
        // they replace go back for reuse.
        propagation.remember(order: &order, roots: &changedSymbols, shapeVersion: shapeVersion)
        changedSymbols.removeAll(keepingCapacity: true)
        scratch.giveBack(marks: consume marks)
        scratch.giveBack(order: consume order)
        scratch.giveBack(worklist: consume stack)
    }

    /// The changed symbols and the definitions that depend on them, in post
    /// order of a depth-first walk over "is used by" edges (the column index).
    /// A negative entry `~s` on the stack means `s`'s users are done.
    private func collectAffected(
        into order: inout [Symbol], stack: inout [Symbol], marks: inout [UInt32], epoch: UInt32
    ) {
        columns.withUnsafeBufferPointer { columns in
            kinds.withUnsafeBufferPointer { kinds in
                marks.withUnsafeMutableBufferPointer { marks in
                    for root in changedSymbols {
                        stack.append(root)
                        while let top = stack.popLast() {
                            if top < 0 {
                                order.append(~top)
                                continue
                            }
                            let i = Int(top)
                            if marks[i] == epoch { continue }
                            marks[i] = epoch
                            stack.append(~top)
                            columns[i].forEach { user in
                                if kinds[Int(user)] == .external && marks[Int(user)] != epoch { stack.append(user) }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Recomputes the values of `order`'s symbols in reverse: each after
    /// everything it depends on. A user variable's value goes to its slot in
    /// `variableValues` too.
    private func evaluate(_ order: [Symbol], into values: inout [Double], variableValues: inout [Double]) {
        values.withUnsafeMutableBufferPointer { values in
            variableValues.withUnsafeMutableBufferPointer { variableValues in
                for symbol in order.reversed() {
                    let i = Int(symbol)
                    let value = value(of: i, given: UnsafeBufferPointer(values))
                    values[i] = value
                    if kinds[i] == .external {
                        let slot = valueSlot(of: symbol, slots: variableValues.count)
                        if slot >= 0 { variableValues[slot] = value }
                    }
                }
            }
        }
    }

    /// A symbol's value from its row: read-only and kept out of line, so the
    /// compiler can borrow the row's storage without retaining it (it must
    /// retain around any loop that also writes memory).
    @inline(never)
    private func value(of i: Int, given values: UnsafeBufferPointer<Double>) -> Double {
        rows.withUnsafeBufferPointer { rows in
            guard rows[i] != nil else { return 0 }
            let constant = rows[i]!.constant
            guard kinds[i] == .external else { return constant }
            return rows[i]!.cells.withUnsafeBufferPointer { cells in
                var value = constant
                for cell in cells { value += cell.coefficient * values[Int(cell.symbol)] }
                return value
            }
        }
    }

    // MARK: Expansion

    /// The row with every basic symbol replaced by its row, recursively: a row
    /// in parameters only.
    ///
    /// Basic symbols are expanded deepest first (``depths``), so each is
    /// expanded once, after every definition that refers to it has given it
    /// its weight, and one whose weights cancel is not expanded at all, nor
    /// what only it reaches. Work is proportional to the definitions the
    /// weights reach, not to all those the row could reach: a label's top
    /// against its stack row's, both defined down a chain through every row
    /// above, cancels at the row's top.
    mutating func expandFully(_ row: Row) -> Row {
        guard row.symbols.contains(where: { isBasic($0) }) else { return row }
        if let shallow = expandShallow(row) {
            statistics.expansions += 1
            statistics.expandedCells += shallow.count
            return shallow
        }
        scratch.prepare(count: kinds.count)
        // Definitions that refer to other definitions go through the heap.
        // Those that refer to none (depth 1) and simplex rows (parameters
        // only) get all their weight from deeper definitions, so they wait
        // in lists, expanded after the heap in that order: a chain's rows
        // keep the heap at one or two entries instead of holding every
        // view's width until the end.
        var heap = scratch.takeHeap()
        var shallowDefinitions = scratch.takeWorklist()
        var simplexRows = scratch.takeOrder()
        defer {
            scratch.giveBack(heap: heap)
            scratch.giveBack(worklist: shallowDefinitions)
            scratch.giveBack(order: simplexRows)
        }
        func enqueue(_ symbol: Symbol) {
            if !isDefinition(symbol) {
                simplexRows.append(symbol)
            } else if case let d = depth(of: symbol), d > 1 {
                heap.push(depth: d, symbol)
            } else {
                shallowDefinitions.append(symbol)
            }
        }
        var constant = row.constant
        // Takes the weight gathered on a basic symbol and adds its row's constant by it: the row and the weight
        // to add its cells by, or nil when the weights cancelled and nothing is expanded.
        func weighted(_ symbol: Symbol) -> (definition: Row, weight: Double)? {
            let weight = scratch.take(symbol)
            if weight == 0 { return nil }
            statistics.expandedRows += 1
            let definition = rows[Int(symbol)]!
            constant += weight * definition.constant
            return (definition, weight)
        }
        for cell in row.cells where scratch.accumulate(cell.symbol, cell.coefficient) && isBasic(cell.symbol) {
            enqueue(cell.symbol)
        }
        while let symbol = heap.popDeepest() {
            guard let (definition, weight) = weighted(symbol) else { continue }
            for cell in definition.cells
            where scratch.accumulate(cell.symbol, weight * cell.coefficient) && isBasic(cell.symbol) {
                enqueue(cell.symbol)
            }
        }
        for symbol in shallowDefinitions {
            guard let (definition, weight) = weighted(symbol) else { continue }
            for cell in definition.cells
            where scratch.accumulate(cell.symbol, weight * cell.coefficient) && isBasic(cell.symbol) {
                simplexRows.append(cell.symbol)
            }
        }
        for symbol in simplexRows {
            guard let (definition, weight) = weighted(symbol) else { continue }
            for cell in definition.cells { scratch.accumulate(cell.symbol, weight * cell.coefficient) }
        }
        let expanded = scratch.collect(constant: constant)
        statistics.expansions += 1
        statistics.expandedCells += expanded.count
        return expanded
    }

    /// The common case of `expandFully`: every basic symbol of the row has a
    /// row in parameters only, so one substitution each is enough, without
    /// the graph walk. Nil when a definition refers to another basic symbol.
    ///
    /// Mutating only so that the solver is passed in place: called from a
    /// mutating method, a non-mutating one was given a copy of the whole
    /// solver (544 bytes) each time.
    private mutating func expandShallow(_ row: Row) -> Row? {
        var room = row.count
        for symbol in row.symbols where isBasic(symbol) {
            let definition = rows[Int(symbol)]!
            if isDefinition(symbol) && definition.symbols.contains(where: { isBasic($0) }) { return nil }
            room += definition.count
        }
        // One new row with room for every substitution: the row's parameters
        // first, in order, then each basic symbol's row by its coefficient,
        // in the row's order (the same sums as substituting one by one).
        var parameters: [Cell] = []
        parameters.reserveCapacity(room)
        for cell in row.cells where !isBasic(cell.symbol) { parameters.append(cell) }
        var result = Row(constant: row.constant, sortedCells: consume parameters)
        for cell in row.cells where isBasic(cell.symbol) {
            result.add(rows[Int(cell.symbol)]!, times: cell.coefficient)
        }
        return result
    }

    /// Whether `target` can be reached from the basic symbols of `row` through definitions: whether it is one of
    /// the row's definitions, or a definition the row's definitions lead to (the row's own included) holds it.
    ///
    /// Searched from both ends at once, a step from each in turn: forwards from the row's definitions to those
    /// their rows hold, and backwards from the definitions that hold `target` to those whose rows hold them
    /// (the column index), until a definition is met from both sides, or one side runs out. A row at the end of
    /// a long chain of definitions (each row of a tall stack defined through the one above) walked the whole
    /// chain forwards for a parameter that only a few definitions below it hold: a stack of 200 rows spent a
    /// tenth of its first layout here. Each side's walk is at most as long as the shorter one's plus one step.
    mutating func definitionsReach(_ target: Symbol, from row: Row) -> Bool {
        // A definition of the row's own (what `chooseRedefinedVariable` asks about) is reached at once.
        if isBasic(target) && isDefinition(target) && row.index(of: target) != nil { return true }
        // Two epochs, so that a mark tells which side met a definition first.
        let forwards = scratch.nextEpoch()
        let backwards = scratch.nextEpoch()
        var ahead = scratch.takeStack()
        var behind = scratch.takeWorklist()
        defer {
            scratch.giveBack(stack: ahead)
            scratch.giveBack(worklist: behind)
        }
        for s in row.symbols where isBasic(s) && isDefinition(s) {
            if !scratch.mark(s, epoch: forwards) { ahead.append((s, false)) }
        }
        for holder in columns[Int(target)] where isDefinition(holder) {
            if scratch.isMarked(holder, epoch: forwards) { return true }
            if !scratch.mark(holder, epoch: backwards) { behind.append(holder) }
        }
        while let (symbol, _) = ahead.popLast(), let holder = behind.popLast() {
            for t in rows[Int(symbol)]!.symbols where isBasic(t) && isDefinition(t) {
                if scratch.isMarked(t, epoch: backwards) { return true }
                if !scratch.mark(t, epoch: forwards) { ahead.append((t, false)) }
            }
            for user in columns[Int(holder)] where isDefinition(user) {
                if scratch.isMarked(user, epoch: forwards) { return true }
                if !scratch.mark(user, epoch: backwards) { behind.append(user) }
            }
        }
        return false
    }
}

/// Reusable buffers for expansion and graph walks, so hot paths do not allocate per symbol.
struct ExpansionScratch {
    private var marks: [UInt32] = []
    private var epoch: UInt32 = 0
    private var weights: [Double] = []
    private var touched: [Symbol] = []
    private var isTouched: [Bool] = []
    /// A bitmap of symbols, all zero between uses, for `sortTouched`.
    private var bits: [UInt64] = []
    private var order: [Symbol] = []
    private var stack: [(Symbol, Bool)] = []
    private var worklist: [Symbol] = []
    private var heap = DepthHeap()
    /// A row's storage that the solver dropped, for the next row it makes (``takeCells()``).
    private var spareCells: [Cell] = []

    // Buffers are lent out by value and given back, so a caller can fill
    // one while it also reads the solver, without allocating each time. A
    // buffer is emptied when it is lent, not when it comes back: here it has
    // no other reference, so emptying keeps its storage, where the caller's
    // copy, still alive while it is given back, would make emptying it
    // allocate new storage (measured: a new buffer for every row entered in
    // the objective).
    mutating func takeOrder() -> [Symbol] { takeEmptied(&order) }
    mutating func takeStack() -> [(Symbol, Bool)] { takeEmptied(&stack) }
    mutating func takeWorklist() -> [Symbol] { takeEmptied(&worklist) }
    mutating func takeHeap() -> DepthHeap {
        var heap = swapEmpty(&heap)
        heap.removeAll()
        return heap
    }

    // Buffers come back consumed, one at a time, so that a caller's last
    // use (`consume`) moves its buffer in: copied in, the caller's own was
    // released afterwards through a generic destroy, and so was an optional
    // one (measured: six such releases for each flush of values).
    mutating func giveBack(heap: consuming DepthHeap) { self.heap = heap }
    mutating func giveBack(worklist: consuming [Symbol]) { self.worklist = worklist }
    mutating func giveBack(order: consuming [Symbol]) { self.order = order }
    mutating func giveBack(stack: consuming [(Symbol, Bool)]) { self.stack = stack }

    /// Storage for a new row, empty: a dropped row's (``giveBack(cells:)``) when there is one.
    mutating func takeCells() -> [Cell] { takeEmptied(&spareCells) }

    /// Keeps a dropped row's storage for the next row made, if it is small: most constraints are rows of a
    /// few cells that expansion replaces at once by a row in parameters, and the next constraint's row then
    /// takes the replaced one's storage instead of allocating (a cold layout of labels allocated and freed a
    /// row's storage for each of them).
    mutating func giveBack(cells: consuming [Cell]) {
        if cells.capacity <= 32 { spareCells = cells }
    }

    private func takeEmptied<T>(_ buffer: inout [T]) -> [T] {
        var taken: [T] = []
        swap(&taken, &buffer)
        if !taken.isEmpty { taken.removeAll(keepingCapacity: true) }
        return taken
    }

    private func swapEmpty<T>(_ buffer: inout [T]) -> [T] {
        var taken: [T] = []
        swap(&taken, &buffer)
        return taken
    }

    private func swapEmpty(_ buffer: inout DepthHeap) -> DepthHeap {
        var taken = DepthHeap()
        swap(&taken, &buffer)
        return taken
    }

    /// Lends the marks, grown to cover `count` symbols; give them back with `giveBack(marks:)`.
    mutating func takeMarks(count: Int) -> [UInt32] {
        if marks.count < count { marks.append(contentsOf: repeatElement(0, count: count - marks.count + count / 2)) }
        return swapEmpty(&marks)
    }

    mutating func giveBack(marks: consuming [UInt32]) { self.marks = marks }

    mutating func nextEpoch() -> UInt32 {
        epoch &+= 1
        if epoch == 0 {
            for i in marks.indices { marks[i] = 0 }
            epoch = 1
        }
        return epoch
    }

    /// Marks a symbol; returns whether it was already marked in this epoch.
    mutating func mark(_ symbol: Symbol, epoch: UInt32) -> Bool {
        let i = Int(symbol)
        if i >= marks.count { marks.append(contentsOf: repeatElement(0, count: i - marks.count + 1 + marks.count / 2)) }
        if marks[i] == epoch { return true }
        marks[i] = epoch
        return false
    }

    func isMarked(_ symbol: Symbol, epoch: UInt32) -> Bool {
        let i = Int(symbol)
        return i < marks.count && marks[i] == epoch
    }

    mutating func prepare(count: Int) {
        if weights.count < count {
            weights.append(contentsOf: repeatElement(0, count: count - weights.count))
            isTouched.append(contentsOf: repeatElement(false, count: count - isTouched.count))
        }
    }

    /// Adds to a symbol's weight; returns whether the symbol was not touched before.
    @discardableResult
    @inline(__always) mutating func accumulate(_ symbol: Symbol, _ value: Double) -> Bool {
        let i = Int(symbol)
        weights[i] += value
        if isTouched[i] { return false }
        isTouched[i] = true
        touched.append(symbol)
        return true
    }

    /// Takes the weight accumulated on a basic symbol, which is then expanded.
    mutating func take(_ symbol: Symbol) -> Double {
        let i = Int(symbol)
        let w = weights[i]
        weights[i] = 0
        return w
    }

    /// Sorts `touched` by setting the symbols' bits in a bitmap and reading
    /// them back in order: linear in the symbols and in their range over 64,
    /// where a comparison sort allocated and took longer than the expansion
    /// (the last constraint of a long chain, or of a grid's row, reaches
    /// dozens of definitions).
    private mutating func sortTouched() {
        guard touched.count > 16 else {
            touched.sort()
            return
        }
        var low = touched[0]
        var high = touched[0]
        for s in touched {
            low = min(low, s)
            high = max(high, s)
        }
        let firstWord = Int(low) >> 6
        let lastWord = Int(high) >> 6
        guard lastWord - firstWord < 4 * touched.count else {
            touched.sort()
            return
        }
        if bits.count <= lastWord { bits.append(contentsOf: repeatElement(0, count: lastWord + 1 - bits.count)) }
        bits.withUnsafeMutableBufferPointer { bits in
            touched.withUnsafeMutableBufferPointer { touched in
                for s in touched { bits[Int(s) >> 6] |= 1 << UInt64(Int(s) & 63) }
                var k = 0
                for w in firstWord...lastWord {
                    var word = bits[w]
                    bits[w] = 0
                    while word != 0 {
                        touched[k] = Symbol(truncatingIfNeeded: w << 6 | word.trailingZeroBitCount)
                        k += 1
                        word &= word &- 1
                    }
                }
                assert(k == touched.count)
            }
        }
    }

    /// The accumulated non-zero weights as a row; resets the buffers.
    ///
    /// The weights and marks are reset through their buffers: written
    /// through the arrays, each store checked that its array was not shared.
    mutating func collect(constant: Double) -> Row {
        sortTouched()
        var cells: [Cell] = []
        cells.reserveCapacity(touched.count)
        weights.withUnsafeMutableBufferPointer { weights in
            isTouched.withUnsafeMutableBufferPointer { isTouched in
                for s in touched {
                    let i = Int(s)
                    let w = weights[i]
                    if !nearZero(w) { cells.append(Cell(symbol: s, coefficient: w)) }
                    weights[i] = 0
                    isTouched[i] = false
                }
            }
        }
        touched.removeAll(keepingCapacity: true)
        return Row(constant: constant, sortedCells: consume cells)
    }
}

/// A binary max-heap of basic symbols by depth, for ``Solver/expandFully(_:)``:
/// each entry is the depth in the high half of a key and the symbol in the
/// low half, so the deepest comes out first.
struct DepthHeap {
    private var keys: [UInt64] = []

    mutating func removeAll() { keys.removeAll(keepingCapacity: true) }

    @inline(__always) mutating func push(depth: Int32, _ symbol: Symbol) {
        var i = keys.count
        let key = UInt64(UInt32(bitPattern: depth)) << 32 | UInt64(UInt32(bitPattern: symbol))
        keys.append(key)
        while i > 0 {
            let parent = (i - 1) >> 1
            if keys[parent] >= key { break }
            keys[i] = keys[parent]
            i = parent
        }
        keys[i] = key
    }

    @inline(__always) mutating func popDeepest() -> Symbol? {
        guard let top = keys.first else { return nil }
        let last = keys.removeLast()
        if !keys.isEmpty {
            var i = 0
            let n = keys.count
            while true {
                var child = 2 * i + 1
                if child >= n { break }
                if child + 1 < n && keys[child + 1] > keys[child] { child += 1 }
                if keys[child] <= last { break }
                keys[i] = keys[child]
                i = child
            }
            keys[i] = last
        }
        return Symbol(bitPattern: UInt32(truncatingIfNeeded: top))
    }
}
