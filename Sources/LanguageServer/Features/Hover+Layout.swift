import LayoutValues
import SceneLanguage
import SceneRuntime

extension DocumentContext {
    /// The most constraints a view's hover lists.
    static let listedConstraints = 24

    /// A view's kind, name and text, its solved frame and intrinsic size, and the constraints that hold it.
    func describe(view: ViewID, scene: Scene, layout: LayoutModel) -> String {
        let declaration = scene[view]
        var lines: [String] = []
        var title = "**\(declaration.kind)** `\(declaration.name.name)`"
        if declaration.kind.hasText { title += " — \"\(shortened(declaration.text, to: 60))\"" }
        if let parent = declaration.parent { title += " in `\(scene[parent].name.name)`" }
        lines.append(title)
        let frame = layout.frame(of: view)
        lines.append(
            "frame: x \(points(frame.x)), y \(points(frame.y)), width \(points(frame.width)), height \(points(frame.height))"
                + (declaration.fixedFrame != nil ? " (a fixed frame)" : ""))
        if let size = layout.intrinsicSize(of: view) {
            lines.append("intrinsic size: \(points(size.width)) × \(points(size.height))")
        } else {
            lines.append("intrinsic size: none")
        }
        let holding = scene.constraintIDs.filter { id in
            [scene[id].first.item, scene[id].second?.item].contains { item in
                item == .view(view) || item == .viewMargins(view)
            }
        }
        if holding.isEmpty {
            lines.append("held by no constraint")
        } else {
            lines.append("held by \(holding.count) constraint\(holding.count == 1 ? "" : "s"):")
            for id in holding.prefix(Self.listedConstraints) {
                lines.append("- " + summary(of: id, scene: scene, layout: layout))
            }
            if holding.count > Self.listedConstraints {
                lines.append("- … and \(holding.count - Self.listedConstraints) more")
            }
        }
        return lines.joined(separator: "  \n")
    }

    /// One line for a constraint: its text, line and state.
    func summary(of id: ConstraintID, scene: Scene, layout: LayoutModel) -> String {
        let constraint = scene[id]
        let text = constraint.expansion ?? String(scene.text(of: constraint.range))
        var line = "`\(shortened(text, to: 80))` (line \(lineNumber(of: constraint.range.start))"
        if constraint.priority < 1000 { line += ", @\(format(constraint.priority))" }
        switch ConstraintState(id, scene: scene, layout: layout) {
        case .satisfied: break
        case .inactive: line += ", inactive"
        case .broken: line += ", broken to recover"
        case .missed(let by): line += ", missed by \(points(by))"
        }
        return line + ")"
    }

    /// A group's state as declared, and its constraints with theirs.
    func describe(group id: GroupID, scene: Scene, layout: LayoutModel) -> String {
        let group = scene[id]
        let members = scene.constraintIDs.filter { scene[$0].group == id }
        var lines = [
            "**constraints** `\(group.name?.name ?? "")`"
                + (group.isInitiallyActive ? "" : ", inactive until an action activates it")
                + ": \(members.count) constraint\(members.count == 1 ? "" : "s")"
        ]
        for member in members.prefix(Self.listedConstraints) {
            lines.append("- " + summary(of: member, scene: scene, layout: layout))
        }
        if members.count > Self.listedConstraints {
            lines.append("- … and \(members.count - Self.listedConstraints) more")
        }
        return lines.joined(separator: "  \n")
    }

    /// A constraint's priority, and whether the solved layout satisfies it and by how much it misses.
    func describe(constraint id: ConstraintID, scene: Scene, layout: LayoutModel) -> String {
        let constraint = scene[id]
        var lines: [String] = []
        let name = constraint.name.map { "`\($0.name)`" } ?? "(unnamed)"
        lines.append("**constraint** \(name)")
        lines.append("`\(shortened(String(scene.text(of: constraint.range)), to: 120))`")
        if let expansion = constraint.expansion { lines.append("written out: `\(expansion)`") }
        if let group = constraint.group, let groupName = scene[group].name {
            lines.append("in the group `\(groupName.name)`")
        }
        let named = PriorityName.allCases.first { $0.value == constraint.priority }
        lines.append("priority: \(format(constraint.priority))" + (named.map { " (\($0.rawValue))" } ?? ""))
        let state = ConstraintState(id, scene: scene, layout: layout)
        switch state {
        case .satisfied(let first, let second):
            lines.append(
                "satisfied in the solved layout: \(points(first)) \(constraint.relation.rawValue) \(points(second))")
        case .missed(let by):
            lines.append("**not satisfied** in the solved layout: missed by \(points(by)) points")
        case .inactive:
            lines.append("inactive: not in the layout until an action activates it")
        case .broken:
            lines.append("**broken**: it conflicts with required constraints and was left out to recover")
        }
        if case .missed = state, let values = state.sides(id, scene: scene, layout: layout) {
            lines.append("left side \(points(values.first)), right side \(points(values.second))")
        }
        return lines.joined(separator: "  \n")
    }

    private func shortened(_ text: String, to length: Int) -> String {
        let flat = text.replacingNewlines()
        return flat.count > length ? String(flat.prefix(length - 1)) + "…" : flat
    }
}

/// How a declared constraint stands in the solved layout.
enum ConstraintState {
    /// Both sides' values, which meet the relation (to 1e-6).
    case satisfied(Double, Double)
    /// Active but not met: a constraint below required that lost to higher ones, by this many points.
    case missed(by: Double)
    /// Declared inactive.
    case inactive
    /// Active, but left out of the solver: it conflicted with required constraints.
    case broken

    static let tolerance = 1e-6

    init(_ id: ConstraintID, scene: Scene, layout: LayoutModel) {
        let constraint = scene[id]
        guard layout.isInstalled(id) else {
            self = constraint.isInitiallyActive ? .broken : .inactive
            return
        }
        let (first, second) = Self.values(id, scene: scene, layout: layout)
        let difference = first - second
        let miss: Double =
            switch constraint.relation {
            case .equal: abs(difference)
            case .greaterThanOrEqual: max(0, -difference)
            case .lessThanOrEqual: max(0, difference)
            }
        self = miss <= Self.tolerance ? .satisfied(first, second) : .missed(by: miss)
    }

    /// The two sides of a constraint in the solved layout: the first anchor's value, and the multiplier times
    /// the second's plus the constant (the constant alone without a second anchor).
    static func values(_ id: ConstraintID, scene: Scene, layout: LayoutModel) -> (first: Double, second: Double) {
        let constraint = scene[id]
        let first = layout.value(of: constraint.first)
        let second =
            (constraint.second.map { constraint.multiplier * layout.value(of: $0) } ?? 0) + layout.constant(of: id)
        return (first, second)
    }

    func sides(_ id: ConstraintID, scene: Scene, layout: LayoutModel) -> (first: Double, second: Double)? {
        layout.isInstalled(id) ? Self.values(id, scene: scene, layout: layout) : nil
    }
}

extension String {
    /// The text on one line: line ends as `⏎`.
    func replacingNewlines() -> String {
        String(unicodeScalars.map { $0 == "\n" ? "⏎" : Character($0) })
    }
}
