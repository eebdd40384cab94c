import Animation
import PlaygroundProtocol
import SceneLanguage

extension LoadedScene {
    /// `animator A …`: declares or recreates an animator under a name. An
    /// animator that is still active keeps going under no name, as a
    /// running `UIViewPropertyAnimator` does when its variable is replaced.
    mutating func createAnimator(_ declaration: AnimatorDeclaration) {
        let animator = PropertyAnimator(declaration: declaration)
        if let old = animatorByName[animator.name], animators[old].state != .inactive, !animators[old].isRunning {
            // Paused or stopped, nothing would ever finish it (UIKit raises when such an
            // animator goes away): it finishes where it stands.
            report(
                .error(
                    .animatorState,
                    "animator \(quoted(animator.name)) is \(animators[old].state == .stopped ? "stopped" : "paused") and is "
                        + "recreated: the old one finishes where it stands", at: declaration.name.range))
            animators[old].hold(at: time)
            finish(old, at: .current, reportingAt: declaration.name.range)
        }
        if let old = animatorByName[animator.name], animators[old].state == .inactive {
            animators[old] = animator
            return
        }
        // Reuse the slot of an animator that no name reaches and that is done.
        let bound = Set(animatorByName.values)
        if let free = animators.indices.first(where: { !bound.contains($0) && animators[$0].state == .inactive }) {
            animators[free] = animator
            animatorByName[animator.name] = free
        } else if animators.count >= Self.maximumGroups {
            report(
                .error(
                    .runtimeLimit,
                    "more than \(Self.maximumGroups) animators are active at once; \(quoted(animator.name)) is not recreated",
                    at: declaration.name.range))
        } else {
            animatorByName[animator.name] = animators.count
            animators.append(animator)
        }
    }

    /// The animator a name stands for, or a diagnostic.
    private mutating func animator(named name: Identifier) -> Int? {
        if let id = animatorByName[name.name] { return id }
        report(.error(.unknownName, "unknown animator \(quoted(name.name))", at: name.range))
        return nil
    }

    /// The active animator a name stands for, or a diagnostic saying it
    /// cannot be `done` (reversed, stopped) in its state.
    private mutating func activeAnimator(
        named name: Identifier, toBe done: String, at statement: Statement
    ) -> Int? {
        guard let id = animator(named: name) else { return nil }
        guard animators[id].state == .active else {
            illegal(
                name, "is \(animators[id].state.rawValue); only an active animator can be \(done)", at: statement)
            return nil
        }
        return id
    }

    private mutating func illegal(_ name: Identifier, _ problem: String, at statement: Statement) {
        report(.error(.animatorState, "animator \(quoted(name.name)) \(problem)", at: statement.range))
    }

    /// Inactive → active: the block runs, its changes form the animator's
    /// group at progress 0. As in `animate`, constraint changes move views
    /// only at a `layout` in the block. Starting with nothing to animate is
    /// an error, as UIKit's "must have at least one animation block to start".
    private mutating func activate(_ id: Int, at statement: Statement) -> Bool {
        let declaration = animators[id].declaration
        guard !activating.contains(id) else {
            report(
                .error(
                    .animatorState,
                    "animator \(quoted(animators[id].name)) is becoming active: its own block cannot drive it",
                    at: statement.range))
            return false
        }
        activating.insert(id)
        contexts.append(AnimationContext(group: AnimationGroup(driver: .animator(id), order: takeOrder())))
        runStatements(declaration.body)
        let context = contexts.removeLast()
        // With nothing else to animate, the error below says it all, and names what waits.
        let missed = animationBlockEnded(
            at: declaration.range, reported: context.group.isEmpty)
        activating.remove(id)
        guard admitGroup(at: statement.range) else { return false }
        guard !context.group.isEmpty else {
            let hint =
                missed.isEmpty
                ? "" : "; its changes (\(describe(missed))) wait for a layout pass: add 'layout' inside its block"
            report(
                .error(
                    .nothingToAnimate,
                    "animator \(quoted(animators[id].name)) has nothing to animate: its block changed nothing that moves"
                        + hint, at: statement.range,
                    notes: [Diagnostic.Note("\(quoted(animators[id].name)) is declared here", at: declaration.range)]))
            return false
        }
        var group = context.group
        group.finishRecording()
        groups.append(group)
        animators[id].state = .active
        animators[id].isRunning = false
        animators[id].isReversed = false
        animators[id].isScrubbing = false
        animators[id].anchorFraction = 0
        animators[id].anchorTime = time
        animators[id].changedConstraints = context.changedConstraints
        return true
    }

    /// `start A [after D]`: `startAnimation(afterDelay:)`.
    mutating func startAnimator(_ name: Identifier, after delay: Double, at statement: Statement) {
        guard let id = animator(named: name) else { return }
        switch animators[id].state {
        case .inactive:
            guard activate(id, at: statement) else { return }
            animators[id].run(from: time, after: delay)
        case .active:
            if !animators[id].isRunning { animators[id].run(from: time, after: delay) }
        case .stopped:
            illegal(
                name, "is stopped; finish it ('finish \(name.name) at …') before starting it", at: statement)
        }
    }

    /// `pause A`: `pauseAnimation()`; an inactive animator becomes active, paused at its start.
    mutating func pauseAnimator(_ name: Identifier, at statement: Statement) {
        guard let id = animator(named: name) else { return }
        switch animators[id].state {
        case .inactive:
            _ = activate(id, at: statement)
        case .active:
            if animators[id].isRunning { animators[id].hold(at: time) }
        case .stopped:
            illegal(name, "is stopped; only 'finish' applies to it now", at: statement)
        }
    }

    /// `A.fraction = E`: `fractionComplete`, while paused; the progress then follows it linearly.
    mutating func setFraction(of name: Identifier, to value: Double, at statement: Statement) {
        guard let id = animator(named: name) else { return }
        switch animators[id].state {
        case .inactive:
            guard activate(id, at: statement) else { return }
        case .active where animators[id].isRunning:
            illegal(name, "is running; pause it before setting its fraction", at: statement)
            return
        case .active:
            break
        case .stopped:
            illegal(name, "is stopped; only 'finish' applies to it now", at: statement)
            return
        }
        if !(0...1).contains(value) {
            report(
                .warning(
                    .invalidValue, "a fraction is between 0 and 1, not \(format(value)); it is clamped",
                    at: statement.range))
        }
        animators[id].anchorFraction = min(max(value, 0), 1)
        animators[id].anchorTime = time
        animators[id].isScrubbing = true
    }

    /// `reverse A`: toggles `isReversed` of an active animator; a running one turns back where it is.
    mutating func reverseAnimator(_ name: Identifier, at statement: Statement) {
        guard let id = activeAnimator(named: name, toBe: "reversed", at: statement) else { return }
        // Still in the delay of `start A after D`: only the direction changes.
        let moving = animators[id].isRunning && time >= animators[id].anchorTime
        if moving { animators[id].hold(at: time) }
        animators[id].isReversed.toggle()
        if moving {
            animators[id].anchorTime = time
            animators[id].isRunning = true
        }
    }

    /// `stop A`: `stopAnimation(false)`: the animation holds where it is, and
    /// waits for `finish`.
    mutating func stopAnimator(_ name: Identifier, at statement: Statement) {
        guard let id = activeAnimator(named: name, toBe: "stopped", at: statement) else { return }
        animators[id].hold(at: time)
        animators[id].state = .stopped
    }

    /// `finish A at start|end|current`: `finishAnimation(at:)`; an active
    /// animator is stopped first, as `stopAnimation(false)` then
    /// `finishAnimation(at:)` do.
    mutating func finishAnimator(
        _ name: Identifier, at position: FinishPosition, statement: Statement
    ) {
        guard let id = animator(named: name) else { return }
        guard animators[id].state != .inactive else {
            illegal(name, "is inactive; start or pause it before finishing it", at: statement)
            return
        }
        animators[id].hold(at: time)
        finish(id, at: position, reportingAt: statement.range)
    }

    /// Ends an animator: the views' properties go to the position's values
    /// (the model already has the end's), the group goes, the completion
    /// runs. Finished at its start, constraint constants its block changed
    /// stay changed, as in UIKit: a warning names them unless the
    /// completion set them back.
    mutating func finish(_ id: Int, at position: FinishPosition, reportingAt range: SourceRange) {
        let progress = animators[id].progress(at: time)
        if let g = groups.firstIndex(where: { if case .animator(id) = $0.driver { true } else { false } }) {
            let group = groups.remove(at: g)
            let weight: Double =
                switch position {
                case .end: 0
                case .start: 1
                case .current: 1 - progress
                }
            if weight != 0 {
                for (channel, delta) in zip(group.channels, group.deltas) {
                    setModel(channel: channel, to: model[channel] + delta * weight)
                }
            }
        }
        let animator = animators[id]
        animators[id].state = .inactive
        animators[id].isRunning = false
        animators[id].isScrubbing = false
        animators[id].isReversed = false
        animators[id].anchorFraction = 0
        let completions = [animator.declaration.completion, animator.declaration.completionsAt[position]].compactMap {
            $0
        }
        if !completions.isEmpty {
            // A completion that restarts and finishes animators again nests; it is bounded as `run` is.
            guard runDepth < Self.maximumRunDepth else {
                report(
                    .error(
                        .runtimeLimit,
                        "completions nest more than \(Self.maximumRunDepth) deep (animators finishing each other); "
                            + "the completion of \(quoted(animator.name)) is not run", at: range))
                return
            }
            runDepth += 1
            for completion in completions { runStatements(completion) }
            runDepth -= 1
        }
        guard position == .start else { return }
        let unreverted = animator.changedConstraints.filter {
            layout.constant(of: $0.id) != $0.constant || layout.isInstalled($0.id) != $0.active
        }
        guard !unreverted.isEmpty else { return }
        let names = describe(constraints: unreverted.map(\.id)).joined(separator: ", ")
        report(
            .warning(
                .unrevertedConstraints,
                "animator \(quoted(animator.name)) finished at its start, but the constraints its block changed "
                    + "stay changed (\(names)): the next layout pass will move the views to where those constraints "
                    + "put them; reset them in the animator's completion",
                at: range))
    }

    /// How messages name constraints, quoted: a group whose constraints are
    /// all among them by the group's name, the others one by one.
    func describe(constraints ids: [ConstraintID]) -> [String] {
        let listed = Set(ids)
        var named: [String] = []
        var whole: [GroupID: Bool] = [:]
        for id in ids {
            let constraint = scene[id]
            guard let group = constraint.group, constraint.name == nil, let name = scene[group].name else {
                named.append(quoted(constraintName(id)))
                continue
            }
            if let isWhole = whole[group] {
                if !isWhole { named.append(quoted(constraintName(id))) }
                continue
            }
            let isWhole = scene.constraintIDs.allSatisfy { scene[$0].group != group || listed.contains($0) }
            whole[group] = isWhole
            named.append(quoted(isWhole ? name.name : constraintName(id)))
        }
        return named
    }

    /// How messages name a scene constraint: the name it goes by now, or as
    /// declared, or its source text when it has none.
    func constraintName(_ id: ConstraintID) -> String {
        if let name = constraintByName.first(where: { $0.value == id })?.key { return name }
        let constraint = scene[id]
        // A visual format line's constraint is a fragment of its format: its written-out form says more.
        return constraint.name?.name ?? constraint.expansion ?? String(scene.text(of: constraint.range))
    }

    /// Sets one of the model's channels, and the view state behind it.
    mutating func setModel(channel: Int, to value: Double) {
        let view = channel / Channel.count
        model[channel] = value
        switch Channel(rawValue: channel % Channel.count)! {
        case .x: laidOut[view].x = value
        case .y: laidOut[view].y = value
        case .width: laidOut[view].width = value
        case .height: laidOut[view].height = value
        case .alpha:
            states[view].alpha = min(max(value, 0), 1)
            model[channel] = states[view].alpha
        case .red, .green, .blue:
            let base = view * Channel.count
            states[view].color = Color(
                channels: model[base + Channel.red.rawValue], model[base + Channel.green.rawValue],
                model[base + Channel.blue.rawValue])
        case .translateX, .translateY, .rotation, .shear, .scaleX, .scaleY:
            states[view].transform =
                AffineTransform2D.Parts(
                    values: Channel.transform.map { model[$0.index(ofView: view)] }
                ).transform
        }
    }
}
