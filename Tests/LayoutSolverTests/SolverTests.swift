import TestSupport
import Testing

@testable import LayoutSolver

/// Shorthands for building constraints in tests.
func v(_ variable: Variable) -> Expression { Expression(variable) }

func expectValue(
    _ solver: Solver, _ variable: Variable, _ expected: Double, tolerance: Double = 1e-9,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let actual = solver.value(of: variable)
    #expect(
        abs(actual - expected) <= tolerance, "\(variable) is \(actual), expected \(expected)",
        sourceLocation: sourceLocation)
}

@Suite struct SolverTests {
    @Test("A required equality sets a value")
    func requiredEquality() throws {
        let x = Variable()
        var solver = Solver()
        try solver.add(v(x) == 20)
        expectValue(solver, x, 20)
        solver.checkInvariants()
    }

    @Test("A chain of views is laid out left to right")
    func chain() throws {
        var solver = Solver()
        let lefts = (0..<5).map { _ in Variable() }
        let widths = (0..<5).map { _ in Variable() }
        for i in 0..<5 {
            try solver.add(v(widths[i]) >= 10)
            if i == 0 {
                try solver.add(v(lefts[0]) >= 0)
            } else {
                try solver.add(v(lefts[i]) == v(lefts[i - 1]) + v(widths[i - 1]) + 8)
            }
            try solver.add((v(widths[i]) == 100).with(.weak))
            if i == 0 { try solver.add((v(lefts[0]) == 20).with(.weak)) }
        }
        try solver.add(v(lefts[4]) + v(widths[4]) <= Expression(Double(108 * 5 + 62)))
        for i in 0..<5 { expectValue(solver, lefts[i], 20 + 108 * Double(i)) }
        solver.checkInvariants()
    }

    @Test("Adding a duplicate constraint throws")
    func addingDuplicateThrows() throws {
        let x = Variable()
        var solver = Solver()
        let c: Constraint = v(x) == 1
        try solver.add(c)
        #expect(throws: SolverError.self) { try solver.add(c) }
    }

    @Test("Removing an unknown constraint throws")
    func removingUnknownThrows() {
        let x = Variable()
        var solver = Solver()
        #expect(throws: SolverError.self) { try solver.remove(v(x) == 1) }
    }

    @Test("A higher priority wins over any number of lower ones")
    func priorityIsLexicographic() throws {
        let x = Variable()
        var solver = Solver()
        try solver.add((v(x) == 10).with(Strength(251)))
        // 2,000 constraints one level lower pull the other way; kiwi's weighted
        // sum would give in to them, Auto Layout does not.
        for _ in 0..<2000 { try solver.add((v(x) == 500).with(.low)) }
        expectValue(solver, x, 10)
        solver.checkInvariants()
    }

    @Test("Conflicting required constraints name each other")
    func unsatisfiableNamesConflicts() throws {
        let x = Variable()
        let y = Variable()
        var solver = Solver()
        let a = Constraint(v(x) - 10, .equal, label: "a")
        let b = Constraint(v(y) - v(x) - 5, .equal, label: "b")
        let unrelated = Constraint(v(Variable()) - 3, .equal, label: "unrelated")
        try solver.add([a, b, unrelated])
        let c = Constraint(v(y) - 30, .equal, label: "c")
        do {
            try solver.add(c)
            Issue.record("expected unsatisfiable")
        } catch {
            guard case .unsatisfiable(let constraint, let conflicts) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(constraint === c)
            #expect(Set(conflicts.map(\.label)) == ["a", "b"])
        }
        #expect(!solver.hasConstraint(c))
        expectValue(solver, y, 15)
        solver.checkInvariants()
    }

    @Test("A conflicting inequality is refused and the solution stays")
    func unsatisfiableInequality() throws {
        let x = Variable()
        var solver = Solver()
        let floor = Constraint(v(x) - 10, .greaterThanOrEqual, label: "floor")
        try solver.add(floor)
        try solver.add((v(x) == 12).with(.low))
        let ceiling = Constraint(v(x) - 5, .lessThanOrEqual, label: "ceiling")
        #expect {
            try solver.add(ceiling)
        } throws: { error in
            guard case SolverError.unsatisfiable(_, let conflicts) = error else { return false }
            return conflicts.map(\.label) == ["floor"]
        }
        expectValue(solver, x, 12)
        solver.checkInvariants()
    }

    @Test("Removing a constraint restores the previous solution")
    func removeRestores() throws {
        let x = Variable()
        var solver = Solver()
        try solver.add((v(x) == 50).with(.weak))
        let strong: Constraint = (v(x) == 80).with(.strong)
        try solver.add(strong)
        expectValue(solver, x, 80)
        try solver.remove(strong)
        expectValue(solver, x, 50)
        #expect(!solver.hasConstraint(strong))
        solver.checkInvariants()
    }

    @Test("Edit variables follow suggestions and give way to required constraints")
    func editVariables() throws {
        let left = Variable()
        let width = Variable()
        var solver = Solver()
        try solver.add(v(left) >= 0)
        try solver.add((v(width) == 100).with(.low))
        try solver.add(v(left) + v(width) <= 320)
        try solver.addEditVariable(left, strength: .high)
        try solver.suggestValue(250, for: left)
        expectValue(solver, left, 250)
        expectValue(solver, width, 70)
        try solver.suggestValue(-40, for: left)
        expectValue(solver, left, 0)
        expectValue(solver, width, 100)
        try solver.removeEditVariable(left)
        #expect(!solver.hasEditVariable(left))
        solver.checkInvariants()
    }

    @Test("Edit variables reject required strength and unknown variables")
    func editErrors() throws {
        let x = Variable()
        var solver = Solver()
        #expect(throws: SolverError.self) { try solver.addEditVariable(x, strength: .required) }
        #expect(throws: SolverError.self) { try solver.suggestValue(1, for: x) }
        #expect(throws: SolverError.self) { try solver.removeEditVariable(x) }
        try solver.addEditVariable(x, strength: .strong)
        #expect(throws: SolverError.self) { try solver.addEditVariable(x, strength: .strong) }
    }

    @Test("A variable fixed by its constraints is not ambiguous; a free one is")
    func ambiguity() throws {
        let x = Variable()
        let y = Variable()
        let w = Variable()
        var solver = Solver()
        try solver.add(v(x) == 10)
        try solver.add(v(y) >= v(x) + 5)  // y can be anything above 15
        try solver.add(v(w) >= 0)
        try solver.add((v(w) == 40).with(.low))
        #expect(!solver.isAmbiguous(x))
        #expect(solver.isAmbiguous(y))
        #expect(!solver.isAmbiguous(w))
        #expect(solver.isAmbiguous(Variable()))
        try solver.add((v(y) == 30).with(.weak))
        #expect(!solver.isAmbiguous(y))
    }

    @Test("Equal-priority constraints pulling apart leave room: ambiguous")
    func ambiguousTie() throws {
        let x = Variable()
        var solver = Solver()
        try solver.add((v(x) == 10).with(.low))
        try solver.add((v(x) == 20).with(.low))
        #expect(solver.isAmbiguous(x))
    }

    @Test("Non-finite numbers are refused")
    func nonFinite() {
        let x = Variable()
        var solver = Solver()
        #expect(throws: SolverError.self) { try solver.add(v(x) == Expression(Double.nan)) }
        #expect(throws: SolverError.self) { try solver.add(Double.infinity * v(x) == 1) }
        #expect(solver.constraintCount == 0)
    }
}

@Suite struct SolverRegressionTests {
    @Test("Removing a required equality keeps a redundant one's dummy at zero")
    func redundantDummyStaysZero() throws {
        // Found by a randomized review: c6 is implied by the others, so its
        // dummy became basic; removing c0 then left c6 broken by 1.17.
        let x = (0..<3).map { _ in Variable() }
        func e(_ terms: [(Int, Double)], _ constant: Double) -> Expression {
            Expression(terms: terms.map { Term(x[$0.0], $0.1) }, constant: constant)
        }
        let c0 = Constraint(e([(0, 1), (2, 1), (1, 1)], 4), .equal)
        let c1 = Constraint(e([(2, 3), (1, 0.5)], -9), .equal)
        let c2 = Constraint(e([(0, 1)], 0), .equal, strength: .high)
        let c3 = Constraint(e([(1, 2), (0, -1)], 10), .equal)
        let c6 = Constraint(e([(0, -1), (2, 1), (1, 1)], 0), .equal)
        var solver = Solver()
        try solver.add([c0, c1, c2, c3, c6])
        try solver.addEditVariable(x[1], strength: .high)
        try solver.remove(c0)
        solver.checkInvariants()
        let v = x.map { solver.value(of: $0) }
        for c in [c1, c3, c6] {
            let residual = c.expression.terms.reduce(c.expression.constant) {
                $0 + $1.coefficient * v[x.firstIndex(of: $1.variable)!]
            }
            #expect(abs(residual) < 1e-9, "\(c) has residual \(residual)")
        }
    }
}

@Suite struct DefinitionReachTests {
    /// A chain `x0 … x49`, each defined through the one before, and a parameter `p` that only the last
    /// definition holds: searched from both ends, the answers are those of a walk forwards.
    @Test("Definitions reach what their chain holds, and a row's own definitions, and nothing else")
    func chain() throws {
        var solver = Solver()
        let xs = (0..<50).map { _ in Variable() }
        let p = Variable()
        let q = Variable()
        try solver.add(Expression(xs[0]) == 10)
        for k in 1..<xs.count { try solver.add(Expression(xs[k]) == Expression(xs[k - 1]) + 8) }
        try solver.add(Expression(p) >= 0)
        try solver.add(Expression(q) >= 0)
        try solver.add(Expression(xs[xs.count - 1]) + Expression(p) <= 1000)
        let ps = solver.symbol(for: p)
        let qs = solver.symbol(for: q)
        let first = solver.symbol(for: xs[0])
        let last = solver.symbol(for: xs[xs.count - 1])
        var row = Row(constant: 0)
        row.add(last, 1)
        row.add(qs, 1)
        // The row's own definition, and what the definitions it leads to hold.
        #expect(solver.isBasic(last) && solver.definitionsReach(last, from: row))
        #expect(solver.definitionsReach(first, from: row) == solver.isBasic(first))
        #expect(!solver.definitionsReach(qs, from: row) || solver.isBasic(qs))
        // `p` is held by a simplex row or a definition, never by the chain's definitions below `last`.
        let holdsP = (0..<xs.count).contains { k in
            let s = solver.symbol(for: xs[k])
            return solver.isBasic(s) && solver.rows[Int(s)]!.index(of: ps) != nil
        }
        #expect(solver.definitionsReach(ps, from: row) == holdsP)
    }
}

@Suite struct ColumnIndexTests {
    /// A row lists each of its symbols once, so each symbol's column lists each row that holds it once. Inserting
    /// into a column does not look for the row first (that made a long column's upkeep quadratic under
    /// assertions): the check of the invariants counts each column's entries against the rows instead.
    @Test("A column that lists a row twice fails the check of the invariants")
    func duplicateEntry() async {
        await #expect(processExitsWith: .failure) {
            var solver = Solver()
            let x = Variable()
            let y = Variable()
            try? solver.add((Expression(x) == Expression(y) + 10).with(.strong))
            try? solver.add(Expression(y) >= 0)
            solver.checkInvariants()
            let holder = solver.columns.indices.first { !solver.columns[$0].isEmpty }
            if let holder, let basic = solver.columns[holder].first(where: { _ in true }) {
                solver.columns[holder].insert(basic)
            }
            solver.checkInvariants()
        }
    }

    /// A pivot on a symbol that many rows hold takes the simplex rows out of its column at once
    /// (``SymbolSet/removing(_:)``); the order left is the one that later pivots follow, so it must be the order that
    /// removing them one by one leaves, for the results to stay what they were, bit for bit.
    @Test("Removing members at once leaves the order that removing them one by one leaves")
    func removingAtOnce() {
        var generator = SplitMix(state: 25)
        for _ in 0..<2_000 {
            let count = Int(generator.next() % 40)
            var set = SymbolSet()
            var members = (0..<count).map { Symbol($0 * 3) }
            for k in members.indices.reversed() { members.swapAt(k, Int(generator.next() % UInt64(k + 1))) }
            for symbol in members { set.insert(symbol) }
            var removed = members.filter { _ in generator.next() % 3 != 0 }
            for k in removed.indices.reversed() { removed.swapAt(k, Int(generator.next() % UInt64(k + 1))) }
            var oneByOne = set
            for symbol in removed { oneByOne.remove(symbol) }
            #expect(Array(set.removing(removed)) == Array(oneByOne), "\(members) without \(removed)")
        }
    }
}

@Suite struct RoundingBoundTests {
    /// The check of the invariants lets a simplex row's constant go below zero by as much as rounding can take
    /// it: 1e-7 for rows of small factors, more for rows that chains of large multipliers made
    /// (``Solver/roundingBound(of:largest:growth:)``; the scene fuzz target's inputs in `FuzzRegressionTests`). A
    /// row a millionth below zero in a layout of unit factors is a broken tableau, not rounding; so is a row 0.02
    /// below zero beside a constraint that scales by ten thousand (the artificial phase once left a dummy's row
    /// that far below zero). The trap must be that row's: its message gives the constant set.
    @Test("A simplex row a millionth below zero, with constraints of unit factors, fails the check")
    func unitFactors() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var solver = Solver()
            let x = Variable()
            let y = Variable()
            try solver.add(Expression(x) >= 10)
            try solver.add(Expression(y) <= Expression(x) + 100)
            try solver.add((Expression(y) == 300).with(.strong))
            solver.checkInvariants()
            let simplex = solver.rows.indices.first { solver.rows[$0] != nil && !solver.isDefinition(Symbol($0)) }
            solver.rows[simplex!]!.constant = -1.0e-6
            solver.checkInvariants()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("infeasible: -1e-06"), "\(message)")
    }

    @Test("A simplex row 0.02 below zero, beside a constraint that scales by ten thousand, fails the check")
    func largeFactor() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var solver = Solver()
            let x = Variable()
            let y = Variable()
            let z = Variable()
            try solver.add(Expression(x) == 10000 * Expression(y))
            try solver.add((Expression(y) == 0.03).with(.strong))
            try solver.add(Expression(z) >= 10)
            try solver.add(Expression(z) <= Expression(x) + 200)
            try solver.add((Expression(z) == 600).with(.strong))
            solver.checkInvariants()
            let simplex = solver.rows.indices.first { solver.rows[$0] != nil && !solver.isDefinition(Symbol($0)) }
            solver.rows[simplex!]!.constant = -0.02
            solver.checkInvariants()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("infeasible: -0.02"), "\(message)")
    }

    @Test(
        "The bound follows what the artificial phase takes for zero, the row's coefficients and the tableau's growth up to the square of the largest factor; feasibility is in units of the row's largest coefficient"
    )
    func bound() throws {
        // Constraints that scale by 2 at most, constants up to 100: 1e-7, however the tableau has grown.
        var unit = Solver()
        let (u, w) = (Variable(), Variable())
        try unit.add(Expression(u) >= 10)
        try unit.add(Expression(w) == 0.5 * Expression(u))
        #expect(unit.roundingBound(of: Row(constant: 0), largest: 100, growth: 1) == 1.0e-7)
        #expect(unit.roundingBound(of: Row(constant: 0), largest: 100, growth: 1.0e5) == 1.0e-7)
        // A factor of ten thousand, constants up to 1,000.
        var solver = Solver()
        let x = Variable()
        let y = Variable()
        try solver.add(Expression(x) >= 10)
        try solver.add(Expression(y) == 0.0001 * Expression(x))
        var row = Row(constant: 0)
        // What the artificial phase takes for zero: 1e-10 of a factor times a constant.
        #expect(abs(solver.roundingBound(of: row, largest: 1000, growth: 1) - 1.0e-3) < 1.0e-15)
        // A tableau that has grown: 1e-13 of the largest constant, times its growth, up to the factor's square.
        #expect(abs(solver.roundingBound(of: row, largest: 1000, growth: 5.0e7) - 5.0e-3) < 1.0e-15)
        #expect(abs(solver.roundingBound(of: row, largest: 1000, growth: 1.0e12) - 1.0e-2) < 1.0e-15)
        // The row's own coefficients count as much: one plus their magnitudes.
        row.add(solver.symbol(for: x), 5.0e7)
        #expect(abs(solver.roundingBound(of: row, largest: 1000, growth: 1) - 1.0e-13 * 1000 * (1 + 5.0e7)) < 1e-15)
        row.add(solver.symbol(for: y), 1.0e9)
        #expect(abs(solver.roundingBound(of: row, largest: 1000, growth: 1) - 1.0e-2) < 1.0e-15)
        // A simplex row's feasibility is judged in the units of its largest coefficient past 1: products of
        // chained multipliers move such a row by that much for each unit its parameters move.
        #expect(abs(solver.feasibilityBound(of: row, largest: 1000, growth: 1) - 1.0e-2 * 1.0e9) < 1.0e-3)
        let small = Row(constant: 0, sortedCells: [Cell(symbol: solver.symbol(for: x), coefficient: -0.5)])
        #expect(
            solver.feasibilityBound(of: small, largest: 1000, growth: 10)
                == solver.roundingBound(of: small, largest: 1000, growth: 10))
    }
}

@Suite struct ChainedMultiplierTests {
    /// Found by the scene fuzz target: widths chained by multipliers of a thousand, with two required
    /// equalities that are nearly parallel (`b == 1000 a` and `b == 1005 a`, so `a` and `b` must be 0), and
    /// intrinsic sizes of 8.5 by 20.4 points at priorities 250 and 750, added in the order a scene's layout adds
    /// them. kiwisolver 1.5.1 gives a = 2.04e-8, b = 2.05e-5, c = 0.0205 and a's height 20.502: every required
    /// equality within 1e-7. This solver leaves `b` at 8.5 with `a` at 0, a required equality 8.5 points off:
    /// `a`'s definition is `c / 1e9` through the chain, and that term falls under the 1e-8 below which kiwi,
    /// and this solver, drop a coefficient. Known, not fixed (a tolerance that followed the constraints' scale
    /// fixed it, and broke other scaled systems: docs/benchmarks.md). The tableau's invariants hold: the row
    /// the artificial phase leaves is solved for its largest coefficient, where the first, 5e-6, left a
    /// dummy's row 0.02 below zero.
    @Test("Required equalities chained by multipliers of a thousand, two of them nearly parallel, all hold")
    func nearlyParallel() throws {
        var solver = Solver()
        let (aw, ah, bw, bh, cw) = (Variable(), Variable(), Variable(), Variable(), Variable())
        for (variable, size) in [(aw, 8.5), (ah, 20.4), (bw, 8.5), (bh, 20.4)] {
            try solver.add((Expression(variable) <= Expression(size)).with(Strength(250)))
            try solver.add((Expression(variable) >= Expression(size)).with(Strength(750)))
        }
        try solver.add(Expression(cw) == 1000 * Expression(bw))
        try solver.add(Expression(ah) >= 1000 * Expression(cw))
        try solver.add(Expression(bw) == 1000 * Expression(aw))
        try? solver.add(Expression(bw) == 1005 * Expression(aw))
        let (a, b, c) = (solver.value(of: aw), solver.value(of: bw), solver.value(of: cw))
        // kiwi's residues are 1e-7; the exact solution has a, b and c at 0.
        withKnownIssue("a term of a billionth is dropped at 1e-8, and a required equality is left 8.5 points off") {
            #expect(abs(b - 1000 * a) < 1e-6)
            #expect(abs(b - 1005 * a) < 1e-6)
            #expect(abs(c - 1000 * b) < 1e-6 * max(1, abs(c)))
            #expect(abs(a) < 1e-6 && abs(b) < 1e-6 && abs(c) < 0.03)
        }
        #expect(solver.value(of: ah) >= 1000 * c - 1e-6)
        #expect(abs(solver.value(of: bh) - 20.4) < 1e-9)
        solver.checkInvariants()
    }

    /// A successful artificial row still basic is `art = residue + Σ c·s`, with a residue that is rounding:
    /// solved for `s`, it leaves `s` at `−residue / c`, so the symbol is the one with the largest coefficient,
    /// among the slacks and errors if there are any, else among the dummies.
    @Test("The artificial row is solved for its largest coefficient, slacks and errors first")
    func artificialReplacement() {
        var solver = Solver()
        let slack = solver.makeSymbol(.slack)
        let small = solver.makeSymbol(.dummy)
        let large = solver.makeSymbol(.dummy)
        let error = solver.makeSymbol(.error)
        let dummies = Row(
            constant: 1e-7,
            sortedCells: [Cell(symbol: small, coefficient: 5e-6), Cell(symbol: large, coefficient: -1.005)])
        #expect(solver.artificialReplacement(in: dummies) == large)
        // A dummy's row must hold dummies only, so a slack goes first however small.
        let tinySlack = Row(
            constant: 1e-7,
            sortedCells: [Cell(symbol: slack, coefficient: 1e-7), Cell(symbol: large, coefficient: 1)])
        #expect(solver.artificialReplacement(in: tinySlack) == slack)
        let pivotable = Row(
            constant: 0,
            sortedCells: [
                Cell(symbol: slack, coefficient: 0.5), Cell(symbol: large, coefficient: 2),
                Cell(symbol: error, coefficient: -0.75),
            ])
        #expect(solver.artificialReplacement(in: pivotable) == error)
        #expect(solver.artificialReplacement(in: Row(constant: 0)) == nil)
    }
}
