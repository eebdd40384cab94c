import PropertyBased
import TestSupport
import Testing

@testable import LayoutSolver

/// Constraint systems whose numbers span many orders of magnitude: chains
/// `v[i+1] == k[i] * v[i]` from `v[0] == c`, closed by constraints that the
/// chain meets exactly. With multipliers that are powers of two the values
/// are exact in binary floating point, so the oracle is exact; with decimal
/// multipliers (1000, 0.001, 3.7) it is the product, to a relative 1e-12.
@Suite struct MagnitudeTests {
    /// Builds the chain and its closing constraints; the values it must reach.
    static func chain(_ solver: inout Solver, start c: Double, multipliers: [Double]) throws -> ([Variable], [Double]) {
        let variables = (0...multipliers.count).map { _ in Variable() }
        var expected = [c]
        for k in multipliers { expected.append(expected.last! * k) }
        try solver.add(v(variables[0]) == Expression(c))
        for (i, k) in multipliers.enumerated() { try solver.add(v(variables[i + 1]) == k * v(variables[i])) }
        let last = variables.count - 1
        // Met exactly: from below, from above, and as a sum with the start.
        try solver.add(v(variables[last]) <= Expression(expected[last]))
        try solver.add(v(variables[last]) >= Expression(expected[last]))
        try solver.add(v(variables[last]) + v(variables[0]) == Expression(expected[last] + c))
        return (variables, expected)
    }

    @Test("Power-of-two chains from 2^-40 to 2^40 are satisfiable and exact (the oracle is exact)")
    func powersOfTwo() async {
        await propertyCheck(
            count: 300, input: Gen.int(in: -10...10).array(of: 1...8), Gen.int(in: -20...20)
        ) { exponents, startExponent in
            var solver = Solver()
            let multipliers = exponents.map { Double(sign: .plus, exponent: $0, significand: 1) }
            let start = Double(sign: .plus, exponent: startExponent, significand: 1.5)
            do {
                let (variables, expected) = try Self.chain(&solver, start: start, multipliers: multipliers)
                for (variable, value) in zip(variables, expected) {
                    #expect(solver.value(of: variable) == value, "multipliers \(multipliers), start \(start)")
                }
            } catch {
                Issue.record("a satisfiable chain was refused: \(error)")
            }
        }
    }

    @Test("Decimal chains up to 1e24 are satisfiable, to a relative 1e-12, and a real conflict is still found")
    func decimals() async {
        await propertyCheck(
            count: 300, input: Gen.int(in: 0...7).array(of: 1...8), Gen.int(in: 0...3)
        ) { picks, startPick in
            let multipliers = picks.map { [1000.0, 100, 10, 3.7, 1 / 3.0, 0.1, 0.01, 0.001][$0] }
            let start = [1.0, 7.3, 1e4, 1e-3][startPick]
            var solver = Solver()
            do {
                let (variables, expected) = try Self.chain(&solver, start: start, multipliers: multipliers)
                for (variable, value) in zip(variables, expected) {
                    let actual = solver.value(of: variable)
                    #expect(abs(actual - value) <= 1e-12 * abs(value), "\(actual) vs \(value)")
                }
                // One part in a million off (and 1e-6 at least, above the absolute floor of 1e-8): not rounding,
                // a conflict, at any magnitude.
                let last = variables.count - 1
                let off = expected[last] * (1 + 1e-6) + 1e-6
                #expect(throws: SolverError.self, "a conflict at \(off) vs \(expected[last]) was not found") {
                    try solver.add(v(variables[last]) == Expression(off))
                }
            } catch {
                Issue.record("a satisfiable chain was refused: \(error); multipliers \(multipliers), start \(start)")
            }
        }
    }

    @Test("Regression: k 100, 8 links, start 1e4 (1e20 at the end) was reported as a conflict")
    func regression() throws {
        var solver = Solver()
        let (variables, expected) = try Self.chain(&solver, start: 1e4, multipliers: Array(repeating: 100, count: 8))
        #expect(abs(solver.value(of: variables.last!) - expected.last!) <= 1e-12 * expected.last!)
    }

    @Test("Suggested values from 1e-6 to 1e12 through a chain of 1000× multipliers land where the products say")
    func suggestionsOverMagnitudes() throws {
        var solver = Solver()
        let x = Variable()
        let chain = (0..<4).map { _ in Variable() }
        try solver.addEditVariable(x, strength: .high)
        try solver.add(v(chain[0]) == 1000 * v(x))
        for i in 1..<4 { try solver.add(v(chain[i]) == 1000 * v(chain[i - 1])) }
        // A bound the chain presses on from below, so that the edits move rows in and out of the basis.
        try solver.add(v(chain[3]) >= Expression(1e9))
        for exponent in -6...12 {
            let value = Double(sign: .plus, exponent: 0, significand: 1) * pow10(exponent)
            try solver.suggestValue(value, for: x)
            let reached = max(value, 1e9 / 1e12)
            expectValue(solver, x, reached, tolerance: 1e-12 * max(1, reached))
            expectValue(solver, chain[3], reached * 1e12, tolerance: 1e-12 * reached * 1e12)
        }
    }
}

private func pow10(_ exponent: Int) -> Double {
    var result = 1.0
    for _ in 0..<abs(exponent) { result *= 10 }
    return exponent < 0 ? 1 / result : result
}
