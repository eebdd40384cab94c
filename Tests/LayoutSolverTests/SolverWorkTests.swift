import Testing

@testable import LayoutSolver

/// A row of `n` views laid out left to right, as the benchmark's *chain*.
struct Chain {
    var left: [Variable] = []
    var width: [Variable] = []
    var height: [Variable] = []
    var perView: [[Constraint]] = []
    var solver = Solver()

    init(_ n: Int) throws {
        for i in 0..<n {
            left.append(Variable())
            width.append(Variable())
            height.append(Variable())
            var cs: [Constraint] = [Expression(width[i]) >= 10, Expression(height[i]) >= 10]
            if i == 0 {
                cs.append(Expression(left[0]) >= 0)
                cs.append((Expression(left[0]) == 20).with(.weak))
            } else {
                cs.append(Expression(left[i]) == Expression(left[i - 1]) + Expression(width[i - 1]) + 8)
            }
            cs.append((Expression(height[i]) == 44).with(.medium))
            cs.append((Expression(width[i]) == 100).with(.weak))
            perView.append(cs)
        }
        perView[n - 1].append(Expression(left[n - 1]) + Expression(width[n - 1]) <= Expression(108 * Double(n) + 62))
        for cs in perView { try solver.add(cs) }
    }
}

/// Re-solving must do work proportional to what changed: these tests count
/// pivots, expanded cells and recomputed values instead of timing anything.
@Suite struct SolverWorkTests {
    @Test("A chain of 2,000 views keeps rows short and lays out at rest")
    func chainAtRest() throws {
        let chain = try Chain(2000)
        for i in stride(from: 0, to: 2000, by: 250) {
            #expect(chain.solver.value(of: chain.left[i]) == 20 + 108 * Double(i))
        }
        // Kept lazy, definitions stay a few cells long: no row grows with the chain.
        let longest = chain.solver.rows.compactMap { $0 }.filter { !$0.isConstant }.map(\.count)
        #expect(longest.filter { $0 > 8 }.count <= 1, "only the final bound's simplex row may be long")
        chain.solver.checkInvariants()
    }

    @Test("Changing one view's height touches that view only")
    func localChange() throws {
        var chain = try Chain(2000)
        let before = chain.solver.statistics
        let constraint = chain.perView[1000][3]  // height == 44 @medium
        try chain.solver.remove(constraint)
        try chain.solver.add((Expression(chain.height[1000]) == 60).with(.medium))
        let work = chain.solver.statistics
        #expect(work.pivots - before.pivots <= 4)
        #expect(work.valueUpdates - before.valueUpdates <= 8)
        #expect(work.expandedCells - before.expandedCells <= 16)
        #expect(chain.solver.value(of: chain.height[1000]) == 60)
    }

    @Test("Removing and re-adding a chain constraint restores the layout in bounded work")
    func removeReAddChainLink() throws {
        var chain = try Chain(1000)
        let link = chain.perView[500][2]
        try chain.solver.remove(link)
        try chain.solver.add(link)
        let before = chain.solver.statistics
        for _ in 0..<10 {
            try chain.solver.remove(link)
            try chain.solver.add(link)
        }
        let work = chain.solver.statistics
        // No artificial-phase pivoting: re-adding re-enters the slack that removal let go.
        #expect(work.pivots - before.pivots <= 10)
        #expect(chain.solver.value(of: chain.left[999]) == 20 + 108 * 999)
        chain.solver.checkInvariants()
    }

    @Test("A drag recomputes only the values it moves")
    func dragIsProportional() throws {
        var chain = try Chain(1000)
        // The last view's width: nothing depends on it, so one value moves.
        try chain.solver.addEditVariable(chain.width[999], strength: .strong)
        var before = chain.solver.statistics
        try chain.solver.suggestValue(80, for: chain.width[999])
        #expect(chain.solver.value(of: chain.width[999]) == 80)
        #expect(chain.solver.statistics.valueUpdates - before.valueUpdates <= 4)
        // The first view's left: every view moves, and each value is recomputed once.
        try chain.solver.addEditVariable(chain.left[0], strength: .strong)
        before = chain.solver.statistics
        try chain.solver.suggestValue(30, for: chain.left[0])
        #expect(chain.solver.value(of: chain.left[999]) == 30 + 108 * 999)
        #expect(chain.solver.statistics.valueUpdates - before.valueUpdates <= 1010)
        #expect(chain.solver.statistics.pivots - before.pivots <= 2)
        chain.solver.checkInvariants()
    }

    @Test("A million suggestions leave no drift")
    func noDrift() throws {
        let left = Variable()
        let width = Variable()
        var solver = Solver()
        try solver.add(Expression(left) >= 0)
        try solver.add((Expression(width) == 100).with(.weak))
        try solver.add(Expression(left) + Expression(width) <= 320)
        try solver.addEditVariable(left, strength: .strong)
        var k = 0
        for _ in 0..<1_000_000 {
            // Values with no exact binary form, moving in and out of the clamped region.
            k = (k &* 1_103_515_245 &+ 12345) & 0x7fff_ffff
            try solver.suggestValue(Double(k % 40_000) / 97.3, for: left)
        }
        // Each suggestion shifts row constants by a rounded delta, so the error
        // is a random walk of roundings: measured 6e-12 here, far below 1e-9.
        try solver.suggestValue(250, for: left)
        #expect(abs(solver.value(of: left) - 250) < 1e-9)
        #expect(abs(solver.value(of: width) - 70) < 1e-9)
        try solver.suggestValue(37.5, for: left)
        #expect(abs(solver.value(of: width) - 100) < 1e-9)
        solver.checkInvariants()
    }

    @Test("A redundant required constraint is accepted and can be removed")
    func redundant() throws {
        let x = Variable()
        var solver = Solver()
        let first: Constraint = Expression(x) == 10
        let second: Constraint = Expression(x) == 10
        try solver.add(first)
        try solver.add(second)
        try solver.remove(second)
        try solver.remove(first)
        try solver.add((Expression(x) == 3).with(.low))
        #expect(solver.value(of: x) == 3)
        solver.checkInvariants()
    }

    @Test("Definitions 100,000 deep are evaluated without recursion")
    func deepChain() throws {
        var solver = Solver()
        var previous = Variable()
        let first = previous
        try solver.add(Expression(first) == 1)
        for _ in 0..<100_000 {
            let next = Variable()
            try solver.add(Expression(next) == Expression(previous) + 1)
            previous = next
        }
        #expect(solver.value(of: previous) == 100_001)
        try solver.addEditVariable(first, strength: .strong)
        try solver.suggestValue(5, for: first)
        #expect(solver.value(of: previous) == 100_001, "a required constraint holds the first at 1")
    }

    @Test("A chain of views is built without a pivot: each preference enters through its bound's slack")
    func chainBuildsWithoutPivots() throws {
        let chain = try Chain(200)
        // `height == 44 @medium` after `height >= 10`, and the same for widths:
        // entered through the bound's slack, which costs nothing, the
        // objective stays optimal and the errors stay at zero.
        #expect(chain.solver.statistics.pivots == 0)
        #expect(chain.solver.value(of: chain.height[100]) == 44)
        #expect(chain.solver.value(of: chain.width[100]) == 100)
        #expect(chain.solver.value(of: chain.left[199]) == 20 + 108 * 199)
        chain.solver.checkInvariants()
    }

    @Test("Removing and re-adding a row's constraints reuses the symbols their markers freed")
    func removeReAddReusesSymbols() throws {
        var row = try ToolbarRow(views: 10)
        let fresh = row.solver
        let expected = row.frames(in: fresh)
        // Constraints one at a time, each view's in turn, then the whole row in one batch.
        func round() throws {
            for constraint in row.constraints {
                try row.solver.remove(constraint)
                try row.solver.add(constraint)
            }
            for constraint in row.constraints { try row.solver.remove(constraint) }
            try row.solver.add(row.constraints)
        }
        try round()
        let symbolsAfterFirstRound = row.solver.freshSymbols
        for _ in 0..<200 { try round() }
        #expect(row.solver.freshSymbols == symbolsAfterFirstRound, "no symbol is made beyond the first round")
        #expect(row.solver.kinds.count <= fresh.kinds.count, "the per-symbol arrays do not grow")
        #expect(row.frames(in: row.solver) == expected)
        row.solver.checkInvariants()
    }

    @Test("Room reserved for a layout's constraints and variables is room enough: the tables do not grow")
    func reservedRoom() throws {
        let n = 300
        let built = try Chain(n)
        let constraints = built.perView.joined()
        var solver = Solver()
        solver.reserveCapacity(constraints: constraints.count, variables: 3 * n)
        let room = solver.kinds.count
        #expect(room >= 2 * constraints.count + 3 * n)
        try solver.add(constraints)
        #expect(solver.kinds.count == room, "no growth part-way")
        #expect(solver.freshSymbols <= room)
        for i in stride(from: 0, to: n, by: 37) {
            #expect(solver.value(of: built.left[i]) == built.solver.value(of: built.left[i]))
            #expect(solver.value(of: built.width[i]) == built.solver.value(of: built.width[i]))
        }
        solver.checkInvariants()
        // Reserving nothing, or less than there is room for, changes nothing.
        solver.reserveCapacity(constraints: 0, variables: -5)
        #expect(solver.kinds.count == room)
    }
}

/// A toolbar: `views` buttons in a row inside a container of fixed width,
/// each button with a minimum and a preferred size and the gaps between them
/// required; the last button stretches to the container's trailing edge (a
/// strong preference, over its weaker preferred width) and stays within it.
/// The optimum is unique, so the values do not depend on the order of entry.
struct ToolbarRow {
    var left: [Variable] = []
    var top: [Variable] = []
    var width: [Variable] = []
    var height: [Variable] = []
    let containerWidth = Variable()
    var constraints: [Constraint] = []
    var solver = Solver()

    init(views n: Int) throws {
        constraints.append(Expression(containerWidth) == 1000)
        for i in 0..<n {
            left.append(Variable())
            top.append(Variable())
            width.append(Variable())
            height.append(Variable())
            constraints.append(Expression(width[i]) >= 24)
            constraints.append((Expression(width[i]) == 80).with(i == n - 1 ? .fitting : .medium))
            constraints.append((Expression(height[i]) == 32).with(.high))
            constraints.append((Expression(top[i]) == 8).with(.strong))
            constraints.append(
                i == 0
                    ? Expression(left[0]) == 12
                    : Expression(left[i]) == Expression(left[i - 1]) + Expression(width[i - 1]) + 6)
        }
        let trailing = Expression(left[n - 1]) + Expression(width[n - 1])
        constraints.append(trailing <= Expression(containerWidth) - 12)
        constraints.append((trailing == Expression(containerWidth) - 12).with(.strong))
        try solver.add(constraints)
    }

    /// Every button's left, top, width and height, in order.
    func frames(in solver: Solver) -> [Double] {
        (0..<left.count).flatMap { i in [left[i], top[i], width[i], height[i]].map { solver.value(of: $0) } }
    }
}
