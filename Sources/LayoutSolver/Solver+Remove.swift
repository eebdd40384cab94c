extension Solver {
    /// Removes a constraint.
    ///
    /// Work is proportional to the rows that hold the constraint's markers,
    /// not to the size of the system.
    ///
    /// - Throws: ``SolverError/unknownConstraint(_:)`` if the constraint is not in the solver.
    public mutating func remove(_ constraint: Constraint) throws(SolverError) {
        guard let tag = tags.removeValue(for: constraint.id) else { throw .unknownConstraint(constraint) }
        defer { flushValues() }
        removeEffects(of: tag)
        let marker = tag.marker
        if isBasic(marker) {
            // Definitions that refer to the marker take its row; then it goes.
            let row = takeRow(marker)
            for basic in columns[Int(marker)] { substitute(marker, row, inRowOf: basic) }
        } else if let leaving = markerLeavingRow(for: marker) {
            var row = takeRow(leaving)
            row.solve(for: leaving, replacing: marker)
            if isDefinition(leaving) && !columns[Int(marker)].isEmpty {
                // Other definitions hold the marker: give them parameters only,
                // so that no definition can come to refer to itself.
                row = expandFully(row)
            }
            substituteEverywhere(marker, row)
        }
        freeSymbolIfUnused(marker)
        freeSymbolIfUnused(tag.other)
        optimize()
    }

    /// Takes a removed constraint's errors out of the objective.
    mutating func removeEffects(of tag: Tag) {
        for marker in tag.markers where kinds[Int(marker)] == .error {
            let k = levelIndex(for: priorities[Int(marker)])
            if let row = rows[Int(marker)] {
                addToObjective(k, row, times: -1)
            } else {
                levels[k].row.add(marker, -1)
                noteCandidate(marker)
            }
        }
    }

    /// kiwi's choice of the row through which a non-basic marker leaves:
    /// simplex rows by the ratio test first, then any definition — except
    /// that a row whose basic is a dummy goes before all.
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
        var third: Symbol = -1
        var r1 = Double.infinity
        var r2 = Double.infinity
        for basic in columns[Int(marker)] {
            let row = rows[Int(basic)]!
            let c = row.coefficient(for: marker)
            if isDefinition(basic) {
                if third < 0 || basic < third { third = basic }
            } else if c < 0 {
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
        for candidate in [first, second, third] where candidate >= 0 { return candidate }
        return nil
    }
}
