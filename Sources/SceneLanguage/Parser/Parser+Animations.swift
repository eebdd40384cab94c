import LayoutValues

/// The options that may follow a duration.
enum AnimationOption: String, CaseIterable {
    case delay, curve, spring, `repeat`, autoreverse, override

    /// What `reload` takes: everything but `override`, which only a nested block has use for.
    static let all = Set(allCases).subtracting([.override])
    /// What `animate` takes.
    static let animate = Set(allCases)
}

extension Parser {
    /// `DURATION [delay D] [curve CURVE | spring damping Z velocity V]
    /// [repeat N | repeat forever] [autoreverse] [override [duration | curve]]`, options in any order, each
    /// once.
    mutating func parseAnimationOptions(allowing allowed: Set<AnimationOption>) throws(Failure) -> AnimationOptions {
        let start = current.start
        let duration = try parseConstant("a duration in seconds")
        check(duration, in: 0...Double.infinity, "a duration")
        var options = AnimationOptions(duration: max(0, duration.value), range: duration.range)
        var seen: [AnimationOption: SourceRange] = [:]
        while let word = identifierName(current) {
            guard let option = AnimationOption(rawValue: word) else {
                let candidates = AnimationOption.allCases.filter(allowed.contains).map(\.rawValue)
                let suggestion = nearestName(to: word, among: candidates)
                error(
                    .unknownName, "unknown animation option \(quoted(word))" + didYouMean(suggestion),
                    at: range(of: current),
                    suggestion: suggestion)
                throw Failure()
            }
            let keyword = advance()
            try parseOption(option, into: &options)
            let range = range(from: keyword.start)
            if !allowed.contains(option) {
                let takes = AnimationOption.allCases.filter(allowed.contains).map { "'\($0.rawValue)'" }
                error(
                    .notApplicable,
                    "\(quoted(word)) does not apply here; only \(takes.joined(separator: " or ")) can follow this duration",
                    at: range)
            }
            let clash = option == .spring ? seen[.curve] : option == .curve ? seen[.spring] : seen[option]
            if let clash {
                let message =
                    seen[option] != nil
                    ? "\(quoted(word)) is given twice; keep one of them"
                    : "an animation has either a curve or a spring, not both"
                error(.duplicateProperty, message, at: range, notes: [Diagnostic.Note("given here", at: clash)])
            }
            seen[option] = range
        }
        options.range = range(from: start)
        return options
    }

    private mutating func parseOption(_ option: AnimationOption, into options: inout AnimationOptions) throws(Failure) {
        switch option {
        case .delay:
            let delay = try parseConstant("a delay in seconds")
            check(delay, in: 0...Double.infinity, "a delay")
            options.delay = max(0, delay.value)
        case .curve:
            options.timing = .curve(try parseCurve())
        case .spring:
            var damping: Located<Double>? = nil
            var velocity: Located<Double>? = nil
            while isKeyword("damping") || isKeyword("velocity") {
                let keyword = advance()
                let isDamping = isKeyword("damping", keyword)
                let value = try parseConstant(isDamping ? "a damping ratio" : "an initial velocity")
                if let first = isDamping ? damping : velocity {
                    error(
                        .duplicateProperty, "'\(isDamping ? "damping" : "velocity")' is given twice; keep one of them",
                        at: range(of: keyword).union(value.range),
                        notes: [Diagnostic.Note("given here", at: first.range)])
                }
                if isDamping { damping = value } else { velocity = value }
            }
            guard let damping else { throw fail(expected: "'damping' and a ratio above 0, up to 1") }
            if !(damping.value > 0 && damping.value <= 1) {
                error(
                    .invalidValue,
                    "a spring's damping ratio must be above 0, up to 1 (1 is critically damped), "
                        + "not \(format(damping.value))", at: damping.range)
            }
            options.timing = .spring(damping: min(max(damping.value, 1e-3), 1), velocity: velocity?.value ?? 0)
        case .repeat:
            if isKeyword("forever") {
                advance()
                options.repeatCount = .forever
            } else {
                let count = try parseConstant("a repeat count, or 'forever'")
                check(count, in: 0...1_000_000, "a repeat count")
                options.repeatCount = .count(min(max(count.value, 0), 1_000_000))
            }
        case .autoreverse:
            options.autoreverses = true
        case .override:
            // `override` alone keeps both; `override duration` or `override curve` one of them.
            if isKeyword("duration") {
                advance()
                options.overridesDuration = true
            } else if isKeyword("curve") {
                advance()
                options.overridesCurve = true
            } else {
                options.overridesDuration = true
                options.overridesCurve = true
            }
        }
    }

    /// `easeInOut`, `easeIn`, `easeOut`, `linear` or `bezier(x1, y1, x2, y2)`.
    private mutating func parseCurve() throws(Failure) -> Curve {
        let name = try expectIdentifier("a curve: easeInOut, easeIn, easeOut, linear or bezier(x1, y1, x2, y2)")
        switch name.name {
        case "easeInOut": return .easeInOut
        case "easeIn": return .easeIn
        case "easeOut": return .easeOut
        case "linear": return .linear
        case "bezier":
            let open = try expect(.leftParen, "'(' and four numbers, as 'bezier(0.25, 0.1, 0.25, 1)'")
            var values: [Double] = []
            for i in 0..<4 {
                if i > 0 { try expect(.comma, "','") }
                values.append(try parseConstant("a control point").value)
            }
            try expect(.rightParen, "')'")
            let range = range(of: open).union(range(of: tokens[index - 1]))
            guard (0...1).contains(values[0]), (0...1).contains(values[2]) else {
                error(
                    .invalidValue, "a bezier curve's x1 and x2 must be between 0 and 1, as CAMediaTimingFunction's",
                    at: range)
                throw Failure()
            }
            return .bezier(values[0], values[1], values[2], values[3])
        default:
            let suggestion = nearestName(to: name.name, among: Curve.names)
            error(
                .unknownName, "unknown curve \(quoted(name.name))" + didYouMean(suggestion), at: name.range,
                suggestion: suggestion)
            throw Failure()
        }
    }

    /// `animator A OPTIONS { … } [completion { … }] [completion at POSITION { … }]…`;
    /// the current token is `animator`.
    mutating func parseAnimator() throws(Failure) -> AnimatorDeclaration {
        let keyword = advance()
        let name = try expectIdentifier("the animator's name")
        let options = try parseAnimationOptions(allowing: [.curve, .spring])
        let body = try parseStatementBlock()
        let (completion, completionsAt) = try parseCompletions(positioned: true)
        var animator = AnimatorDeclaration(
            name: name, options: options, body: body, completion: completion,
            range: range(from: keyword.start))
        animator.completionsAt = completionsAt
        return animator
    }

    /// `completion { … }` after an animation's block, on the same line as
    /// its `}` or a later one; for an animator also `completion at start {
    /// … }` (or `end`, `current`), each at most once.
    mutating func parseCompletions(
        positioned: Bool
    ) throws(Failure) -> (plain: [Statement]?, at: [FinishPosition: [Statement]]) {
        var plain: [Statement]? = nil
        var at: [FinishPosition: [Statement]] = [:]
        while true {
            var ahead = 0
            while peek(ahead).kind == .newline { ahead += 1 }
            guard isKeyword("completion", peek(ahead)) else { break }
            let isPositioned = isKeyword("at", peek(ahead + 1))
            guard peek(ahead + 1).kind == .leftBrace || isPositioned else { break }
            index += ahead
            let keyword = advance()
            var position: Located<FinishPosition>? = nil
            if isPositioned {
                advance()
                guard let word = identifierName(current), let value = FinishPosition(rawValue: word) else {
                    throw fail(expected: "'start', 'end' or 'current'")
                }
                position = Located(value, advanceRange())
            }
            let range = range(from: keyword.start)
            let block = try parseStatementBlock()
            guard let position else {
                if plain != nil {
                    error(.duplicateProperty, "'completion' is given twice; keep one of them", at: range)
                }
                plain = block
                continue
            }
            if !positioned {
                error(
                    .notApplicable,
                    "an animation always finishes at its end; 'completion at …' is for animators", at: range)
            } else if at[position.value] != nil {
                error(
                    .duplicateProperty, "'completion at \(position.value.rawValue)' is given twice; keep one of them",
                    at: range)
            }
            at[position.value] = block
        }
        return (plain, positioned ? at : [:])
    }
}
