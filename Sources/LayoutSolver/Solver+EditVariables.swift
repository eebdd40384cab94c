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
        defer { settle() }
        let tag = tags[info.constraint.id]!
        // The rows the suggestion shifts, found once while the shape holds: the edit's constraint is
        // `variable - value == 0`, whose constant changes by `-delta` (``constantShift(of:relation:)``; an
        // edit's errors are in no dummy's row, so there always is one).
        if !editShift.isValid(for: tag.marker, shapeVersion: shapeVersion) {
            editShift = constantShift(of: tag, relation: .equal) ?? EditShift()
        }
        shiftConstants(editShift, by: -delta)
        if dualOptimize() > 0 { throw .editNotResolved(variable, value: value) }
    }
}

/// The rows whose constants a suggestion to one edit (or a change of a
/// constraint's constant, ``Solver/replace(_:with:)``) shifts, each by the
/// change times a factor: which rows hold the edit's markers and
/// with what coefficients is a matter of the tableau's shape, so a drag,
/// which suggests to the same edit again and again, finds them once while
/// the shape holds, instead of looking up the marker in each row (a hundred
/// rows in a grid of views) at every step.
struct EditShift {
    /// The edit's marker, which names the edit; -1 for none.
    var marker: Symbol = -1
    /// The ``Solver/shapeVersion`` the rows were found on.
    var shapeVersion = -1
    private(set) var rows: [Symbol] = []
    private(set) var factors: [Double] = []

    func isValid(for marker: Symbol, shapeVersion: Int) -> Bool {
        self.marker == marker && self.shapeVersion == shapeVersion
    }

    mutating func append(_ basic: Symbol, _ factor: Double) {
        rows.append(basic)
        factors.append(factor)
    }
}
