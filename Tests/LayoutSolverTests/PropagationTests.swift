import Testing

@testable import LayoutSolver

/// The shortcuts that make a drag cheap must not change a single value: a
/// replayed propagation and remembered shifts against a fresh walk and fresh
/// lookups, and values read by id against values read through symbols.
@Suite struct PropagationTests {
    @Test("A drag's replays give the values fresh walks give, bit for bit")
    func replayMatchesWalk() throws {
        // Two solvers with the same system; the second forgets its last
        // propagation and shift before each suggestion, so it always walks
        // the column index and looks up the edit's marker in each row.
        let chain = try Chain(300)
        var replaying = chain.solver
        var walking = chain.solver
        try replaying.addEditVariable(chain.left[0], strength: .strong)
        try walking.addEditVariable(chain.left[0], strength: .strong)
        let variables = chain.left + chain.width + chain.height
        var replays = 0
        for k in 0..<400 {
            // Past the final bound and back: the weak widths give way, and
            // the pivots that makes change the shape.
            let value = 20 + Double(k % 130) * 0.7
            let replayed = replaying.statistics.valueUpdates
            let walked = walking.statistics.valueUpdates
            try replaying.suggestValue(value, for: chain.left[0])
            walking.propagation = Propagation()
            walking.editShift = EditShift()
            try walking.suggestValue(value, for: chain.left[0])
            if replaying.propagation.isCompiled { replays += 1 }
            #expect(replaying.statistics.valueUpdates - replayed == walking.statistics.valueUpdates - walked)
            for variable in variables {
                let a = replaying.value(of: variable)
                let b = walking.value(of: variable)
                if a.bitPattern != b.bitPattern {
                    Issue.record("step \(k): \(variable) is \(a) replayed, \(b) walked")
                    return
                }
            }
        }
        #expect(replays > 300, "most steps of a drag replay")
        replaying.checkInvariants()
        walking.checkInvariants()
    }

    @Test("A change of shape between two flushes from the same rows is not replayed")
    func shapeChangeWalksAgain() throws {
        var chain = try Chain(50)
        try chain.solver.addEditVariable(chain.left[0], strength: .strong)
        try chain.solver.suggestValue(30, for: chain.left[0])
        try chain.solver.suggestValue(31, for: chain.left[0])
        // A new view at the end: the same edit now moves one more left.
        let left = Variable()
        try chain.solver.add(Expression(left) == Expression(chain.left[49]) + Expression(chain.width[49]) + 8)
        try chain.solver.suggestValue(32, for: chain.left[0])
        try chain.solver.suggestValue(33, for: chain.left[0])
        #expect(chain.solver.value(of: left) == 33 + 108 * 50)
        chain.solver.checkInvariants()
    }

    @Test("Values read by id agree with values through symbols, whatever order ids come in")
    func valuesByID() throws {
        // Ids with gaps and out of order: some variables are first seen far
        // beyond the compact range and only later inside it, as it grows.
        let drag = Variable()
        let all = (0..<600).map { _ in Variable() }
        var order = Array(all.indices)
        var seed: UInt64 = 7
        for i in order.indices.reversed() {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            order.swapAt(i, Int(seed >> 33) % (i + 1))
        }
        let used = order.prefix(400)
        var solver = Solver()
        try solver.addEditVariable(drag, strength: .strong)
        var outside: [Symbol] = []
        for (n, i) in used.enumerated() {
            // Every third follows the dragged variable, the others stay put.
            let offset = Expression(Double(i) * 1.5)
            try solver.add(n % 3 == 0 ? Expression(all[i]) == Expression(drag) + offset : Expression(all[i]) == offset)
            let symbol = solver.variableSymbols[all[i].id]!
            if solver.valueSlot(of: symbol) < 0 { outside.append(symbol) }
            solver.checkInvariants()
        }
        // The case this is for: slots made later for variables already in the solver.
        #expect(outside.contains { solver.valueSlot(of: $0) >= 0 })
        for step in 0..<5 {
            try solver.suggestValue(Double(step) * 10.25, for: drag)
            for (n, i) in used.enumerated() {
                let expected = Double(i) * 1.5 + (n % 3 == 0 ? Double(step) * 10.25 : 0)
                #expect(solver.value(of: all[i]) == expected)
            }
            solver.checkInvariants()
        }
        // Variables the solver has never seen, inside the range and out.
        for i in order.suffix(200) { #expect(solver.value(of: all[i]) == 0) }
        #expect(solver.value(of: Variable()) == 0)
    }
}
