import LayoutSolver
import PlaygroundProtocol
package import SceneLanguage

/// A constraint that a stack view generates, named as UIKit's constraint log
/// names `UIStackView`'s (`UISV-spacing`, `UISV-alignment`, …), so that a
/// conflict says which.
struct StackRule: Hashable {
    enum Kind: String {
        case canvasConnection = "UISV-canvas-connection"
        case spacing = "UISV-spacing"
        case alignment = "UISV-alignment"
        case spanningBoundary = "UISV-spanning-boundary"
        case spanningFit = "UISV-spanning-fit"
        case fillEqually = "UISV-fill-equally"
        case fillProportionally = "UISV-fill-proportionally"
        case distributing = "UISV-distributing"
        case hiding = "UISV-hiding"
    }

    var kind: Kind
    var stack: ViewID
    /// The arranged subviews the constraint is about.
    var views: [ViewID]
    /// The attribute of the (first) subview it holds, when that tells it from its kind's others.
    var attribute: Attribute? = nil
}

extension LayoutModel {
    /// The priority of the constraint that keeps a stack as small as its
    /// arranged subviews across its axis (and its gaps at their spacing in
    /// `equalSpacing` and `equalCentering`): just above fitting size.
    static let stackFitPriority = 51.0

    /// Puts a stack's constraints into the solver, as they are wanted now;
    /// returns why any was left out (it conflicts with required constraints).
    @discardableResult
    mutating func addStackConstraints(_ stack: ViewID, wanted: [(Constraint, Origin)]? = nil) -> [Diagnostic] {
        var failures: [Diagnostic] = []
        // Each is listed as it goes in, so that a conflict of the next names it.
        stackConstraints[stack] = StackConstraints()
        for (constraint, origin) in wanted ?? stackConstraintsWanted(stack) {
            if let failure = add(constraint, origin) {
                failures.append(failure)
                stackConstraints[stack]!.isComplete = false
            } else {
                stackConstraints[stack]!.installed.append((constraint, origin))
            }
        }
        return failures
    }

    /// Takes a stack's constraints out and puts them back as its arranged
    /// subviews are now (hidden or shown, their intrinsic sizes); returns
    /// why any was left out.
    ///
    /// The constraints are paired with those installed, in order, when the
    /// stack wants as many as it has. Those wanted again as they are stay in
    /// the solver untouched. When the others changed only their constants (a
    /// baseline moved with a label's text, a spacing), the solver changes
    /// them in place, as one change (``Solver/replaceInPlace(_:)``); else
    /// only they are taken out and put back (`fillProportionally`'s
    /// multipliers, read from the labels' sizes). Only when one of those
    /// does not go in is the whole stack taken out and put back, so that
    /// what is reported is what putting the stack back in order reports.
    @discardableResult
    mutating func rearrange(_ stack: ViewID) -> [Diagnostic] {
        stackRearrangements += 1
        let wanted = stackConstraintsWanted(stack)
        if let kept = stackConstraints[stack], kept.isComplete, wanted.count == kept.installed.count {
            var installed = wanted.map { (constraint: $0.0, origin: $0.1) }
            var changed: [(old: Constraint, new: Constraint)] = []
            for k in wanted.indices {
                let old = kept.installed[k].constraint
                if old.isEquivalent(to: wanted[k].0) {
                    installed[k].constraint = old
                } else {
                    changed.append((old, wanted[k].0))
                }
            }
            if changed.isEmpty || solver.replaceInPlace(changed) || replaceAlone(changed, amongAll: wanted.count) {
                stackConstraints[stack] = StackConstraints(installed: installed)
                return []
            }
        }
        for (constraint, _) in stackConstraints[stack]?.installed ?? [] { try? solver.remove(constraint) }
        return addStackConstraints(stack, wanted: wanted)
    }

    /// Takes the old constraints of `changed` out and puts the new ones in; whether all went in. Refuses
    /// (false, nothing done) when they are all `count` of the stack's, or when each differs from its old one
    /// only in its constant: the solver refused those in place because one contradicts required constraints,
    /// and would refuse them again. When one does not go in, those that went in are taken out again and the
    /// old ones stay out: the caller puts the whole stack back.
    private mutating func replaceAlone(_ changed: [(old: Constraint, new: Constraint)], amongAll count: Int) -> Bool {
        guard changed.count < count, changed.contains(where: { !$0.old.hasSameShape(as: $0.new) }) else {
            return false
        }
        for (old, _) in changed { try? solver.remove(old) }
        do {
            try solver.add(changed.lazy.map(\.new))
            return true
        } catch {
            for (_, new) in changed { try? solver.remove(new) }
            return false
        }
    }

    /// Hides or shows a view (`V.hidden = …`). An arranged subview of a stack
    /// collapses when hidden and the others close the gap, as
    /// `UIStackView` does; the frames change at the next layout pass.
    ///
    /// - Returns: the stack whose arrangement changed, if any, and why any
    ///   of its constraints was left out (a required height on a view
    ///   being hidden fights its `UISV-hiding`, as in UIKit's log).
    @discardableResult
    package mutating func setHidden(_ isHidden: Bool, of view: ViewID) -> (stack: ViewID, failures: [Diagnostic])? {
        guard hidden[view.index] != isHidden else { return nil }
        hidden[view.index] = isHidden
        guard let stack = scene.arrangingStack(of: view) else { return nil }
        return (stack, rearrange(stack))
    }

    /// Changes a stack's spacing (`S.spacing = E`), or its custom spacing
    /// after an arranged subview (`S.spacing after V = E`, UIKit's
    /// `setCustomSpacing(_:after:)`); the frames change at the next layout
    /// pass. Returns why any of the stack's constraints was left out.
    @discardableResult
    package mutating func setSpacing(_ spacing: Double, of stack: ViewID, after view: ViewID? = nil) -> [Diagnostic] {
        guard var layout = stackLayouts[stack] else { return [] }
        if let view {
            guard layout.arranged.contains(view) else { return [] }
            if let index = layout.customSpacings.firstIndex(where: { $0.view == view }) {
                layout.customSpacings[index].spacing = spacing
            } else {
                layout.customSpacings.append(
                    CustomSpacing(view: view, spacing: spacing, range: scene[stack].range))
            }
        } else {
            layout.spacing = spacing
        }
        stackLayouts[stack] = layout
        return rearrange(stack)
    }

    /// A stack's spacing now, or its spacing after an arranged subview.
    package func spacing(of stack: ViewID, after view: ViewID? = nil) -> Double? {
        guard let layout = stackLayouts[stack] else { return nil }
        return view.map { layout.spacing(after: $0) } ?? layout.spacing
    }

    /// Whether a view is hidden now, as the model has it.
    package func isHidden(_ view: ViewID) -> Bool {
        hidden[view.index]
    }

    /// The constraints `UIStackView` generates for a stack now, not yet in the solver.
    ///
    /// Along the axis, the arranged subviews form a chain from the stack's
    /// leading (or top) edge to its trailing (or bottom) edge; a hidden one
    /// collapses to size 0 (`UISV-hiding`) flush against the one before it,
    /// and the spacing is between the visible ones. Across the axis, each
    /// one, hidden or not, is aligned as `alignment` says.
    func stackConstraintsWanted(_ stack: ViewID) -> [(Constraint, Origin)] {
        guard let layout = stackLayouts[stack] else { return [] }
        let horizontal = layout.axis == .horizontal
        let (lead, trail, size): (Attribute, Attribute, Attribute) =
            horizontal ? (.leading, .trailing, .width) : (.top, .bottom, .height)
        let (crossLead, crossTrail, crossSize, crossCenter): (Attribute, Attribute, Attribute, Attribute) =
            horizontal ? (.top, .bottom, .height, .centerY) : (.leading, .trailing, .width, .centerX)
        let margins = layout.margins ?? .zero
        var made: [(Constraint, Origin)] = []
        func make(
            _ constraint: Constraint, _ priority: Double, _ kind: StackRule.Kind, _ views: [ViewID],
            _ attribute: Attribute? = nil
        ) {
            let origin = Origin.stack(StackRule(kind: kind, stack: stack, views: views, attribute: attribute))
            made.append((priority >= 1000 ? constraint : constraint.with(Strength(priority)), origin))
        }
        /// An anchor of an arranged subview, right to left measured leftwards, as the stack's spacing is.
        func anchor(_ view: ViewID, _ attribute: Attribute) -> Expression {
            let anchor = Anchor(.view(view), attribute)
            return scene.isRightToLeft ? mirroredExpression(for: anchor) : expression(for: anchor)
        }
        /// An edge, centre or size of the area the subviews are arranged in: the stack inset by its margins.
        func canvas(_ attribute: Attribute) -> Expression {
            let edge = anchor(stack, attribute)
            switch attribute {
            case .leading: return edge + margins.leading
            case .trailing: return edge - margins.trailing
            case .top: return edge + margins.top
            case .bottom: return edge - margins.bottom
            case .centerX: return edge + 0.5 * (margins.leading - margins.trailing)
            case .centerY: return edge + 0.5 * (margins.top - margins.bottom)
            case .width: return edge - (margins.leading + margins.trailing)
            case .height: return edge - (margins.top + margins.bottom)
            default: return edge
            }
        }

        let arranged = layout.arranged
        let visible = arranged.filter { !hidden[$0.index] }

        // Along the axis: the chain.
        var previous: ViewID? = nil
        var previousVisible: ViewID? = nil
        var gaps: [(from: ViewID, to: ViewID, spacing: Double)] = []
        for view in arranged {
            let start = anchor(view, lead)
            if hidden[view.index] {
                make(anchor(view, size) == Expression(0), 1000, .hiding, [view], size)
            }
            if let before = previousVisible, !hidden[view.index] {
                let spacing = layout.spacing(after: before)
                gaps.append((before, view, spacing))
                switch layout.distribution {
                case .fill, .fillEqually, .fillProportionally:
                    make(start == anchor(before, trail) + spacing, 1000, .spacing, [before, view])
                case .equalSpacing, .equalCentering:
                    make(start >= anchor(before, trail) + spacing, 1000, .spacing, [before, view])
                }
            } else if let previous {
                // After a hidden subview, or a hidden one itself: flush against the one before.
                make(start == anchor(previous, trail), 1000, .hiding, [previous, view])
            } else {
                make(start == canvas(lead), 1000, .canvasConnection, [view], lead)
            }
            previous = view
            if !hidden[view.index] { previousVisible = view }
        }
        if let last = arranged.last {
            make(anchor(last, trail) == canvas(trail), 1000, .canvasConnection, [last], trail)
        }

        // Along the axis: sizes and gaps, as the distribution has them.
        switch layout.distribution {
        case .fill:
            break
        case .fillEqually:
            for view in visible.dropFirst() {
                make(anchor(view, size) == anchor(visible[0], size), 1000, .fillEqually, [visible[0], view])
            }
        case .fillProportionally:
            // A subview without an intrinsic size (a plain view without `size`, a stack) counts as 0 long, as
            // UIKit counts the zero frame such a view has before its first layout pass; the checker warns of it.
            let intrinsic = visible.map { view -> Double in
                intrinsicSize(of: view).map { horizontal ? $0.width : $0.height } ?? 0
            }
            let total = intrinsic.reduce(0.0) { $0 + $1 }
            if total > 0 {
                // UIKit's multipliers leave the spacing out, and its priorities fall by one per view from 999,
                // so with spacing the last views give way.
                for (position, view) in visible.enumerated() {
                    make(
                        anchor(view, size) == (intrinsic[position] / total) * canvas(size),
                        max(1, 999 - Double(position)), .fillProportionally, [view])
                }
            }
        case .equalSpacing:
            if let first = gaps.first {
                let firstGap = anchor(first.to, lead) - anchor(first.from, trail)
                for gap in gaps.dropFirst() {
                    make(
                        anchor(gap.to, lead) - anchor(gap.from, trail) == firstGap, 1000, .distributing,
                        [gap.from, gap.to])
                }
                make(firstGap == Expression(first.spacing), LayoutModel.stackFitPriority, .spanningFit, [])
            }
        case .equalCentering:
            if let first = gaps.first {
                let firstDistance =
                    anchor(first.to, horizontal ? .centerX : .centerY)
                    - anchor(first.from, horizontal ? .centerX : .centerY)
                for gap in gaps.dropFirst() {
                    make(
                        anchor(gap.to, horizontal ? .centerX : .centerY)
                            - anchor(gap.from, horizontal ? .centerX : .centerY) == firstDistance, 999, .distributing,
                        [gap.from, gap.to])
                }
                let firstGap = anchor(first.to, lead) - anchor(first.from, trail)
                make(firstGap == Expression(first.spacing), LayoutModel.stackFitPriority, .spanningFit, [])
            }
        }

        // Across the axis: hidden subviews too, so that one shown again grows along the axis only.
        if !arranged.isEmpty {
            switch layout.alignment {
            case .fill:
                for view in arranged {
                    let kind: StackRule.Kind = view == arranged[0] ? .canvasConnection : .alignment
                    make(anchor(view, crossLead) == canvas(crossLead), 1000, kind, [view], crossLead)
                    make(anchor(view, crossTrail) == canvas(crossTrail), 1000, kind, [view], crossTrail)
                }
            case .leading, .top, .trailing, .bottom, .center:
                let aligned: Attribute =
                    switch layout.alignment {
                    case .leading, .top: crossLead
                    case .trailing, .bottom: crossTrail
                    default: crossCenter
                    }
                for view in arranged {
                    let kind: StackRule.Kind = view == arranged[0] ? .canvasConnection : .alignment
                    make(anchor(view, aligned) == canvas(aligned), 1000, kind, [view], aligned)
                    if aligned != crossLead {
                        make(anchor(view, crossLead) >= canvas(crossLead), 1000, .spanningBoundary, [view], crossLead)
                    }
                    if aligned != crossTrail {
                        make(
                            anchor(view, crossTrail) <= canvas(crossTrail), 1000, .spanningBoundary, [view], crossTrail)
                    }
                }
                make(canvas(crossSize) == Expression(0), LayoutModel.stackFitPriority, .spanningFit, [])
            case .firstBaseline, .lastBaseline:
                let baseline: Attribute = layout.alignment == .firstBaseline ? .firstBaseline : .lastBaseline
                for view in arranged {
                    if view != arranged[0] {
                        make(
                            anchor(view, baseline) == anchor(arranged[0], baseline), 1000, .alignment,
                            [arranged[0], view])
                    }
                    make(anchor(view, crossLead) >= canvas(crossLead), 1000, .spanningBoundary, [view], crossLead)
                    make(anchor(view, crossTrail) <= canvas(crossTrail), 1000, .spanningBoundary, [view], crossTrail)
                }
                make(canvas(crossSize) == Expression(0), LayoutModel.stackFitPriority, .spanningFit, [])
                // In a stack taller than its subviews, they sit at its top.
                make(
                    anchor(arranged[0], crossLead) == canvas(crossLead), LayoutModel.stackFitPriority - 2,
                    .canvasConnection, [arranged[0]])
            }
        }
        return made
    }
}
