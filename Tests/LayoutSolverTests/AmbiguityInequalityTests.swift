import LayoutSolver
import Testing

/// Ambiguity that only inequalities leave: required constraints that bound a variable to an interval without a
/// preference inside it. The analysis misses it when the move is blocked in the solver's basis by a degenerate
/// row, its documented limit: this case, found by the interleaved-removals property test, is kept as a known
/// issue until the analysis asks the simplex whether the variable can move.
@Suite struct AmbiguityInequalityTests {
    @Test("x0 - x3 == 1 with x3 <= 0 and x0 >= 0 leaves x0 anywhere in 0...1: ambiguous")
    func boundedInterval() throws {
        let x = (0..<5).map { _ in Variable() }
        var solver = Solver()
        func e(_ i: Int) -> Expression { Expression(x[i]) }
        try solver.add(e(1) + Expression(5) <= Expression(0))
        try solver.add(-2 * e(2) - e(4) - Expression(14) <= Expression(0))
        try solver.add(-1 * e(3) >= Expression(0))
        try solver.add(e(2) - e(4) + e(1) + Expression(18) == Expression(0))
        try solver.add(-1 * e(0) <= Expression(0))
        try solver.add(-1 * e(0) + e(4) - Expression(4) == Expression(0))
        try solver.add(e(0) - e(3) - Expression(1) == Expression(0))
        // Both x0 = 0 (x3 = -1) and x0 = 1 (x3 = 0) satisfy every constraint.
        #expect(solver.value(of: x[0]) == 0 && solver.value(of: x[3]) == -1)
        let ambiguous = solver.areAmbiguous(x)
        #expect(ambiguous[1] && ambiguous[2], "x1 and x2 move with a free x1")
        withKnownIssue("areAmbiguous misses a move a degenerate row blocks in this basis") {
            #expect(ambiguous[0], "x0 can be anywhere in 0...1")
        }
    }
}
