extension Solver {
    /// Removes a constraint.
    ///
    /// Work is proportional to the rows that hold the constraint's markers,
    /// not to the size of the system.
    ///
    /// - Throws: ``SolverError/unknownConstraint(_:)`` if the constraint is not in the solver.
    public mutating func remove(_ constraint: Constraint) throws(SolverError) {
        guard let tag = tags.removeValue(for: constraint.id) else { throw .unknownConstraint(constraint) }
        defer { settle() }
        removeEffects(of: tag)
        // What rounding left of the cost of a marker that no simplex row holds goes first
        // (``dropFromObjective(_:)``): substituted below by a definition's row, it would bring that row's
        // user variable into the objective.
        for symbol in tag.markers where !isBasic(symbol) {
            if !columns[Int(symbol)].contains(where: { !isDefinition($0) }) { dropFromObjective(symbol) }
        }
        let marker = tag.marker
        if isBasic(marker) {
            // Definitions that refer to the marker take its row; then it goes.
            let row = takeRow(marker)
            for basic in columns[Int(marker)] { substitute(marker, row, inRowOf: basic) }
        } else if let leaving = markerLeavingRow(for: marker) {
            var row = takeRow(leaving)
            row.solve(for: leaving, replacing: marker)
            substituteEverywhere(marker, row)
        } else if let (leaving, expanded) = definitionLeavingRow(for: marker) {
            // Only definitions hold the marker. The row it leaves through is
            // taken in parameters only: the marker's true coefficient, and no
            // definition can come to refer to itself.
            var row = expanded
            _ = takeRow(leaving)
            row.solve(for: leaving, replacing: marker)
            substituteEverywhere(marker, row)
        } else if !columns[Int(marker)].isEmpty {
            // Definitions name the marker, but their terms in it cancel: it is a
            // parameter at zero that no value depends on, and it goes.
            substituteEverywhere(marker, Row())
        }
        freeSymbolIfUnused(marker)
        freeSymbolIfUnused(tag.other)
        optimize()
    }

    /// Takes a marker that no simplex row holds out of the objective.
    ///
    /// A parameter's cost is its own (an error's) plus its coefficients in
    /// the rows of the basic errors, which are simplex rows. Once a removed
    /// constraint's own costs are taken out (``removeEffects(of:)``), a
    /// marker that no simplex row holds costs nothing in exact arithmetic;
    /// what is left is rounding from the substitutions that cancelled it.
    /// Left there, it would keep the marker from being freed, or, substituted
    /// by a definition's row, put a user variable in the objective, which
    /// must hold parameters only.
    mutating func dropFromObjective(_ marker: Symbol) {
        for k in levels.indices { levels[k].remove(marker) }
    }

    /// Takes a removed constraint's errors out of the objective.
    mutating func removeEffects(of tag: Tag) {
        for marker in tag.markers where kinds[Int(marker)] == .error {
            let k = levelIndex(for: priorities[Int(marker)])
            if let row = rows[Int(marker)] {
                addToObjective(k, row, times: -1)
            } else {
                levels[k].add(marker, -1)
                noteCandidate(marker)
            }
        }
    }

    /// kiwi's choice of the simplex row through which a non-basic marker
    /// leaves, by the ratio test — except that a row whose basic is a dummy
    /// goes before all. Nil when only definitions hold the marker
    /// (``definitionLeavingRow(for:)``).
    ///
    /// A redundant required equality leaves its dummy basic in a row of
    /// dummies only, whose constant is zero and must stay so (a dummy is
    /// zero). Leaving through another row would substitute slacks and errors
    /// into it, and later pivots would move the dummy off zero: a required
    /// constraint silently broken. Leaving through the dummy's row keeps every
    /// row's constant, since its expression holds dummies only.
    func markerLeavingRow(for marker: Symbol) -> Symbol? {
        for basic in columns[Int(marker)] where kinds[Int(basic)] == .dummy { return basic }
        var first: Symbol = -1
        var second: Symbol = -1
        var r1 = Double.infinity
        var r2 = Double.infinity
        for basic in columns[Int(marker)] where !isDefinition(basic) {
            let row = rows[Int(basic)]!
            let c = row.coefficient(for: marker)
            if c < 0 {
                let r = -row.constant / c
                if r < r1 || (r == r1 && basic < first) {
                    r1 = r
                    first = basic
                }
            } else {
                let r = row.constant / c
                if r < r2 || (r == r2 && basic < second) {
                    r2 = r
                    second = basic
                }
            }
        }
        for candidate in [first, second] where candidate >= 0 { return candidate }
        return nil
    }

    /// The definition through which a marker that no simplex row holds
    /// leaves, with its row in parameters only; nil when none depends on it.
    ///
    /// A definition may name another definition instead of its parameters,
    /// so the marker it names can cancel against the marker in the one it
    /// names (`a = -b + m`, `b = m + 1000`: `a` is `-1000`, whatever `m`).
    /// Solving such a row for the marker would make the marker's new row
    /// refer to the marker itself; only a row whose expansion still holds
    /// the marker can take it. Definitions are tried lowest symbol first.
    mutating func definitionLeavingRow(for marker: Symbol) -> (Symbol, Row)? {
        for basic in columns[Int(marker)].sorted() where isDefinition(basic) {
            let expanded = expandFully(rows[Int(basic)]!)
            if !nearZero(expanded.coefficient(for: marker)) { return (basic, expanded) }
        }
        return nil
    }
}
