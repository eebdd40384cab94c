import LayoutValues

extension AnimationOption {
    /// What `animate keyframes` takes: `UIView.KeyframeAnimationOptions` has no spring, and the nesting
    /// rules that `override` is for do not apply to a keyframe animation (``Parser/parseKeyframeAnimation()``).
    static let keyframes: Set<AnimationOption> = [.delay, .curve, .repeat, .autoreverse]
}

extension Parser {
    /// The word after `animate` that makes it a keyframe animation. It is a keyword only there: a duration
    /// is a constant expression, which no name other than `system` can start, so a view may still be called
    /// `keyframes`.
    static let keyframesKeyword = "keyframes"
    /// The word that starts a keyframe, a keyword only directly in an `animate keyframes` block, and only
    /// when a name there could not be meant (`keyframe.alpha = 0` sets a view's alpha).
    static let keyframeKeyword = "keyframe"

    /// How far a keyframe may end past 1 and still count as ending at 1: `keyframe 1/3 2/3` adds up to
    /// 1 only within rounding.
    static let keyframeTolerance = 1e-9

    /// Whether the current token starts a keyframe: `keyframe` followed by what no statement about a
    /// name called `keyframe` would be (`.`, `=`, `+=`, `-=`, `[` or `:`).
    var startsKeyframe: Bool {
        guard isKeyword(Self.keyframeKeyword) else { return false }
        return ![.dot, .equal, .plusEqual, .minusEqual, .leftBracket, .colon].contains(peek().kind)
    }

    /// `keyframes OPTIONS { … } [completion { … }]` after `animate`; the current token is `keyframes`.
    mutating func parseKeyframeAnimation() throws(Failure) -> KeyframeAnimation {
        advance()
        let options = try parseAnimationOptions(allowing: AnimationOption.keyframes)
        var steps: [KeyframeAnimation.Step] = []
        try parseBlock(endingBefore: Parser.declarationKeywords) { (parser: inout Parser) throws(Failure) in
            if parser.startsKeyframe {
                steps.append(.keyframe(try parser.parseKeyframe()))
            } else if let statement = try parser.parseStatement() {
                steps.append(.statement(statement))
            }
        }
        let completion = try parseCompletions(positioned: false).plain
        return KeyframeAnimation(options: options, steps: steps, completion: completion)
    }

    /// `keyframe START LENGTH { … }`, both relative to the whole animation: each in 0…1, and together at
    /// most 1. Out of range, the keyframe is reported (`invalid-keyframe-time`) and kept, clamped.
    private mutating func parseKeyframe() throws(Failure) -> Keyframe {
        let keyword = advance()
        var start = try parseConstant("a relative start time, from 0 to 1")
        var length = try parseConstant("a relative duration, from 0 to 1")
        let body = try parseStatementBlock()
        if !(0...1).contains(start.value) {
            error(
                .invalidKeyframeTime,
                "a keyframe's relative start time must be between 0 (the animation's start) and 1 (its end), "
                    + "not \(format(start.value))", at: start.range)
            start.value = min(max(start.value, 0), 1)
        }
        if !(0...1).contains(length.value) {
            error(
                .invalidKeyframeTime,
                "a keyframe's relative duration must be between 0 and 1 (the whole animation), "
                    + "not \(format(length.value))", at: length.range)
            length.value = min(max(length.value, 0), 1)
        } else if start.value + length.value > 1 + Self.keyframeTolerance {
            error(
                .invalidKeyframeTime,
                "this keyframe ends at \(format(start.value + length.value)), after its animation (at 1); "
                    + "its start time and duration must add up to at most 1", at: start.range.union(length.range))
            length.value = 1 - start.value
        }
        return Keyframe(start: start, length: length, body: body, range: range(from: keyword.start))
    }

    /// `keyframe …` where no `animate keyframes` block holds it directly: reported, and skipped with its block.
    mutating func refuseMisplacedKeyframe(_ keyword: LexedToken) -> Failure {
        error(
            .keyframeNesting,
            "'keyframe' stands only directly in an 'animate keyframes' block, as addKeyframe does in the "
                + "animations closure of UIView.animateKeyframes", at: range(of: keyword))
        return Failure()
    }
}
