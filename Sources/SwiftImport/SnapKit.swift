import LayoutValues
import SwiftSyntax

/// SnapKit's DSL (`v.snp.makeConstraints { make in make.top.equalToSuperview().offset(8) }`), read where it maps
/// one to one onto the language's constraints: the Burger article's code is written with it.
///
/// - `makeConstraints` in the setup makes active constraints; in an action, an inactive group the action
///   activates.
/// - `remakeConstraints` drops the view's constraints made with SnapKit before and makes new ones: in the setup
///   at once; in an action, the new ones are an inactive group, and the action deactivates the view's other
///   SnapKit groups and activates it.
/// - `updateConstraints` changes the constants of the view's SnapKit constraints with the same attribute,
///   relation and target; `removeConstraints()` drops (in an action, deactivates) them all.
/// - `.constraint` kept in a `Constraint` property is a named constraint: `update(offset:)`, `update(inset:)`,
///   `activate()` and `deactivate()` on it are the language's statements.
extension Importer {
    /// SnapKit's single attributes by their name in the DSL, and the compound ones as the singles they stand for.
    private static let snapAttributes: [String: [String]] = [
        "left": ["left"], "right": ["right"], "top": ["top"], "bottom": ["bottom"], "leading": ["leading"],
        "trailing": ["trailing"], "width": ["width"], "height": ["height"], "centerX": ["centerX"],
        "centerY": ["centerY"], "firstBaseline": ["firstBaseline"], "lastBaseline": ["lastBaseline"],
        "edges": ["top", "left", "bottom", "right"], "horizontalEdges": ["left", "right"],
        "verticalEdges": ["top", "bottom"], "directionalEdges": ["top", "leading", "bottom", "trailing"],
        "directionalHorizontalEdges": ["leading", "trailing"], "directionalVerticalEdges": ["top", "bottom"],
        "size": ["width", "height"], "center": ["centerX", "centerY"],
    ]

    /// The margin attributes of a target (`other.snp.topMargin`): the attribute of the view's margins guide.
    private static let snapMarginAttributes: [String: String] = [
        "leftMargin": "left", "rightMargin": "right", "topMargin": "top", "bottomMargin": "bottom",
        "leadingMargin": "leading", "trailingMargin": "trailing", "centerXWithinMargins": "centerX",
        "centerYWithinMargins": "centerY",
    ]

    private static let snapRelations: [String: String] = [
        "equalTo": "==", "lessThanOrEqualTo": "<=", "greaterThanOrEqualTo": ">=", "equalToSuperview": "==",
        "lessThanOrEqualToSuperview": "<=", "greaterThanOrEqualToSuperview": ">=",
    ]

    /// Whether a call is SnapKit's: `v.snp.makeConstraints { … }` and the like; `path` is its called path, when
    /// the caller has it already.
    func snapMethod(of call: FunctionCallExprSyntax, path called: [String]? = nil) -> (view: [String], method: String)?
    {
        guard var path = called ?? call.calledPath, path.count >= 3, path[path.count - 2] == "snp",
            let method = path.popLast(), path.popLast() == "snp",
            ["makeConstraints", "remakeConstraints", "updateConstraints", "removeConstraints"].contains(method)
        else { return nil }
        return (path, method)
    }

    /// A SnapKit call of the setup: its constraints made, remade, updated or dropped at once.
    mutating func readSnapSetup(_ call: FunctionCallExprSyntax, scope: LocalScope) {
        guard let (path, method) = snapMethod(of: call) else { return }
        guard let view = viewName(path: path, in: scope) else {
            skip(call, "SnapKit constraints of a view that is not a view of the class")
            return
        }
        if method == "removeConstraints" || method == "remakeConstraints" {
            for index in snapConstraints[view] ?? [] where constraints[index].group == nil {
                constraints[index].activation = nil
                constraints[index].dropped = true
            }
            if method == "removeConstraints" { return }
        }
        if method == "updateConstraints" {
            for made in snapClosure(call, view: view, scope: scope) {
                guard let index = snapMatch(made, of: view) else {
                    skip(call, "updateConstraints with no constraint of '\(view)' to update")
                    continue
                }
                constraints[index].constant = made.constant
            }
            return
        }
        for made in snapClosure(call, view: view, scope: scope) {
            constraints.append(made)
            let index = constraints.count - 1
            activate(index)
            snapConstraints[view, default: []].append(index)
        }
    }

    /// A SnapKit call of an action: the statements that switch the view's SnapKit constraints as it does, its
    /// new constraints declared as an inactive group.
    mutating func readSnapAction(_ call: FunctionCallExprSyntax, scope: LocalScope) -> [SceneStatement] {
        guard let (path, method) = snapMethod(of: call) else { return [] }
        guard let view = viewName(path: path, in: scope) else {
            skip(call, "SnapKit constraints of a view that is not a view of the class")
            return []
        }
        let origin = call.startOffset
        switch method {
        case "removeConstraints":
            groupSetupSnapConstraints(of: view)
            return [.snapSwitch(view: view, group: nil, origin: origin)]
        case "updateConstraints":
            var out: [SceneStatement] = []
            for made in snapClosure(call, view: view, scope: scope) {
                guard let index = snapMatch(made, of: view) else {
                    skip(call, "updateConstraints with no constraint of '\(view)' to update")
                    continue
                }
                let name = constraints[index].name ?? nameSnapConstraint(index, of: view)
                out.append(.line("\(name).constant = \(format(made.constant))", origin: origin))
            }
            return out
        default:
            let made = snapClosure(call, view: view, scope: scope)
            guard !made.isEmpty else { return [] }
            if method == "remakeConstraints" { groupSetupSnapConstraints(of: view) }
            let group = freeSceneName(view + "Snap")
            groupSlots.insert(group)
            groupOrder.append(group)
            for var constraint in made {
                constraint.group = group
                constraints.append(constraint)
                groupMembers[group, default: []].append(constraints.count - 1)
                snapConstraints[view, default: []].append(constraints.count - 1)
            }
            snapGroups[view, default: []].append(group)
            guard method == "remakeConstraints" else { return [.line("activate \(group)", origin: origin)] }
            return [.snapSwitch(view: view, group: group, origin: origin)]
        }
    }

    /// The statements a remake (or removal) in an action stands for: every other SnapKit group of the view
    /// deactivated, then its new group activated.
    func snapSwitchLines(view: String, group: String?) -> [String] {
        let others = (snapGroups[view] ?? []).filter { $0 != group }
        return (others.isEmpty ? [] : ["deactivate " + others.joined(separator: " ")])
            + (group.map { ["activate \($0)"] } ?? [])
    }

    /// The view's SnapKit constraints of the setup, put in a group of their own so that an action can switch them
    /// off as a remake does.
    private mutating func groupSetupSnapConstraints(of view: String) {
        let loose = (snapConstraints[view] ?? []).filter { constraints[$0].group == nil && !constraints[$0].dropped }
        guard !loose.isEmpty else { return }
        let group = freeSceneName(view + "Snap")
        groupSlots.insert(group)
        groupOrder.append(group)
        for index in loose {
            constraints[index].group = group
            groupMembers[group, default: []].append(index)
        }
        snapGroups[view, default: []].insert(group, at: 0)
    }

    /// The latest SnapKit constraint of the view that an update's constraint matches: the same attribute,
    /// relation and target.
    private func snapMatch(_ made: ImportedConstraint, of view: String) -> Int? {
        (snapConstraints[view] ?? []).last { constraints[$0].text == made.text && !constraints[$0].dropped }
    }

    /// Names a SnapKit constraint that an action updates: `burgerTop`.
    private mutating func nameSnapConstraint(_ index: Int, of view: String) -> String {
        let attribute = constraints[index].text.split(separator: " ").first?.split(separator: ".").last ?? ""
        let name = freeSceneName(view + attribute.prefix(1).uppercased() + attribute.dropFirst())
        constraints[index].name = name
        constraintSlots.insert(name)
        return name
    }

    /// A name of the scene's shared namespace that nothing has yet: `base`, else `base2`, `base3`, ….
    mutating func freeSceneName(_ base: String) -> String {
        let taken = Set(views.keys).union(constraintSlots).union(groupSlots).union(animatorSlots)
            .union(constants.keys).union(textLists.map(\.name)).union(constraints.compactMap(\.name))
        if !taken.contains(base) { return base }
        var number = 2
        while taken.contains(base + String(number)) { number += 1 }
        return base + String(number)
    }

    /// The constraints a SnapKit closure describes, inactive and unnamed unless a `.constraint` is kept in a
    /// property; each statement that is not one it can read is skipped with a warning.
    private mutating func snapClosure(_ call: FunctionCallExprSyntax, view: String, scope: LocalScope)
        -> [ImportedConstraint]
    {
        guard let closure = call.trailingClosure ?? call.arguments.first?.expression.as(ClosureExprSyntax.self) else {
            return []
        }
        let maker = closure.parameterNames.first ?? "$0"
        var made: [ImportedConstraint] = []
        for item in closure.statements {
            let expression: ExprSyntax? =
                switch item.item {
                case .expr(let expression): expression
                case .stmt(let statement): statement.as(ExpressionStmtSyntax.self)?.expression
                case .decl: nil
                }
            guard let expression else {
                skip(item, "not a constraint of SnapKit's maker")
                continue
            }
            // `self.top = make.top.equalTo(…).constraint`: kept, a named constraint.
            var kept: String?
            var chain = expression
            if let infix = expression.as(InfixOperatorExprSyntax.self), infix.operator.is(AssignmentExprSyntax.self) {
                guard let path = infix.leftOperand.selfPath, path.count == 1, constraintSlots.contains(path[0]) else {
                    skip(infix, "a SnapKit constraint kept where the importer cannot follow it")
                    continue
                }
                kept = path[0]
                chain = infix.rightOperand
            }
            guard let constraints = snapConstraints(chain, maker: maker, view: view, scope: scope) else { continue }
            if let kept {
                guard constraints.count == 1, var only = constraints.first else {
                    skip(chain, "a kept SnapKit constraint of several attributes: the scene names one constraint")
                    continue
                }
                self.constraints.removeAll { $0.name == kept }
                only.name = kept
                made.append(only)
            } else {
                made += constraints
            }
        }
        return made
    }

    /// One line of the maker, `make.leading.trailing.equalToSuperview().inset(16)`, as its constraints; nil, with
    /// a warning, for anything it cannot read.
    private mutating func snapConstraints(_ expression: ExprSyntax, maker: String, view: String, scope: LocalScope)
        -> [ImportedConstraint]?
    {
        guard let links = snapChain(expression, maker: maker) else {
            skip(expression, "not a constraint of SnapKit's maker")
            return nil
        }
        var attributes: [String] = []
        var index = 0
        while index < links.count, links[index].call == nil, let singles = Self.snapAttributes[links[index].name] {
            attributes += singles
            index += 1
        }
        guard !attributes.isEmpty, index < links.count, let call = links[index].call,
            let relation = Self.snapRelations[links[index].name]
        else {
            skip(expression, "a SnapKit attribute or relation the importer does not know")
            return nil
        }
        let toSuperview = links[index].name.hasSuffix("Superview")
        let parent = views[view]?.parent
        // The target: each attribute's item and attribute, or constants alone.
        let target: SnapTarget
        if toSuperview {
            guard let parent else {
                skip(expression, "'\(view)' has no superview when its SnapKit constraints are made")
                return nil
            }
            target = .item(parent, attribute: nil, view: parent)
        } else {
            guard let argument = call.arguments.first?.expression,
                let read = snapTarget(argument, attributes: attributes, scope: scope)
            else {
                skip(call, "a SnapKit target the importer cannot work out")
                return nil
            }
            target = read
        }
        if case .constants = target, parent == nil, attributes.contains(where: { $0 != "width" && $0 != "height" }) {
            skip(expression, "'\(view)' has no superview for SnapKit to place it in")
            return nil
        }
        // The modifiers after the relation.
        var offset = 0.0
        var insets: (top: Double, left: Double, bottom: Double, right: Double)?
        var multiplier = 1.0
        var priority: String?
        for link in links[(index + 1)...] {
            guard let call = link.call else {
                if link.name == "constraint" { continue }
                skip(expression, "SnapKit's '\(link.name)' has no counterpart in a scene")
                return nil
            }
            let argument = call.arguments.first?.expression
            switch link.name {
            case "offset":
                guard let value = argument.flatMap({ number($0, in: scope)?.constant }) else {
                    skip(call, "an offset the importer cannot work out")
                    return nil
                }
                offset += value
            case "inset":
                guard let argument, let read = snapInsets(argument, scope: scope) else {
                    skip(call, "an inset the importer cannot work out")
                    return nil
                }
                insets = read
            case "multipliedBy", "dividedBy":
                guard let value = argument.flatMap({ number($0, in: scope)?.constant }), value != 0 else {
                    skip(call, "a multiplier the importer cannot work out")
                    return nil
                }
                multiplier *= link.name == "multipliedBy" ? value : 1 / value
            case "priority":
                guard let argument, let read = snapPriority(argument) else {
                    skip(call, "a priority the importer cannot work out")
                    return nil
                }
                priority = read
            case "labeled":
                continue
            default:
                skip(call, "SnapKit's '\(link.name)' has no counterpart in a scene")
                return nil
            }
        }
        let origin = expression.positionAfterSkippingLeadingTrivia.utf8Offset
        return attributes.map { attribute in
            var constant = offset
            if let insets { constant += Self.insetConstant(insets, for: attribute) }
            var text: String
            var items = [view]
            switch target {
            case .constants(let values):
                let value = values[attribute] ?? values["*"] ?? 0
                if attribute == "width" || attribute == "height" {
                    text = "\(view).\(attribute) \(relation)"
                    constant += value
                } else {
                    // A position given as a number is from the superview's same attribute, as SnapKit makes it.
                    let superview = parent ?? "root"
                    text = "\(view).\(attribute) \(relation) \(superview).\(attribute)"
                    items.append(Self.owner(superview))
                    constant += value
                }
            case .item(let item, let fixed, let owner):
                let factor = multiplier == 1 ? "" : "\(format(multiplier)) * "
                text = "\(view).\(attribute) \(relation) \(factor)\(item).\(fixed ?? attribute)"
                items.append(owner)
            }
            return ImportedConstraint(
                text: text, constant: constant, name: nil, group: nil, priority: priority, activation: nil,
                origin: origin, items: items)
        }
    }

    /// The view of an item: `root` for `root.safeArea`.
    private static func owner(_ item: String) -> String { String(item.split(separator: ".").first ?? "") }

    /// What `inset` adds to an attribute's constant, as SnapKit's `ConstraintInsetTarget` gives it: inwards from
    /// each edge, the sizes by both sides.
    private static func insetConstant(
        _ insets: (top: Double, left: Double, bottom: Double, right: Double), for attribute: String
    ) -> Double {
        switch attribute {
        case "top", "firstBaseline": insets.top
        case "left", "leading": insets.left
        case "bottom", "lastBaseline": -insets.bottom
        case "right", "trailing": -insets.right
        case "width": -(insets.left + insets.right)
        case "height": -(insets.top + insets.bottom)
        case "centerX": (insets.left - insets.right) / 2
        case "centerY": (insets.top - insets.bottom) / 2
        default: 0
        }
    }

    /// What an `equalTo(…)` relates to.
    private enum SnapTarget {
        /// An item (a view, `root.safeArea`, `v.margins`), at a fixed attribute or each attribute's own, and the
        /// view it belongs to.
        case item(String, attribute: String?, view: String)
        /// Numbers: by attribute, or `*` for every attribute.
        case constants([String: Double])
    }

    private func snapTarget(_ expression: ExprSyntax, attributes: [String], scope: LocalScope) -> SnapTarget? {
        if let value = number(expression, in: scope)?.constant { return .constants(["*": value]) }
        let unwrapped = expression.unwrapped
        if let call = unwrapped.as(FunctionCallExprSyntax.self), call.calledPath == ["CGSize"] {
            guard let width = call.argument("width").flatMap({ number($0, in: scope)?.constant }),
                let height = call.argument("height").flatMap({ number($0, in: scope)?.constant })
            else { return nil }
            return .constants(["width": width, "height": height])
        }
        guard var path = unwrapped.memberPath else { return nil }
        // `other.snp.top`, `view.safeAreaLayoutGuide.snp.top`, `other.snp.topMargin`: one attribute.
        var fixed: String?
        var margins = false
        if path.count >= 2, path[path.count - 2] == "snp" {
            let last = path.removeLast()
            path.removeLast()
            if let single = Self.snapAttributes[last], single.count == 1 {
                fixed = single[0]
            } else if let margin = Self.snapMarginAttributes[last] {
                fixed = margin
                margins = true
            } else {
                return nil
            }
            guard attributes.count == 1 || fixed == nil else { return nil }
        }
        var guide = ""
        if path.last == "safeAreaLayoutGuide" || path.last == "layoutMarginsGuide" {
            guide = path.removeLast() == "safeAreaLayoutGuide" ? ".safeArea" : ".margins"
        }
        if margins {
            guard guide.isEmpty else { return nil }
            guide = ".margins"
        }
        if path.isEmpty && rootIsSelf { path = ["self"] }
        guard let view = viewName(path: path, in: scope) else { return nil }
        if guide == ".safeArea" && view != "root" { return nil }
        return .item(view + guide, attribute: fixed, view: view)
    }

    /// `inset(N)` or `inset(UIEdgeInsets(top:left:bottom:right:))`.
    private func snapInsets(_ expression: ExprSyntax, scope: LocalScope) -> (
        top: Double, left: Double, bottom: Double, right: Double
    )? {
        if let value = number(expression, in: scope)?.constant { return (value, value, value, value) }
        guard let call = expression.unwrapped.as(FunctionCallExprSyntax.self),
            call.calledPath == ["UIEdgeInsets"] || call.calledPath == ["", "init"],
            let top = call.argument("top").flatMap({ number($0, in: scope)?.constant }),
            let left = call.argument("left").flatMap({ number($0, in: scope)?.constant }),
            let bottom = call.argument("bottom").flatMap({ number($0, in: scope)?.constant }),
            let right = call.argument("right").flatMap({ number($0, in: scope)?.constant })
        else { return nil }
        return (top, left, bottom, right)
    }

    /// SnapKit's priorities: a number, `.required`, `.high`, `.medium`, `.low`, or UIKit's.
    private func snapPriority(_ expression: ExprSyntax) -> String? {
        switch expression.unwrapped.memberPath?.last {
        case "high": "high"
        case "medium": "500"
        case "low": "low"
        default: priority(expression)
        }
    }

    /// One link of a maker's chain: a member (`top`) or a call (`equalTo(…)`).
    private struct SnapLink {
        var name: String
        var call: FunctionCallExprSyntax?
    }

    /// The chain from the maker: `make.top.equalTo(x).offset(8)` is `top`, `equalTo(x)`, `offset(8)`.
    private func snapChain(_ expression: ExprSyntax, maker: String) -> [SnapLink]? {
        var links: [SnapLink] = []
        var current = expression.unwrapped
        while true {
            if let call = current.as(FunctionCallExprSyntax.self),
                let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base
            {
                links.append(SnapLink(name: member.declName.baseName.text, call: call))
                current = base.unwrapped
            } else if let member = current.as(MemberAccessExprSyntax.self), let base = member.base {
                links.append(SnapLink(name: member.declName.baseName.text, call: nil))
                current = base.unwrapped
            } else if let reference = current.as(DeclReferenceExprSyntax.self), reference.baseName.text == maker {
                return links.reversed()
            } else {
                return nil
            }
        }
    }

    /// A call on a kept SnapKit `Constraint` in an action: `update(offset:)`, `update(inset:)`, `activate()`,
    /// `deactivate()`. Nil when it is not one.
    mutating func readSnapConstraintCall(
        _ name: String, _ method: String, _ call: FunctionCallExprSyntax, scope: LocalScope
    )
        -> [SceneStatement]?
    {
        guard constraintSlots.contains(name), let index = constraints.lastIndex(where: { $0.name == name }) else {
            return nil
        }
        let origin = call.startOffset
        switch method {
        case "activate", "deactivate":
            return [.line("\(method) \(name)", origin: origin)]
        case "update":
            if let value = call.argument("offset").flatMap({ number($0, in: scope, inAction: true) }) {
                return [.line("\(name).constant = \(value.text)", origin: origin)]
            }
            let attribute = String(
                constraints[index].text.split(separator: " ").first?.split(separator: ".").last ?? "")
            if let argument = call.argument("inset"), let insets = snapInsets(argument, scope: scope) {
                return [
                    .line("\(name).constant = \(format(Self.insetConstant(insets, for: attribute)))", origin: origin)
                ]
            }
            skip(call, "a SnapKit update the importer cannot work out")
            return []
        default:
            return nil
        }
    }
}
