extension Solver {
    /// Makes a variable editable: an equality `variable == value` of the given
    /// strength whose value ``suggestValue(_:for:)`` changes cheaply.
    ///
    /// Unlike kiwi, whose edit starts at 0, the edit starts at the variable's
    /// current value, so adding it moves nothing.
    ///
    /// - Throws:
    ///   - ``SolverError/duplicateEditVariable(_:)`` if the variable is already editable.
    ///   - ``SolverError/badRequiredStrength`` if the strength is required.
    public mutating func addEditVariable(_ variable: Variable, strength: Strength) throws(SolverError) {
        if edits[variable] != nil { throw .duplicateEditVariable(variable) }
        if strength.isRequired { throw .badRequiredStrength }
        let start = value(of: variable)
        let constraint = Constraint(Expression(variable) - start, .equal, strength: strength, label: "edit \(variable)")
        try add(constraint)
        edits[variable] = EditInfo(constraint: constraint, constant: start)
    }

    /// Makes a variable no longer editable.
    ///
    /// - Throws: ``SolverError/unknownEditVariable(_:)`` if the variable is not editable.
    public mutating func removeEditVariable(_ variable: Variable) throws(SolverError) {
        guard let info = edits.removeValue(forKey: variable) else { throw .unknownEditVariable(variable) }
        try remove(info.constraint)
    }

    /// Whether the variable is editable.
    public func hasEditVariable(_ variable: Variable) -> Bool {
        edits[variable] != nil
    }

    /// Suggests a value for an edit variable and re-solves.
    ///
    /// The work is a dual simplex from the current solution: proportional to
    /// the rows the edit reaches and the pivots its constraints force, not to
    /// the size of the system.
    ///
    /// - Throws: ``SolverError/unknownEditVariable(_:)`` if the variable is not editable;
    ///   ``SolverError/editNotResolved(_:value:)`` in the case that only rounding reaches, when the
    ///   dual simplex finds a row it cannot make feasible: the suggestion is kept, the values are the
    ///   nearest found, and the solver goes on.
    public mutating func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
        guard var info = edits[variable] else { throw .unknownEditVariable(variable) }
        guard value.isFinite else { return }
        let delta = value - info.constant
        info.constant = value
        edits[variable] = info
        defer { flushValues() }
        let tag = tags[info.constraint.id]!
        // The new constant is the old system with the marker replaced by `marker + delta` (or the other
        // error by `other - delta`). A basic marker's row shifts; so do the definitions that still name it,
        // which are not substituted when it enters the basis (they are evaluated through its row).
        if isBasic(tag.marker) {
            shiftConstant(of: tag.marker, by: -delta)
            shiftDefinitions(naming: tag.marker, by: delta)
        } else if isBasic(tag.other) {
            shiftConstant(of: tag.other, by: delta)
            shiftDefinitions(naming: tag.other, by: -delta)
        } else {
            for basic in columns[Int(tag.marker)] {
                shiftConstant(of: basic, by: delta, timesCoefficientOf: tag.marker)
            }
        }
        if dualOptimize() > 0 { throw .editNotResolved(variable, value: value) }
    }

    /// Shifts every definition row that holds `symbol` by `amount` times its coefficient there.
    private mutating func shiftDefinitions(naming symbol: Symbol, by amount: Double) {
        for basic in columns[Int(symbol)] where isDefinition(basic) {
            shiftConstant(of: basic, by: amount, timesCoefficientOf: symbol)
        }
    }

    private mutating func shiftConstant(of basic: Symbol, by amount: Double) {
        rows[Int(basic)]!.constant += amount
        shifted(basic)
    }

    /// Shifts the row of `basic` by `amount` times its coefficient of `symbol`.
    /// The row is changed in place: an edit shifts every row that holds its
    /// marker, over a hundred in a grid of views, and reading the
    /// coefficient from a copy of the row retained and released its storage.
    private mutating func shiftConstant(of basic: Symbol, by amount: Double, timesCoefficientOf symbol: Symbol) {
        rows[Int(basic)]!.shiftConstant(by: amount, timesCoefficientOf: symbol)
        shifted(basic)
    }

    /// Notes a row whose constant an edit shifted, and whether it became infeasible.
    private mutating func shifted(_ basic: Symbol) {
        noteChanged(basic)
        let constant = rows[Int(basic)]!.constant
        if !isDefinition(basic) && constant < 0 && !nearZero(constant) {
            infeasibleRows.append(basic)
        }
    }
}
