extension Solver {
    /// How large a coefficient in the tableau may grow before the tableau
    /// counts as ill-conditioned: a million times the square of the largest
    /// factor the constraints scale a variable by (``inputScale``).
    ///
    /// A pivot divides a row by one of its coefficients and multiplies the
    /// rows it is substituted into. On a coefficient that is only what
    /// rounding left of terms that cancelled, that multiplies by 1e7 or
    /// more; a few such pivots take a tableau of layout-sized numbers to
    /// 1e40, where the simplex loses feasibility and can cycle. Products of
    /// the constraints' own coefficients stay far below the limit.
    var coefficientLimit: Double { 1.0e6 * inputScale * inputScale }

    /// The most pivots one simplex loop makes before it counts as cycling.
    /// In exact arithmetic Bland's rule never cycles and a loop takes a few
    /// pivots for each row it touches; only rounding gets near this.
    var pivotLimit: Int { 256 + 4 * rows.count }

    /// Ends a public operation: builds the tableau again from its
    /// constraints if it became ill-conditioned (``isIllConditioned``),
    /// then brings values up to date.
    @usableFromInline
    mutating func settle() {
        if isIllConditioned && !isRebuilding {
            isIllConditioned = false
            rebuild()
        }
        flushValues()
    }

    /// Replaces the tableau with one built from nothing from the same
    /// constraints, in the order they were made, and the same edits at
    /// their last suggestions: what LP solvers call refactoring the basis.
    /// Rounding that pivots and substitutions accumulated is gone, and the
    /// solution is the same wherever the optimum is unique.
    ///
    /// A constraint the fresh tableau refuses (only rounding could make
    /// that happen) is left out; a later `remove` of it throws
    /// ``SolverError/unknownConstraint(_:)``.
    ///
    /// `avoidingDualSimplex`: every row with no feasible subject enters
    /// through the artificial variable, whose failure leaves nothing to
    /// undo (``entersByDualSimplex``), as when undoing a dual simplex broke
    /// the tableau: on the fresh one it could again.
    mutating func rebuild(avoidingDualSimplex: Bool = false) {
        var fresh = Solver()
        fresh.isRebuilding = true
        fresh.entersByDualSimplex = !avoidingDualSimplex
        fresh.statistics = statistics
        fresh.statistics.rebuilds += 1
        var constraints = tags.values.map(\.constraint)
        constraints.sort { $0.id < $1.id }
        fresh.reserveSymbols(2 * constraints.count)
        for constraint in constraints {
            // An edit goes in at the value it started from (`variable - start == 0`) and is moved below.
            try? fresh.addLeavingValues(constraint)
        }
        fresh.flushValues()
        // In the order the edits were made: a dictionary's order changes from run to run.
        for (variable, info) in edits.sorted(by: { $0.value.constraint.id < $1.value.constraint.id })
        where fresh.hasConstraint(info.constraint) {
            fresh.edits[variable] = EditInfo(
                constraint: info.constraint, constant: -info.constraint.expression.constant)
            try? fresh.suggestValue(info.constant, for: variable)
        }
        fresh.isRebuilding = false
        fresh.entersByDualSimplex = true
        fresh.isIllConditioned = false
        self = fresh
    }
}
