extension Solver {
    /// Primal simplex on the lexicographic objective, with Bland's rule
    /// (smallest entering symbol, smallest leaving row among ties) so that
    /// degenerate layouts cannot cycle.
    mutating func optimize() {
        var pivots = 0
        while let entering = enteringSymbol() {
            // Bland's rule cannot cycle in exact arithmetic, but ties decided
            // by rounding can; past the bound the tableau is built again.
            if pivots == pivotLimit {
                isIllConditioned = true
                return
            }
            pivots += 1
            guard let leaving = leavingRow(for: entering) else {
                // The objective is bounded below by zero, so this is unreachable
                // in exact arithmetic; stop rather than loop. Rounding gets here
                // when multipliers compound past the tolerance of `nearZero`
                // (`c.width == 1000 * b.width`, `b.width == 1000 * a.width`, …):
                // a scene file can do that, so this must not trap.
                return
            }
            pivot(leaving: leaving, entering: entering)
        }
    }

    /// The smallest parameter whose reduced cost is lexicographically
    /// negative. Only symbols whose cost changed since the last optimum are
    /// looked at; the others are known not to be negative.
    mutating func enteringSymbol() -> Symbol? {
        var best: Symbol = -1
        var i = 0
        while i < candidates.count {
            let symbol = candidates[i]
            if kinds[Int(symbol)] != .dummy && kinds[Int(symbol)].isRestricted && !isBasic(symbol)
                && reducedCostSign(symbol) < 0
            {
                if best < 0 || symbol < best { best = symbol }
                i += 1
            } else {
                isCandidate[Int(symbol)] = false
                candidates.swapAt(i, candidates.count - 1)
                candidates.removeLast()
            }
        }
        return best >= 0 ? best : nil
    }

    /// The sign of a symbol's cost vector, compared level by level from the highest priority.
    func reducedCostSign(_ symbol: Symbol) -> Int {
        for level in levels {
            let c = level.cost(of: symbol)
            if c < 0 { return -1 }
            if c > 0 { return 1 }
        }
        return 0
    }

    /// The simplex row that limits `entering` first (the ratio test), over rows
    /// of restricted symbols only.
    func leavingRow(for entering: Symbol) -> Symbol? {
        var best: Symbol = -1
        var bestRatio = Double.infinity
        for basic in columns[Int(entering)] where !isDefinition(basic) {
            let row = rows[Int(basic)]!
            let c = row.coefficient(for: entering)
            guard c < 0 else { continue }
            let ratio = -row.constant / c
            if ratio < bestRatio || (ratio == bestRatio && basic < best) {
                bestRatio = ratio
                best = basic
            }
        }
        return best >= 0 ? best : nil
    }

    /// Minimises the artificial objective of `addWithArtificialVariable`.
    mutating func optimizeArtificial() {
        var pivots = 0
        while true {
            // As in `optimize()`: the caller then finds the artificial
            // objective above zero and refuses the constraint.
            if pivots == pivotLimit {
                isIllConditioned = true
                return
            }
            pivots += 1
            guard let row = artificial,
                let cell = row.cells.first(where: { $0.coefficient < 0 && kinds[Int($0.symbol)] != .dummy })
            else { return }
            let entering = cell.symbol
            guard let leaving = leavingRow(for: entering) else {
                // Only rounding gets here, as in `optimize()`; the caller then
                // finds the artificial objective above zero and refuses the constraint.
                return
            }
            pivot(leaving: leaving, entering: entering)
        }
    }

    /// Dual simplex: restores feasibility after constants changed (edits),
    /// keeping the objective optimal.
    /// - Returns: How many rows it could not make feasible: none in exact
    ///   arithmetic (an edit is never required, so its error can always give
    ///   way); rounding alone can leave one, slightly negative.
    mutating func dualOptimize() -> Int {
        var unresolved = 0
        var pivots = 0
        while let leaving = infeasibleRows.popLast() {
            if pivots == pivotLimit {
                isIllConditioned = true
                infeasibleRows.removeAll(keepingCapacity: true)
                return unresolved + 1
            }
            guard let row = rows[Int(leaving)], !isDefinition(leaving),
                row.constant < 0, !nearZero(row.constant)
            else { continue }
            guard let entering = dualEnteringSymbol(for: row) else {
                unresolved += 1
                continue
            }
            pivots += 1
            pivot(leaving: leaving, entering: entering)
        }
        return unresolved
    }

    /// The parameter of an infeasible row with the smallest cost-to-coefficient
    /// ratio, compared lexicographically.
    func dualEnteringSymbol(for row: Row) -> Symbol? {
        var best: Symbol = -1
        var bestRatio: [Double] = []
        var ratio = [Double](repeating: 0, count: levels.count)
        for cell in row.cells {
            let symbol = cell.symbol
            let c = cell.coefficient
            guard c > 0, kinds[Int(symbol)].isRestricted, kinds[Int(symbol)] != .dummy else { continue }
            for k in levels.indices { ratio[k] = levels[k].cost(of: symbol) / c }
            if best < 0 || lexicographicallyLess(ratio, bestRatio) {
                best = symbol
                bestRatio = ratio
            }
        }
        return best >= 0 ? best : nil
    }
}

/// `a < b`, comparing from the first component, with a tolerance.
func lexicographicallyLess(_ a: [Double], _ b: [Double]) -> Bool {
    for k in a.indices {
        let d = a[k] - b[k]
        if d < -1.0e-12 { return true }
        if d > 1.0e-12 { return false }
    }
    return false
}
