/// A parse's constraint syntax, by index in declaration order: the syntax the parse read, and the runs of it
/// taken from the previous parse's lines (``ReusedConstraints``). A run's syntax stays where the parse that read
/// it keeps it (``KeptSyntax``): taking a line copies one reference, however many constraints it holds, and a
/// save leaves the syntax of unchanged lines untouched.
struct ConstraintSyntaxList {
    /// The syntax this parse read, in order.
    private var read: [ConstraintSyntax] = []
    /// The runs taken from the previous parse's lines, in order.
    private(set) var runs: [ReusedConstraints] = []
    private(set) var count = 0

    var indices: Range<Int> { 0..<count }

    mutating func append(_ syntax: ConstraintSyntax) {
        read.append(syntax)
        count += 1
    }

    /// Takes a reused line's constraints, `kept`, as the previous parse kept them.
    mutating func appendRun(previous: Int, lineStart: Int, offset: Int, namesConstraints: Bool, kept: KeptSyntax) {
        runs.append(
            ReusedConstraints(
                start: count, previous: previous, count: kept.syntax.count, lineStart: lineStart, offset: offset,
                origin: kept.origin, namesConstraints: namesConstraints, readBefore: read.count, syntax: kept.syntax))
        count += kept.syntax.count
    }

    /// The syntax read for constraints `range`, as it was read: for a parse that took no run, whose indices
    /// are those of what it read.
    func read(_ range: Range<Int>) -> ArraySlice<ConstraintSyntax> {
        precondition(runs.isEmpty, "a parse that took runs numbers its constraints apart from what it read")
        return read[range]
    }

    mutating func reserveRuns(_ capacity: Int) {
        runs.reserveCapacity(capacity)
    }

    /// Constraint syntax `index`: a run's as it is kept (``KeptSyntax``).
    subscript(index: Int) -> ConstraintSyntax {
        // The first run that ends after `index`.
        var lo = 0
        var hi = runs.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if runs[mid].start + runs[mid].count <= index { lo = mid + 1 } else { hi = mid }
        }
        guard lo < runs.count else { return read[index - (count - read.count)] }
        let run = runs[lo]
        if run.start <= index { return run.syntax[run.syntax.startIndex + index - run.start] }
        // Read syntax: the runs before it hold `run.start - run.readBefore` constraints.
        return read[index - (run.start - run.readBefore)]
    }
}
