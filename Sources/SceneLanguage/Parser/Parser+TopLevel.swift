import LayoutValues

extension Parser {
    /// The keywords that start a top-level declaration, for "did you mean".
    static let topLevelKeywords = [
        "canvas", "safearea", "sizeclass", "margins", "reload", "direction", "view", "label", "button", "guide",
        "stack",
        "constraints",
        "inactive",
        "action",
        "on",
        "animator", "var", "texts",
    ]

    /// The words that start a top-level declaration, each read by its own function.
    private enum TopLevelWord: String, LanguageWord {
        case canvas, safearea, sizeclass, margins, reload, direction, view, label, button, guide, stack
        case constraints, inactive, action, on, animator, `var`, texts

        static let words = KeywordTable(rawValuesOf: TopLevelWord.self)
    }

    /// Parses the whole file into ``scene`` and ``constraints``.
    mutating func parseFile() {
        while true {
            skipNewlines()
            if reuse.keepsLines { beginStatementOnLine() }
            switch current.kind {
            case .endOfFile:
                return
            case .rightBrace:
                error(.expectedToken, "unexpected '}': no block is open here", at: range(of: current))
                advance()
                continue
            case .reusedLine:
                applyReusedLine(current.index)
                endStatement()
            default:
                do { try parseTopLevelStatement() } catch { skipStatement() }
                endStatement()
            }
            if reuse.keepsLines { endStatementOnLine() }
        }
    }

    mutating func parseTopLevelStatement() throws(Failure) {
        if current.kind == .visualFormat {
            try parseConstraint(group: nil)
            return
        }
        guard let word = identifierName(current) else {
            if current.kind == .leftBrace {
                error(.expectedToken, "unexpected '{': a block belongs to a declaration", at: range(of: current))
                skipBlock()
                return
            }
            throw fail(expected: "a declaration")
        }
        if startsConstraint {
            try parseConstraint(group: nil)
            return
        }
        switch TopLevelWord(word: word) {
        case .canvas?: try parseCanvasSetting()
        case .safearea?: try parseSafeArea()
        case .sizeclass?: try parseSizeClass()
        case .margins?: try parseRootMargins()
        case .reload?: try parseReload()
        case .direction?: try parseDirection()
        case .view?, .label?, .button?, .guide?, .stack?: try parseView(parent: nil)
        case .constraints?: try parseGroup()
        case .inactive?: try parseConstraint(group: nil)
        case .action?: try parseAction()
        case .on?: try parseOnLoad()
        case .animator?:
            let animator = try parseAnimator()
            scene.animators.append(animator)
        case .var?: try parseVariable()
        case .texts?: try parseTextList()
        case nil:
            if peek().kind.assigns {
                error(
                    .misplacedDeclaration,
                    "\(quoted(word)) is set by a statement; statements go in an action or 'on load { … }'",
                    at: range(of: current).union(range(of: peek())))
                throw Failure()
            }
            if Parser.statementKeywords.contains(word) {
                error(
                    .misplacedDeclaration,
                    "\(quoted(word)) is a statement; statements go in an action or 'on load { … }'",
                    at: range(of: current))
                throw Failure()
            }
            let suggestion = nearestName(to: word, among: Parser.topLevelKeywords)
            error(
                .unknownName, "unknown declaration \(quoted(word))" + didYouMean(suggestion), at: range(of: current),
                suggestion: suggestion)
            throw Failure()
        }
    }

    // MARK: Settings

    /// Records where a setting was given, reporting a second one.
    mutating func noteSetting(_ setting: Scene.Setting, at range: SourceRange) {
        if let first = scene.settingRanges[setting] {
            error(
                .duplicateSetting, "'\(setting.rawValue)' is set twice; keep one of them", at: range,
                notes: [Diagnostic.Note("first set here", at: first)])
        }
        scene.settingRanges[setting] = range
    }

    /// `canvas W x H [rtl]`.
    mutating func parseCanvasSetting() throws(Failure) {
        let keyword = advance()
        let size = try parseCanvasSize()
        var end = size.range
        if isKeyword("rtl") {
            end = advanceRange()
            noteSetting(.direction, at: end)
            scene.isRightToLeft = true
        }
        noteSetting(.canvas, at: range(of: keyword).union(end))
        scene.canvas = size.value
    }

    /// `direction rtl` or `direction ltr`: the scene's layout direction, as
    /// `semanticContentAttribute` sets it (left to right by default).
    mutating func parseDirection() throws(Failure) {
        let keyword = advance()
        let (word, token) = try parseChoice(
            among: ["rtl", "ltr"], expected: "'rtl' (right to left) or 'ltr' (left to right)", what: "direction",
            explained: "a scene is 'rtl', right to left, or 'ltr', left to right")
        noteSetting(.direction, at: range(of: keyword).union(range(of: token)))
        scene.isRightToLeft = word == "rtl"
    }

    /// A setting's word, one of `choices`: what was written and its token, or an `unknown-name` error with the
    /// nearest choice and what the choices mean.
    private mutating func parseChoice(
        among choices: [String], expected: String, what: String, explained: String
    ) throws(Failure) -> (String, LexedToken) {
        guard let word = identifierName(current) else { throw fail(expected: expected) }
        let token = advance()
        guard choices.contains(word) else {
            let suggestion = nearestName(to: word, among: choices)
            error(
                .unknownName, "unknown \(what) \(quoted(word))" + didYouMean(suggestion) + " (\(explained))",
                at: range(of: token), suggestion: suggestion)
            throw Failure()
        }
        return (word, token)
    }

    /// The `W x H` of `canvas`, both above 0.
    mutating func parseCanvasSize() throws(Failure) -> Located<Size> {
        let size = try parseSize("the canvas width")
        if !(size.value.width > 0 && size.value.height > 0) {
            error(
                .invalidValue, "the canvas must be wider and taller than 0, not \(size.value)", at: size.range)
            throw Failure()
        }
        return size
    }

    /// `safearea TOP LEADING BOTTOM TRAILING`.
    mutating func parseSafeArea() throws(Failure) {
        let keyword = advance()
        var values: [Double] = []
        for what in ["the top inset", "the leading inset", "the bottom inset", "the trailing inset"] {
            let number = try parseNumber(what)
            check(number, in: 0...Double.infinity, "a safe-area inset")
            values.append(max(0, number.value))
        }
        noteSetting(.safearea, at: range(from: keyword.start))
        scene.safeAreaInsets = Insets(top: values[0], leading: values[1], bottom: values[2], trailing: values[3])
    }

    /// `sizeclass compact|regular`.
    mutating func parseSizeClass() throws(Failure) {
        let keyword = advance()
        let (word, token) = try parseChoice(
            among: Scene.SizeClass.allCases.map(\.rawValue), expected: "'compact' or 'regular' after 'sizeclass'",
            what: "size class", explained: "a scene is 'compact', a phone's width, or 'regular', an iPad's")
        noteSetting(.sizeclass, at: range(of: keyword).union(range(of: token)))
        scene.sizeClass = Scene.SizeClass(rawValue: word)
    }

    /// `margins TOP LEADING BOTTOM TRAILING`: the root view's `directionalLayoutMargins`.
    mutating func parseRootMargins() throws(Failure) {
        let keyword = advance()
        let margins = try parseInsets(what: "margin")
        noteSetting(.margins, at: range(from: keyword.start))
        scene.declaredRootMargins = margins
    }

    /// Four insets, top, leading, bottom and trailing, each within the language's numbers.
    mutating func parseInsets(what: String) throws(Failure) -> Insets {
        var values: [Double] = []
        for side in ["top", "leading", "bottom", "trailing"] {
            let number = try parseNumber("the \(side) \(what)")
            guard NumberLimits.contains(number.value) else {
                error(.outOfRange, "a \(what) must stay within ±\(NumberLimits.largestText)", at: number.range)
                throw Failure()
            }
            values.append(number.value)
        }
        return Insets(top: values[0], leading: values[1], bottom: values[2], trailing: values[3])
    }

    /// `reload DURATION [options]` or `reload none`.
    mutating func parseReload() throws(Failure) {
        let keyword = advance()
        if isKeyword("none") {
            advance()
            scene.reloadTransition = nil
        } else {
            let options = try parseAnimationOptions(allowing: AnimationOption.all)
            scene.reloadTransition = options
        }
        noteSetting(.reload, at: range(from: keyword.start))
    }

    // MARK: Actions

    /// `action NAME { … }`.
    mutating func parseAction() throws(Failure) {
        let keyword = advance()
        let name = try expectIdentifier("the action's name")
        let body = try parseStatementBlock()
        scene.actions.append(
            ActionDeclaration(name: name, body: body, range: range(from: keyword.start)))
    }

    /// `on load { … }`.
    mutating func parseOnLoad() throws(Failure) {
        let keyword = advance()
        guard let event = identifierName(current), event == "load" else {
            throw fail(expected: "'load' after 'on' (the only event is 'on load')")
        }
        let name = Identifier("load", advanceRange())
        let body = try parseStatementBlock()
        let range = range(from: keyword.start)
        if let first = scene.onLoad {
            let firstHead = SourceRange(start: first.range.start, end: first.name.range.end, in: file)
            error(
                .duplicateSetting, "'on load' is declared twice; put its statements in one block",
                at: self.range(of: keyword).union(name.range),
                notes: [Diagnostic.Note("first declared here", at: firstHead)])
            strayBodies.append(body)
            return
        }
        scene.onLoad = ActionDeclaration(name: name, body: body, range: range)
        reuse.hasOnLoad = true
    }
}
