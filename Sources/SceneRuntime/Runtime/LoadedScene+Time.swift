import Animation
import SceneLanguage

extension LoadedScene {
    /// How many events (completions, animators reaching their ends) one
    /// advance runs at most: an animation of no duration whose completion
    /// starts it again would otherwise loop without time passing.
    static let maximumEventsPerAdvance = 10_000

    /// Moves scene time forward to `target`: every event due by then runs
    /// in time order, at its own time (a completion runs at its
    /// animation's end, before the frame for that time is made), then
    /// every animation's progress is brought to `target`.
    public mutating func advance(to target: Double) {
        guard target.isFinite else { return }
        var budget = Self.maximumEventsPerAdvance
        while let (eventTime, event) = nextEvent(by: target) {
            guard budget > 0 else {
                report(
                    .error(
                        .recursiveAction,
                        "more than \(Self.maximumEventsPerAdvance) completions ran at \(format(time)) s: an animation "
                            + "of no duration restarts itself; the rest are dropped", at: .at(0)), in: scene.file)
                scheduled.removeAll()
                groups.removeAll { $0.endTime.map { $0 <= target } ?? false }
                break
            }
            budget -= 1
            time = max(time, eventTime)
            switch event {
            case .scheduled(let index):
                let completion = scheduled.remove(at: index).completion
                execute(completion.statements, in: completion.file)
            case .groupEnd(let index):
                let group = groups.remove(at: index)
                if let completion = group.completion { execute(completion.statements, in: completion.file) }
            case .animatorEnd(let id):
                let animator = animators[id]
                animators[id].hold(at: time)
                finish(
                    id, at: animator.isReversed ? .start : .end, reportingAt: animator.declaration.name.range,
                    in: animator.file)
                layoutIfNeeded()
            }
        }
        time = max(time, target)
        ghosts.removeAll { ghost in ghost.timing.endTime.map { time >= $0 } ?? false }
        refreshProgress()
    }

    /// Moves scene time forward by `seconds`.
    public mutating func advance(by seconds: Double) {
        advance(to: time + seconds)
    }

    /// When the next event is due, if any: what a clock waits for.
    public var nextEventTime: Double? {
        nextEvent(by: .infinity)?.time
    }

    private enum Event {
        case scheduled(Int)
        case groupEnd(Int)
        case animatorEnd(Int)
    }

    /// The earliest event due by `limit`; ties go to scheduled completions,
    /// then groups, then animators, each in the order they were made.
    private func nextEvent(by limit: Double) -> (time: Double, event: Event)? {
        var best: (time: Double, event: Event)? = nil
        func consider(_ time: Double, _ event: Event) {
            guard time <= limit, best.map({ time < $0.time }) ?? true else { return }
            best = (time, event)
        }
        for (index, item) in scheduled.enumerated() { consider(item.time, .scheduled(index)) }
        for (index, group) in groups.enumerated() {
            if let end = group.endTime { consider(end, .groupEnd(index)) }
        }
        for (id, animator) in animators.enumerated() {
            if let end = animator.finishTime { consider(end, .animatorEnd(id)) }
        }
        return best
    }

    /// Brings every group's progress to the current time.
    mutating func refreshProgress() {
        for index in groups.indices {
            switch groups[index].driver {
            case .clock(let start, let timing):
                groups[index].progress = timing.progress(at: time - start)
            case .animator(let id):
                groups[index].progress = animators[id].progress(at: time)
            }
        }
    }
}
