import PropertyBased
import Testing

@testable import LayoutSolver

/// `add(_:)` of a sequence brings values up to date once, at the end, where
/// adding the constraints one at a time does after each. The two must not be
/// told apart: the same values, bit for bit, the same constraints and the
/// same error, including on the paths that judge a row's residue by the
/// values of its variables (``Solver/magnitude(of:)``).
@Suite struct BatchAddTests {
    /// Adds `constraints` one at a time, stopping at the first error, and as
    /// one batch; expects the same outcome.
    static func expectSameAsOneByOne(
        _ constraints: [Constraint], _ x: [Variable], checkingInvariants: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var single = Solver()
        var singleError: SolverError? = nil
        for constraint in constraints {
            do {
                try single.add(constraint)
            } catch {
                singleError = error
                break
            }
        }
        var batch = Solver()
        var batchError: SolverError? = nil
        do { try batch.add(constraints) } catch { batchError = error }
        // The invariants' feasibility check has an absolute tolerance, which
        // the rounding of large magnitudes exceeds, one by one as in a batch.
        if checkingInvariants { batch.checkInvariants() }
        #expect(
            singleError.map { "\($0)" } == batchError.map { "\($0)" }, "errors differ for \(constraints)",
            sourceLocation: sourceLocation)
        #expect(batch.constraintCount == single.constraintCount, sourceLocation: sourceLocation)
        for (k, v) in x.enumerated() {
            #expect(
                batch.value(of: v) == single.value(of: v),
                "x\(k): \(batch.value(of: v)) in a batch, \(single.value(of: v)) one by one, \(constraints)",
                sourceLocation: sourceLocation)
        }
    }

    /// 2 to 10 sums of 1 to 4 of five variables, with a relation and a priority.
    static let sums = zip(
        Gen.int(in: 0...4).array(of: 1...4), Gen.int(in: 0...1).array(of: 4), Gen.int(in: -20...20),
        Gen.int(in: 0...2), Gen.int(in: 0...3)
    ).array(of: 2...10)

    @Test("A batch of random sums, at any magnitude, ends as adding them one by one does")
    func randomSums() async {
        await propertyCheck(count: 500, input: Self.sums, Gen.int(in: 0...3)) { raw, scalePick in
            let scale = [1.0, 1e-3, 1e3, 1e6][scalePick]
            let x = (0..<5).map { _ in Variable() }
            let constraints = raw.map { (variables, signs, constant, relation, level) -> Constraint in
                var e = Expression(Double(constant) * scale)
                for (k, v) in variables.enumerated() { e = e + (signs[k] == 0 ? 1 : -1) * Expression(x[v]) }
                let made = Constraint(e, [.equal, .greaterThanOrEqual, .lessThanOrEqual][relation])
                return made.with(SmallSystem.priorities[level])
            }
            Self.expectSameAsOneByOne(constraints, x, checkingInvariants: scale == 1)
        }
    }

    @Test("A batch of multiplier chains closed by redundant and conflicting constraints ends as one by one")
    func chains() async {
        await propertyCheck(
            count: 300, input: Gen.int(in: 0...7).array(of: 1...8), Gen.int(in: 0...3), Gen.int(in: 0...2)
        ) { picks, startPick, closePick in
            let multipliers = picks.map { [1000.0, 100, 10, 3.7, 1 / 3.0, 0.1, 0.01, 0.001][$0] }
            let start = [1.0, 7.3, 1e4, 1e-3][startPick]
            let v = (0...multipliers.count).map { _ in Variable() }
            var end = start
            for k in multipliers { end *= k }
            var constraints = [Expression(v[0]) == Expression(start)]
            for (i, k) in multipliers.enumerated() { constraints.append(Expression(v[i + 1]) == k * Expression(v[i])) }
            // Met exactly (a redundant row judged by magnitude), one part in a
            // million off (a conflict), or an inequality that holds.
            let last = v.count - 1
            switch closePick {
            case 0: constraints.append(Expression(v[last]) + Expression(v[0]) == Expression(end + start))
            case 1: constraints.append(Expression(v[last]) == Expression(end * (1 + 1e-6) + 1e-6))
            default: constraints.append(Expression(v[last]) <= Expression(end))
            }
            // More after the closing one, so that a batch goes on past it.
            let extra = Variable()
            constraints.append(Expression(extra) == Expression(v[last]) + 1)
            constraints.append((Expression(extra) == 0).with(.low))
            Self.expectSameAsOneByOne(constraints, v + [extra], checkingInvariants: false)
        }
    }
}
