import PropertyBased
import Testing

@testable import LayoutSolver

/// Random small systems, checked against the brute-force optimum.
@Suite struct SolverPropertyTests {
    /// A generator of 1 to 9 random difference constraints over three variables.
    static let systems = zip(
        Gen.int(in: 0...2), Gen.int(in: 0...2), Gen.int(in: 0...2),
        Gen.int(in: -6...6), Gen.int(in: 0...3), Gen.int(in: 0...1)
    ).array(of: 1...9)

    /// Adds the system to a solver the way a user would: bounds, then each
    /// constraint, noting whether a required one was refused.
    static func solve(_ system: SmallSystem, _ x: [Variable]) throws -> (Solver, refused: Bool) {
        var solver = Solver()
        let (bounds, rest) = system.constraints(x)
        try solver.add(bounds)
        var refused = false
        for c in rest {
            do { try solver.add(c) } catch { refused = true }
        }
        return (solver, refused)
    }

    /// Expects the solver's values of `x` to be the brute-force optimum `point`.
    static func expectValues(
        _ solver: Solver, _ x: [Variable], equal point: [Int], _ context: @autoclosure () -> String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for k in 0..<3 {
            let value = solver.value(of: x[k])
            #expect(
                abs(value - Double(point[k])) < 1e-7, "x\(k) = \(value), expected \(point[k]), \(context())",
                sourceLocation: sourceLocation)
        }
    }

    @Test("Random systems: feasible exactly when brute force finds a point; the unique optimum matches")
    func matchesBruteForce() async throws {
        await propertyCheck(count: 600, input: Self.systems) { raw in
            let system = SmallSystem(raw)
            let x = [Variable(), Variable(), Variable()]
            let (solver, refused) = try Self.solve(system, x)
            solver.checkInvariants()
            switch system.bruteForce() {
            case .infeasible:
                #expect(refused, "accepted an infeasible system: \(system)")
            case .unique(let point):
                #expect(!refused, "refused a feasible system: \(system)")
                Self.expectValues(solver, x, equal: point, "in \(system)")
            case .many:
                #expect(!refused, "refused a feasible system: \(system)")
                // Any optimum will do, but it must meet every required constraint.
                let p = x.map { solver.value(of: $0) }
                for s in system.specs where s.level == 0 {
                    let d = p[s.i] - (s.j >= 0 ? p[s.j] : 0) - Double(s.constant)
                    let ok = s.relation == 0 ? abs(d) < 1e-7 : s.relation == 1 ? d > -1e-7 : d < 1e-7
                    #expect(ok, "required constraint broken in \(system)")
                }
            }
        }
    }

    @Test("Ambiguity: shared projections agree with full expansion, and an ambiguous variable truly varies")
    func ambiguity() async throws {
        await propertyCheck(count: 600, input: Self.systems) { raw in
            let system = SmallSystem(raw)
            let x = [Variable(), Variable(), Variable()]
            let (solver, refused) = try Self.solve(system, x)
            guard !refused, let varies = system.variesOverOptimum() else { return }
            let ambiguous = solver.areAmbiguous(x)
            for k in 0..<3 {
                #expect(ambiguous[k] == solver.testOnly_isAmbiguousByExpansion(x[k]), "x\(k) in \(system)")
                #expect(ambiguous[k] == solver.isAmbiguous(x[k]), "x\(k) in \(system)")
                // Sound: a variable called ambiguous takes several optimal values.
                if ambiguous[k] { #expect(varies[k], "x\(k) called ambiguous but fixed in \(system)") }
            }
            if !varies.contains(true) { #expect(ambiguous == [false, false, false], "\(system)") }
        }
    }

    @Test("Removing constraints gives the optimum of what remains")
    func removalMatchesBruteForce() async throws {
        await propertyCheck(count: 400, input: Self.systems, Gen.int(in: 0...511)) { raw, mask in
            let system = SmallSystem(raw)
            let x = [Variable(), Variable(), Variable()]
            var solver = Solver()
            let (bounds, rest) = system.constraints(x)
            try solver.add(bounds)
            var kept: [SmallSystem.Spec] = []
            var added: [(Constraint, SmallSystem.Spec)] = []
            for (c, s) in zip(rest, system.specs) {
                if (try? solver.add(c)) != nil { added.append((c, s)) }
            }
            for (k, (c, s)) in added.enumerated() {
                if mask & (1 << k) != 0 {
                    try solver.remove(c)
                    solver.checkInvariants()
                } else {
                    kept.append(s)
                }
            }
            let remaining = SmallSystem(specs: kept)
            if case .unique(let point) = remaining.bruteForce() {
                Self.expectValues(solver, x, equal: point, "after removals, remaining \(remaining)")
            }
        }
    }

    /// A constraint as layouts write them: a sum of up to four of five
    /// unbounded variables with coefficients ±1 (`a.leading + a.width ==
    /// b.leading + b.width`), against a constant, at a random strength.
    static let sums = zip(
        Gen.int(in: 0...4).array(of: 1...4), Gen.int(in: 0...1).array(of: 4), Gen.int(in: -20...20),
        Gen.int(in: 0...2), Gen.int(in: 0...3)
    ).array(of: 2...10)

    @Test("Adds and removes of sums, interleaved: required ones hold, and the solution is a fresh solver's")
    func interleavedRemovals() async throws {
        // The first random sequence that broke it, kept: a definition naming another definition
        // (a = -b + x, b = x + 1000 + m) cancelled the marker being removed.
        let a = Variable(), b = Variable(), c = Variable(), d = Variable()
        var solver = Solver()
        let sum = Expression(a) + Expression(b) - Expression(c) - Expression(d) == Expression(0)
        try solver.add(sum)
        try solver.add(Expression(a) == Expression(-1000))
        try solver.remove(sum)
        #expect(solver.value(of: a) == -1000)

        await propertyCheck(count: 500, input: Self.sums, Gen.int(in: 0...1023)) { raw, removals in
            let x = (0..<5).map { _ in Variable() }
            let constraints = raw.map { (variables, signs, constant, relation, level) -> Constraint in
                var e = Expression(Double(constant))
                for (k, v) in variables.enumerated() { e = e + (signs[k] == 0 ? 1 : -1) * Expression(x[v]) }
                let made = Constraint(e, [.equal, .greaterThanOrEqual, .lessThanOrEqual][relation])
                return made.with(SmallSystem.priorities[level])
            }
            var solver = Solver()
            var live: [Constraint] = []
            // Each constraint goes in; after it, one chosen by the mask comes out.
            for (k, constraint) in constraints.enumerated() {
                if (try? solver.add(constraint)) != nil { live.append(constraint) }
                if removals & (1 << k) != 0, !live.isEmpty {
                    let out = live.remove(at: (k * 7) % live.count)
                    try solver.remove(out)
                }
                solver.checkInvariants()
                for held in live where held.strength == .required {
                    var residual = held.expression.constant
                    for term in held.expression.terms { residual += term.coefficient * solver.value(of: term.variable) }
                    let holds =
                        switch held.relation {
                        case .equal: abs(residual) < 1e-7
                        case .greaterThanOrEqual: residual > -1e-7
                        case .lessThanOrEqual: residual < 1e-7
                        }
                    #expect(holds, "\(held) is off by \(residual) after \(k + 1) steps of \(constraints)")
                }
            }
            var fresh = Solver()
            for constraint in live { try fresh.add(constraint) }
            let ambiguous = fresh.areAmbiguous(x)
            for (k, v) in x.enumerated() where !ambiguous[k] {
                let message = "x\(k): \(solver.value(of: v)) after the sequence, \(fresh.value(of: v)) fresh, \(live)"
                // Two solutions of required constraints only, both feasible (checked above for the sequence's,
                // and by the fresh solver's own), that differ: the variable is not determined, and the analysis
                // missed it. That is its documented limit (a move blocked in one basis by a degenerate row counts
                // as determined; see AmbiguityInequalityTests), not a wrong solution.
                if abs(solver.value(of: v) - fresh.value(of: v)) >= 1e-7, live.allSatisfy({ $0.strength == .required })
                {
                    withKnownIssue(
                        "areAmbiguous misses a variable that only inequalities leave open", isIntermittent: true
                    ) {
                        Issue.record(Comment(rawValue: message))
                    }
                    continue
                }
                #expect(abs(solver.value(of: v) - fresh.value(of: v)) < 1e-7, Comment(rawValue: message))
            }
        }
    }

    @Test("A suggested value behaves as a strong equality would")
    func editMatchesConstraint() async throws {
        await propertyCheck(count: 300, input: Self.systems, Gen.int(in: -12...12).array(of: 1...6)) {
            raw, suggestions in
            // Only required and low/fitting constraints, so the edit's strength (high) is alone on its level.
            let system = SmallSystem(specs: SmallSystem(raw).specs.filter { $0.level != 1 })
            let x = [Variable(), Variable(), Variable()]
            var (solver, _) = try Self.solve(system, x)
            try solver.addEditVariable(x[0], strength: .high)
            for value in suggestions {
                try solver.suggestValue(Double(value), for: x[0])
                solver.checkInvariants()
            }
            let last = suggestions.last!
            let reference = SmallSystem(specs: system.specs + [(0, -1, 0, last, 1)])
            // Compare only when every required constraint was accepted and the optimum is unique.
            guard case .unique(let point) = reference.bruteForce(), case .unique = system.bruteForce() else { return }
            Self.expectValues(solver, x, equal: point, "after suggesting \(suggestions) in \(system)")
        }
    }

    @Test("An edit variable made before the constraints behaves as one made after (regression: it was stale)")
    func editBeforeConstraints() async throws {
        await propertyCheck(count: 300, input: Self.systems, Gen.int(in: -12...12).array(of: 1...6)) {
            raw, suggestions in
            let system = SmallSystem(specs: SmallSystem(raw).specs.filter { $0.level != 1 })
            let x = [Variable(), Variable(), Variable()]
            var solver = Solver()
            try solver.addEditVariable(x[0], strength: .high)
            try solver.suggestValue(Double(suggestions[0]), for: x[0])
            let (bounds, rest) = system.constraints(x)
            try solver.add(bounds)
            for c in rest { _ = try? solver.add(c) }
            for value in suggestions {
                try solver.suggestValue(Double(value), for: x[0])
                solver.checkInvariants()
            }
            let reference = SmallSystem(specs: system.specs + [(0, -1, 0, suggestions.last!, 1)])
            guard case .unique(let point) = reference.bruteForce(), case .unique = system.bruteForce() else { return }
            Self.expectValues(solver, x, equal: point, "edit first, then \(system), suggesting \(suggestions)")
        }
    }

    @Test("Conflict sets are enough to explain the refusal")
    func conflictsExplain() async throws {
        await propertyCheck(count: 300, input: Self.systems) { raw in
            let system = SmallSystem(specs: SmallSystem(raw).specs.map { s in (s.i, s.j, s.relation, s.constant, 0) })
            let x = [Variable(), Variable(), Variable()]
            var solver = Solver()
            let (bounds, rest) = system.constraints(x)
            try solver.add(bounds)
            for c in rest {
                do {
                    try solver.add(c)
                } catch let error as SolverError {
                    guard case .unsatisfiable(let refused, let conflicts) = error else { throw error }
                    // The refused constraint and its conflicts alone must already be infeasible.
                    var check = Solver()
                    try check.add(conflicts)
                    #expect(throws: SolverError.self, "conflicts \(conflicts) do not explain \(refused)") {
                        try check.add(refused)
                    }
                }
            }
        }
    }
}
