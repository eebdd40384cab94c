import Animation
import SceneLanguage

extension LoadedScene {
    /// `UIView.animateKeyframes`: the block runs at once, in the order written, and its changes are the
    /// model's. Each keyframe's changes form a group of their own, animated over the keyframe's slice of the
    /// whole animation (``KeyframeSlice``); the changes made outside any keyframe form one more, over the
    /// whole duration, as Apple documents for changes made directly in the animations closure. Every group
    /// follows the one timing of the whole animation (its delay, curve, repeat and autoreverse), so the
    /// keyframes stay in step however it repeats. As in `animate`, constraint, text and canvas changes move
    /// views only at a `layout`, inside a keyframe (its slice) or outside (the whole duration).
    ///
    /// The completion runs once, at the end of the whole animation (never for `repeat forever`); when
    /// nothing changed, at once. A block that `run` reaches inside keeps its own timing: the checker
    /// refuses `animate` written in a keyframe animation, and nothing is inherited through `run`.
    mutating func animateKeyframes(_ animation: KeyframeAnimation, at range: SourceRange) {
        let timing = AnimationTiming(animation.options)
        let start = time
        let order = takeOrder()
        func context(_ slice: KeyframeSlice) -> AnimationContext {
            AnimationContext(
                group: AnimationGroup(driver: .keyframe(start: start, timing: timing, slice: slice), order: order))
        }
        var recorded: [AnimationGroup] = []
        contexts.append(context(.whole))
        for step in animation.steps {
            switch step {
            case .statement(let statement):
                runStatements([statement])
            case .keyframe(let keyframe):
                contexts.append(context(KeyframeSlice(start: keyframe.start.value, length: keyframe.length.value)))
                runStatements(keyframe.body)
                var group = contexts.removeLast().group
                animationBlockEnded(at: keyframe.range)
                group.finishRecording()
                if !group.isEmpty { recorded.append(group) }
            }
        }
        var whole = contexts.removeLast().group
        animationBlockEnded(at: range)
        whole.finishRecording()
        if !whole.isEmpty { recorded.insert(whole, at: 0) }
        let completion = animation.completion.map { Completion(statements: $0) }
        guard !recorded.isEmpty else {
            if let completion { scheduled.append((time, order, completion)) }
            return
        }
        // As for `animate`: refused, the changes stand unanimated and the completion does not run.
        guard admitGroup(at: animation.options.range) else { return }
        // Every group ends with the whole animation; one of them carries the completion, so it runs once.
        recorded[0].completion = completion
        groups.append(contentsOf: recorded)
    }
}
