extension Solver {
    /// Adds a constraint.
    ///
    /// - Throws:
    ///   - ``SolverError/duplicateConstraint(_:)`` if the constraint is already in the solver.
    ///   - ``SolverError/nonFinite(_:)`` if a coefficient or the constant is not finite.
    ///   - ``SolverError/unsatisfiable(_:conflicts:)`` if the constraint is required and
    ///     contradicts required constraints already added, which the error names. The
    ///     solver keeps the same constraints and an optimal solution for them: the
    ///     same values wherever the optimum is unique (the failed attempt may pivot,
    ///     so among equally good solutions it may land on another).
    public mutating func add(_ constraint: Constraint) throws(SolverError) {
        defer { settle() }
        try addLeavingValues(constraint)
    }

    /// Adds several constraints, stopping at the first error.
    ///
    /// Values are brought up to date once, at the end (or at the error),
    /// instead of after each constraint: the solutions are the same.
    @inlinable
    public mutating func add(_ constraints: some Sequence<Constraint>) throws(SolverError) {
        defer { settle() }
        // Each constraint makes at most two markers (a slack and an error, two
        // errors, or a dummy); its variables' symbols are made as they come.
        reserveSymbols(2 * constraints.underestimatedCount)
        for constraint in constraints { try addLeavingValues(constraint) }
    }

    /// Makes room for `constraints` more constraints over `variables` variables the solver has not met yet,
    /// so that adding them does not grow its per-symbol tables part-way (each growth copies all of them).
    /// Adding a sequence of constraints makes room for their own markers; a first layout, whose constraints
    /// bring every variable, knows how many those are too.
    public mutating func reserveCapacity(constraints: Int, variables: Int) {
        reserveSymbols(2 * max(0, constraints) + max(0, variables))
    }

    /// `add(_:)` without bringing values up to date at the end: the caller
    /// does (``flushValues()``). Values that earlier additions left pending
    /// are brought up to date only before one of the rare paths that read
    /// values (``magnitude(of:)``), while the tableau is still as the earlier
    /// additions left it, so that path reads the values a flush after each
    /// addition would have given.
    ///
    /// When undoing a failed dual simplex broke the tableau (``undoBrokeTableau``), the tableau is built again
    /// from its constraints, this one with them if it went in, each through the artificial variable where it
    /// would have gone through the dual simplex; one that did not go in is tried once more on the fresh tableau,
    /// the same way, which judges it as the broken one could not.
    @usableFromInline
    mutating func addLeavingValues(_ constraint: Constraint) throws(SolverError) {
        if tags.contains(constraint.id) { throw .duplicateConstraint(constraint) }
        guard constraint.expression.constant.isFinite,
            constraint.expression.terms.allSatisfy({ $0.coefficient.isFinite })
        else { throw .nonFinite(constraint) }
        undoBrokeTableau = false
        var failure: SolverError? = nil
        do throws(SolverError) { try enter(constraint) } catch { failure = error }
        if undoBrokeTableau && !isRebuilding {
            undoBrokeTableau = false
            rebuild(avoidingDualSimplex: true)
            if failure != nil {
                // Through the artificial variable, whose failure leaves nothing to undo: the dual simplex would
                // choose the same pivots on the fresh tableau.
                entersByDualSimplex = false
                defer { entersByDualSimplex = true }
                failure = nil
                do throws(SolverError) { try enter(constraint) } catch { failure = error }
            }
        }
        undoBrokeTableau = false
        if let failure { throw failure }
    }

    /// `addLeavingValues(_:)` of a constraint that is new and finite: into the tableau, or an error with the
    /// tableau as it was.
    private mutating func enter(_ constraint: Constraint) throws(SolverError) {
        var (row, tag) = makeRow(for: constraint)
        do {
            if let subject = chooseDefinedVariable(in: row) {
                // A variable no other definition reaches: a definition row, kept lazy.
                row.solve(for: subject)
                insertRow(subject, row)
            } else if let redefined = chooseRedefinedVariable(in: row) {
                // Making the row did not change the tableau: flushing here
                // gives the values as they were before this constraint.
                flushValues()
                try redefine(redefined, with: row, tag: tag, constraint: constraint)
            } else {
                let expanded = expandFully(row)
                // A row in parameters replaced the row made: its storage goes to the next row made.
                if !expanded.sharesStorage(with: row) { scratch.giveBack(cells: (consume row).cells) }
                try install(expanded, tag: tag, constraint: constraint, valuesPending: true)
            }
        } catch {
            discardMarkers(tag, of: constraint)
            throw error
        }
        tags.insert(tag, for: constraint.id)
        optimize()
    }

    /// The constraint as a row over user variables (definitions not expanded)
    /// plus its slack, error or dummy markers, as kiwi's `createRow` makes it.
    mutating func makeRow(for constraint: Constraint) -> (Row, Tag) {
        let expression = constraint.expression
        var row = Row(constant: expression.constant, storage: scratch.takeCells())
        row.reserveCapacity(expression.terms.count + 2)
        for term in expression.terms where !nearZero(term.coefficient) {
            row.add(symbol(for: term.variable), term.coefficient)
            let magnitude = abs(term.coefficient)
            if magnitude > inputScale || magnitude * inputScale < 1 { inputScale = max(magnitude, 1 / magnitude) }
        }
        var tag = Tag(constraint: constraint, marker: -1)
        let strength = constraint.strength
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let coefficient: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
            let slack = makeSymbol(.slack)
            tag.marker = slack
            row.add(slack, coefficient)
            if !strength.isRequired {
                let error = makeError(priority: strength.priority)
                tag.other = error
                row.add(error, -coefficient)
            }
        case .equal:
            if strength.isRequired {
                let dummy = makeSymbol(.dummy)
                tag.marker = dummy
                row.add(dummy, 1)
            } else {
                let plus = makeError(priority: strength.priority)
                let minus = makeError(priority: strength.priority)
                tag.marker = plus
                tag.other = minus
                row.add(plus, -1)
                row.add(minus, 1)
            }
        }
        owners[Int(tag.marker)] = constraint.id
        if tag.other >= 0 { owners[Int(tag.other)] = constraint.id }
        return (row, tag)
    }

    /// A new error symbol, entered in the objective of its priority level.
    mutating func makeError(priority: Double) -> Symbol {
        let error = makeSymbol(.error)
        priorities[Int(error)] = priority
        let k = levelIndex(for: priority)
        levels[k].add(error, 1)
        return error
    }

    /// The index of the objective level of a priority, made if new.
    mutating func levelIndex(for priority: Double) -> Int {
        var k = 0
        while k < levels.count && levels[k].priority > priority { k += 1 }
        if k < levels.count && levels[k].priority == priority { return k }
        levels.insert(ObjectiveLevel(priority: priority, symbolCount: kinds.count), at: k)
        return k
    }

    /// A non-basic user variable of the row that can be defined by it without
    /// a cycle: one that no row refers to yet, or else one that the row's
    /// definitions do not reach.
    ///
    /// The others are found by a second pass: listing them made an array,
    /// and released it, for every constraint.
    mutating func chooseDefinedVariable(in row: Row) -> Symbol? {
        var others = false
        for cell in row.cells where kinds[Int(cell.symbol)] == .external && !isBasic(cell.symbol) {
            if columns[Int(cell.symbol)].isEmpty { return cell.symbol }
            others = true
        }
        guard others else { return nil }
        for symbol in row.symbols where kinds[Int(symbol)] == .external && !isBasic(symbol) {
            if !definitionsReach(symbol, from: row) { return symbol }
        }
        return nil
    }

    /// A basic user variable whose definition has grown much larger than this
    /// row: defining it by this row instead keeps definitions short (it is what
    /// re-adding a removed constraint needs).
    mutating func chooseRedefinedVariable(in row: Row) -> Symbol? {
        var best: Symbol = -1
        var bestCount = 2 * row.count + 8
        row.cells.withUnsafeBufferPointer { cells in
            for cell in cells where kinds[Int(cell.symbol)] == .external && isBasic(cell.symbol) {
                let count = rows[Int(cell.symbol)]!.count
                if count > bestCount {
                    best = cell.symbol
                    bestCount = count
                }
            }
        }
        guard best >= 0, !definitionsReach(best, from: row) else { return nil }
        return best
    }

    /// Defines `variable` by `row` and adds what its old definition said as a
    /// simplex row: `old − new = 0`.
    mutating func redefine(_ variable: Symbol, with row: Row, tag: Tag, constraint: Constraint) throws(SolverError) {
        let old = takeRow(variable)
        var definition = row
        definition.solve(for: variable)
        var leftover = old
        leftover.add(definition, times: -1)
        insertRow(variable, definition)
        let expanded = expandFully(leftover)
        do {
            try install(expanded, tag: tag, constraint: constraint)
        } catch {
            _ = takeRow(variable)
            insertRow(variable, old)
            throw error
        }
    }

    /// Enters a row in parameters only: as the definition of a free user
    /// variable if it holds one, else as a simplex row (kiwi's path).
    ///
    /// `valuesPending`: the tableau is as the earlier additions left it, but
    /// their values may not be up to date; they are brought up to date before
    /// a path that reads them changes anything.
    mutating func install(
        _ expanded: consuming Row, tag: Tag, constraint: Constraint, valuesPending: Bool = false
    ) throws(SolverError) {
        var row = expanded
        if let free = row.symbols.first(where: { kinds[Int($0)] == .external }) {
            row.solve(for: free)
            insertRow(free, row)
            return
        }
        if row.constant < 0 { row.reverseSign() }
        var subject = chooseSubject(in: row, tag: tag)
        if subject < 0 && row.symbols.allSatisfy({ kinds[Int($0)] == .dummy }) {
            if valuesPending { flushValues() }
            if !nearZero(row.constant, scale: magnitude(of: constraint)) {
                throw .unsatisfiable(constraint, conflicts: conflictingConstraints(in: row, excluding: constraint))
            }
            subject = tag.marker
        }
        if subject < 0 {
            if entersByDualSimplex && installByDualSimplex(row) { return }
            if valuesPending { flushValues() }
            try addWithArtificialVariable(row, constraint: constraint)
            return
        }
        if row.index(of: subject) == nil {
            // A redundant constraint, `0 = 0`: its marker stays a parameter.
            return
        }
        row.solve(for: subject)
        substituteInSimplexRows(subject, row)
        insertRow(subject, row)
    }

    /// The symbol a row in parameters enters the basis through, or -1: the
    /// constraint's own pivotable markers, as kiwi chooses, except that a
    /// non-required equality goes through a cost-free slack when it can
    /// (``costFreeSlack(in:)``), and any other feasible slack or error
    /// (``feasibleSubject(in:)``).
    func chooseSubject(in row: Row, tag: Tag) -> Symbol {
        if kinds[Int(tag.marker)] == .error {
            let slack = costFreeSlack(in: row)
            if slack >= 0 { return slack }
        }
        if kinds[Int(tag.marker)].isPivotable && row.coefficient(for: tag.marker) < 0 { return tag.marker }
        if tag.other >= 0 && kinds[Int(tag.other)].isPivotable && row.coefficient(for: tag.other) < 0 {
            return tag.other
        }
        return feasibleSubject(in: row)
    }

    /// Beyond kiwi's choice of the constraint's own markers: any slack or
    /// error with a negative coefficient can be the subject if the new row
    /// binds first in its ratio test, because then solving the row for it is
    /// a feasible pivot. A symbol no simplex row holds always qualifies.
    /// Re-adding a removed constraint finds the slack its removal let go, and
    /// one pivot restores the old basis where the artificial path would take
    /// many.
    /// Slacks are tried before errors: a slack costs nothing, so entering it
    /// leaves the objective as it was, where an error would be pivoted out
    /// again by the next optimisation.
    ///
    /// Within a kind, a symbol that no level of the objective holds goes
    /// first: entering it leaves the objective as it was, where entering one
    /// with a cost changes the objective, and the next optimisation pivots
    /// it out again, through every row that holds it. (A stack's rows each
    /// bound the stack's width: a new row entered through the compression
    /// slack of the widest row's label, which every other row's bound
    /// holds, and was pivoted out again, both times through all the rows.)
    func feasibleSubject(in row: Row) -> Symbol {
        for kind in [SymbolKind.slack, .error] {
            var candidates = 0
            for cell in row.cells where cell.coefficient < -pivotTolerance && kinds[Int(cell.symbol)] == kind {
                candidates += 1
            }
            if candidates == 0 { continue }
            // With one candidate there is nothing to prefer.
            let preferCostFree = candidates > 1
            var anyCosted = false
            for cell in row.cells where cell.coefficient < -pivotTolerance && kinds[Int(cell.symbol)] == kind {
                if preferCostFree && !isCostFree(cell.symbol) {
                    anyCosted = true
                } else if bindsRatioTest(row, entering: cell.symbol, coefficient: cell.coefficient) {
                    return cell.symbol
                }
            }
            guard anyCosted else { continue }
            for cell in row.cells
            where cell.coefficient < -pivotTolerance && kinds[Int(cell.symbol)] == kind && !isCostFree(cell.symbol) {
                if bindsRatioTest(row, entering: cell.symbol, coefficient: cell.coefficient) { return cell.symbol }
            }
        }
        return -1
    }

    /// A slack that no level of the objective holds and that can be the
    /// row's subject (``bindsRatioTest(_:entering:coefficient:)``), or -1.
    ///
    /// A non-required equality's own markers are errors, which cost: entered
    /// through one, the row is substituted into the objective, and the next
    /// optimisation pivots the error out again, usually for the slack of the
    /// inequality that bounds the same variable (`height >= 10` and then
    /// `height == 44` at medium priority). Entered through such a slack
    /// instead, the objective stays as it was, and optimal: the errors stay
    /// parameters, at zero, with their costs non-negative.
    func costFreeSlack(in row: Row) -> Symbol {
        for cell in row.cells
        where cell.coefficient < -pivotTolerance && kinds[Int(cell.symbol)] == .slack && isCostFree(cell.symbol)
            && bindsRatioTest(row, entering: cell.symbol, coefficient: cell.coefficient)
        {
            return cell.symbol
        }
        return -1
    }

    /// Whether no level of the objective holds a parameter: its reduced cost is zero.
    func isCostFree(_ symbol: Symbol) -> Bool {
        for level in levels where level.cost(of: symbol) != 0 { return false }
        return true
    }

    /// Enters a row that no feasible pivot can take (every candidate fails
    /// the ratio test) by the dual simplex, the textbook way of adding a
    /// constraint to an optimal tableau: the row is solved for a slack or
    /// error that costs nothing and that no simplex row holds, so entering it
    /// leaves every other row and the objective as they were, optimal; only
    /// the new row is infeasible, and dual pivots (``dualEnteringSymbol(for:)``)
    /// make it feasible while keeping the objective optimal.
    ///
    /// kiwi's artificial variable gets there too, but its phase one pivots
    /// towards any feasible basis, not the optimal one, and the second phase
    /// walks back: when a stack's widest row changes, every row's bound was
    /// pivoted through in turn, each pivot rewriting every row.
    ///
    /// Returns false, with the tableau as it was, when there is no such
    /// symbol or the dual simplex finds the row infeasible (the constraint
    /// conflicts): the artificial path then enters it or names the conflict.
    mutating func installByDualSimplex(_ expanded: Row) -> Bool {
        var subject: Symbol = -1
        var subjectUsers = Int.max
        for cell in expanded.cells where kinds[Int(cell.symbol)].isPivotable && abs(cell.coefficient) >= pivotTolerance
        {
            let symbol = cell.symbol
            guard !isBasic(symbol), isCostFree(symbol),
                !columns[Int(symbol)].contains(where: { !isDefinition($0) })
            else { continue }
            let users = columns[Int(symbol)].count
            if users < subjectUsers {
                subject = symbol
                subjectUsers = users
            }
        }
        guard subject >= 0 else { return false }
        var row = expanded
        row.solve(for: subject)
        insertRow(subject, row)
        infeasibleRows.removeAll(keepingCapacity: true)
        infeasibleRows.append(subject)
        // Dual pivots cannot cycle in exact arithmetic with a unique optimum;
        // the bound keeps rounding from looping, the artificial path takes over.
        let limit = 64 + 4 * rows.count
        var pivots: [(leaving: Symbol, entering: Symbol)] = []
        var feasible = true
        var stuck: Symbol = -1
        while let leaving = infeasibleRows.popLast() {
            guard let row = rows[Int(leaving)], !isDefinition(leaving),
                row.constant < 0, !nearZero(row.constant)
            else { continue }
            guard pivots.count < limit, let entering = dualEnteringSymbol(for: row) else {
                feasible = false
                stuck = leaving
                break
            }
            pivot(leaving: leaving, entering: entering)
            pivots.append((leaving, entering))
        }
        if feasible {
            infeasibleRows.removeAll(keepingCapacity: true)
            return true
        }
        // Back to the tableau before the row: each pivot undone, then the row taken out.
        for (leaving, entering) in pivots.reversed() { pivot(leaving: entering, entering: leaving) }
        _ = takeRow(subject)
        // In floating point an undone pivot is not always the row it replaced: a term that a pivot dropped as zero
        // (a product under 1e-8, as chains of multipliers of a thousand make) does not come back, and a row the
        // undoing went through can be left below zero, where it was feasible before: the row the dual simplex
        // stopped on, one a pivot made basic or left, or one a pivot or an undone pivot made negative (a row that
        // lost the entering symbol's term stays as the pivot left it).
        infeasibleRows.append(stuck)
        for (leaving, entering) in pivots {
            infeasibleRows.append(leaving)
            infeasibleRows.append(entering)
        }
        if infeasibleRows.contains(where: isLeftBelowZero) { undoBrokeTableau = true }
        infeasibleRows.removeAll(keepingCapacity: true)
        return false
    }

    /// Whether a simplex row that was feasible before a failed dual simplex is below zero after its pivots were
    /// undone by more than ``brokenRowTolerance``, the rounding that large factors leave in a first layout.
    ///
    /// The tableau's own scale cannot tell: the pivot whose term was dropped is the one that made the scale grow
    /// (a row 85 below zero, in a tableau whose largest constant was 8.5e10, left by a term of 1e-9 times 8.5e10).
    /// Undone exactly, a row is as it was; a tableau built again costs time, never correctness.
    func isLeftBelowZero(_ basic: Symbol) -> Bool {
        guard basic >= 0, let row = rows[Int(basic)], !isDefinition(basic) else { return false }
        return row.constant < -brokenRowTolerance
    }

    /// How far below zero a simplex row may be left by rounding where the solver judges that itself
    /// (``isLeftBelowZero(_:)``, ``residueBreaksRows(_:solvedFor:)``): 1e-7, or 1e-10 of the square of the largest
    /// factor a constraint scales a variable by (``inputScale``) when that is more.
    var brokenRowTolerance: Double { max(1.0e-7, 1.0e-10 * inputScale * inputScale) }

    /// Whether `row`, solved for `entering`, keeps every simplex row feasible.
    private func bindsRatioTest(_ row: Row, entering symbol: Symbol, coefficient c: Double) -> Bool {
        let ratio = row.constant / -c
        for basic in columns[Int(symbol)] where !isDefinition(basic) {
            let other = rows[Int(basic)]!
            let a = other.coefficient(for: symbol)
            if a < 0 && other.constant / -a < ratio - 1.0e-9 { return false }
        }
        return true
    }

    /// How large the numbers are that the constraint's row sums: its constant,
    /// and each term at its variable's current value. What is left of them
    /// after cancelling is judged against this (``nearZero(_:scale:)``).
    func magnitude(of constraint: Constraint) -> Double {
        var scale = abs(constraint.expression.constant)
        for term in constraint.expression.terms {
            scale = max(scale, abs(term.coefficient * value(of: term.variable)))
        }
        return scale.isFinite ? scale : 0
    }

    /// kiwi's two-phase entry of a row with no obvious subject.
    mutating func addWithArtificialVariable(_ row: Row, constraint: Constraint) throws(SolverError) {
        let art = makeSymbol(.slack)
        insertRow(art, row)
        artificial = row
        optimizeArtificial()
        var success = nearZero(artificial!.constant, scale: magnitude(of: constraint))
        let certificate = artificial!
        artificial = nil

        if isBasic(art) {
            // On failure the artificial row is the new constraint's equation at
            // its least violation: dropping it drops the constraint. On success
            // it is degenerate (zero) and pivots out.
            var artRow = takeRow(art)
            if success && !artRow.isConstant {
                if let entering = artificialReplacement(in: artRow) {
                    if residueBreaksRows(artRow, solvedFor: entering) {
                        success = false
                    } else {
                        artRow.solve(for: art, replacing: entering)
                        substituteInSimplexRows(entering, artRow)
                        insertRow(entering, artRow)
                    }
                }
            }
        }
        shapeVersion &+= 1
        for basic in columns[Int(art)] {
            rows[Int(basic)]!.remove(art)
            noteChanged(basic)
        }
        columns[Int(art)].removeAll()
        for k in levels.indices { levels[k].remove(art) }
        freeSymbolIfUnused(art)

        if !success {
            // The basis moved while trying; bring the objective back to its optimum.
            optimize()
            throw .unsatisfiable(constraint, conflicts: conflictingConstraints(in: certificate, excluding: constraint))
        }
    }

    /// Whether solving an artificial row taken for zero for `entering` would leave the residue it holds where it
    /// breaks the tableau: `entering`, a slack or an error, or a simplex row that holds it, below zero by more than
    /// rounding (``brokenRowTolerance``), lower than it was.
    ///
    /// The residue is taken for zero when it is 1e-10 of the magnitudes its constraint sums (``nearZero(_:scale:)``),
    /// and those are a variable's value times its factor: on widths chained by multipliers of a thousand, values of
    /// 1.2e11 made a residue of 10 zero, and `art = 10 + s₁ + s₂` over two slacks, solved for one, left it at -10.
    /// The constraint conflicts, by 10, with constraints whose constants are a few hundred.
    func residueBreaksRows(_ row: Row, solvedFor entering: Symbol) -> Bool {
        let tolerance = brokenRowTolerance
        // The entering symbol's constant once the row is solved for it with the artificial variable at zero.
        let value = -row.constant / row.coefficient(for: entering)
        if kinds[Int(entering)].isPivotable && value < -tolerance { return true }
        for basic in columns[Int(entering)] where !isDefinition(basic) {
            let holder = rows[Int(basic)]!
            let constant = holder.constant + holder.coefficient(for: entering) * value
            if constant < -tolerance && constant < holder.constant { return true }
        }
        return false
    }

    /// The symbol a successful artificial row is solved for when the
    /// artificial variable is still basic: the row is `art = residue + Σ c·s`,
    /// with a residue that is zero but for rounding, and solving it for `s`
    /// leaves `s` at `−residue / c`. So the symbol is the one with the largest
    /// coefficient: among the slacks and errors if the row holds any, else
    /// among its dummies (a row of dummies alone can be a dummy's row: left
    /// basic at the rounding residue, it is a required equality that holds to
    /// that residue; a dummy's row with a slack in it would let the slack move
    /// the dummy off zero).
    ///
    /// The first such symbol, which kiwi takes, can have a coefficient of 5e-6
    /// in a chain of multipliers of a thousand: the rounding residue of 1e-7
    /// then became a required equality 0.02 off.
    func artificialReplacement(in row: Row) -> Symbol? {
        var best: Symbol = -1
        var bestSize = 0.0
        for cell in row.cells where kinds[Int(cell.symbol)].isPivotable && abs(cell.coefficient) > bestSize {
            best = cell.symbol
            bestSize = abs(cell.coefficient)
        }
        if best >= 0 { return best }
        for cell in row.cells where kinds[Int(cell.symbol)] == .dummy && abs(cell.coefficient) > bestSize {
            best = cell.symbol
            bestSize = abs(cell.coefficient)
        }
        return best >= 0 ? best : nil
    }

    /// The required constraints whose markers hold `row`'s infeasibility: a
    /// certificate row's symbols are the tight constraints it was combined from.
    func conflictingConstraints(in row: Row, excluding constraint: Constraint) -> [Constraint] {
        var seen: Set<Constraint> = []
        var result: [Constraint] = []
        for symbol in row.symbols {
            // The constraint being added has no tag yet, and is left out.
            let id = owners[Int(symbol)]
            guard id >= 0, let owner = tags[id]?.constraint, owner !== constraint, owner.strength.isRequired
            else { continue }
            if seen.insert(owner).inserted { result.append(owner) }
        }
        return result
    }

    /// Undoes `makeRow`'s markers for a constraint that was not added.
    mutating func discardMarkers(_ tag: Tag, of constraint: Constraint) {
        for marker in tag.markers {
            if kinds[Int(marker)] == .error {
                for k in levels.indices { levels[k].remove(marker) }
            }
            freeSymbolIfUnused(marker)
        }
    }
}
