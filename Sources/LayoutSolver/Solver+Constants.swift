extension Solver {
    /// Replaces a constraint by another.
    ///
    /// When the two differ only in their constant — the same terms in the
    /// same order, relation and strength, as when a layout constraint's
    /// `constant` is set or a label's intrinsic size changes — the old
    /// constraint's rows move in place, as an edit's suggestion moves them:
    /// each row that holds its marker shifts by the change, and a dual
    /// simplex restores feasibility from the current solution. The work is
    /// proportional to the rows the marker reaches and the pivots the change
    /// forces, where a removal and an addition each substitute rows through
    /// the tableau.
    ///
    /// Otherwise, and when the new constant contradicts required
    /// constraints, it is ``remove(_:)`` of `old` then ``add(_:)`` of `new`,
    /// with their errors: after an error `old` is out of the solver. The
    /// solution is the same either way wherever the optimum is unique.
    ///
    /// - Throws: ``SolverError/unknownConstraint(_:)`` if `old` is not in the
    ///   solver, and what ``add(_:)`` throws for `new`.
    public mutating func replace(_ old: Constraint, with new: Constraint) throws(SolverError) {
        guard tags.contains(old.id) else { throw .unknownConstraint(old) }
        if old === new || replaceInPlace([(old, new)]) { return }
        try remove(old)
        try add(new)
    }

    /// Replaces constraints by others in place, as one change, when each
    /// pair differs only in its constant (``replace(_:with:)``) and the new
    /// constants agree with the required constraints; returns whether it
    /// did. When it did not, the solver holds the old constraints, with the
    /// same solution wherever the optimum is unique, and the caller removes
    /// them and adds the new ones, as it would have without this.
    ///
    /// The rows of every pair shift before the dual simplex runs once, so
    /// that the required constraints are judged as they are in the end:
    /// replaced one by one, a new constraint would meet the old ones of the
    /// others (a view's height between `44` and `44` made `60` and `60`).
    public mutating func replaceInPlace(_ pairs: [(old: Constraint, new: Constraint)]) -> Bool {
        var shifts: [(tag: Tag, shift: EditShift, change: Double)] = []
        shifts.reserveCapacity(pairs.count)
        // An old constraint named twice would shift twice, a new one be in the tableau twice: told apart by a
        // look at the pairs before, or by sets for more than a few (a stack's hundreds).
        var olds = Set<Int>()
        var news = Set<Int>()
        for (k, (old, new)) in pairs.enumerated() {
            guard let tag = tags[old.id], !tags.contains(new.id), old !== new else { return false }
            let change = new.expression.constant - old.expression.constant
            guard change.isFinite, new.hasSameShape(as: old), !isEdit(old),
                let shift = constantShift(of: tag, relation: old.relation)
            else { return false }
            if pairs.count <= 8 {
                if pairs[..<k].contains(where: { $0.old === old || $0.new === new }) { return false }
            } else if !olds.insert(old.id).inserted || !news.insert(new.id).inserted {
                return false
            }
            shifts.append((tag, shift, change))
        }
        defer { settle() }
        for (k, (old, new)) in pairs.enumerated() {
            tags.removeValue(for: old.id)
            tags.insert(Tag(constraint: new, marker: shifts[k].tag.marker, other: shifts[k].tag.other), for: new.id)
            own(shifts[k].tag, by: new)
            shiftConstants(shifts[k].shift, by: shifts[k].change)
        }
        if dualOptimize() == 0 { return true }
        // A new constant contradicts required constraints (or rounding left a row the dual simplex could not
        // mend): back to the old constraints' system, whose solution exists.
        for (k, (old, new)) in pairs.enumerated() {
            let (tag, _, change) = shifts[k]
            // The shift back finds no dummy's row in exact arithmetic (pivots move none); else the tableau is
            // built again from the old constraints.
            if let back = constantShift(of: tag, relation: old.relation) {
                shiftConstants(back, by: -change)
            } else {
                isIllConditioned = true
            }
            tags.removeValue(for: new.id)
            tags.insert(tag, for: old.id)
            own(tag, by: old)
        }
        for basic in rows.indices where rows[basic] != nil && !isDefinition(Symbol(basic)) {
            let constant = rows[basic]!.constant
            if constant < 0 && !nearZero(constant) { infeasibleRows.append(Symbol(basic)) }
        }
        if dualOptimize() > 0 { isIllConditioned = true }
        return false
    }

    /// Makes a constraint the owner of a tag's markers.
    private mutating func own(_ tag: Tag, by constraint: Constraint) {
        owners[Int(tag.marker)] = constraint.id
        if tag.other >= 0 { owners[Int(tag.other)] = constraint.id }
    }

    /// Whether the constraint is an edit variable's.
    private func isEdit(_ constraint: Constraint) -> Bool {
        guard !edits.isEmpty, constraint.expression.terms.count == 1 else { return false }
        return edits[constraint.expression.terms[0].variable]?.constraint === constraint
    }

    /// Adds `change` times each factor of `shift` to its row's constant, noting the rows that became infeasible.
    mutating func shiftConstants(_ shift: EditShift, by change: Double) {
        for k in shift.rows.indices {
            let basic = shift.rows[k]
            rows[Int(basic)]!.constant += change * shift.factors[k]
            noteChanged(basic)
            let constant = rows[Int(basic)]!.constant
            if !isDefinition(basic) && constant < 0 && !nearZero(constant) {
                infeasibleRows.append(basic)
            }
        }
    }

    /// The rows whose constants a change of a constraint's constant shifts,
    /// each by the change times a factor; nil when the change would move a
    /// dummy off zero (a required equality that others imply, or one that
    /// a redundant one's row names), which only removing and adding can judge.
    ///
    /// The constraint's row was `expression + c·marker + … = 0`, with `c` the
    /// marker's coefficient there (``makeRow(for:)``). Adding `change` to the
    /// expression's constant is the old system with the marker replaced by
    /// `marker + change / c`: a row holding the marker with coefficient `a`
    /// shifts by `a · change / c`, and a basic marker's own row by
    /// `-change / c`, and so do the definitions that still name a basic
    /// marker (they are not substituted when it enters the basis; they are
    /// evaluated through its row). When the marker is a parameter but the
    /// other error is basic, the other stands in for it, with its own
    /// coefficient. An edit's suggestion is the change of its constraint's
    /// constant `-value`.
    func constantShift(of tag: Tag, relation: Relation) -> EditShift? {
        // The coefficients `makeRow(for:)` gave the marker and the other.
        let (c, cOther): (Double, Double)
        switch relation {
        case .lessThanOrEqual: (c, cOther) = (1, -1)
        case .greaterThanOrEqual: (c, cOther) = (-1, 1)
        case .equal: (c, cOther) = kinds[Int(tag.marker)] == .dummy ? (1, 0) : (-1, 1)
        }
        var shift = EditShift(marker: tag.marker, shapeVersion: shapeVersion)
        if isBasic(tag.marker) {
            shift.append(tag.marker, -1 / c)
            for basic in columns[Int(tag.marker)] where isDefinition(basic) {
                shift.append(basic, rows[Int(basic)]!.coefficient(for: tag.marker) / c)
            }
        } else if tag.other >= 0 && isBasic(tag.other) {
            shift.append(tag.other, -1 / cOther)
            for basic in columns[Int(tag.other)] where isDefinition(basic) {
                shift.append(basic, rows[Int(basic)]!.coefficient(for: tag.other) / cOther)
            }
        } else {
            for basic in columns[Int(tag.marker)] {
                shift.append(basic, rows[Int(basic)]!.coefficient(for: tag.marker) / c)
            }
        }
        for basic in shift.rows where kinds[Int(basic)] == .dummy { return nil }
        return shift
    }
}
