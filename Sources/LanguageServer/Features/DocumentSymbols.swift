package import PlaygroundProtocol
import SceneLanguage

/// `textDocument/documentSymbol`: the outline of a scene. Views and guides
/// nested as declared (a view's range spans its subviews), constraint groups
/// with their constraints, named constraints outside groups, animators,
/// variables, text lists, `on load` and the actions, in the order of the file.
extension DocumentContext {
    /// LSP's SymbolKind numbers.
    enum SymbolKindNumber: Int {
        case namespace = 3, `class` = 5, property = 7, function = 12, variable = 13, array = 18, `struct` = 23
        case event = 24
    }

    /// A symbol of the outline with where it starts, for ordering.
    private typealias Entry = (start: Int, json: JSONValue)

    /// The deepest level at which a view is nested in the outline.
    static let deepestSymbol = 15

    package func documentSymbols() -> JSONValue {
        guard let scene else { return .array([]) }
        var top = views(of: scene)
        var grouped: [[JSONValue]] = Array(repeating: [], count: scene.groups.count)
        for id in scene.constraintIDs {
            let constraint = scene[id]
            let text = constraint.expansion ?? String(scene.text(of: constraint.range))
            if let group = constraint.group {
                // In a group, an unnamed constraint goes by its text.
                let name = constraint.name ?? Identifier(text, constraint.range)
                grouped[group.index].append(symbol(name, detail: text, kind: .property, in: constraint.range).json)
            } else if let name = constraint.name {
                top.append(symbol(name, detail: text, kind: .property, in: constraint.range))
            }
        }
        for (index, group) in scene.groups.enumerated() {
            let name = group.name ?? Identifier("constraints", group.range)
            let detail = group.isInitiallyActive ? "constraints" : "constraints, inactive"
            top.append(symbol(name, detail: detail, kind: .namespace, in: group.range, children: grouped[index]))
        }
        top += scene.animators.map { symbol($0.name, detail: "animator", kind: .event, in: $0.range) }
        top += scene.variables.map { symbol($0.name, detail: "var", kind: .variable, in: $0.range) }
        top += scene.textLists.map { symbol($0.name, detail: "texts", kind: .array, in: $0.range) }
        if let onLoad = scene.onLoad {
            top.append(symbol(Identifier("on load", onLoad.range), detail: "action", kind: .function, in: onLoad.range))
        }
        top += scene.actions.map { symbol($0.name, detail: "action", kind: .function, in: $0.range) }
        return .array(top.sorted { $0.start < $1.start }.map(\.json))
    }

    /// The views at the top of the outline, each with its subviews. Views nested deeper than ``deepestSymbol``
    /// are listed under their ancestor at that depth, so that the answer stays a JSON document any client reads
    /// (the language allows 64 levels of blocks).
    private func views(of scene: Scene) -> [Entry] {
        var parents: [ViewID?] = []
        var depths: [Int] = []
        for view in scene.viewIDs {
            var parent = scene[view].parent
            while let shown = parent, depths[shown.index] >= Self.deepestSymbol { parent = parents[shown.index] }
            parents.append(parent)
            depths.append(parent.map { depths[$0.index] + 1 } ?? 0)
        }
        // Children first, so that each parent's range can cover them.
        var children: [[Entry]] = Array(repeating: [], count: scene.views.count)
        var spans = scene.views.map(\.range)
        var top: [Entry] = []
        for view in scene.viewIDs.reversed() {
            let declaration = scene[view]
            let span = spans[view.index]
            let entry = symbol(
                declaration.name, detail: "\(declaration.kind)", kind: declaration.kind == .guide ? .struct : .class,
                in: span, children: children[view.index].sorted { $0.start < $1.start }.map(\.json))
            if let parent = parents[view.index] {
                children[parent.index].append(entry)
                spans[parent.index] = spans[parent.index].union(span)
            } else {
                top.append(entry)
            }
        }
        return top
    }

    /// A DocumentSymbol: its name's range is the selection, inside its declaration's range (LSP requires it).
    private func symbol(
        _ name: Identifier, detail: String, kind: SymbolKindNumber, in declaration: SourceRange,
        children: [JSONValue] = []
    ) -> Entry {
        let whole = declaration.union(name.range)
        var members: [String: JSONValue] = [
            "name": .string(name.name.isEmpty ? "(unnamed)" : name.name), "detail": .string(detail),
            "kind": .number(Double(kind.rawValue)), "range": range(whole).json,
            "selectionRange": range(name.range).json,
        ]
        if !children.isEmpty { members["children"] = .array(children) }
        return (whole.start, .object(members))
    }
}
