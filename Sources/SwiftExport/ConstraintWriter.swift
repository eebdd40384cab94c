import PlaygroundProtocol
import SceneLanguage

/// `viewDidLoad()`'s second part: every constraint made with the anchor API
/// (or `NSLayoutConstraint(item:…)` for a multiplied position), its
/// identifier and priority set, named ones kept in properties, groups in
/// arrays, and the active ones activated at once.
///
/// Each constraint is one line of the form
/// `EXPRESSION.identified("IDENTIFIER"[, priority: P])`, so that tools can read
/// the exported constraints back. Visual format lines arrive here expanded into
/// constraints, each identified by its written-out form.
struct ConstraintWriter {
    let exporter: Exporter

    var scene: Scene { exporter.scene }

    mutating func write(into code: inout SwiftCode) {
        guard !scene.constraints.isEmpty else { return }
        code.line()
        // Named constraints first, in properties; then groups; then what is active at load.
        for constraint in scene.constraints {
            guard let name = constraint.name else { continue }
            writeNotes(for: constraint, into: &code)
            code.line("\(exporter.names.member(name.name)) = \(expression(for: constraint))")
        }
        for (index, group) in scene.groups.enumerated() {
            guard let name = group.name else { continue }
            let members = scene.constraints.filter { $0.group == GroupID(index) }
            code.open("\(exporter.names.member(name.name)) = [")
            for constraint in members { writeEntry(constraint, into: &code) }
            code.close("]")
        }
        let active = scene.constraints.filter { constraint in
            guard constraint.isInitiallyActive else { return false }
            guard let group = constraint.group else { return true }
            return scene[group].name == nil
        }
        if !active.isEmpty {
            code.open("NSLayoutConstraint.activate([")
            for constraint in active { writeEntry(constraint, into: &code) }
            code.close("])")
        }
        for group in scene.groups where group.isInitiallyActive {
            guard let name = group.name else { continue }
            code.line("NSLayoutConstraint.activate(\(exporter.names.member(name.name)))")
        }
        let inactive = scene.constraints.filter { !$0.isInitiallyActive && $0.group == nil && $0.name != nil }
        let inactiveGroups = scene.groups.filter { !$0.isInitiallyActive && $0.name != nil }
        let waiting =
            inactive.map { exporter.names.member($0.name!.name) }
            + inactiveGroups.map { exporter.names.member($0.name!.name) }
        if !waiting.isEmpty {
            code.comment("Made but not active until an action activates them: \(waiting.joined(separator: ", ")).")
        }
        for constraint in scene.constraints where !constraint.isInitiallyActive && constraint.name == nil {
            let inUnnamedGroup = constraint.group.map { scene[$0].name == nil } ?? true
            guard inUnnamedGroup else { continue }
            code.comment(
                "Inactive and unnamed, so nothing can activate it; not exported: "
                    + SwiftSyntax.commentText(scene.text(of: constraint.range)))
        }
    }

    /// One entry of an array: a named constraint's property, or the constraint itself.
    private func writeEntry(_ constraint: LayoutConstraint, into code: inout SwiftCode) {
        if let name = constraint.name {
            code.line(exporter.names.member(name.name) + ",")
        } else {
            writeNotes(for: constraint, into: &code)
            code.line(expression(for: constraint) + ",")
        }
    }

    /// A comment before a constraint that UIKit reads differently.
    private func writeNotes(for constraint: LayoutConstraint, into code: inout SwiftCode) {
        guard let second = constraint.second, constraint.first.attribute.kind == .horizontalPosition else { return }
        let directional: Set<Attribute> = [.leading, .trailing]
        let absolute: Set<Attribute> = [.left, .right]
        let attributes = [constraint.first.attribute, second.attribute]
        if attributes.contains(where: directional.contains) && attributes.contains(where: absolute.contains) {
            if scene.isRightToLeft {
                code.comment(
                    "UIKit raises when leading or trailing is related to left or right; the scene relates them "
                        + "right to left, which has no exact UIKit form.")
            } else {
                code.comment(
                    "UIKit does not relate leading or trailing to left or right; left to right they are the same "
                        + "edges, so left and right stand for them here.")
            }
        }
    }

    /// The constraint's Swift expression, identifier and priority included.
    func expression(for constraint: LayoutConstraint) -> String {
        // A visual format line's constraints are identified by their written-out form; their source is a fragment.
        let identifier = constraint.name?.name ?? constraint.expansion ?? String(scene.text(of: constraint.range))
        var suffix = ".identified(\(SwiftSyntax.string(identifier))"
        if constraint.priority < 1000 { suffix += ", priority: \(Self.priority(constraint.priority))" }
        return make(constraint) + suffix + ")"
    }

    /// A priority: UIKit's named ones, or `UILayoutPriority(N)`.
    static func priority(_ value: Double) -> String {
        switch value {
        case 1000: ".required"
        case 750: ".defaultHigh"
        case 250: ".defaultLow"
        case 50: ".fittingSizeLevel"
        default: "UILayoutPriority(\(SwiftSyntax.number(value)))"
        }
    }

    private func make(_ constraint: LayoutConstraint) -> String {
        var first = constraint.first
        var second = constraint.second
        if !scene.isRightToLeft, let other = second, first.attribute.kind == .horizontalPosition {
            // Left to right, leading and trailing are left and right; UIKit refuses to mix the two pairs.
            let pairs: Set<Attribute> = [.left, .right]
            if pairs.contains(first.attribute) || pairs.contains(other.attribute) {
                first.attribute = Self.absolute(first.attribute)
                second?.attribute = Self.absolute(other.attribute)
            }
        }
        let relation =
            switch constraint.relation {
            case .equal: "equalTo"
            case .greaterThanOrEqual: "greaterThanOrEqualTo"
            case .lessThanOrEqual: "lessThanOrEqualTo"
            }
        let constant = SwiftSyntax.number(constraint.constant)
        guard let second else {
            if first.attribute.kind == .size {
                return "\(anchor(first)).constraint(\(relation)Constant: \(constant))"
            }
            // A position related to a constant alone is in the root's coordinates.
            let origin: Attribute =
                switch first.attribute {
                case .leading, .trailing: .leading
                case .left, .right, .centerX: .left
                default: .top
                }
            return "\(anchor(first)).constraint(\(relation): view.\(origin.rawValue)Anchor"
                + (constraint.constant == 0 ? ")" : ", constant: \(constant))")
        }
        let multiplier = constraint.multiplier
        if multiplier == 1 {
            return "\(anchor(first)).constraint(\(relation): \(anchor(second))"
                + (constraint.constant == 0 ? ")" : ", constant: \(constant))")
        }
        if first.attribute.kind == .size {
            return "\(anchor(first)).constraint(\(relation): \(anchor(second)), "
                + "multiplier: \(SwiftSyntax.number(multiplier))"
                + (constraint.constant == 0 ? ")" : ", constant: \(constant))")
        }
        if multiplier == 0 {
            // UIKit refuses a position times 0; the scene reads it as a position in the two items' nearest
            // common ancestor's coordinates, which is a constant from that view's left (or top) edge.
            let mirrored =
                scene.isRightToLeft
                && [first.attribute, second.attribute].contains { $0 == .leading || $0 == .trailing }
            let origin: Attribute = first.attribute.isHorizontal ? (mirrored ? .leading : .left) : .top
            let ancestor = commonAncestor(first.item, second.item).map { exporter.names.member(scene[$0].name.name) }
            return "\(anchor(first)).constraint(\(relation): \(ancestor ?? "view").\(origin.rawValue)Anchor"
                + (constraint.constant == 0 ? ")" : ", constant: \(constant))")
        }
        let relatedBy =
            switch constraint.relation {
            case .equal: ".equal"
            case .greaterThanOrEqual: ".greaterThanOrEqual"
            case .lessThanOrEqual: ".lessThanOrEqual"
            }
        return "NSLayoutConstraint(item: \(item(first.item)), attribute: .\(first.attribute.rawValue), "
            + "relatedBy: \(relatedBy), toItem: \(item(second.item)), attribute: .\(second.attribute.rawValue), "
            + "multiplier: \(SwiftSyntax.number(multiplier)), constant: \(constant))"
    }

    /// The nearest view that holds both items (a guide counts as its view); nil for the root.
    private func commonAncestor(_ a: LayoutItem, _ b: LayoutItem) -> ViewID? {
        func chain(_ item: LayoutItem) -> [ViewID] {
            guard case .view(var id) = item else { return [] }
            if scene[id].kind == .guide {
                guard let parent = scene[id].parent else { return [] }
                id = parent
            }
            var result = [id]
            while let parent = scene[result.last!].parent { result.append(parent) }
            return result
        }
        let others = Set(chain(b))
        return chain(a).first { others.contains($0) }
    }

    private static func absolute(_ attribute: Attribute) -> Attribute {
        switch attribute {
        case .leading: .left
        case .trailing: .right
        default: attribute
        }
    }

    /// `root` is `view`, its guides are `view`'s, a view or guide its property.
    func item(_ item: LayoutItem) -> String {
        switch item {
        case .root: "view!"
        case .safeArea: "view.safeAreaLayoutGuide"
        case .margins: "view.layoutMarginsGuide"
        case .view(let id): exporter.names.member(scene[id].name.name)
        case .viewMargins(let id): exporter.names.member(scene[id].name.name) + ".layoutMarginsGuide"
        }
    }

    private func anchor(_ anchor: Anchor) -> String {
        let base =
            switch anchor.item {
            case .root: "view"
            default: item(anchor.item)
            }
        return "\(base).\(anchor.attribute.rawValue)Anchor"
    }
}
