// Why a reused line's constraints can be taken as the last check resolved them:
// - A constraint's resolution (``Checker/resolve(_:)``) reads its own syntax, what the names it refers to stand
//   for (the shared namespace, ``Checker/symbols``), and, for a view it names, whether that view is a guide. It
//   reads no group (a kept line adds none) and no variable's value (a variable in a constraint is an error).
// - The namespace is made from the declarations alone, in source order (``Checker/declareNames()``): when they
//   are the same names standing for the same things at the same indices, and the views are of the same kinds,
//   every name resolves as it did, and the same syntax resolves to the same constraint, with the same
//   diagnostics.
// - Only a resolution that reported nothing is kept, so what is taken again reports nothing, as its
//   resolution would not. Its source ranges move with its line, as its syntax's do.
// - The same declarations also make the same tables of names (``NameTables``), which hold no place in the file
//   when no animator is declared; they are kept only when entering the names reported nothing, so taking them
//   again reports nothing either.

/// What a check keeps so that the next check of the same scene can take the constraints of reused lines as they
/// are: the namespace it resolved them in, and each constraint syntax's resolution.
struct CheckedConstraints: Sendable {
    /// The declarations the namespace was made from, in source order.
    var declarations: [DeclaredName] = []
    var viewKinds: [ViewKind] = []
    /// The scene's constraints, and for each constraint syntax, by index, the index among them of its
    /// resolution when it reported nothing, else -1.
    var constraints: [LayoutConstraint] = []
    var resolutionIndices: [Int32] = []
    /// How many resolutions this check took from the last.
    var takenAgain = 0
    /// The tables the declarations made, when entering them reported nothing and no animator is among them (an
    /// animator's symbol holds its place in the file): the next check with the same declarations takes them.
    var nameTables: NameTables?
}

/// What entering the declarations makes: the shared namespace and the scene's tables by name.
struct NameTables: Sendable {
    var symbols: SymbolTable<Checker.Symbol>
    var views: [String: ViewID]
    var groups: [String: GroupID]
    var variables: [String: Int]
    var textLists: [String: Int]
}

/// A declared name and what it stands for, without its place in the file.
struct DeclaredName: Equatable, Sendable {
    var name: String
    var symbol: Checker.SymbolKey
}

/// Constraint syntax a parse took from the previous parse's lines: `count` constraints from `previous` on in
/// the previous parse's syntax, now from `start` on, in the line that starts at `lineStart`. Such syntax is
/// kept as the parse that read it keeps it (`syntax`, ``KeptSyntax``), its line starting at `origin` in its
/// ranges: ``syntaxShift`` bytes back. The last check's resolutions of it are `offset` bytes back.
struct ReusedConstraints: Sendable {
    var start: Int
    var previous: Int
    var count: Int
    var lineStart: Int
    var offset: Int
    /// Where the line starts in the ranges of `syntax`: 0 when it is detached.
    var origin: Int
    /// How far the syntax's ranges move to where the line now stands.
    var syntaxShift: Int { lineStart - origin }
    /// Whether a constraint of the run has a name: the syntax of one without is not read to declare names.
    var namesConstraints: Bool
    /// How many constraints before it this parse read (``ConstraintSyntaxList``).
    var readBefore: Int
    var syntax: ArraySlice<ConstraintSyntax>
}

/// The runs of reused syntax, walked in order by a loop over the constraint syntax by increasing index.
struct ReusedRunCursor {
    let runs: [ReusedConstraints]
    private var next = 0

    init(_ runs: [ReusedConstraints]) { self.runs = runs }

    /// The run that holds constraint syntax `index`, if one does; `index` never goes back.
    mutating func run(holding index: Int) -> ReusedConstraints? {
        while next < runs.count && runs[next].start + runs[next].count <= index { next += 1 }
        return next < runs.count && runs[next].start <= index ? runs[next] : nil
    }
}

extension SourceFile {
    /// The file that detached syntax points into: none.
    static let detached = SourceFile(name: "", text: "")
}

extension Checker.Symbol {
    /// What the symbol stands for, without the range an animator's carries.
    var key: Checker.SymbolKey {
        switch self {
        case .view(let i): .view(i)
        case .constraint(let i): .constraint(i)
        case .group(let i): .group(i)
        case .animator: .animator
        case .variable(let i): .variable(i)
        case .textList(let i): .textList(i)
        }
    }
}

extension LayoutConstraint {
    /// Moves its ranges `offset` bytes further on, in `file`, in place.
    mutating func rebase(by offset: Int, in file: SourceFile) {
        if let name { self.name = name.rebased(by: offset, in: file) }
        range = range.rebased(by: offset, in: file)
    }
}

extension Checker {
    /// ``Symbol`` without an animator's range: what the namespace's sameness is judged by.
    enum SymbolKey: Equatable, Sendable {
        case view(Int), constraint(Int), group(Int), animator, variable(Int), textList(Int)
    }

    /// The run of reused syntax that holds constraint `index`, if one does (`reusedConstraints` is in order).
    func reusedRun(holding index: Int) -> ReusedConstraints? {
        var lo = 0
        var hi = reusedConstraints.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if reusedConstraints[mid].start + reusedConstraints[mid].count <= index { lo = mid + 1 } else { hi = mid }
        }
        guard lo < reusedConstraints.count, reusedConstraints[lo].start <= index else { return nil }
        return reusedConstraints[lo]
    }

    /// Constraint syntax `index` as it stands in the file: a reused line's is kept where it was read.
    func attachedSyntax(_ index: Int) -> ConstraintSyntax {
        guard let run = reusedRun(holding: index) else { return syntax[index] }
        return syntax[index].shifted(by: run.syntaxShift)
    }

    /// Whether the last check's resolutions hold in this one: the same declarations, and views of the same kinds.
    func sameNamespace(as last: CheckedConstraints, declarations: [(Identifier, Symbol)]) -> Bool {
        guard last.declarations.count == declarations.count, last.viewKinds.count == scene.views.count else {
            return false
        }
        for index in declarations.indices {
            guard last.declarations[index].name == declarations[index].0.name,
                last.declarations[index].symbol == declarations[index].1.key
            else { return false }
        }
        for index in scene.views.indices where last.viewKinds[index] != scene.views[index].kind { return false }
        return true
    }
}
