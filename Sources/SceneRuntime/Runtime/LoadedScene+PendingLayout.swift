import SceneLanguage

/// A change that waits for a layout pass: it has changed the constraints,
/// but no frame follows it until `layout` (`layoutIfNeeded()`) or the pass
/// at the end of the action.
struct PendingLayoutChange: Hashable {
    enum What: Hashable {
        /// A constraint's constant, or its activation.
        case constraint(ConstraintID)
        /// A view's text or font, and so its intrinsic size.
        case text(view: ViewID)
        /// A stack's arrangement: one of its arranged subviews was hidden or shown.
        case arrangement(stack: ViewID)
        case canvas
    }

    var what: What
    /// The animation block that ended while this change waited, which a
    /// `layout` inside it would have animated.
    var missedBlock: MissedBlock?
    /// Whether a diagnostic has said so already (an animator's
    /// `nothing-to-animate`), so that no second one repeats it.
    var isReported = false
}

/// Where an animation block that left changes pending was written.
struct MissedBlock: Hashable {
    /// The block's range, in the file it was written in.
    var range: SourceRange
}

/// The changes waiting for a layout pass, in the order they were first made.
struct PendingLayout {
    private(set) var changes: [PendingLayoutChange] = []
    private var known: Set<PendingLayoutChange.What> = []

    var isEmpty: Bool { changes.isEmpty }

    mutating func note(_ what: PendingLayoutChange.What) {
        guard known.insert(what).inserted else { return }
        changes.append(PendingLayoutChange(what: what))
    }

    /// An animation block ended without laying these changes out; returns
    /// the ones that waited for it.
    @discardableResult
    mutating func blockEnded(at range: SourceRange, reported: Bool = false) -> [PendingLayoutChange
        .What]
    {
        var missed: [PendingLayoutChange.What] = []
        for index in changes.indices where changes[index].missedBlock == nil {
            changes[index].missedBlock = MissedBlock(range: range)
            changes[index].isReported = reported
            missed.append(changes[index].what)
        }
        return missed
    }

    /// Takes every change, as a layout pass does.
    mutating func take() -> [PendingLayoutChange] {
        defer {
            changes.removeAll(keepingCapacity: true)
            known.removeAll(keepingCapacity: true)
        }
        return changes
    }
}

extension LoadedScene {
    /// Notes a change that the next layout pass applies.
    mutating func noteLayoutChange(_ what: PendingLayoutChange.What) {
        pendingLayout.note(what)
    }

    /// An `animate` or animator block has ended: what it left pending
    /// missed its animation, unless a `layout` inside an enclosing block
    /// still animates it. With `reported`, a diagnostic has said so already;
    /// returns what it left pending.
    @discardableResult
    mutating func animationBlockEnded(
        at range: SourceRange, reported: Bool = false
    ) -> [PendingLayoutChange.What] {
        guard needsLayout else { return [] }
        return pendingLayout.blockEnded(at: range, reported: reported)
    }

    /// For a layout pass that moved views without animating them: warns,
    /// once per block, about the changes that an animation block left
    /// pending, which made them jump. This is UIKit's best-known pitfall: a
    /// constraint changed inside `UIView.animate` without `layoutIfNeeded()`
    /// in the animations closure. A pass that moved nothing warns of nothing.
    mutating func reportMissedAnimations(_ changes: [PendingLayoutChange]) {
        var blocks: [MissedBlock] = []
        var missed: [MissedBlock: [PendingLayoutChange.What]] = [:]
        for change in changes where !change.isReported {
            guard let block = change.missedBlock else { continue }
            if missed[block] == nil { blocks.append(block) }
            missed[block, default: []].append(change.what)
        }
        for block in blocks {
            let names = describe(missed[block, default: []])
            report(
                .warning(
                    .missingLayout,
                    "this animation block has no 'layout' for the changes it leaves pending (\(names)), "
                        + "so the views jump to their new frames at the layout pass after it instead of animating; "
                        + "add 'layout' inside the block, as layoutIfNeeded() in UIKit's animations closure",
                    at: block.range))
        }
    }

    /// Pending changes as messages name them: constraints (whole groups by
    /// their names), texts, the canvas size; at most eight, then how many more.
    func describe(_ changes: [PendingLayoutChange.What]) -> String {
        let constraints = changes.compactMap { if case .constraint(let id) = $0 { id } else { nil } }
        let others = changes.compactMap { what -> String? in
            switch what {
            case .constraint: nil
            case .text(let view): "the text of \(quoted(viewNames[view.index]))"
            case .arrangement(let stack): "the arrangement of \(quoted(viewNames[stack.index]))"
            case .canvas: "the canvas size"
            }
        }
        let names = describe(constraints: constraints) + others
        let more = names.count > 8 ? " and \(names.count - 8) more" : ""
        return names.prefix(8).joined(separator: ", ") + more
    }
}
