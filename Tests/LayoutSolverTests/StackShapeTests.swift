import Testing

@testable import LayoutSolver

/// Labels arranged as a scene's stacks arrange them, with the constraints the
/// layout model generates for them, in its order: a vertical stack aligned on
/// its leading edge, of `rows` horizontal stacks of `perRow` labels aligned
/// on their first baselines, spaced by 8.
///
/// Every row's trailing edge bounds the outer stack's, whose width hugs at
/// priority 51, so the outer stack is as wide as its widest row; and a
/// label's top and bottom are bounded by its row's, whose top is defined
/// through every row above it.
struct StackedLabels {
    struct Box {
        var left = Variable()
        var top = Variable()
        var width = Variable()
        var height = Variable()
    }

    let rows: Int
    let perRow: Int
    let list = Box()
    let rowBoxes: [Box]
    let labels: [[Box]]
    var solver = Solver()

    /// A label's intrinsic width: rows get wider at two places, a quarter and
    /// half-way down (as labels numbered 1 to 2,000 do when their numbers gain
    /// a digit), and narrower again for a row in between; labels in a row differ.
    static func width(row i: Int, label j: Int, rows: Int) -> Double {
        var width = 40 + Double(j % 3) * 2
        if i >= rows / 4 { width += 6 }
        if i >= rows / 2 { width += 6 }
        if i == rows / 2 + 1 { width -= 20 }
        return width
    }

    static func height(row i: Int, label j: Int) -> Double { 20 + Double((i + j) % 4) }

    /// The first baseline's distance below a label's top.
    static func baseline(row i: Int, label j: Int) -> Double { 15 + Double((i * 7 + j * 3) % 5) }

    static let listLeft = 16.0
    static let listTop = 44.0

    init(rows: Int, perRow: Int = 10) throws {
        self.rows = rows
        self.perRow = perRow
        rowBoxes = (0..<rows).map { _ in Box() }
        labels = (0..<rows).map { _ in (0..<perRow).map { _ in Box() } }
        func e(_ variable: Variable) -> Expression { Expression(variable) }
        func right(_ box: Box) -> Expression { e(box.left) + e(box.width) }
        func bottom(_ box: Box) -> Expression { e(box.top) + e(box.height) }
        // Intrinsic sizes: hugging at 250, compression resistance at 750.
        for i in 0..<rows {
            for j in 0..<perRow {
                let label = labels[i][j]
                let w = Self.width(row: i, label: j, rows: rows)
                let h = Self.height(row: i, label: j)
                try solver.add((e(label.width) <= Expression(w)).with(Strength(250)))
                try solver.add((e(label.width) >= Expression(w)).with(Strength(750)))
                try solver.add((e(label.height) <= Expression(h)).with(Strength(250)))
                try solver.add((e(label.height) >= Expression(h)).with(Strength(750)))
            }
        }
        // The outer stack: the rows one under another, each on its leading edge.
        for i in 0..<rows {
            if i == 0 {
                try solver.add(e(rowBoxes[0].top) == e(list.top))
            } else {
                try solver.add(e(rowBoxes[i].top) == bottom(rowBoxes[i - 1]) + 8)
            }
        }
        try solver.add(bottom(rowBoxes[rows - 1]) == bottom(list))
        for row in rowBoxes {
            try solver.add(e(row.left) == e(list.left))
            try solver.add(right(row) <= right(list))
        }
        try solver.add((e(list.width) == Expression(0)).with(Strength(51)))
        // Each row: its labels left to right, on the first label's baseline.
        for i in 0..<rows {
            let row = rowBoxes[i]
            let line = labels[i]
            for j in 0..<perRow {
                if j == 0 {
                    try solver.add(e(line[0].left) == e(row.left))
                } else {
                    try solver.add(e(line[j].left) == right(line[j - 1]) + 8)
                }
            }
            try solver.add(right(line[perRow - 1]) == right(row))
            for j in 0..<perRow {
                if j > 0 {
                    try solver.add(
                        e(line[j].top) + Self.baseline(row: i, label: j)
                            == e(line[0].top) + Self.baseline(row: i, label: 0))
                }
                try solver.add(e(line[j].top) >= e(row.top))
                try solver.add(bottom(line[j]) <= bottom(row))
            }
            try solver.add((e(row.height) == Expression(0)).with(Strength(51)))
            try solver.add((e(line[0].top) == e(row.top)).with(Strength(49)))
        }
        try solver.add(e(list.left) == Expression(Self.listLeft))
        try solver.add(e(list.top) == Expression(Self.listTop))
    }

    /// Every frame as the stacks lay them out, computed directly: labels at
    /// their intrinsic sizes; a row as wide as its labels and spacing; on
    /// the baseline as high as the row's tallest ascent allows, and as tall as
    /// that ascent and its deepest descent; the outer stack as wide as its
    /// widest row and as tall as its rows and spacing.
    func expectClosedForm(tolerance: Double = 1e-6) {
        func check(_ variable: Variable, _ expected: Double, _ what: @autoclosure () -> String) {
            let actual = solver.value(of: variable)
            #expect(abs(actual - expected) <= tolerance, "\(what()) is \(actual), expected \(expected)")
        }
        var top = Self.listTop
        var widest = 0.0
        for i in 0..<rows {
            let ascent = (0..<perRow).map { Self.baseline(row: i, label: $0) }.max()!
            let descent = (0..<perRow).map { Self.height(row: i, label: $0) - Self.baseline(row: i, label: $0) }.max()!
            var left = Self.listLeft
            for j in 0..<perRow {
                let width = Self.width(row: i, label: j, rows: rows)
                check(labels[i][j].left, left, "row \(i) label \(j) left")
                check(labels[i][j].width, width, "row \(i) label \(j) width")
                check(labels[i][j].top, top + ascent - Self.baseline(row: i, label: j), "row \(i) label \(j) top")
                check(labels[i][j].height, Self.height(row: i, label: j), "row \(i) label \(j) height")
                left += width + 8
            }
            let rowWidth = left - 8 - Self.listLeft
            widest = max(widest, rowWidth)
            check(rowBoxes[i].left, Self.listLeft, "row \(i) left")
            check(rowBoxes[i].width, rowWidth, "row \(i) width")
            check(rowBoxes[i].top, top, "row \(i) top")
            check(rowBoxes[i].height, ascent + descent, "row \(i) height")
            top += ascent + descent + 8
        }
        check(list.left, Self.listLeft, "stack left")
        check(list.top, Self.listTop, "stack top")
        check(list.width, widest, "stack width")
        check(list.height, top - 8 - Self.listTop, "stack height")
    }
}

/// Stacks of stacks: values against a direct computation, and work that grows
/// linearly with the number of rows, measured in the solver's counts of row
/// operations, not in time.
@Suite struct StackShapeTests {
    @Test("A stack of 200 rows of 10 labels lays out as computed directly, to 1e-6")
    func stackedLabelsClosedForm() throws {
        let stacked = try StackedLabels(rows: 200)
        stacked.expectClosedForm()
        stacked.solver.checkInvariants()
    }

    @Test("Small stacks, each size and shape, lay out as computed directly", arguments: [1, 2, 3, 5, 8, 13])
    func smallStacks(rows: Int) throws {
        for perRow in [1, 2, 4] {
            let stacked = try StackedLabels(rows: rows, perRow: perRow)
            stacked.expectClosedForm()
            stacked.solver.checkInvariants()
        }
    }

    /// Each row's bound on the outer stack's width, and each label's bounds
    /// on its row's top and bottom, once cost work proportional to the rows
    /// above (every new row was entered through a symbol all the others
    /// held, the widest row's change pivoted through every row in turn, and
    /// expansions walked every row above): four times the rows took sixteen
    /// times the work. Now four times the rows take about four times the work.
    @Test("Four times the rows take about four times the work, not sixteen")
    func workIsLinearInRows() throws {
        func work(rows: Int) throws -> Int {
            let stacked = try StackedLabels(rows: rows)
            let statistics = stacked.solver.statistics
            return statistics.mergedCells + statistics.expandedCells + statistics.expandedRows
                + 10 * statistics.pivots
        }
        let small = try work(rows: 100)
        let large = try work(rows: 400)
        let ratio = Double(large) / Double(small)
        #expect(ratio < 6, "work for 100 rows: \(small), for 400: \(large), ratio \(ratio)")
    }

    @Test("Bounds on a stack's width that no feasible pivot enters go in, or are refused, and come out again")
    func boundsOnTheStackWidth() throws {
        var stacked = try StackedLabels(rows: 20, perRow: 3)
        let widest = stacked.solver.value(of: stacked.list.width)
        let count = stacked.solver.constraintCount
        // Narrower than the widest row: that row's labels give way, their compression resistance being optional.
        let narrower: Constraint = Expression(stacked.list.width) <= Expression(widest - 10)
        try stacked.solver.add(narrower)
        #expect(abs(stacked.solver.value(of: stacked.list.width) - (widest - 10)) <= 1e-9)
        stacked.solver.checkInvariants()
        try stacked.solver.remove(narrower)
        stacked.expectClosedForm()
        // Wider than every row: the stack grows.
        let wider: Constraint = Expression(stacked.list.width) >= Expression(widest + 30)
        try stacked.solver.add(wider)
        #expect(abs(stacked.solver.value(of: stacked.list.width) - (widest + 30)) <= 1e-9)
        stacked.solver.checkInvariants()
        try stacked.solver.remove(wider)
        stacked.expectClosedForm()
        // Against the required left edge: refused, naming it, and the layout is as it was.
        let moved: Constraint = Expression(stacked.list.left) >= Expression(StackedLabels.listLeft + 4)
        #expect {
            try stacked.solver.add(moved)
        } throws: { error in
            guard case SolverError.unsatisfiable(_, let conflicts) = error else { return false }
            return !conflicts.isEmpty
        }
        #expect(stacked.solver.constraintCount == count)
        stacked.expectClosedForm()
        stacked.solver.checkInvariants()
    }
}
