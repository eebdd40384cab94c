/// The errors that the ``Solver``'s API throws, each carrying the offending value.
public enum SolverError: Error, Sendable, CustomStringConvertible {
    /// The constraint is already in the solver.
    case duplicateConstraint(Constraint)
    /// A required constraint cannot hold together with `conflicts`, the
    /// required constraints already in the solver that it contradicts.
    /// The solver keeps the same constraints and an optimal solution for them.
    case unsatisfiable(Constraint, conflicts: [Constraint])
    /// The constraint is not in the solver.
    case unknownConstraint(Constraint)
    /// The variable already has an edit constraint.
    case duplicateEditVariable(Variable)
    /// The variable has no edit constraint.
    case unknownEditVariable(Variable)
    /// Edit variables cannot be required: a drag must be able to give way.
    case badRequiredStrength
    /// A constraint holds a coefficient or constant that is not finite.
    case nonFinite(Constraint)
    /// After a suggested value, rounding left a row the dual simplex could not
    /// make feasible (exact arithmetic never does). The suggestion stands and
    /// the values are the nearest the solver found.
    case editNotResolved(Variable, value: Double)

    public var description: String {
        switch self {
        case .duplicateConstraint(let c): "duplicate constraint: \(c)"
        case .unsatisfiable(let c, let conflicts):
            "unable to satisfy \(c); it conflicts with: " + conflicts.map(\.description).joined(separator: "; ")
        case .unknownConstraint(let c): "unknown constraint: \(c)"
        case .duplicateEditVariable(let v): "duplicate edit variable: \(v)"
        case .unknownEditVariable(let v): "unknown edit variable: \(v)"
        case .badRequiredStrength: "an edit variable cannot be required"
        case .nonFinite(let c): "non-finite number in constraint: \(c)"
        case .editNotResolved(let v, let value):
            "suggesting \(value) for \(v) left the layout slightly infeasible by rounding; the nearest values are kept"
        }
    }
}
