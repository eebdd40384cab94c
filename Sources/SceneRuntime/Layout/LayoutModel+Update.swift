import LayoutSolver
import PlaygroundProtocol
package import SceneLanguage

extension LayoutModel {
    /// The model of `scene`, the next version of `previous`'s file, built by
    /// changing `previous`'s solver instead of starting from an empty one.
    ///
    /// A save usually changes one constant or one line, and the solver takes
    /// a constraint out and puts one in in microseconds, where building every
    /// constraint again takes most of a millisecond at a hundred views.
    /// Constraints are matched by what they declare (anchors, relation,
    /// multiplier, constant, priority) against what `previous` has in its
    /// solver now, actions' changes included: those in both stay, the others
    /// are taken out or put in; a view's own constraints (fixed frame,
    /// intrinsic size) stay while what they come from is the same, and a
    /// stack's while it arranges the same subviews the same way (hidden as
    /// they were, with the same sizes and baselines where it reads them).
    ///
    /// The result is the model a fresh build gives, or the fresh build
    /// itself: when the views differ in number, hierarchy or margins, the
    /// safe area or the direction changed, the scene has errors, a constraint cannot be put in (which one a conflict
    /// breaks depends on the order of declaration), or the layout is
    /// ambiguous or out of range (where the solution would depend on the
    /// solver's history), the model is built from nothing, with its
    /// diagnostics.
    ///
    /// ```swift
    /// let next = LayoutModel(scene: Scene.parse(saved), updating: running.layout)
    /// ```
    package init(scene: Scene, updating previous: LayoutModel) {
        // A copy: what the update takes from it is shared with `previous`, which stays as it is.
        var source = previous
        if let updated = LayoutModel(updating: &source, solver: previous.solver, to: scene) {
            self = updated
            fitText()
        } else {
            self.init(scene: scene)
        }
    }

    /// ``init(scene:updating:)`` for a previous model that is going away:
    /// its solver is moved, not copied, so the update changes it in place.
    /// `previous` is left without constraints: its tables of them are moved
    /// too. (A reload's, and a language server's after each keystroke.)
    package init(scene: Scene, replacing previous: inout LayoutModel) {
        var solver = Solver()
        swap(&solver, &previous.solver)
        // Consumed, so that no second reference to the solver's storage makes the update copy it.
        if let updated = LayoutModel(updating: &previous, solver: consume solver, to: scene) {
            self = updated
            fitText()
        } else {
            self.init(scene: scene)
        }
    }

    /// What a declared constraint puts into the solver, given the same
    /// variables, safe area and text metrics.
    private struct Declared: Hashable {
        var first: Anchor
        var relation: ConstraintRelation
        var multiplier: Double
        var second: Anchor?
        var constant: Double
        var priority: Double

        init(_ constraint: LayoutConstraint, constant: Double) {
            first = constraint.first
            relation = constraint.relation
            multiplier = constraint.multiplier
            second = constraint.second
            self.constant = constant
            priority = constraint.priority
        }
    }

    /// What a view's own constraints come from: equal keys, equal constraints.
    private struct ViewKey: Equatable {
        var kind: ViewKind
        var parent: ViewID?
        var fixedFrame: Rect?
        var intrinsicSize: Size?
        var hugging: AxisPriorities
        var compression: AxisPriorities
    }

    /// Whether two declared constraints, with their constants now, put the same into the solver, given the same
    /// variables, safe area and text metrics: ``Declared``'s equality, without making either.
    /// Read by index and field, in place.
    private static func sameDeclaration(
        _ a: [LayoutConstraint], _ i: Int, constant: Double, as b: [LayoutConstraint], _ j: Int,
        constant other: Double
    ) -> Bool {
        constant == other && a[i].relation == b[j].relation && a[i].multiplier == b[j].multiplier
            && a[i].priority == b[j].priority && a[i].first == b[j].first && a[i].second == b[j].second
    }

    /// The view whose text a baseline anchor of `view` is: a stack's is an arranged subview's, down to one that is
    /// no stack.
    private static func baselineView(of view: ViewID, _ baseline: Attribute, in views: [ViewDeclaration]) -> ViewID {
        var view = view
        while let holder = baselineHolder(of: view, baseline, in: views) { view = holder }
        return view
    }

    /// What an update compares of a model, read out of it once: a model's own methods, called on one being
    /// updated (or on the `inout` one it updates), were each given a copy of the whole model, about a kilobyte,
    /// so that comparing a scene of 2,000 views made some 20,000 such copies. (The views, not the scene, for the
    /// same reason: a scene is 392 bytes.)
    private struct Reading {
        let views: [ViewDeclaration]
        let metrics: [TextMetrics]

        /// ``LayoutModel/intrinsicSize(of:)``.
        func intrinsicSize(of view: ViewID) -> Size? {
            LayoutModel.intrinsicSize(of: view, in: views, metrics: metrics)
        }

        /// What a view's own constraints come from.
        func viewKey(_ id: ViewID) -> ViewKey {
            // Field by field, in place: a whole declaration copied is a dozen references counted.
            views.withUnsafeBufferPointer { views in
                let fixedFrame = views[id.index].fixedFrame
                return ViewKey(
                    kind: views[id.index].kind, parent: views[id.index].parent, fixedFrame: fixedFrame,
                    intrinsicSize: fixedFrame == nil ? intrinsicSize(of: id) : nil,
                    hugging: views[id.index].hugging, compression: views[id.index].compression)
            }
        }

        /// Whether an anchor is a baseline whose expression differs between `previous` (as it runs now) and
        /// this reading: another view holds it, or its view's text metrics moved.
        func baselineMoved(_ anchor: Anchor?, from previous: Reading) -> Bool {
            guard let anchor, anchor.attribute == .firstBaseline || anchor.attribute == .lastBaseline,
                case .view(let view) = anchor.item
            else { return false }
            let now = LayoutModel.baselineView(of: view, anchor.attribute, in: views)
            let before = LayoutModel.baselineView(of: view, anchor.attribute, in: previous.views)
            let hasText = views.withUnsafeBufferPointer { $0[now.index].kind.hasText }
            return now != before || hasText != previous.views.withUnsafeBufferPointer { $0[now.index].kind.hasText }
                || (hasText && metrics[now.index] != previous.metrics[now.index])
        }
    }

    /// Whether a stack's constraints in `previous`'s solver are the ones this model wants for it: the stack
    /// arranges the same subviews the same way (spacings, distribution, alignment, margins), they are hidden
    /// as they were, and what the constraints read of them (intrinsic sizes, baselines) is the same.
    private func sameStack(
        _ stack: ViewID, as previous: borrowing LayoutModel, reading: Reading, previousReading: Reading
    ) -> Bool {
        guard let kept = previous.stackConstraints[stack], kept.isComplete,
            let layout = stackLayouts[stack], let before = previous.stackLayouts[stack],
            layout.axis == before.axis, layout.spacing == before.spacing,
            layout.distribution == before.distribution, layout.alignment == before.alignment,
            layout.margins == before.margins, layout.arranged == before.arranged,
            layout.customSpacings.count == before.customSpacings.count,
            zip(layout.customSpacings, before.customSpacings).allSatisfy({
                $0.view == $1.view && $0.spacing == $1.spacing
            })
        else { return false }
        let baselines: Attribute? =
            switch layout.alignment {
            case .firstBaseline: .firstBaseline
            case .lastBaseline: .lastBaseline
            default: nil
            }
        for view in layout.arranged {
            guard hidden[view.index] == previous.hidden[view.index] else { return false }
            if layout.distribution == .fillProportionally,
                reading.intrinsicSize(of: view) != previousReading.intrinsicSize(of: view)
            {
                return false
            }
            if let baselines, reading.baselineMoved(Anchor(.view(view), baselines), from: previousReading) {
                return false
            }
        }
        return true
    }

    /// The constraints going and coming paired where they differ only in their constant (the same terms in the
    /// same order, relation and strength), each coming one with the first going one of its shape; and the
    /// others of each, in their order.
    static func pairedByShape(
        _ going: [Constraint], _ coming: [Constraint]
    ) -> (pairs: [(old: Constraint, new: Constraint)], going: [Constraint], coming: [Constraint]) {
        guard !going.isEmpty && !coming.isEmpty else { return ([], going, coming) }
        struct Shape: Hashable {
            var terms: [Term]
            var relation: Relation
            var strength: Strength
            init(_ constraint: Constraint) {
                (terms, relation, strength) = (constraint.expression.terms, constraint.relation, constraint.strength)
            }
        }
        var byShape: [Shape: [Int]] = [:]
        for index in going.indices.reversed() { byShape[Shape(going[index]), default: []].append(index) }
        var paired = [Bool](repeating: false, count: going.count)
        var pairs: [(old: Constraint, new: Constraint)] = []
        var unpaired: [Constraint] = []
        for constraint in coming {
            if let index = byShape[Shape(constraint)]?.popLast() {
                paired[index] = true
                pairs.append((going[index], constraint))
            } else {
                unpaired.append(constraint)
            }
        }
        return (pairs, going.indices.filter { !paired[$0] }.map { going[$0] }, unpaired)
    }

    /// The text metrics of the scene's views as it declares them (unwrapped): `previous`'s, not measured again,
    /// for a view whose text, font, kind and lines are as `previous` has them now, unwrapped.
    private static func declaredMetrics(of scene: Scene, reusing previous: borrowing LayoutModel) -> [TextMetrics] {
        var metrics: [TextMetrics] = []
        metrics.reserveCapacity(scene.views.count)
        // Through the arrays' buffers: each declaration enumerated was copied whole, a dozen references counted.
        scene.views.withUnsafeBufferPointer { views in
            previous.scene.views.withUnsafeBufferPointer { previousViews in
                for index in views.indices {
                    // Other views have no text: theirs cost nothing to make.
                    let kind = views[index].kind
                    if kind.hasText, index < previous.metrics.count, previous.wrapWidths[index] == nil,
                        previous.texts[index].font == views[index].font,
                        previous.texts[index].text == views[index].text,
                        previousViews[index].kind == kind,
                        previousViews[index].numberOfLines == views[index].numberOfLines
                    {
                        metrics.append(previous.metrics[index])
                    } else {
                        metrics.append(
                            TextMetrics(
                                text: views[index].text, font: views[index].font, kind: kind,
                                numberOfLines: views[index].numberOfLines))
                    }
                }
            }
        }
        return metrics
    }

    /// The update, or nil when the model must be built from nothing. The tables of installed constraints are
    /// moved out of `previous` and changed where they differ: for thousands of constraints, copying them one by
    /// one touched every constraint's object to count a reference.
    private init?(updating previous: inout LayoutModel, solver taken: consuming Solver, to scene: Scene) {
        guard previous.scene.views.count == scene.views.count, previous.scene.safeAreaInsets == scene.safeAreaInsets,
            // Guides' constraints are matched by their anchors, not by the insets behind them.
            previous.scene.rootMargins == scene.rootMargins,
            // Leading and trailing, and the safe area's sides, are placed by the direction.
            previous.scene.isRightToLeft == scene.isRightToLeft,
            !scene.diagnostics.hasErrors
        else { return nil }
        // A view's margins guide, and a multiplied position measured from the items' common ancestor, are
        // matched by their anchors too: the margins, the hierarchy and which views are guides stay.
        let oldViews = previous.scene.views
        let newViews = scene.views
        // By index and field, in place: a whole declaration copied is a dozen references counted.
        for index in newViews.indices {
            guard oldViews[index].layoutMargins == newViews[index].layoutMargins,
                oldViews[index].parent == newViews[index].parent,
                (oldViews[index].kind == .guide) == (newViews[index].kind == .guide)
            else { return nil }
        }
        self.init(
            scene: scene, solver: taken, variables: previous.variables, rootWidth: previous.rootWidth,
            rootHeight: previous.rootHeight, metrics: LayoutModel.declaredMetrics(of: scene, reusing: previous))
        var stale: [Constraint] = []
        var fresh: [(Constraint, Origin)] = []
        let now = Reading(views: scene.views, metrics: metrics)
        let before = Reading(views: previous.scene.views, metrics: previous.metrics)

        if previous.canvas == canvas {
            canvasConstraints = previous.canvasConstraints
        } else {
            stale += previous.canvasConstraints
            canvasConstraints = canvasConstraintsWanted()
            fresh += canvasConstraints.map { ($0, .canvas) }
        }

        // A view's own constraints stay while what they come from is the same, and all of them went in. The
        // views are as many as before: the table is moved, and changed where a view's constraints change.
        swap(&viewConstraints, &previous.viewConstraints)
        for index in scene.views.indices {
            let view = ViewID(index)
            let count = viewConstraints[index].count
            if count == (scene.views[index].fixedFrame != nil || now.intrinsicSize(of: view) != nil ? 4 : 0),
                before.viewKey(view) == now.viewKey(view)
            {
                continue
            }
            stale += viewConstraints[index]
            let wanted = viewConstraintsWanted(view)
            viewConstraints[index] = wanted
            let hasFixedFrame = hasFixedFrame(view)
            for (k, constraint) in wanted.enumerated() {
                fresh.append((constraint, viewConstraintOrigin(view, k, hasFixedFrame: hasFixedFrame)))
            }
        }

        // A stack's constraints stay while it arranges the same subviews the same way.
        for (stack, constraints) in previous.stackConstraints where stackLayouts[stack] == nil {
            stale += constraints.installed.map(\.constraint)
        }
        for index in scene.views.indices where scene.views[index].stack != nil {
            let stack = ViewID(index)
            if sameStack(stack, as: previous, reading: now, previousReading: before) {
                stackConstraints[stack] = previous.stackConstraints[stack]
            } else {
                stale += previous.stackConstraints[stack]?.installed.map(\.constraint) ?? []
                let wanted = stackConstraintsWanted(stack)
                stackConstraints[stack] = StackConstraints(installed: wanted.map { ($0.0, $0.1) })
                fresh += wanted
            }
        }

        func usesMovedBaseline(_ constraint: LayoutConstraint) -> Bool {
            now.baselineMoved(constraint.first, from: before) || now.baselineMoved(constraint.second, from: before)
        }

        // Most constraints are where they were in the file: matched in place first, the rest by what they declare.
        // The previous table is moved into this model's: an entry matched in place stays where it is, and the
        // others are taken out of it, to be matched by what they declare or removed.
        let previousConstraints = previous.scene.constraints
        let constraints = scene.constraints
        swap(&installed, &previous.installed)
        // The previous model's entries past this one's constraints, and those not matched in place: by index.
        var left: [(index: Int, constraint: Constraint)] = []
        while installed.count > constraints.count {
            if let constraint = installed.removeLast() { left.append((installed.count, constraint)) }
        }
        if installed.count < constraints.count {
            installed.append(contentsOf: repeatElement(nil, count: constraints.count - installed.count))
        }
        var unmatched: [ConstraintID] = []
        for index in constraints.indices {
            if constraints[index].isInitiallyActive, index < previousConstraints.count, installed[index] != nil,
                LayoutModel.sameDeclaration(
                    constraints, index, constant: constraints[index].constant, as: previousConstraints, index,
                    constant: previous.constants[index]),
                !now.baselineMoved(constraints[index].first, from: before),
                !now.baselineMoved(constraints[index].second, from: before)
            {
                continue
            }
            if constraints[index].isInitiallyActive { unmatched.append(ConstraintID(index)) }
            if let constraint = installed[index] {
                left.append((index, constraint))
                installed[index] = nil
            }
        }
        if !unmatched.isEmpty {
            // Matched by what they declare, the last declared first, as the previous model had them.
            left.sort { $0.index > $1.index }
            var running: [Declared: [Constraint]] = [:]
            for (index, constraint) in left {
                let declared = previousConstraints[index]
                if usesMovedBaseline(declared) {
                    stale.append(constraint)
                } else {
                    running[Declared(declared, constant: previous.constants[index]), default: []].append(constraint)
                }
            }
            for id in unmatched {
                let declared = scene[id]
                if !usesMovedBaseline(declared),
                    let kept = running[Declared(declared, constant: declared.constant)]?.popLast()
                {
                    installed[id.index] = kept
                } else {
                    let wanted = solverConstraint(declared: id)
                    installed[id.index] = wanted
                    fresh.append((wanted, .declared(id)))
                }
            }
            stale += running.values.joined()
        } else {
            // Every constraint matched in place; those the previous model had in and this one has not go, in the
            // order they were declared.
            left.sort { $0.index < $1.index }
            stale += left.map(\.constraint)
        }

        // A constraint whose constant alone changed (a save's usual edit, or a constant an action had set) is
        // changed in place, all of them as one change (``Solver/replaceInPlace(_:)``), after the others that go
        // are taken out and before those that come go in; when they cannot be, they go out and in as the rest.
        let (pairs, going, coming) = LayoutModel.pairedByShape(stale, fresh.map(\.0))
        for constraint in going { try? solver.remove(constraint) }
        var adding = coming
        if !pairs.isEmpty && !solver.replaceInPlace(pairs) {
            for (constraint, _) in pairs { try? solver.remove(constraint) }
            adding = fresh.map(\.0)
        }
        for constraint in adding {
            do {
                try solver.add(constraint)
            } catch {
                return nil
            }
        }
        guard framesOutOfRange().isEmpty, ambiguities().isEmpty else { return nil }
        isUpdate = true
    }
}
