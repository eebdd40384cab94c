import LayoutValues

extension Checker {
    /// `animate keyframes`: checks its statements, its keyframes' and its completion, and refuses an
    /// `animate` block (or another keyframe animation) in its block or its keyframes. How UIKit times a
    /// `UIView.animate` called inside `addKeyframe`'s closure is not documented, so the playground does not
    /// guess; the completion runs after the animation and may animate freely.
    mutating func check(_ animation: KeyframeAnimation) {
        for statement in animation.blockStatements {
            switch statement.kind {
            case .animate, .animateKeyframes:
                error(
                    .keyframeNesting,
                    "an animation block cannot stand in an 'animate keyframes' block; put its changes in a "
                        + "keyframe, or start it in the completion", at: animationKeyword(of: statement))
            default:
                break
            }
        }
        check(animation.blockStatements)
        if let completion = animation.completion { check(completion) }
    }

    /// Refuses a keyframe animation directly in an `animate` block: UIKit documents how a nested
    /// `UIView.animate` inherits the enclosing duration and curve, not how a keyframe animation would.
    mutating func checkKeyframesNested(in body: [Statement]) {
        for statement in body {
            guard case .animateKeyframes = statement.kind else { continue }
            error(
                .keyframeNesting,
                "a keyframe animation cannot stand in an 'animate' block; start it before or after the block, "
                    + "or in its completion", at: animationKeyword(of: statement))
        }
    }

    /// The `animate` that starts an animation statement, where a diagnostic about the whole block points.
    private func animationKeyword(of statement: Statement) -> SourceRange {
        let range = statement.range
        return SourceRange(start: range.start, end: min(range.start + "animate".utf8.count, range.end), in: range.file)
    }
}
