package import PlaygroundProtocol
import SceneLanguage

/// `textDocument/documentSymbol`: the outline of a scene. Views and guides
/// nested as declared (a view's range spans its subviews), constraint groups
/// with their constraints, named constraints outside groups, animators,
/// variables, text lists, `on load` and the actions, in the order of the file.
extension DocumentContext {
    /// LSP's SymbolKind numbers.
    enum SymbolKindNumber: Int {
        case namespace = 3, `class` = 5, property = 7, field = 8, function = 12, variable = 13, array = 18
        case object = 19, `struct` = 23, event = 24
    }

    /// The deepest level at which a view is nested in the outline.
    static let deepestSymbol = 15

    package func documentSymbols() -> JSONValue {
        guard let scene else { return .array([]) }
        var top: [(start: Int, json: JSONValue)] = []
        // Views nested deeper than ``deepestSymbol`` are listed under their ancestor at that depth, so that the
        // answer stays a JSON document any client reads (the language allows 64 levels of blocks).
        var parents: [ViewID?] = []
        var depths: [Int] = []
        for view in scene.viewIDs {
            var parent = scene[view].parent
            while let shown = parent, depths[shown.index] >= Self.deepestSymbol { parent = parents[shown.index] }
            parents.append(parent)
            depths.append(parent.map { depths[$0.index] + 1 } ?? 0)
        }
        // Views: children first, so that each parent's range can cover them.
        var children: [[(Int, JSONValue)]] = Array(repeating: [], count: scene.views.count)
        var spans: [Range<Int>] = scene.views.map { $0.range.start..<$0.range.end }
        for view in scene.viewIDs.reversed() {
            let declaration = scene[view]
            let span = spans[view.index]
            let kind: SymbolKindNumber = declaration.kind == .guide ? .struct : .class
            let json = symbol(
                declaration.name.name, detail: "\(declaration.kind)", kind: kind, range: span,
                selection: declaration.name.range.start..<declaration.name.range.end,
                children: children[view.index].sorted { $0.0 < $1.0 }.map(\.1))
            if let parent = parents[view.index] {
                children[parent.index].append((span.lowerBound, json))
                let parentSpan = spans[parent.index]
                spans[parent.index] =
                    min(parentSpan.lowerBound, span.lowerBound)..<max(parentSpan.upperBound, span.upperBound)
            } else {
                top.append((span.lowerBound, json))
            }
        }
        var grouped: [[JSONValue]] = Array(repeating: [], count: scene.groups.count)
        for id in scene.constraintIDs {
            let constraint = scene[id]
            let text = constraint.expansion ?? String(scene.text(of: constraint.range))
            let span = constraint.range.start..<constraint.range.end
            if let group = constraint.group {
                let name = constraint.name?.name ?? text
                let selection = constraint.name.map { $0.range.start..<$0.range.end } ?? span
                grouped[group.index].append(
                    symbol(name, detail: text, kind: .property, range: span, selection: selection, children: []))
            } else if let name = constraint.name {
                top.append(
                    (
                        span.lowerBound,
                        symbol(
                            name.name, detail: text, kind: .property, range: span,
                            selection: name.range.start..<name.range.end, children: [])
                    ))
            }
        }
        for (index, group) in scene.groups.enumerated() {
            let name = group.name?.name ?? "constraints"
            let selection = group.name.map { $0.range.start..<$0.range.end } ?? group.range.start..<group.range.end
            let detail = group.isInitiallyActive ? "constraints" : "constraints, inactive"
            top.append(
                (
                    group.range.start,
                    symbol(
                        name, detail: detail, kind: .namespace, range: group.range.start..<group.range.end,
                        selection: selection, children: grouped[index])
                ))
        }
        for animator in scene.animators {
            top.append(
                (
                    animator.range.start,
                    symbol(
                        animator.name.name, detail: "animator", kind: .event,
                        range: animator.range.start..<animator.range.end,
                        selection: animator.name.range.start..<animator.name.range.end, children: [])
                ))
        }
        for variable in scene.variables {
            top.append(
                (
                    variable.range.start,
                    symbol(
                        variable.name.name, detail: "var", kind: .variable,
                        range: variable.range.start..<variable.range.end,
                        selection: variable.name.range.start..<variable.name.range.end, children: [])
                ))
        }
        for list in scene.textLists {
            top.append(
                (
                    list.range.start,
                    symbol(
                        list.name.name, detail: "texts", kind: .array, range: list.range.start..<list.range.end,
                        selection: list.name.range.start..<list.name.range.end, children: [])
                ))
        }
        if let onLoad = scene.onLoad {
            top.append(
                (
                    onLoad.range.start,
                    symbol(
                        "on load", detail: "action", kind: .function, range: onLoad.range.start..<onLoad.range.end,
                        selection: onLoad.range.start..<onLoad.range.end, children: [])
                ))
        }
        for action in scene.actions {
            top.append(
                (
                    action.range.start,
                    symbol(
                        action.name.name, detail: "action", kind: .function,
                        range: action.range.start..<action.range.end,
                        selection: action.name.range.start..<action.name.range.end, children: [])
                ))
        }
        return .array(top.sorted { $0.start < $1.start }.map(\.json))
    }

    private func symbol(
        _ name: String, detail: String, kind: SymbolKindNumber, range span: Range<Int>, selection: Range<Int>,
        children: [JSONValue]
    ) -> JSONValue {
        // LSP requires the selection inside the range.
        let whole = min(span.lowerBound, selection.lowerBound)..<max(span.upperBound, selection.upperBound)
        var members: [String: JSONValue] = [
            "name": .string(name.isEmpty ? "(unnamed)" : name), "detail": .string(detail),
            "kind": .number(Double(kind.rawValue)), "range": range(whole).json, "selectionRange": range(selection).json,
        ]
        if !children.isEmpty { members["children"] = .array(children) }
        return .object(members)
    }
}
