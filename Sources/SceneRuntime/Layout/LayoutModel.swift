import LayoutSolver
package import PlaygroundProtocol
package import SceneLanguage

/// A scene's constraints in a solver: every view's frame, solved.
///
/// Each view and guide has four variables (left, top, width, height, in the
/// root's coordinates); every anchor is a linear expression of them
/// (``expression(for:)``). The root's size is pinned to the canvas by two
/// required constraints, and `root.safeArea` and `root.margins` are
/// expressions of it. Building the model adds, in this order: the canvas,
/// each view's fixed frame or intrinsic-size constraints, then the scene's
/// active constraints in declaration order. A required constraint that
/// contradicts those before it is left out and reported, naming the
/// constraints it conflicts with, as Auto Layout's log does; layout goes on
/// without it.
///
/// ```swift
/// let model = LayoutModel(scene: Scene.parse(file))
/// if let card = model.scene.viewID(named: "card") {
///     model.frame(of: card)   // Rect in root coordinates
/// }
/// ```
package struct LayoutModel: Sendable {
    package let scene: Scene
    /// The solver, the model's own: only the model adds and removes
    /// constraints, so that each has an ``Origin`` for messages.
    var solver: Solver
    /// The diagnostics of building the layout: unsatisfiable and ambiguous constraints.
    package private(set) var diagnostics: [Diagnostic] = []
    /// The canvas as the model has it now.
    package private(set) var canvas: Size

    /// The variables of each view, by index in ``Scene/views``.
    let variables: [ViewVariables]
    let rootWidth: Variable
    let rootHeight: Variable
    /// The text metrics of each view (zero for plain views and guides).
    var metrics: [TextMetrics]
    /// Each label's and button's text and font now (actions change them).
    var texts: [(text: String, font: Double)]
    /// The width each multi-line label's text wraps at now (its
    /// `preferredMaxLayoutWidth`); nil while it is not wrapped.
    var wrapWidths: [Double?]
    /// The labels and buttons with `lines N`, N ≠ 1, which wrap (``fitText()``).
    package let multilineViews: [ViewID]
    /// Each view's intrinsic-size or fixed-frame constraints, replaced when its text changes.
    var viewConstraints: [[Constraint]]
    /// For each view, the scene constraints that use its baselines, which
    /// move when its text or font changes; found the first time a text
    /// changes (``baselineUsers()``), nil until then.
    var baselineUsersFound: [[ConstraintID]]? = nil
    /// The solver constraint of each scene constraint; nil while inactive or broken.
    var installed: [Constraint?]
    /// The constant of each scene constraint now (actions change them), by ``ConstraintID/index``.
    private(set) var constants: [Double]
    /// Whether each view is hidden now: a stack collapses its hidden arranged subviews.
    var hidden: [Bool]
    /// The constraints each stack generates, with the rules they stand for.
    var stackConstraints: [ViewID: StackConstraints] = [:]
    /// Each stack's arrangement now (actions change its spacings).
    var stackLayouts: [ViewID: StackLayout] = [:]
    /// The two constraints that pin the root to the canvas.
    var canvasConstraints: [Constraint] = []
    /// How many times a stack's constraints were taken out and put back
    /// (``rearrange(_:)``): counted for tests, which check that fitting
    /// multi-line labels rearranges each stack once a pass, not once per label.
    package internal(set) var stackRearrangements = 0
    /// Whether the model was made by updating a previous one's solver
    /// (``init(scene:updating:)``) rather than built from nothing.
    package internal(set) var isUpdate = false

    struct ViewVariables {
        let left = Variable()
        let top = Variable()
        let width = Variable()
        let height = Variable()
    }

    /// A stack's constraints in the solver, each with the rule it stands for.
    struct StackConstraints {
        var installed: [(constraint: Constraint, origin: Origin)] = []
        /// Whether every constraint the stack wanted went in: none was left out as conflicting.
        var isComplete = true
    }

    /// What a solver constraint stands for.
    enum Origin {
        /// A scene constraint.
        case declared(ConstraintID)
        case intrinsicWidth(ViewID), intrinsicHeight(ViewID)
        case fixedFrame(ViewID)
        /// A constraint a stack view generates.
        case stack(StackRule)
        case canvas
    }

    package init(scene: Scene) {
        // The root's variables made first: the canvas's constraints go in first, and the solver's table of
        // variables keeps those from the first it sees on in an array and earlier ones in a hash table, where every
        // view's variables went when they were made before the root's.
        let (rootWidth, rootHeight) = (Variable(), Variable())
        // By count, not by mapping the views: mapping them copies each declaration.
        self.init(
            scene: scene, solver: Solver(), variables: (0..<scene.views.count).map { _ in ViewVariables() },
            rootWidth: rootWidth, rootHeight: rootHeight)
        addDeclaredLayout()
        fitText()
        for diagnostic in framesOutOfRange() { report(diagnostic) }
        // A scene with errors has lost constraints; ambiguity would only echo that.
        if !scene.diagnostics.hasErrors {
            for diagnostic in ambiguities() { report(diagnostic) }
        }
    }

    /// A model of `scene` on these variables and this solver, with none of
    /// the scene's constraints added yet; `metrics`, when given, are the
    /// views' text metrics as the scene declares them (unwrapped).
    init(
        scene: Scene, solver: Solver, variables: [ViewVariables], rootWidth: Variable, rootHeight: Variable,
        metrics: [TextMetrics]? = nil
    ) {
        self.scene = scene
        self.canvas = scene.canvas
        self.solver = solver
        self.variables = variables
        self.rootWidth = rootWidth
        self.rootHeight = rootHeight
        // Each table is filled field by field, in place, in one pass over the views: a declaration copied whole
        // is a dozen references counted.
        let views = scene.views
        var texts: [(text: String, font: Double)] = []
        var hidden: [Bool] = []
        var multilineViews: [ViewID] = []
        texts.reserveCapacity(views.count)
        hidden.reserveCapacity(views.count)
        for index in views.indices {
            texts.append((views[index].text, views[index].font))
            hidden.append(views[index].isHidden)
            if views[index].kind.hasText && views[index].numberOfLines != 1 { multilineViews.append(ViewID(index)) }
            if let stack = views[index].stack { stackLayouts[ViewID(index)] = stack }
        }
        self.metrics = metrics ?? LayoutModel.declaredMetrics(of: scene)
        self.texts = texts
        self.hidden = hidden
        self.multilineViews = multilineViews
        self.wrapWidths = Array(repeating: nil, count: views.count)
        self.installed = Array(repeating: nil, count: scene.constraints.count)
        self.constants = scene.constraints.map(\.constant)
        self.viewConstraints = Array(repeating: [], count: views.count)
    }

    /// The text metrics of each view as the scene declares it (unwrapped); zero for views without text.
    static func declaredMetrics(of scene: Scene) -> [TextMetrics] {
        let views = scene.views
        var metrics: [TextMetrics] = []
        metrics.reserveCapacity(views.count)
        for index in views.indices {
            metrics.append(
                TextMetrics(
                    text: views[index].text, font: views[index].font, kind: views[index].kind,
                    numberOfLines: views[index].numberOfLines))
        }
        return metrics
    }

    /// For each view, the scene constraints that use its baselines (``baselineUsersFound``), found now if they
    /// were not yet.
    mutating func baselineUsers() -> [[ConstraintID]] {
        if let found = baselineUsersFound { return found }
        var users = [[ConstraintID]](repeating: [], count: scene.views.count)
        func note(_ anchor: Anchor, _ id: ConstraintID) {
            guard anchor.attribute == .firstBaseline || anchor.attribute == .lastBaseline,
                case .view(var view) = anchor.item
            else { return }
            // A stack's baseline is a subview's, which is the one whose text moves it.
            while let holder = LayoutModel.baselineHolder(of: view, anchor.attribute, in: scene.views) { view = holder }
            if users[view.index].last != id { users[view.index].append(id) }
        }
        for (index, constraint) in scene.constraints.enumerated() {
            note(constraint.first, ConstraintID(index))
            if let second = constraint.second { note(second, ConstraintID(index)) }
        }
        baselineUsersFound = users
        return users
    }

    /// The scene's diagnostics and the layout's, in the order of the file.
    package var allDiagnostics: [Diagnostic] {
        (scene.diagnostics + diagnostics).sortedByLocation()
    }

    // MARK: Reading frames

    /// The frame of an item in the root's coordinates, as solved now.
    package func frame(of item: LayoutItem) -> Rect {
        let (left, top, width, height) = edges(of: item)
        return Rect(x: value(left), y: value(top), width: value(width), height: value(height))
    }

    /// The frame of a view or guide.
    package func frame(of view: ViewID) -> Rect {
        let v = variables[view.index]
        return Rect(
            x: solver.value(of: v.left), y: solver.value(of: v.top), width: solver.value(of: v.width),
            height: solver.value(of: v.height))
    }

    /// Traps if the solver's tableau is not whole (``Solver/checkInvariants()``): for the fuzz targets, which
    /// build the modules without testability.
    package func checkSolverInvariants() {
        solver.checkInvariants()
    }

    func value(_ expression: Expression) -> Double {
        var total = expression.constant
        for term in expression.terms { total += term.coefficient * solver.value(of: term.variable) }
        return total
    }

    /// A scene constraint's constant now: as declared, or as actions set it.
    package func constant(of constraint: ConstraintID) -> Double {
        constants[constraint.index]
    }

    /// Whether a scene constraint is in the solver now.
    package func isInstalled(_ constraint: ConstraintID) -> Bool {
        installed[constraint.index] != nil
    }

    // MARK: Building

    mutating func pinCanvas() {
        for constraint in canvasConstraints { try? solver.remove(constraint) }
        canvasConstraints = canvasConstraintsWanted()
        for constraint in canvasConstraints { add(constraint, .canvas) }
    }

    /// The two constraints that pin the root to the canvas as it is now, not yet in the solver.
    func canvasConstraintsWanted() -> [Constraint] {
        [Expression(rootWidth) == Expression(canvas.width), Expression(rootHeight) == Expression(canvas.height)]
    }

    /// Resizes the root view, as a rotation would.
    package mutating func setCanvas(_ size: Size) {
        canvas = size
        pinCanvas()
    }

    /// Puts in, in this order, the canvas, each view's fixed frame or
    /// intrinsic-size constraints, each stack's, and the scene's active
    /// constraints in declaration order: the build from nothing.
    ///
    /// Each is listed in the model's tables before any goes in, and they go
    /// into the solver in one batch (``addListed(_:)``), which brings the
    /// values up to date once instead of after each of thousands of
    /// constraints; the solver and the diagnostics are as adding them one by
    /// one leaves them.
    mutating func addDeclaredLayout() {
        var batch: [(Constraint, Origin)] = []
        batch.reserveCapacity(2 + 4 * scene.views.count + scene.constraints.count)
        canvasConstraints = canvasConstraintsWanted()
        batch += canvasConstraints.map { ($0, .canvas) }
        for view in scene.viewIDs {
            let wanted = viewConstraintsWanted(view)
            viewConstraints[view.index] = wanted
            let hasFixedFrame = hasFixedFrame(view)
            for (index, constraint) in wanted.enumerated() {
                batch.append((constraint, viewConstraintOrigin(view, index, hasFixedFrame: hasFixedFrame)))
            }
        }
        let stacks = scene.views.withUnsafeBufferPointer { views in views.indices.filter { views[$0].stack != nil } }
        for index in stacks {
            let stack = ViewID(index)
            let wanted = stackConstraintsWanted(stack)
            stackConstraints[stack] = StackConstraints(installed: wanted.map { ($0.0, $0.1) })
            batch += wanted
        }
        let initiallyActive = scene.constraints.withUnsafeBufferPointer { constraints in
            constraints.indices.filter { constraints[$0].isInitiallyActive }
        }
        for index in initiallyActive {
            let id = ConstraintID(index)
            let constraint = solverConstraint(declared: id)
            installed[index] = constraint
            batch.append((constraint, .declared(id)))
        }
        // Room for every view's four variables and the root's two as well as the constraints' markers.
        solver.reserveCapacity(constraints: batch.count, variables: 4 * scene.views.count + 2)
        addListed(batch)
    }

    /// Adds constraints, in order, that the model's tables already list,
    /// bringing the solver's values up to date once at the end. One that
    /// cannot go in is reported, as ``add(_:_:)`` reports it, and taken off
    /// its table; the rest go on in.
    ///
    /// Listing them all first is what lets them go in together: a conflict's
    /// message names the constraints already in the solver that it conflicts
    /// with, each found by its listing (``origin(of:)``), and those are listed
    /// whether they went in one by one or in a batch. Those not yet in are
    /// never named: the solver names only its own.
    mutating func addListed(_ batch: [(Constraint, Origin)]) {
        var next = 0
        while next < batch.count {
            let before = solver.constraintCount
            do {
                try solver.add(batch[next...].lazy.map(\.0))
                return
            } catch {
                // The batch stops at the first constraint that does not go in; those before it are in.
                let failed = next + solver.constraintCount - before
                let (constraint, origin) = batch[failed]
                report(diagnostic(for: error, origin))
                unlist(constraint, origin)
                next = failed + 1
            }
        }
    }

    /// Takes a constraint that did not go in off the table that lists it.
    mutating func unlist(_ constraint: Constraint, _ origin: Origin) {
        switch origin {
        case .declared(let id):
            installed[id.index] = nil
        case .intrinsicWidth(let view), .intrinsicHeight(let view), .fixedFrame(let view):
            viewConstraints[view.index].removeAll { $0 === constraint }
        case .stack(let rule):
            stackConstraints[rule.stack]?.installed.removeAll { $0.constraint === constraint }
            stackConstraints[rule.stack]?.isComplete = false
        case .canvas:
            canvasConstraints.removeAll { $0 === constraint }
        }
    }

    /// A view's fixed frame, or the constraints of its intrinsic size.
    mutating func addViewConstraints(_ view: ViewID) {
        // Each is listed as it goes in, so that a conflict of the next names it.
        viewConstraints[view.index] = []
        let hasFixedFrame = hasFixedFrame(view)
        for (index, constraint) in viewConstraintsWanted(view).enumerated()
        where add(constraint, viewConstraintOrigin(view, index, hasFixedFrame: hasFixedFrame)) == nil {
            viewConstraints[view.index].append(constraint)
        }
    }

    /// The constraints of a view's fixed frame or intrinsic size, as they are
    /// now, not yet in the solver: none, or four, each listed as
    /// ``viewConstraintOrigin(_:_:hasFixedFrame:)`` says.
    func viewConstraintsWanted(_ id: ViewID) -> [Constraint] {
        let v = variables[id.index]
        // Field by field, in place: a whole declaration copied is a dozen references counted.
        if let frame = scene.views[id.index].fixedFrame {
            let parent = scene.views[id.index].parent.map { LayoutItem.view($0) } ?? .root
            let (parentLeft, parentTop, _, _) = edges(of: parent)
            return [
                Expression(v.left) == parentLeft + frame.x, Expression(v.top) == parentTop + frame.y,
                Expression(v.width) == Expression(frame.width), Expression(v.height) == Expression(frame.height),
            ]
        } else if let size = intrinsicSize(of: id) {
            let hugging = scene.views[id.index].hugging
            let compression = scene.views[id.index].compression
            // Each axis's one term in one array, which its two constraints share.
            let width = [Term(v.width)]
            let height = [Term(v.height)]
            return [
                intrinsic(width, .lessThanOrEqual, size.width, hugging.horizontal),
                intrinsic(width, .greaterThanOrEqual, size.width, compression.horizontal),
                intrinsic(height, .lessThanOrEqual, size.height, hugging.vertical),
                intrinsic(height, .greaterThanOrEqual, size.height, compression.vertical),
            ]
        }
        return []
    }

    /// How the `index`th of ``viewConstraintsWanted(_:)``'s constraints of a view is listed: its fixed frame's,
    /// or its intrinsic width's (the first two) or height's. Not kept beside each constraint: a view's list is
    /// one array of constraints, made once.
    func viewConstraintOrigin(_ id: ViewID, _ index: Int, hasFixedFrame: Bool) -> Origin {
        if hasFixedFrame { return .fixedFrame(id) }
        return index < 2 ? .intrinsicWidth(id) : .intrinsicHeight(id)
    }

    /// Whether a view's declaration gives its frame, read through the array's buffer:
    /// `scene.views[index].fixedFrame` copied the whole declaration to read one field.
    func hasFixedFrame(_ view: ViewID) -> Bool {
        scene.views.withUnsafeBufferPointer { views in views[view.index].fixedFrame != nil }
    }

    /// One of a view's intrinsic-size constraints, `variable REL length` at
    /// `priority`, made at once with its strength: these are most of a
    /// scene's constraints, and making each required first and then again
    /// with its strength made two objects of each. `term` is the variable's
    /// one term, an array the axis's two constraints share.
    private func intrinsic(_ term: [Term], _ relation: Relation, _ length: Double, _ priority: Double)
        -> Constraint
    {
        // `0 - length`, as `Expression(variable) REL Expression(length)` subtracts it: the same zero's sign.
        Constraint(Expression(terms: term, constant: 0 - length), relation, strength: Strength(priority))
    }

    /// A view's intrinsic content size: its text's for labels and buttons,
    /// `size` for plain views; nil for guides and plain views without one.
    package func intrinsicSize(of view: ViewID) -> Size? {
        LayoutModel.intrinsicSize(of: view, in: scene.views, metrics: metrics)
    }

    /// ``intrinsicSize(of:)`` from a scene's views and their text metrics.
    static func intrinsicSize(of view: ViewID, in views: [ViewDeclaration], metrics: [TextMetrics]) -> Size? {
        switch views[view.index].kind {
        case .label, .button: metrics[view.index].size
        case .view: views[view.index].intrinsicSize
        case .guide, .stack: nil
        }
    }

    /// Puts a scene constraint into the solver, if it is not there yet.
    ///
    /// - Returns: nil when the constraint is in the solver (or already
    ///   was); otherwise why it was left out: it contradicts required
    ///   constraints, or holds a number out of range. That diagnostic is
    ///   also recorded in ``diagnostics``.
    @discardableResult
    package mutating func activate(_ id: ConstraintID) -> Diagnostic? {
        activate(id, as: nil)
    }

    /// ``activate(_:)`` with the solver constraint already made, when the caller has it.
    private mutating func activate(_ id: ConstraintID, as made: Constraint?) -> Diagnostic? {
        guard installed[id.index] == nil else { return nil }
        let constraint = made ?? solverConstraint(declared: id)
        if let failure = add(constraint, .declared(id)) { return failure }
        installed[id.index] = constraint
        return nil
    }

    /// The solver constraint that stands for a scene constraint with its
    /// constant now, not yet in the solver.
    func solverConstraint(declared id: ConstraintID) -> Constraint {
        // The fields it needs, read through the array's buffer: `scene[id]` copied the declaration whole,
        // its name and ranges retained and released.
        let declared = scene.constraints.withUnsafeBufferPointer { constraints in
            let i = id.index
            return (
                first: constraints[i].first, second: constraints[i].second, multiplier: constraints[i].multiplier,
                relation: constraints[i].relation, priority: constraints[i].priority
            )
        }
        // Right to left, a constraint on `leading` or `trailing` is measured from the right, leftwards.
        func isDirectional(_ anchor: Anchor) -> Bool { anchor.attribute == .leading || anchor.attribute == .trailing }
        let mirrored =
            scene.isRightToLeft && (isDirectional(declared.first) || declared.second.map(isDirectional) == true)
        let strength = declared.priority >= 1000 ? Strength.required : Strength(declared.priority)
        // Most constraints: between views' anchors, unmirrored, a multiplier of 1 (or none), made in one array.
        if !mirrored, declared.second == nil || declared.multiplier == 1,
            let expression = difference(declared.first, declared.second, plus: constants[id.index])
        {
            return Constraint(expression, Relation(declared.relation), strength: strength)
        }
        func place(_ anchor: Anchor) -> Expression {
            mirrored ? mirroredExpression(for: anchor) : expression(for: anchor)
        }
        let first = place(declared.first)
        // A multiplier of 1 leaves every number as it is: the expression is not copied to be multiplied.
        var second =
            declared.second.map { declared.multiplier == 1 ? place($0) : declared.multiplier * place($0) }
            ?? Expression()
        // UIKit evaluates a multiplied position in the two items' nearest common ancestor's coordinates:
        // `a - O == m * (b - O) + c`, O that view's leading (or top) edge, in the same coordinates as a and b.
        if let other = declared.second, declared.multiplier != 1, declared.first.attribute.kind != .size,
            let ancestor = commonAncestor(declared.first.item, other.item)
        {
            let origin =
                declared.first.attribute.isHorizontal
                ? place(Anchor(.view(ancestor), mirrored ? .leading : .left))
                : expression(for: Anchor(.view(ancestor), .top))
            second = second + (1 - declared.multiplier) * origin
        }
        let rhs = second + constants[id.index]
        // Made once, with its strength: not made required and then made again.
        return Constraint(first - rhs, Relation(declared.relation), strength: strength)
    }

    /// Changes a scene constraint's constant (`C.constant = E`). An active
    /// constraint is put back with the new constant (``reinstall(_:)``).
    ///
    /// - Returns: nil, or why the constraint could not be put back (it
    ///   then stays out, as a broken constraint does), as ``activate(_:)``
    ///   returns it.
    @discardableResult
    package mutating func setConstant(_ id: ConstraintID, to constant: Double) -> Diagnostic? {
        constants[id.index] = constant
        return reinstall(id)
    }

    /// Puts an active scene constraint back into the solver as it is now: its
    /// constant, and the baselines its anchors read. What changed is only a
    /// constant, mostly, which the solver changes in place
    /// (``Solver/replaceInPlace(_:)``); otherwise it is taken out and
    /// activated again, which says why it cannot go back in.
    ///
    /// - Returns: nil, or why the constraint could not be put back (it then
    ///   stays out), as ``activate(_:)`` returns it.
    @discardableResult
    mutating func reinstall(_ id: ConstraintID) -> Diagnostic? {
        guard let old = installed[id.index] else { return nil }
        let new = solverConstraint(declared: id)
        if solver.replaceInPlace([(old, new)]) {
            installed[id.index] = new
            return nil
        }
        deactivate(id)
        return activate(id, as: new)
    }

    /// Takes a scene constraint out of the solver.
    package mutating func deactivate(_ id: ConstraintID) {
        guard let constraint = installed[id.index] else { return }
        try? solver.remove(constraint)
        installed[id.index] = nil
    }

    /// Records a layout diagnostic, up to the same limit as the language's.
    mutating func report(_ diagnostic: Diagnostic) {
        diagnostics.record(diagnostic, limitNote: "too many layout problems; the rest are not reported")
    }

    /// Adds a constraint, turning a conflict into a diagnostic, which it
    /// records and returns; nil when the constraint is in.
    @discardableResult
    mutating func add(_ constraint: Constraint, _ origin: Origin) -> Diagnostic? {
        do {
            try solver.add(constraint)
            return nil
        } catch {
            let failure = diagnostic(for: error, origin)
            report(failure)
            return failure
        }
    }

    /// Why a constraint of this origin did not go into the solver.
    func diagnostic(for error: SolverError, _ origin: Origin) -> Diagnostic {
        switch error {
        case .unsatisfiable(_, let conflicts):
            return unsatisfiable(origin, conflicts: conflicts)
        case .nonFinite:
            return .error(.outOfRange, "\(describe(origin)) holds a number out of range", at: range(of: origin))
        default:
            // Duplicates and unknown constraints cannot happen: every constraint here is new.
            preconditionFailure("unexpected solver error: \(error)")
        }
    }
}

extension Relation {
    /// A scene constraint's relation, as the solver's.
    init(_ relation: ConstraintRelation) {
        switch relation {
        case .equal: self = .equal
        case .greaterThanOrEqual: self = .greaterThanOrEqual
        case .lessThanOrEqual: self = .lessThanOrEqual
        }
    }
}
