// Why adding a kept line's effect gives the parse of its tokens:
// - The lexer's state at the start of a line is always the same (no string or comment spans lines; a colour
//   needs `color` before it on its line), so a line of the same bytes lexes to the same tokens, and a kept line
//   had no lexical problem, reported or past the limit.
// - The line is taken only where a top-level statement starts, at its first token, as when it was kept:
//   `depth` is 0, `operations` is reset by each expression, and the statements a line can be kept for read no
//   other state (a view's `ViewID` only for its block, a group's id only for a named or inactive visual format
//   line: neither is kept). No other statement looks past the line break before it except to a `completion`,
//   which a kept line does not start.
// - A kept line reported nothing, opened no block, added no group, action, animator, variable, text list or
//   setting, ended at its own line break, and its views have no parent: its effect is the same wherever it
//   stands, once its ranges are moved.
// - Met anywhere else (inside a block, skipped after an error, past the diagnostics' limit), the parse is
//   spoiled (`advance()`, or fewer lines taken than the lexer made) and done again without reuse.

/// What a parser keeps of the previous parse's lines, and of its own for the next: see ``ParseReuse``.
struct ReuseState {
    /// The previous parse's lines, which `.reusedLine` tokens stand for.
    var previous: ParseReuse?
    /// Where the lexer found a problem in a line's characters, in order; ``problemCursor`` walks it.
    var problemStarts: [Int] = []
    var problemCursor = 0
    /// Whether to keep this parse's lines for the next.
    var keepsLines = false
    var effects: [LineEffect] = []
    /// The line whose statements are being read, while it may be kept.
    var openLine: OpenLine?
    /// How many `.reusedLine` tokens were taken where a top-level statement starts.
    var appliedLines = 0
    /// A `.reusedLine` token was met elsewhere: the parse must be done again without reuse.
    var isSpoiled = false
    /// How many `{ … }` blocks were read: a line that opens one is not kept.
    var blocksOpened = 0
    /// Whether the scene's `on load` was read: told without reading ``Scene/onLoad``, which copies the action.
    var hasOnLoad = false
}

/// Where a line starts, and the parser's state before its first statement, to tell what the line did.
struct OpenLine {
    var start: Int
    /// The index of its first token.
    var firstToken: Int
    var diagnostics: Int
    var blocksOpened: Int
    var views: Int
    var constraints: Int
    var visualFormats: Int
    var customSpacings: Int
    /// What no kept line may change.
    var groups: Int
    var actions: Int
    var animators: Int
    var variables: Int
    var textLists: Int
    var settings: Int
    var strayBodies: Int
    var hasOnLoad: Bool
}

extension Parser {
    /// Whether the current token starts a statement a line can be kept for: a view's declaration (without a
    /// block, as the parse checks), a constraint, a visual format line or a stack's spacing, or a reused line.
    /// (Inlined: called from the parser's mutating methods, a getter was given a copy of the whole parser,
    /// 697 bytes, at each statement.)
    @inline(__always) private var startsKeepableStatement: Bool {
        switch current.kind {
        case .reusedLine, .visualFormat:
            return true
        case .identifier:
            // The next token's kind first: most such statements are constraints, told without comparing names.
            if startsConstraint { return true }
            switch names[current.index] {
            case "view", "label", "button", "guide", "stack", "inactive": return true
            default: return false
            }
        default:
            return false
        }
    }

    /// Before a top-level statement: opens a line to keep when the statement starts one, or closes the open
    /// line when the statement, after a `;`, is not one a line can be kept for.
    mutating func beginStatementOnLine() {
        guard reuse.openLine == nil else {
            if !startsKeepableStatement { reuse.openLine = nil }
            return
        }
        if index > 0 {
            guard case .newline = tokens[index - 1].kind else { return }
        }
        guard startsKeepableStatement else { return }
        reuse.openLine = OpenLine(
            start: index == 0 ? file.textStart : tokens[index - 1].end, firstToken: index,
            diagnostics: diagnostics.count,
            blocksOpened: reuse.blocksOpened, views: scene.views.count, constraints: constraints.count,
            visualFormats: visualFormats.count, customSpacings: customSpacings.count, groups: scene.groups.count,
            actions: scene.actions.count, animators: scene.animators.count, variables: scene.variables.count,
            textLists: scene.textLists.count, settings: scene.settingRanges.count, strayBodies: strayBodies.count,
            hasOnLoad: reuse.hasOnLoad)
    }

    /// After a top-level statement: keeps the open line when the statement ended it, leaves it open when a
    /// statement follows on the line, and drops it when the statement reported a problem or opened a block.
    mutating func endStatementOnLine() {
        guard let line = reuse.openLine else { return }
        guard diagnostics.count == line.diagnostics, reuse.blocksOpened == line.blocksOpened else {
            reuse.openLine = nil
            return
        }
        var next = index
        while case .semicolon = tokens[next].kind { next += 1 }
        switch tokens[next].kind {
        case .newline, .endOfFile:
            reuse.openLine = nil
            keep(line, end: tokens[next].start)
        default:
            if current.kind != .semicolon { reuse.openLine = nil }
        }
    }

    /// Keeps a line that ends at `end` (its line break or the end of the file) for the next parse, when it is
    /// one line whose characters had no problem and whose statements only added views, constraints, visual
    /// format lines and stack spacings.
    private mutating func keep(_ line: OpenLine, end: Int) {
        // A reused line is kept again as it was: its bytes, and so its hash, are the same, the lexer found no
        // problem in them, and it added what it added before.
        let first = tokens[line.firstToken]
        if first.kind == .reusedLine, let was = reuse.previous?.effects[first.index] {
            reuse.effects.append(
                LineEffect(
                    lineStart: line.start, lineEnd: end, hash: was.hash, views: line.views..<scene.views.count,
                    constraints: line.constraints..<constraints.count,
                    visualFormats: line.visualFormats..<visualFormats.count,
                    customSpacings: line.customSpacings..<customSpacings.count, namesConstraints: was.namesConstraints))
            return
        }
        let problems = reuse.problemStarts
        while reuse.problemCursor < problems.count && problems[reuse.problemCursor] < line.start {
            reuse.problemCursor += 1
        }
        if reuse.problemCursor < problems.count && problems[reuse.problemCursor] <= end { return }
        guard scene.groups.count == line.groups, scene.actions.count == line.actions,
            scene.animators.count == line.animators, scene.variables.count == line.variables,
            scene.textLists.count == line.textLists, scene.settingRanges.count == line.settings,
            strayBodies.count == line.strayBodies, reuse.hasOnLoad == line.hasOnLoad
        else { return }
        // Through the buffer: an element read from the array was copied whole, every string in it retained.
        let standAlone = scene.views.withUnsafeBufferPointer { views in
            (line.views..<views.count).allSatisfy { index in
                views[index].parent == nil && views[index].stack?.arranged.isEmpty ?? true
            }
        }
        guard standAlone else { return }
        // One line: no statement of it went on past its line break.
        let hash = file.bytes.withUnsafeBytes { bytes in
            LineEffect.lineEnd(in: bytes, from: line.start) == end
                ? LineEffect.hash(bytes, from: line.start, to: end) : nil
        }
        guard let hash else { return }
        let effect = LineEffect(
            lineStart: line.start, lineEnd: end, hash: hash, views: line.views..<scene.views.count,
            constraints: line.constraints..<constraints.count,
            visualFormats: line.visualFormats..<visualFormats.count,
            customSpacings: line.customSpacings..<customSpacings.count,
            namesConstraints: (line.constraints..<constraints.count).contains { constraints[$0].isNamed })
        guard
            !(effect.views.isEmpty && effect.constraints.isEmpty && effect.visualFormats.isEmpty
                && effect.customSpacings.isEmpty)
        else { return }
        reuse.effects.append(effect)
    }

    /// Takes a `.reusedLine` token where a top-level statement starts: adds what the line added in the previous
    /// parse, its ranges moved to where the line stands in this file.
    mutating func applyReusedLine(_ entry: Int) {
        let token = current
        // A reused line is followed by its line break or the end of the file.
        index += 1
        guard let previous = reuse.previous else {
            reuse.isSpoiled = true
            return
        }
        reuse.appliedLines += 1
        let effect = previous.effects[entry]
        let offset = token.start - effect.lineStart
        let views = previous.views
        for k in effect.views {
            // Appended, then moved in place: a declaration copied is a dozen references counted.
            scene.views.append(views[k])
            scene.views[scene.views.count - 1].rebase(by: offset, in: file)
        }
        // Constraints stay as the previous parse kept them: the checker puts them into the line.
        if !effect.constraints.isEmpty {
            constraints.appendRun(
                previous: effect.constraints.lowerBound, lineStart: token.start, offset: offset,
                namesConstraints: effect.namesConstraints, kept: previous.syntax(ofLine: entry))
        }
        for line in previous.visualFormats[effect.visualFormats] {
            visualFormats.append(line.rebased(by: offset, in: file))
        }
        for spacing in previous.customSpacings[effect.customSpacings] {
            customSpacings.append(spacing.rebased(by: offset, in: file))
        }
    }

    /// What this parse keeps for the next, once it has read the whole file and the checker has read the syntax
    /// (``KeptSyntax``): a parse that took no line keeps its constraints as it read them; one that took lines
    /// keeps theirs as they were kept, and detaches those it read itself. The parser is left without constraints.
    mutating func keptLines(reused: Int, checked: CheckedConstraints) -> ParseReuse {
        var lineSyntax = [KeptSyntax](repeating: KeptSyntax(syntax: [], origin: 0), count: reuse.effects.count)
        if constraints.runs.isEmpty {
            // Every line was read here, into one array, which each line takes a slice of: no syntax of another
            // file is kept, so this file can be the one kept syntax points into.
            for (line, effect) in reuse.effects.enumerated() where !effect.constraints.isEmpty {
                lineSyntax[line] = KeptSyntax(syntax: constraints.read(effect.constraints), origin: effect.lineStart)
            }
        } else {
            // A reused line's syntax where it is kept already; a line read by this parse detached, in one array of
            // its own, which each of its lines then takes a slice of.
            var detached: [ConstraintSyntax] = []
            var readLines: [(line: Int, from: Int)] = []
            var runs = ReusedRunCursor(constraints.runs)
            for (line, effect) in reuse.effects.enumerated() where !effect.constraints.isEmpty {
                if let run = runs.run(holding: effect.constraints.lowerBound) {
                    lineSyntax[line] = KeptSyntax(syntax: run.syntax, origin: run.origin)
                    continue
                }
                readLines.append((line, detached.count))
                for index in effect.constraints { detached.append(constraints[index].detached(from: effect.lineStart)) }
            }
            for (line, from) in readLines {
                lineSyntax[line] = KeptSyntax(
                    syntax: detached[from..<from + reuse.effects[line].constraints.count], origin: 0)
            }
        }
        constraints = ConstraintSyntaxList()
        return ParseReuse(
            file: file, effects: reuse.effects, views: scene.views, lineSyntax: lineSyntax,
            visualFormats: visualFormats, customSpacings: customSpacings, checked: checked, reusedLineCount: reused)
    }
}
