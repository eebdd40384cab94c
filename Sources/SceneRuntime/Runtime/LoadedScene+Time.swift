import Animation
import PlaygroundProtocol
import SceneLanguage

extension LoadedScene {
    /// How many events (completions, animators reaching their ends) one
    /// advance runs at most: an animation of no duration whose completion
    /// starts it again would otherwise loop without time passing.
    static let maximumEventsPerAdvance = 1_000

    /// An event due this little after the target time is due at it: a clock
    /// that adds 1/60 s thirty times reaches 0.49999999999999994, and the
    /// animation that ends at 0.5 must end on that tick, not the next.
    static let eventTimeTolerance = 1e-9

    /// Moves scene time forward to `target`: every event due by then runs
    /// in time order, at its own time (a completion runs at its
    /// animation's end, before the frame for that time is made), then
    /// every animation's progress is brought to `target`. Events due at the
    /// same instant run together: animations' completions in the order
    /// their blocks began (an enclosing block's before its nested ones'),
    /// then animators reaching their ends.
    public mutating func advance(to target: Double) {
        guard target.isFinite else { return }
        var budget = Self.maximumEventsPerAdvance
        while let instant = nextEventTime(by: target) {
            time = max(time, instant)
            var due: [(order: Int, completion: Completion)] = []
            scheduled.removeAll { item in
                guard item.time <= instant else { return false }
                due.append((item.order, item.completion))
                return true
            }
            groups.removeAll { group in
                guard let end = group.endTime, end <= instant else { return false }
                if let completion = group.completion { due.append((group.order, completion)) }
                return true
            }
            due.sort { $0.order < $1.order }
            let finishing = animators.indices.filter { animators[$0].finishTime.map { $0 <= instant } ?? false }
            for (_, completion) in due {
                guard budget > 0 else { break }
                budget -= 1
                runEvent(completion.statements)
            }
            for id in finishing where budget > 0 {
                // An earlier event at this instant may have paused or stopped it.
                guard let end = animators[id].finishTime, end <= instant else { continue }
                budget -= 1
                let animator = animators[id]
                animators[id].hold(at: time)
                finish(
                    id, at: animator.isReversed ? .start : .end, reportingAt: animator.declaration.name.range)
                layoutIfNeeded()
            }
            guard budget > 0 else {
                report(
                    .error(
                        .runtimeLimit,
                        "more than \(Self.maximumEventsPerAdvance) completions ran by \(format(time)) s: animations "
                            + "of no duration restart themselves; the rest are dropped", at: .at(0, in: scene.file)))
                scheduled.removeAll()
                groups.removeAll { $0.endTime.map { $0 <= target } ?? false }
                break
            }
        }
        time = max(time, target)
        ghosts.removeAll { $0.isGone(at: time) }
        refreshProgress()
    }

    /// Moves scene time forward by `seconds`.
    public mutating func advance(by seconds: Double) {
        advance(to: time + seconds)
    }

    /// When the next event is due, if any: what a clock waits for.
    public var nextEventTime: Double? {
        nextEventTime(by: .infinity)
    }

    /// The earliest time by `limit` at which an event is due.
    private func nextEventTime(by limit: Double) -> Double? {
        var best = Double.infinity
        for item in scheduled where item.time < best { best = item.time }
        for group in groups {
            if let end = group.endTime, end < best { best = end }
        }
        for animator in animators {
            if let end = animator.finishTime, end < best { best = end }
        }
        return best <= limit + Self.eventTimeTolerance ? best : nil
    }

    /// Brings every group's progress to the current time.
    mutating func refreshProgress() {
        for index in groups.indices {
            switch groups[index].driver {
            case .clock(let start, let timing):
                groups[index].progress = timing.progress(at: time - start)
            case .keyframe(let start, let timing, let slice):
                groups[index].progress = slice.progress(overall: timing.progress(at: time - start))
            case .animator(let id):
                groups[index].progress = animators[id].progress(at: time)
            }
        }
    }
}
