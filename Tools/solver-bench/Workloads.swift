import LayoutSolver
import LayoutValues

/// One measured workload: the same spec runs on our solver and, through
/// `kiwi_bench.py`, on kiwisolver.
struct Workload: Encodable {
    enum Kind: String, Encodable { case build, edit, batch, single, overhead }
    var name: String
    var shape: String
    var kind: Kind
    var n: Int
    var reps = 1
    var cycles = 0
    var modulus = 0
    /// For `batch` and `single`: the views whose constraints are removed and re-added.
    var views: [Int] = []
    /// For `build`: one untimed build before the timed ones.
    var warmUp: Bool { kind == .build && reps > 1 }
}

struct Measurement {
    /// Median seconds per operation.
    var seconds: Double
    /// The slowest single operation.
    var max: Double
    var ops: Int
    /// Which operation was the slowest, for `single`: "view V constraint K".
    var worst = ""
}

/// A view's four variables.
struct ViewVariables {
    let left: Variable, top: Variable, width: Variable, height: Variable
    init(_ i: Int) {
        left = Variable()
        top = Variable()
        width = Variable()
        height = Variable()
    }
}

/// The views and, per view, its constraints in the order they are added
/// (the issue's *chain* and *grid10*; `kiwi_bench.py` builds the same).
func system(shape: String, n: Int) -> ([ViewVariables], [[Constraint]]) {
    let views = (0..<n).map(ViewVariables.init)
    var perView: [[Constraint]] = []
    for (i, v) in views.enumerated() {
        let (r, c) = i.quotientAndRemainder(dividingBy: 10)
        var cs: [Constraint] = [Expression(v.width) >= 10, Expression(v.height) >= 10]
        if i == 0 {
            cs.append(Expression(v.left) >= 0)
        } else if shape == "grid10" && c == 0 {
            cs.append(Expression(v.left) == Expression(views[i - 10].left))
        } else {
            let p = views[i - 1]
            cs.append(Expression(v.left) == Expression(p.left) + Expression(p.width) + 8)
        }
        let top = shape == "grid10" ? 20 + 52 * Double(r) : 20
        cs.append((Expression(v.top) == Expression(top)).with(.strong))
        cs.append((Expression(v.height) == 44).with(.medium))
        cs.append((Expression(v.width) == 100).with(.weak))
        if i == 0 { cs.append((Expression(v.left) == 20).with(.weak)) }
        if shape == "grid10" && c == 9 {
            cs.append(Expression(v.left) + Expression(v.width) <= 1142)
        }
        if shape == "chain" && i == n - 1 {
            cs.append(Expression(v.left) + Expression(v.width) <= Expression(108 * Double(n) + 62))
        }
        perView.append(cs)
    }
    return (views, perView)
}

func build(shape: String, n: Int) throws -> (Solver, [ViewVariables], [[Constraint]]) {
    let (views, perView) = system(shape: shape, n: n)
    var solver = Solver()
    for cs in perView { try solver.add(cs) }
    return (solver, views, perView)
}

func readAll(_ solver: Solver, _ views: [ViewVariables]) -> Double {
    var sum = 0.0
    for v in views {
        sum +=
            solver.value(of: v.left) + solver.value(of: v.top) + solver.value(of: v.width)
            + solver.value(of: v.height)
    }
    return sum
}

/// Runs a workload on our solver. `sink` keeps the optimiser from dropping reads.
func run(_ w: Workload, sink: inout Double) throws -> Measurement {
    let clock = ContinuousClock()
    var times: [Double] = []
    func time(_ body: () throws -> Void) rethrows {
        let start = clock.now
        try body()
        let d = clock.now - start
        times.append(d.seconds)
    }
    switch w.kind {
    case .build:
        // Timed: adding every constraint and reading every value. Making the
        // constraint objects and freeing the solver are not (nor on kiwi's side).
        // One untimed build first, as on kiwi's side, where the Python
        // interpreter's heap is already warm: the first builds in a fresh
        // process otherwise pay for growing the heap.
        if w.warmUp { _ = try build(shape: w.shape, n: w.n) }
        for _ in 0..<max(w.reps, 3) {
            let (views, perView) = system(shape: w.shape, n: w.n)
            var built: [Solver] = []  // freed after the clock stops
            try time {
                var solver = Solver()
                for cs in perView { try solver.add(cs) }
                sink += readAll(solver, views)
                built.append(solver)
            }
            built.removeAll()
        }
    case .edit:
        var (solver, views, _) = try build(shape: w.shape, n: w.n)
        try solver.addEditVariable(views[0].left, strength: .strong)
        for k in 0..<w.cycles {
            try time {
                try solver.suggestValue(Double(20 + k % w.modulus), for: views[0].left)
                sink += readAll(solver, views)
            }
        }
    case .batch:
        var (solver, views, perView) = try build(shape: w.shape, n: w.n)
        let chosen = w.views.flatMap { perView[$0] }
        for _ in 0..<w.reps {
            try time {
                for c in chosen { try solver.remove(c) }
                sink += readAll(solver, views)
                try solver.add(chosen)
                sink += readAll(solver, views)
            }
        }
    case .single:
        // Each constraint is removed and re-added three times and the fastest
        // counts, so one scheduler hiccup does not pass for the worst case.
        var (solver, _, perView) = try build(shape: w.shape, n: w.n)
        var worst = ""
        var worstTime = 0.0
        for i in w.views {
            for (k, c) in perView[i].enumerated() {
                var fastest = Double.infinity
                for _ in 0..<3 {
                    try time {
                        try solver.remove(c)
                        try solver.add(c)
                    }
                    fastest = min(fastest, times.removeLast())
                }
                times.append(fastest)
                if fastest > worstTime {
                    worstTime = fastest
                    worst = "view \(i) constraint \(k)"
                }
            }
        }
        let sorted = times.sorted()
        return Measurement(seconds: sorted[sorted.count / 2], max: sorted.last!, ops: times.count, worst: worst)
    case .overhead:
        return Measurement(seconds: 0, max: 0, ops: 0)
    }
    let sorted = times.sorted()
    return Measurement(seconds: sorted[sorted.count / 2], max: sorted.last!, ops: times.count)
}
