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
    /// intrinsic size) stay while what they come from is the same.
    ///
    /// The result is the model a fresh build gives, or the fresh build
    /// itself: when the views differ in number, the safe area moved, the
    /// scene has errors, a constraint cannot be put in (which one a conflict
    /// breaks depends on the order of declaration), or the layout is
    /// ambiguous or out of range (where the solution would depend on the
    /// solver's history), the model is built from nothing, with its
    /// diagnostics.
    ///
    /// ```swift
    /// let next = LayoutModel(scene: Scene.parse(saved), updating: running.layout)
    /// ```
    package init(scene: Scene, updating previous: LayoutModel) {
        if let updated = LayoutModel(updating: previous, solver: previous.solver, to: scene) {
            self = updated
            fitText()
        } else {
            self.init(scene: scene)
        }
    }

    /// ``init(scene:updating:)`` for a previous model that is going away:
    /// its solver is moved, not copied, so the update changes it in place.
    /// `previous` is left without constraints. (A reload's, and a language
    /// server's after each keystroke.)
    package init(scene: Scene, replacing previous: inout LayoutModel) {
        var solver = Solver()
        swap(&solver, &previous.solver)
        if let updated = LayoutModel(updating: previous, solver: solver, to: scene) {
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

    private func viewKey(_ id: ViewID) -> ViewKey {
        let view = scene[id]
        return ViewKey(
            kind: view.kind, parent: view.parent, fixedFrame: view.fixedFrame,
            intrinsicSize: view.fixedFrame == nil ? intrinsicSize(of: id) : nil, hugging: view.hugging,
            compression: view.compression)
    }

    /// The update, or nil when the model must be built from nothing.
    private init?(updating previous: LayoutModel, solver taken: consuming Solver, to scene: Scene) {
        guard previous.scene.views.count == scene.views.count, previous.scene.safeAreaInsets == scene.safeAreaInsets,
            // Guides' constraints are matched by their anchors, not by the insets behind them.
            previous.scene.rootMargins == scene.rootMargins,
            previous.scene.views.map(\.layoutMargins) == scene.views.map(\.layoutMargins),
            !scene.diagnostics.hasErrors,
            // A stack's constraints follow its subviews' hidden states and sizes: rebuilt, not matched.
            scene.stackIDs.isEmpty, previous.scene.stackIDs.isEmpty
        else { return nil }
        self.init(
            scene: scene, solver: taken, variables: previous.variables, rootWidth: previous.rootWidth,
            rootHeight: previous.rootHeight)
        var stale: [Constraint] = []
        var fresh: [(Constraint, Origin)] = []

        if previous.canvas == canvas {
            canvasConstraints = previous.canvasConstraints
            for constraint in canvasConstraints { origins[constraint] = .canvas }
        } else {
            stale += previous.canvasConstraints
            canvasConstraints = canvasConstraintsWanted()
            fresh += canvasConstraints.map { ($0, .canvas) }
        }

        // Views whose baselines moved: the constraints on those baselines are new.
        var movedBaselines: [Bool] = []
        movedBaselines.reserveCapacity(scene.views.count)
        for view in scene.viewIDs {
            let index = view.index
            movedBaselines.append(
                previous.metrics[index] != metrics[index]
                    || previous.scene.views[index].kind.hasText != scene.views[index].kind.hasText)
            if previous.viewKey(view) == viewKey(view) {
                viewConstraints[index] = previous.viewConstraints[index]
                let origins = previous.viewConstraints[index].map { previous.origins[$0] }
                for (constraint, origin) in zip(viewConstraints[index], origins) {
                    self.origins[constraint] = origin
                }
            } else {
                stale += previous.viewConstraints[index]
                let wanted = viewConstraintsWanted(view)
                viewConstraints[index] = wanted.map(\.0)
                fresh += wanted
            }
        }
        func usesMovedBaseline(_ constraint: LayoutConstraint) -> Bool {
            [constraint.first, constraint.second].contains { anchor in
                guard let anchor, case .view(let view) = anchor.item else { return false }
                return (anchor.attribute == .firstBaseline || anchor.attribute == .lastBaseline)
                    && movedBaselines[view.index]
            }
        }

        // Most constraints are where they were in the file: matched in place first, the rest by what they declare.
        var matched = [Bool](repeating: false, count: previous.installed.count)
        var unmatched: [ConstraintID] = []
        for (index, declared) in scene.constraints.enumerated() where declared.isInitiallyActive {
            let id = ConstraintID(index)
            guard previous.installed.indices.contains(index), let kept = previous.installed[index],
                Declared(declared, constant: declared.constant)
                    == Declared(previous.scene.constraints[index], constant: previous.constants[index]),
                !usesMovedBaseline(declared)
            else {
                unmatched.append(id)
                continue
            }
            matched[index] = true
            installed[index] = kept
            origins[kept] = .declared(id)
        }
        var running: [Declared: [Constraint]] = [:]
        for (index, constraint) in previous.installed.enumerated().reversed() where !matched[index] {
            guard let constraint else { continue }
            let declared = previous.scene.constraints[index]
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
                origins[kept] = .declared(id)
            } else {
                let wanted = solverConstraint(declared: id)
                installed[id.index] = wanted
                fresh.append((wanted, .declared(id)))
            }
        }
        stale += running.values.joined()

        for constraint in stale { try? solver.remove(constraint) }
        for (constraint, origin) in fresh {
            do {
                try solver.add(constraint)
                origins[constraint] = origin
            } catch {
                return nil
            }
        }
        guard framesOutOfRange().isEmpty, ambiguities().isEmpty else { return nil }
        isUpdate = true
    }
}
