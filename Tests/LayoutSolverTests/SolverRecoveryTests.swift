import Testing

@testable import LayoutSolver

/// A tableau whose coefficients rounding has grown is built again from its
/// constraints (``Solver/rebuild()``): nothing a caller sees may change but
/// the rounding.
@Suite struct SolverRecoveryTests {
    /// A row of views between the canvas's edges, widths preferred at
    /// medium priority and given way to by spacing, with a draggable edge.
    static func dragRow(views: Int) -> (Solver, [Variable], [Constraint], edit: Variable) {
        var constraints: [Constraint] = []
        var variables: [Variable] = []
        let edge = Variable()
        variables.append(edge)
        constraints.append(v(edge) >= Expression(100))
        var previous = Expression(0)
        for k in 0..<views {
            let left = Variable()
            let width = Variable()
            variables += [left, width]
            constraints.append(v(left) >= previous + 8)
            constraints.append(v(width) >= Expression(10))
            constraints.append((v(width) == Expression(Double(20 + 7 * k))).with(Strength(500)))
            constraints.append((v(left) == previous + 8).with(.low))
            previous = v(left) + v(width)
        }
        constraints.append(previous <= v(edge))
        var solver = Solver()
        for constraint in constraints { try! solver.add(constraint) }
        try! solver.addEditVariable(edge, strength: .strong)
        return (solver, variables, constraints, edge)
    }

    @Test("A tableau built again keeps every value, the constraints and the edit at its suggestion")
    func rebuildKeepsTheSolution() throws {
        var (solver, variables, constraints, edge) = Self.dragRow(views: 12)
        try solver.suggestValue(260, for: edge)
        var kept = solver
        solver.rebuild()
        solver.checkInvariants()
        #expect(solver.statistics.rebuilds == 1)
        #expect(solver.constraintCount == kept.constraintCount)
        for variable in variables {
            #expect(abs(solver.value(of: variable) - kept.value(of: variable)) < 1e-9, "\(variable)")
        }
        // The edit goes on from its last suggestion, in both.
        for value in [180.0, 420, 90] {
            try solver.suggestValue(value, for: edge)
            try kept.suggestValue(value, for: edge)
            for variable in variables {
                #expect(abs(solver.value(of: variable) - kept.value(of: variable)) < 1e-9, "\(variable) at \(value)")
            }
        }
        // Twelve views at least 10 wide, 8 apart, are required: the edge stops at 216.
        #expect(abs(solver.value(of: edge) - 216) < 1e-9, "the required room beats the drag")
        // Constraints made before the rebuild can still be taken out.
        try solver.remove(constraints[0])
        try kept.remove(constraints[0])
        try solver.removeEditVariable(edge)
        try kept.removeEditVariable(edge)
        solver.checkInvariants()
        for variable in variables {
            #expect(abs(solver.value(of: variable) - kept.value(of: variable)) < 1e-9, "\(variable) after removal")
        }
    }

    @Test("An ill-conditioned tableau is built again once, at the end of the operation that found it")
    func illConditionedIsRebuiltOnce() throws {
        var (solver, variables, _, edge) = Self.dragRow(views: 5)
        solver.isIllConditioned = true
        try solver.suggestValue(400, for: edge)
        #expect(solver.statistics.rebuilds == 1)
        #expect(!solver.isIllConditioned)
        var fresh = Self.dragRow(views: 5)
        try fresh.0.suggestValue(400, for: fresh.edit)
        for (k, variable) in variables.enumerated() {
            #expect(abs(solver.value(of: variable) - fresh.0.value(of: fresh.1[k])) < 1e-9)
        }
        try solver.suggestValue(400, for: edge)
        #expect(solver.statistics.rebuilds == 1, "a healthy tableau is not built again")
    }

    @Test("Coefficients from the constraints' own factors do not count as grown")
    func ownFactorsAreNotIllConditioned() throws {
        // `c.width == 10^4 * b.width == 10^8 * a.width`: the tableau holds products of the factors.
        var solver = Solver()
        let a = Variable()
        let b = Variable()
        let c = Variable()
        try solver.add(v(a) <= Expression(1))
        try solver.add(v(b) == 10000 * v(a))
        try solver.add(v(c) == 10000 * v(b))
        try solver.add(v(c) >= Expression(10))
        try solver.add((v(a) == Expression(1)).with(.weak))
        let largest = solver.rows.compactMap { $0?.cells.map { abs($0.coefficient) }.max() }.max() ?? 0
        #expect(largest > 1e7, "the tableau holds the factors' product")
        #expect(solver.statistics.rebuilds == 0)
        #expect(solver.value(of: c) >= 10 - 1e-6)
    }
}
