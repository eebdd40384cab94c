import PropertyBased
import Testing

@testable import LayoutSolver

/// `Solver.replace(_:with:)`: a constant changed in place must give what a removal and an addition give.
@Suite struct ReplaceTests {
    /// A system, then replacements of its constraints' constants: (which constraint, the new constant).
    static let changes = zip(Gen.int(in: 0...15), Gen.int(in: -8...8)).array(of: 1...6)

    @Test("Constants replaced in place: the optimum of the system as changed, and a refusal exactly when infeasible")
    func matchesBruteForce() async throws {
        await propertyCheck(count: 800, input: SolverPropertyTests.systems, Self.changes) { raw, changes in
            let system = SmallSystem(raw)
            let x = [Variable(), Variable(), Variable()]
            var solver = Solver()
            let (bounds, rest) = system.constraints(x)
            try solver.add(bounds)
            // What the solver holds: each accepted constraint with its spec.
            var held: [(Constraint, SmallSystem.Spec)] = []
            for (c, s) in zip(rest, system.specs) where (try? solver.add(c)) != nil { held.append((c, s)) }
            for (pick, constant) in changes where !held.isEmpty {
                let k = pick % held.count
                let (old, spec) = held[k]
                var changed = spec
                changed.constant = constant
                let new = SmallSystem(specs: [changed]).constraints(x).rest[0]
                let others = held.indices.filter { $0 != k }.map { held[$0].1 }
                let feasible = SmallSystem(specs: others + [changed]).bruteForce() != .infeasible
                do {
                    try solver.replace(old, with: new)
                    #expect(feasible, "accepted \(changed) in an infeasible system: \(SmallSystem(specs: others))")
                    held[k] = (new, changed)
                    #expect(!solver.hasConstraint(old) && solver.hasConstraint(new))
                } catch {
                    #expect(!feasible, "refused \(changed) in a feasible system: \(SmallSystem(specs: others))")
                    #expect(!solver.hasConstraint(old) && !solver.hasConstraint(new), "a refused replacement")
                    held.remove(at: k)
                }
                solver.checkInvariants()
            }
            let now = SmallSystem(specs: held.map(\.1))
            switch now.bruteForce() {
            case .unique(let point):
                SolverPropertyTests.expectValues(solver, x, equal: point, "after replacements, \(now)")
            case .many:
                let p = x.map { solver.value(of: $0) }
                for s in now.specs where s.level == 0 {
                    let d = p[s.i] - (s.j >= 0 ? p[s.j] : 0) - Double(s.constant)
                    let ok = s.relation == 0 ? abs(d) < 1e-7 : s.relation == 1 ? d > -1e-7 : d < 1e-7
                    #expect(ok, "required constraint broken in \(now)")
                }
            case .infeasible:
                Issue.record("the solver holds an infeasible system: \(now)")
            }
        }
    }

    @Test("A constant changed in a chain of 2,000 views moves the rows in place: no expansion, few pivots")
    func inPlace() throws {
        var chain = try Chain(2000)
        let before = chain.solver.statistics
        let old = chain.perView[1000][3]  // height == 44 @medium
        let new = (Expression(chain.height[1000]) == 60).with(.medium)
        try chain.solver.replace(old, with: new)
        let work = chain.solver.statistics
        #expect(chain.solver.value(of: chain.height[1000]) == 60)
        #expect(work.expansions == before.expansions, "a replacement in place expands no row")
        #expect(work.mergedCells == before.mergedCells, "and merges none")
        #expect(work.valueUpdates - before.valueUpdates <= 4)
        // The gap between views, required: every view after it moves.
        let gap = chain.perView[1000][2]
        let wider = Expression(chain.left[1000]) == Expression(chain.left[999]) + Expression(chain.width[999]) + 20
        try chain.solver.replace(gap, with: wider)
        #expect(chain.solver.value(of: chain.left[1000]) - chain.solver.value(of: chain.left[999]) == 120)
        #expect(chain.solver.value(of: chain.left[1999]) == 20 + 108 * 1999 + 12)
        chain.solver.checkInvariants()
    }

    @Test("A replacement that is not a constant's change, or that required constraints refuse, removes and adds")
    func otherwise() throws {
        let a = Variable(), b = Variable()
        var solver = Solver()
        let pin = Expression(a) == 10
        try solver.add(pin)
        try solver.add(Expression(b) >= Expression(a))
        // Another variable: a removal and an addition.
        let other = Expression(b) == 30
        try solver.replace(pin, with: other)
        #expect(solver.value(of: b) == 30 && !solver.hasConstraint(pin))
        // A required bound that contradicts: refused, as `add` refuses it, and the old one is out.
        let cap = Expression(b) <= 40
        try solver.add(cap)
        #expect(throws: SolverError.self) { try solver.replace(cap, with: Expression(b) <= 20) }
        #expect(!solver.hasConstraint(cap) && solver.value(of: b) == 30)
        // A redundant required equality's constant changed: it would break the other silently in place.
        let again = Expression(b) == 30
        try solver.add(again)
        #expect(throws: SolverError.self) { try solver.replace(again, with: Expression(b) == 35) }
        #expect(solver.value(of: b) == 30)
        // Unknown.
        #expect(throws: SolverError.self) { try solver.replace(cap, with: Expression(b) <= 50) }
        solver.checkInvariants()
    }

    @Test("An edit's suggestions give what they gave before replacements shared their shifts")
    func editsUnchanged() throws {
        var chain = try Chain(200)
        try chain.solver.addEditVariable(chain.width[100], strength: .high)
        for value in stride(from: 50.0, through: 150, by: 7) {
            try chain.solver.suggestValue(value, for: chain.width[100])
            #expect(chain.solver.value(of: chain.width[100]) == value)
            #expect(chain.solver.value(of: chain.left[101]) == 20 + 108 * 100 + value + 8)
        }
        chain.solver.checkInvariants()
    }

    @Test("Pairs replaced as one change: required bounds that meet only in the end go in place; a conflict leaves all")
    func together() throws {
        let h = Variable(), top = Variable()
        var solver = Solver()
        let floor = Expression(h) >= 44, ceiling = Expression(h) <= 44
        try solver.add([floor, ceiling, Expression(top) == Expression(h) + 8])
        // One by one, `h >= 60` would meet `h <= 44`.
        let higherFloor = Expression(h) >= 60, higherCeiling = Expression(h) <= 60
        let before = solver.statistics
        let movedTogether = solver.replaceInPlace([(floor, higherFloor), (ceiling, higherCeiling)])
        #expect(movedTogether)
        #expect(solver.statistics.expansions == before.expansions)
        #expect(solver.value(of: h) == 60 && solver.value(of: top) == 68)
        #expect(solver.hasConstraint(higherFloor) && !solver.hasConstraint(floor))
        // Crossed bounds: nothing changes, and the caller removes and adds.
        let crossedFloor = Expression(h) >= 80, crossedCeiling = Expression(h) <= 70
        let crossed = solver.replaceInPlace([(higherFloor, crossedFloor), (higherCeiling, crossedCeiling)])
        #expect(!crossed)
        #expect(solver.hasConstraint(higherFloor) && solver.hasConstraint(higherCeiling))
        #expect(!solver.hasConstraint(crossedFloor) && solver.value(of: h) == 60)
        // Not a constant's change, or a pair named twice: nothing changes.
        let otherTerms = solver.replaceInPlace([(higherFloor, Expression(top) >= 60)])
        let twice = solver.replaceInPlace([(higherFloor, crossedFloor), (higherFloor, crossedFloor)])
        #expect(!otherTerms && !twice)
        // More pairs than a look back covers: told apart by sets, the same.
        let xs = (0..<12).map { _ in Variable() }
        let pins = xs.map { Expression($0) == 1 }
        try solver.add(pins)
        let moved = xs.map { Expression($0) == 2 }
        var repeated: [(old: Constraint, new: Constraint)] = Array(zip(pins, moved))
        repeated[11].new = moved[3]
        let repeatedNew = solver.replaceInPlace(repeated)
        repeated[11] = (pins[3], Expression(xs[11]) == 2)
        let repeatedOld = solver.replaceInPlace(repeated)
        #expect(!repeatedNew && !repeatedOld && solver.value(of: xs[3]) == 1)
        let all = solver.replaceInPlace(Array(zip(pins, moved)))
        #expect(all && xs.allSatisfy { solver.value(of: $0) == 2 })
        #expect(solver.value(of: h) == 60)
        solver.checkInvariants()
    }

    @Test("Shape is terms in order, relation and strength; equivalence adds the constant and the label")
    func shapes() {
        let x = Variable(), y = Variable()
        let a = Expression(x) + Expression(y) >= 4
        let moved = Expression(x) + Expression(y) >= 9
        let same = Expression(x) + Expression(y) >= 4
        #expect(a.hasSameShape(as: moved) && !a.isEquivalent(to: moved))
        #expect(a.isEquivalent(to: same) && a !== same)
        #expect(!a.isEquivalent(to: same.labeled("other")) && a.hasSameShape(as: same.labeled("other")))
        #expect(!a.hasSameShape(as: Expression(y) + Expression(x) >= 4), "terms in another order")
        #expect(!a.hasSameShape(as: Expression(x) + Expression(y) <= 4))
        #expect(!a.hasSameShape(as: a.with(.weak)))
        #expect(!a.hasSameShape(as: Expression(x) + 2 * Expression(y) >= 4))
    }
}
