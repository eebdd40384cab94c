import LayoutValues

/// Resolves the names of a parsed scene and checks that each is used as
/// what it is: anchors on views, `constant` on constraints, `start` on
/// animators. Constraints come out in Auto Layout's form
/// (``LayoutConstraint``); statements are checked and kept as written.
struct Checker {
    var scene: Scene
    let syntax: ConstraintSyntaxList
    /// Visual format lines as written, in file order.
    let visualFormats: [VisualFormatSyntax]
    var diagnostics: [Diagnostic] = []
    /// What each name of the shared namespace stands for. Actions have their own.
    var symbols = SymbolTable<Symbol>()
    var actionRanges: [String: SourceRange] = [:]
    /// How many more unknown names get a "did you mean" suggestion. Each
    /// search is linear in the names declared, so without a limit a file of
    /// thousands of declarations and thousands of misspellings takes minutes
    /// (clang limits its typo corrections to 50 in the same way).
    var suggestionsLeft = 50
    /// How many diagnostics were reported, those past ``diagnosticLimit`` included.
    var reported = 0

    /// The last check of the same scene and the constraint syntax this parse took from its lines, to take their
    /// resolutions again (`CheckReuse.swift`).
    let last: CheckedConstraints?
    var reusedConstraints: [ReusedConstraints] { syntax.runs }
    /// Whether the last check's resolutions hold in this one.
    var takesLastResolutions = false
    /// Whether to keep this check's resolutions for the next, and what it keeps.
    let keepsResolutions: Bool
    var kept = CheckedConstraints()

    /// A named thing that constraints and statements refer to.
    enum Symbol {
        case view(Int)
        /// The index in the constraint syntax.
        case constraint(Int)
        case group(Int)
        case animator(SourceRange)
        /// The index in ``Scene/variables``.
        case variable(Int)
        /// The index in ``Scene/textLists``.
        case textList(Int)

        // Properties of the symbol alone, not methods of the checker: a
        // checker's method passed as a predicate (`accepting: isView`) would
        // copy the whole checker into a closure at every lookup.
        var isView: Bool { if case .view = self { true } else { false } }
        var isConstraint: Bool { if case .constraint = self { true } else { false } }
        var isAnimator: Bool { if case .animator = self { true } else { false } }
        var isVariable: Bool { if case .variable = self { true } else { false } }
        var isTextList: Bool { if case .textList = self { true } else { false } }
        var isConstraintOrGroup: Bool {
            switch self {
            case .constraint, .group: true
            default: false
            }
        }
    }

    /// Statements outside any action (a second `on load`), checked all the same.
    let strayBodies: [[Statement]]

    /// `S.spacing after V = N` as written.
    let customSpacings: [CustomSpacingSyntax]

    /// How many names the parse lexed (``LexedFile/names``), which its constraint syntax's names index.
    let lexedNameCount: Int
    /// What resolving constraints found of those names (`Checker+Paths.swift`).
    var nameFacts = LexedNameFacts(count: 0)

    init(
        scene: Scene, constraints: ConstraintSyntaxList, customSpacings: [CustomSpacingSyntax] = [],
        visualFormats: [VisualFormatSyntax] = [],
        strayBodies: [[Statement]] = [], last: CheckedConstraints? = nil, keepsResolutions: Bool = false,
        lexedNameCount: Int = 0
    ) {
        self.lexedNameCount = lexedNameCount
        self.scene = scene
        self.syntax = constraints
        self.customSpacings = customSpacings
        self.visualFormats = visualFormats
        self.strayBodies = strayBodies
        self.last = last
        self.keepsResolutions = keepsResolutions
    }

    mutating func check() {
        declareNames()
        arrangeStacks()
        resolveConstraints()
        checkActions()
    }

    mutating func error(
        _ code: DiagnosticCode, _ message: String, at range: SourceRange, notes: [Diagnostic.Note] = [],
        suggestion: String? = nil
    ) {
        report(.error(code, message, at: range, notes: notes, suggestion: suggestion))
    }

    /// Records a diagnostic, up to ``diagnosticLimit``.
    mutating func report(_ diagnostic: Diagnostic) {
        reported += 1
        diagnostics.record(diagnostic, limitNote: "too many errors; the rest are not reported")
    }

    // MARK: Declarations

    /// Enters every declared name, in source order, reporting duplicates and reserved names.
    private mutating func declareNames() {
        // By index, reading each name in place: a loop over the views or
        // constraints themselves would copy each one whole.
        var declarations: [(Identifier, Symbol)] = []
        declarations.reserveCapacity(scene.views.count + syntax.count)
        for i in scene.views.indices { declarations.append((scene.views[i].name, .view(i))) }
        var runs = ReusedRunCursor(reusedConstraints)
        for i in syntax.indices {
            let run = runs.run(holding: i)
            if let run, !run.namesConstraints { continue }
            // A reused line's syntax is kept where it was read (``KeptSyntax``): its name is put where the line
            // now stands.
            guard let name = (run.map { syntax[i].shifted(by: $0.syntaxShift) } ?? syntax[i]).name(in: scene.file)
            else { continue }
            declarations.append((name, .constraint(i)))
        }
        for (i, group) in scene.groups.enumerated() {
            if let name = group.name { declarations.append((name, .group(i))) }
        }
        var animatorNames: [Identifier] = scene.animators.map(\.name)
        for body in allBodies {
            forEachStatement(in: body) { statement in
                if case .animator(let declaration) = statement.kind { animatorNames.append(declaration.name) }
            }
        }
        for name in animatorNames { declarations.append((name, .animator(name.range))) }
        for (i, variable) in scene.variables.enumerated() { declarations.append((variable.name, .variable(i))) }
        for (i, list) in scene.textLists.enumerated() { declarations.append((list.name, .textList(i))) }
        declarations.sort { $0.0.range.start < $1.0.range.start }
        let isSameNamespace = last.map { sameNamespace(as: $0, declarations: declarations) } ?? false
        takesLastResolutions = isSameNamespace && !reusedConstraints.isEmpty
        if keepsResolutions {
            if isSameNamespace, let last {
                kept.declarations = last.declarations
                kept.viewKinds = last.viewKinds
            } else {
                kept.declarations = declarations.map { DeclaredName(name: $0.0.name, symbol: $0.1.key) }
                kept.viewKinds.reserveCapacity(scene.views.count)
                for index in scene.views.indices { kept.viewKinds.append(scene.views[index].kind) }
            }
        }
        // The same declarations make the same tables, when entering them reported nothing and no animator's
        // place is in them: taken as they are.
        if isSameNamespace, let tables = last?.nameTables {
            (symbols, scene.viewsByName, scene.groupsByName) = (tables.symbols, tables.views, tables.groups)
            (scene.variableIndices, scene.textListIndices) = (tables.variables, tables.textLists)
            kept.nameTables = tables
        } else {
            enter(declarations)
        }
        declareActions()
    }

    /// Enters declared names into the namespace and the scene's tables, in source order, reporting duplicates
    /// and reserved names.
    private mutating func enter(_ declarations: [(Identifier, Symbol)]) {
        // Sized once, not grown (and rehashed) step by step through thousands of names.
        symbols.reserveCapacity(declarations.count)
        scene.viewsByName.reserveCapacity(scene.views.count)
        let reportedBefore = reported
        var hasAnimator = false
        for (name, symbol) in declarations {
            if case .animator = symbol { hasAnimator = true }
            if name.name == "root" || name.name == "system" {
                let meaning = name.name == "root" ? "the root view" : "the standard spacing"
                error(.reservedName, "\(quoted(name.name)) is \(meaning); choose another name", at: name.range)
                continue
            }
            // Entered and looked up in one step; a name declared before is
            // given back to its first declaration.
            if let existing = symbols.updateValue(symbol, forKey: name.name) {
                symbols[name.name] = existing
                // An animator is (re)created by several actions under one name.
                if case .animator = existing, case .animator = symbol { continue }
                error(
                    .duplicateName,
                    "\(quoted(name.name)) is already declared as \(describe(existing)); choose another name",
                    at: name.range, notes: [Diagnostic.Note("first declared here", at: range(of: existing))])
                continue
            }
            switch symbol {
            case .view(let i): scene.viewsByName[name.name] = ViewID(i)
            case .group(let i): scene.groupsByName[name.name] = GroupID(i)
            case .variable(let i): scene.variableIndices[name.name] = i
            case .textList(let i): scene.textListIndices[name.name] = i
            default: break
            }
        }
        if keepsResolutions && reported == reportedBefore && !hasAnimator {
            kept.nameTables = NameTables(
                symbols: symbols, views: scene.viewsByName, groups: scene.groupsByName,
                variables: scene.variableIndices, textLists: scene.textListIndices)
        }
    }

    /// Enters the actions' names, reporting duplicates and reserved names: actions have a namespace of their own.
    private mutating func declareActions() {
        for action in scene.actions {
            if action.name.name == "root" || action.name.name == "system" {
                error(
                    .reservedName, "\(quoted(action.name.name)) is reserved; choose another name",
                    at: action.name.range)
                continue
            }
            if let first = actionRanges[action.name.name] {
                error(
                    .duplicateName, "action \(quoted(action.name.name)) is declared twice; rename one of them",
                    at: action.name.range, notes: [Diagnostic.Note("first declared here", at: first)])
                continue
            }
            actionRanges[action.name.name] = action.name.range
        }
    }

    /// Every block of statements in the file: actions, `on load`, top-level
    /// animators (with their completions) and stray blocks.
    var allBodies: [[Statement]] {
        scene.actions.map(\.body) + (scene.onLoad.map { [$0.body] } ?? [])
            + scene.animators.flatMap { [$0.body] + $0.allCompletions } + strayBodies
    }

    /// "a label", "a constraint": what sort of thing a symbol is, for
    /// messages, which quote its name themselves.
    func describe(_ symbol: Symbol) -> String {
        switch symbol {
        case .view(let i):
            let view = scene.views[i]
            return view.kind == .guide ? "a layout guide" : "a \(view.kind.rawValue)"
        case .constraint: return "a constraint"
        case .group: return "a constraint group"
        case .animator: return "an animator"
        case .variable: return "a variable"
        case .textList: return "a text list"
        }
    }

    func range(of symbol: Symbol) -> SourceRange {
        switch symbol {
        case .view(let i): scene.views[i].name.range
        case .constraint(let i):
            attachedSyntax(i).name(in: scene.file)?.range ?? attachedSyntax(i).range(in: scene.file)
        case .group(let i): scene.groups[i].name?.range ?? scene.groups[i].range
        case .animator(let range): range
        case .variable(let i): scene.variables[i].name.range
        case .textList(let i): scene.textLists[i].name.range
        }
    }

    /// Looks a name up, reporting an unknown one with the nearest known name
    /// among those `accepting` allows.
    mutating func lookUp(_ name: Identifier, expecting what: String, accepting: (Symbol) -> Bool) -> Symbol? {
        if let symbol = symbols[name.name] { return symbol }
        var suggestion: String? = nil
        if spendSuggestion() {
            suggestion = nearestName(to: name.name, among: symbols.entries.filter { accepting($0.1) }.map(\.0).sorted())
        }
        error(
            .unknownName, "unknown \(what) \(quoted(name.name))" + didYouMean(suggestion), at: name.range,
            suggestion: suggestion)
        return nil
    }

    /// What a dotted path starts with: the root or one of its guides, or a declared name.
    enum PathHead {
        case root(LayoutItem)
        case symbol(Symbol)
    }

    /// Resolves the start of a dotted path (`root`, `root.safeArea`,
    /// `root.margins`, or a declared name), reporting an unknown guide of the
    /// root or an unknown name. Returns the head and the index of the
    /// component after it.
    mutating func resolveHead(
        of path: some DottedNames, expecting what: String, accepting: (Symbol) -> Bool
    ) -> (head: PathHead, next: Int)? {
        guard path.name(0) == "root" else {
            guard let symbol = lookUp(path.identifier(0), expecting: what, accepting: accepting) else { return nil }
            return (.symbol(symbol), 1)
        }
        guard path.count == 3 else { return (.root(.root), 1) }
        switch path.name(1) {
        case "safeArea": return (.root(.safeArea), 2)
        case "margins": return (.root(.margins), 2)
        default:
            let guide = path.identifier(1)
            let suggestion = nearestName(to: guide.name, among: ["safeArea", "margins"])
            error(
                .unknownName,
                "unknown guide 'root.\(guide.name)'" + didYouMean(suggestion)
                    + " (the root has 'safeArea' and 'margins')", at: guide.range, suggestion: suggestion)
            return nil
        }
    }

    /// Whether an unknown name still gets a suggestion (``suggestionsLeft``), counting it.
    mutating func spendSuggestion() -> Bool {
        guard suggestionsLeft > 0 else { return false }
        suggestionsLeft -= 1
        return true
    }
}

/// Calls `body` on every statement, nested blocks included, and
/// completions unless `includingCompletions` is false (they run later).
func forEachStatement(
    in statements: [Statement], includingCompletions: Bool = true, _ body: (Statement) -> Void
) {
    var stack = Array(statements.reversed())
    while let statement = stack.popLast() {
        body(statement)
        switch statement.kind {
        case .animate(_, let block, let completion):
            stack.append(contentsOf: (block + (includingCompletions ? completion ?? [] : [])).reversed())
        case .animateKeyframes(let animation):
            let completion = includingCompletions ? animation.completion ?? [] : []
            stack.append(contentsOf: (animation.blockStatements + completion).reversed())
        case .animator(let declaration):
            let completions = includingCompletions ? declaration.allCompletions.flatMap { $0 } : []
            stack.append(contentsOf: (declaration.body + completions).reversed())
        default:
            break
        }
    }
}
