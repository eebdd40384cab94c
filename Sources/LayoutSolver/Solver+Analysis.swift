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
    /// The check expands the variable's row into parameters; the variable is
    /// ambiguous if it depends on a free variable, or on a slack or error whose
    /// cost is zero at every level and that can move away from zero without
    /// leaving the feasible region at once. A move blocked at zero by a
    /// degenerate row counts as determined.
    public func isAmbiguous(_ variable: Variable) -> Bool {
        guard let symbol = variableSymbols[variable.id] else { return true }
        guard isBasic(symbol) else { return true }
        var copy = self
        let row = copy.expandFully(rows[Int(symbol)]!)
        for (s, c) in zip(row.symbols, row.coefficients) where !nearZero(c) {
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

    /// Whether a parameter can increase from zero while every simplex row stays feasible.
    private func canIncrease(_ parameter: Symbol) -> Bool {
        for basic in columns[Int(parameter)] where !isDefinition(basic) {
            let row = rows[Int(basic)]!
            if row.coefficient(for: parameter) < 0 && nearZero(row.constant) { return false }
        }
        return true
    }

    /// Checks the tableau's invariants, trapping on the first broken one.
    ///
    /// For tests: simplex rows and objectives hold only restricted parameters,
    /// their constants are feasible, the column index matches the rows, and
    /// definitions form no cycle.
    package func checkInvariants() {
        for i in rows.indices {
            guard let row = rows[i] else { continue }
            let basic = Symbol(i)
            precondition(kinds[i] != .invalid, "row of a freed symbol")
            for s in row.symbols {
                precondition(columns[Int(s)].contains(basic), "column index misses \(s) in row \(basic)")
                precondition(kinds[Int(s)] != .invalid, "row \(basic) holds freed symbol \(s)")
                if !isDefinition(basic) {
                    precondition(!isBasic(s), "simplex row \(basic) holds basic \(s)")
                    precondition(kinds[Int(s)].isRestricted, "simplex row \(basic) holds variable \(s)")
                }
            }
            if !isDefinition(basic) {
                precondition(row.constant >= -1.0e-7, "simplex row \(basic) infeasible: \(row.constant)")
            }
            if kinds[i] == .dummy {
                precondition(abs(row.constant) < 1.0e-7, "basic dummy \(basic) is not zero: \(row.constant)")
                precondition(
                    row.symbols.allSatisfy { kinds[Int($0)] == .dummy }, "basic dummy \(basic) depends on a non-dummy")
            }
        }
        for (i, column) in columns.enumerated() {
            for basic in column {
                precondition(rows[Int(basic)]?.index(of: Symbol(i)) != nil, "stale column entry \(i) -> \(basic)")
            }
        }
        for level in levels {
            for s in level.row.symbols {
                precondition(!isBasic(s), "objective holds basic \(s)")
                precondition(kinds[Int(s)].isRestricted, "objective holds \(s)")
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
