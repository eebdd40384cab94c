import Animation
import SceneLanguage

extension LoadedScene {
    /// `UIView.animate`: the block's changes apply to the model at once, and
    /// everything they moved animates from where the model had it, with one
    /// timing. As in UIKit, constraint, text and canvas changes move views
    /// only at a layout pass: a `layout` in the block animates them (and
    /// whatever was pending before it); without one they wait for a pass
    /// outside the block and jump (``reportMissedAnimations(animated:)``).
    /// The completion runs at the animation's end; when nothing changed, as
    /// in UIKit, at once. A block nested directly in another `animate` takes
    /// its duration and curve, as UIKit's nested animations do, unless it
    /// says `override` (`.overrideInheritedDuration`, `.overrideInheritedCurve`);
    /// its delay, repeat and autoreverse stay its own.
    mutating func animate(
        _ written: AnimationOptions, body: [Statement], completion: [Statement]?, at range: SourceRange
    ) {
        var options = written
        if let outer = contexts.last?.options {
            if !written.overridesDuration { options.duration = outer.duration }
            if !written.overridesCurve { options.timing = outer.timing }
        }
        let timing = AnimationTiming(options)
        contexts.append(
            AnimationContext(
                group: AnimationGroup(driver: .clock(start: time, timing: timing), order: takeOrder()),
                options: options))
        runStatements(body)
        var group = contexts.removeLast().group
        animationBlockEnded(at: range)
        group.finishRecording()
        group.completion = completion.map { Completion(statements: $0) }
        if group.isEmpty {
            if let completion = group.completion { scheduled.append((time, group.order, completion)) }
            return
        }
        // Refused, the change stands unanimated and its completion does not
        // run: that is what stops completions that keep doubling animations.
        guard admitGroup(at: options.range) else { return }
        groups.append(group)
    }

    /// The order of a block beginning now.
    mutating func takeOrder() -> Int {
        defer { nextOrder += 1 }
        return nextOrder
    }

    /// How many animation groups may run at once (one `animate` is one
    /// group, however many views it moves). Completions that start
    /// animations that start more can double them at every round; past
    /// this, a change applies at once, unanimated, with a diagnostic, so a
    /// scene cannot grow without bound.
    static let maximumGroups = 1_000

    /// Whether another group may start; a diagnostic when not.
    mutating func admitGroup(at range: SourceRange) -> Bool {
        guard groups.count >= Self.maximumGroups else { return true }
        report(
            .error(
                .runtimeLimit,
                "more than \(Self.maximumGroups) animations run at once (completions keep starting new ones); "
                    + "this change applies without animation, and its completion does not run", at: range))
        return false
    }
}
