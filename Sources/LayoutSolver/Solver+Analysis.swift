extension Solver {
    /// Whether the constraints leave the variable's value open: some other
    /// value would satisfy every required constraint and meet the others
    /// exactly as well.
    ///
    /// This is Auto Layout's *ambiguous layout*: a view whose horizontal
    /// position depends on nothing, or on two equal-priority constraints that
    /// pull against each other with room in between. A variable that no
    /// constraint mentions is ambiguous.
    ///
    /// A variable is ambiguous if its value, written in parameters, depends on
    /// a *movable* one: a free variable, or a slack or error whose cost is
    /// zero at every level and that can move away from zero without leaving
    /// the feasible region at once. A move blocked at zero by a degenerate row
    /// counts as determined. To ask about many variables, use
    /// ``areAmbiguous(_:)``, which shares the work.
    public func isAmbiguous(_ variable: Variable) -> Bool {
        areAmbiguous(CollectionOfOne(variable))[0]
    }

    /// Whether each variable is ambiguous, as ``isAmbiguous(_:)`` says.
    ///
    /// The movable parameters are found once; in a layout that determines
    /// every view there are none, and the answer costs one pass over the
    /// parameters and one over the simplex rows. Otherwise each definition's dependence on the movable
    /// parameters is computed once, through the definitions it refers to, so
    /// the work is proportional to the rows the variables reach, times the
    /// number of movable parameters they depend on, instead of a full
    /// expansion per variable (quadratic on a chain of views).
    public func areAmbiguous(_ variables: some Sequence<Variable>) -> [Bool] {
        areAmbiguous(Array(variables))
    }

    /// ``areAmbiguous(_:)-(Sequence<Variable>)`` of an array, the usual call, without going through a generic
    /// sequence (this module's generic code is not specialized for its callers).
    public func areAmbiguous(_ variables: [Variable]) -> [Bool] {
        // A parameter's reduced cost is zero when no level of the objective
        // holds it (a row keeps no zero coefficient): one pass over the
        // levels marks those that do, instead of a search in each level for
        // each parameter.
        var costed = [Bool](repeating: false, count: kinds.count)
        for level in levels { level.mark(in: &costed) }
        // A parameter is held at zero by a simplex row whose constant is zero and that holds it with a negative
        // coefficient (it cannot increase without making the row infeasible): one pass over the simplex rows
        // marks those, instead of a search in each row of each parameter's column (thousands of rows scattered
        // in memory).
        // (Both passes read the rows through their buffer: the array's subscript copied each optional row to
        // look at it, a reference counted up and down.)
        var held = [Bool](repeating: false, count: kinds.count)
        var movable = [Bool](repeating: false, count: kinds.count)
        var anyMovable = false
        rows.withUnsafeBufferPointer { rows in
            for i in rows.indices where kinds[i] != .external {
                guard let constant = rows[i]?.constant, nearZero(constant) else { continue }
                rows[i]!.cells.withUnsafeBufferPointer { cells in
                    for cell in cells where cell.coefficient < 0 { held[Int(cell.symbol)] = true }
                }
            }
            for i in kinds.indices where rows[i] == nil {
                switch kinds[i] {
                case .external: movable[i] = true
                case .slack, .error: movable[i] = !costed[i] && !held[i]
                case .dummy, .invalid: continue
                }
                anyMovable = anyMovable || movable[i]
            }
        }
        var projections = [Row?](repeating: nil, count: anyMovable ? rows.count : 0)
        var answers = [Bool](repeating: true, count: variables.count)
        for (index, variable) in variables.enumerated() {
            guard let symbol = variableSymbols[variable.id], isBasic(symbol) else { continue }
            answers[index] = anyMovable && !projection(of: symbol, onto: movable, memo: &projections).isConstant
        }
        return answers
    }

    /// The basic symbol's value as a combination of the movable parameters
    /// only (its constant left out), computed through the definitions it
    /// refers to in post order, without recursion, and remembered.
    private func projection(of root: Symbol, onto movable: [Bool], memo: inout [Row?]) -> Row {
        if let done = memo[Int(root)] { return done }
        var stack: [(Symbol, Bool)] = [(root, false)]
        while let (symbol, expanded) = stack.popLast() {
            if memo[Int(symbol)] != nil { continue }
            let row = rows[Int(symbol)]!
            guard expanded else {
                stack.append((symbol, true))
                // Only definitions refer to basic symbols; simplex rows hold parameters.
                if isDefinition(symbol) {
                    for s in row.symbols where isBasic(s) && memo[Int(s)] == nil { stack.append((s, false)) }
                }
                continue
            }
            var projected = Row()
            for cell in row.cells {
                let s = cell.symbol
                if isBasic(s) {
                    projected.add(memo[Int(s)]!, times: cell.coefficient)
                } else if movable[Int(s)] {
                    projected.add(s, cell.coefficient)
                }
            }
            memo[Int(symbol)] = projected
        }
        return memo[Int(root)]!
    }

    /// The first way of telling ambiguity, kept as an oracle for tests: the
    /// variable's row expanded fully into parameters, each checked.
    package func testOnly_isAmbiguousByExpansion(_ variable: Variable) -> Bool {
        guard let symbol = variableSymbols[variable.id] else { return true }
        guard isBasic(symbol) else { return true }
        var copy = self
        let row = copy.expandFully(rows[Int(symbol)]!)
        for cell in row.cells where !nearZero(cell.coefficient) {
            let s = cell.symbol
            switch kinds[Int(s)] {
            case .external:
                return true
            case .slack, .error:
                if reducedCostSign(s) == 0 && canIncrease(s) { return true }
            case .dummy, .invalid:
                continue
            }
        }
        return false
    }

    /// Whether a parameter can increase from zero while every simplex row stays feasible (for the oracle;
    /// ``areAmbiguous(_:)`` marks the parameters held at zero in one pass over the rows).
    private func canIncrease(_ parameter: Symbol) -> Bool {
        for basic in columns[Int(parameter)] where !isDefinition(basic) {
            let row = rows[Int(basic)]!
            if row.coefficient(for: parameter) < 0 && nearZero(row.constant) { return false }
        }
        return true
    }

    /// How far rounding may take a simplex row's constant from its exact value, for ``checkInvariants()``:
    /// a few hundred units in the last place (1e-13) of the largest constant the pivots combined, `largest`,
    /// times the factor they were multiplied by, and at least 1e-7.
    ///
    /// The factor is what the row's own pivots multiplied by (one plus its coefficients' magnitudes: a row of a
    /// chain of required equalities `x == 1000 * y` holds coefficients of a million and more), or the
    /// tableau's `growth`, its largest coefficient, for factors that rows held on the way and cancelled since;
    /// the larger of the two, counted only up to the square of the largest factor a constraint scales a
    /// variable by (``inputScale``), the growth the solver itself expects of its coefficients
    /// (``coefficientLimit``): a tableau grown past that, by a pivot on a small coefficient, does not loosen its
    /// own check further.
    ///
    /// It is also at least what the artificial phase takes for zero: a residue of 1e-10 of the magnitudes the
    /// constraint sums (``nearZero(_:scale:)``, ``magnitude(of:)``), a factor up to ``inputScale`` times a value up
    /// to `largest`, which solving the artificial row for its largest coefficient, about 1 or more, leaves in
    /// that symbol's row (a dummy's 1.015e-7 below zero on a factor of 1,005 and constants up to 1,000, from a
    /// residue of 1.02e-7). For a layout whose constraints scale by 2 at most and whose constants are at most
    /// 500, the bound is 1e-7.
    ///
    /// Where constraints scale by a thousand and more, rounding and a broken tableau can leave rows as far
    /// below zero, and the check cannot tell them apart: on widths chained by multipliers of 1,000 and 1,005
    /// (`FuzzRegressionTests.chainedMultipliers`, whose largest constant is 8.5e6) the bound is 0.86, and the 0.02
    /// below zero that a wrong choice of pivot once left there would pass. Such mistakes are tested where they
    /// are made.
    func roundingBound(of row: Row, largest: Double, growth: Double) -> Double {
        var factors = 1.0
        for cell in row.cells { factors += abs(cell.coefficient) }
        let rounding = 1.0e-13 * largest * min(max(factors, growth), inputScale * inputScale)
        return max(1.0e-7, rounding, 1.0e-10 * largest * inputScale)
    }

    /// How far a simplex row's constant may be below zero (``checkInvariants()``): the rounding bound, in the units
    /// of the row's largest coefficient when that is more than 1.
    ///
    /// A row whose coefficients reach 6.2e7 (products of widths chained by multipliers of a thousand) moves by
    /// 6.2e7 for each unit its parameters move: 20.5 below zero is its dummies 3.3e-7 off, required equalities
    /// holding to rounding. Measured so, a row of coefficients up to 1 is judged as before.
    func feasibilityBound(of row: Row, largest: Double, growth: Double) -> Double {
        feasibilityBound(of: row, rounding: roundingBound(of: row, largest: largest, growth: growth))
    }

    /// ``feasibilityBound(of:largest:growth:)`` from the row's rounding bound, already computed.
    private func feasibilityBound(of row: Row, rounding: Double) -> Double {
        var largestCoefficient = 1.0
        for cell in row.cells { largestCoefficient = max(largestCoefficient, abs(cell.coefficient)) }
        return rounding * largestCoefficient
    }

    /// The largest constant of the tableau's rows, and its growth: its largest coefficient, at least 1
    /// (``roundingBound(of:largest:growth:)``).
    var roundingScale: (largest: Double, growth: Double) {
        var largest = 0.0
        var growth = 1.0
        for case let row? in rows {
            largest = max(largest, abs(row.constant))
            for cell in row.cells { growth = max(growth, abs(cell.coefficient)) }
        }
        return (largest, growth)
    }

    /// The loosest bound ``checkInvariants()`` allows a basic dummy off zero, or a simplex row whose coefficients
    /// are at most 1 below zero, now, for tests: how much of a broken tableau the check could miss on this layout.
    /// A row with larger coefficients is judged in their units (``feasibilityBound(of:largest:growth:)``).
    package var loosestRoundingBound: Double {
        let (largest, growth) = roundingScale
        var loosest = 0.0
        for i in rows.indices where rows[i] != nil && !isDefinition(Symbol(i)) {
            loosest = max(loosest, roundingBound(of: rows[i]!, largest: largest, growth: growth))
        }
        return loosest
    }

    /// Checks the tableau's invariants, trapping on the first broken one.
    ///
    /// For tests: simplex rows and objectives hold only restricted parameters,
    /// their constants are feasible, the column index matches the rows,
    /// definitions form no cycle and are deeper than those they refer to, and
    /// each variable's value by id is its symbol's.
    package func checkInvariants() {
        let (largest, growth) = roundingScale
        // How many rows hold each symbol: its column lists each of them once (``SymbolSet/insert(_:)`` leaves
        // telling that to this check, where each insertion looking for the row first made a column's upkeep
        // quadratic in its length under assertions).
        var holders = [Int](repeating: 0, count: columns.count)
        for i in rows.indices {
            guard let row = rows[i] else { continue }
            let basic = Symbol(i)
            precondition(kinds[i] != .invalid, "row of a freed symbol")
            for s in row.symbols {
                holders[Int(s)] += 1
                precondition(columns[Int(s)].contains(basic), "column index misses \(s) in row \(basic)")
                precondition(kinds[Int(s)] != .invalid, "row \(basic) holds freed symbol \(s)")
                if !isDefinition(basic) {
                    precondition(!isBasic(s), "simplex row \(basic) holds basic \(s)")
                    precondition(kinds[Int(s)].isRestricted, "simplex row \(basic) holds variable \(s)")
                }
            }
            guard !isDefinition(basic) else { continue }
            let tolerance = roundingBound(of: row, largest: largest, growth: growth)
            let feasibility = feasibilityBound(of: row, rounding: tolerance)
            precondition(
                row.constant >= -feasibility,
                "simplex row \(basic) infeasible: \(row.constant) (bound \(feasibility): coefficients up to "
                    + "\(row.cells.map { abs($0.coefficient) }.max() ?? 0), tableau's growth \(growth), largest "
                    + "factor \(inputScale), largest constant \(largest))")
            if kinds[i] == .dummy {
                precondition(abs(row.constant) < tolerance, "basic dummy \(basic) is not zero: \(row.constant)")
                precondition(
                    row.symbols.allSatisfy { kinds[Int($0)] == .dummy }, "basic dummy \(basic) depends on a non-dummy")
            }
        }
        for (i, column) in columns.enumerated() {
            for basic in column {
                precondition(rows[Int(basic)]?.index(of: Symbol(i)) != nil, "stale column entry \(i) -> \(basic)")
            }
            precondition(column.count == holders[i], "column \(i) lists \(column.count) rows; \(holders[i]) hold it")
        }
        for level in levels {
            for s in level.symbols {
                precondition(!isBasic(s), "objective holds basic \(s)")
                precondition(kinds[Int(s)].isRestricted, "objective holds \(s)")
            }
        }
        for i in variableIDs.indices where variableIDs[i] >= 0 {
            let slot = valueSlot(of: Symbol(i))
            precondition(slot < 0 || variableValues[slot] == values[i], "value by id of \(i) is stale")
        }
        // Expanding deepest first needs each definition deeper than those it refers to.
        for i in rows.indices where rows[i] != nil && kinds[i] == .external {
            for s in rows[i]!.symbols where isBasic(s) && isDefinition(s) {
                precondition(
                    depths[i] == 0 || depths[i] > depths[Int(s)] && depths[Int(s)] != 0,
                    "definition \(i) is not deeper than \(s), which it refers to")
            }
        }
        // No cycles: every definition must be evaluable.
        var state = [UInt8](repeating: 0, count: rows.count)
        for i in rows.indices where rows[i] != nil && kinds[i] == .external && state[i] == 0 {
            var stack: [(Int, Bool)] = [(i, false)]
            while let (node, done) = stack.popLast() {
                if done {
                    state[node] = 2
                    continue
                }
                if state[node] == 2 { continue }
                precondition(state[node] != 1, "definitions form a cycle through \(node)")
                state[node] = 1
                stack.append((node, true))
                for s in rows[node]!.symbols where isBasic(s) && isDefinition(s) {
                    let t = Int(s)
                    precondition(state[t] != 1, "definitions form a cycle through \(t)")
                    if state[t] == 0 { stack.append((t, false)) }
                }
            }
        }
    }
}
