import LayoutValues

extension Checker {
    /// The standard spacing between sibling views, and a declared view's
    /// default layout margins: UIKit's 8 points.
    static let standardSpacing = 8.0

    /// Expands a visual format line into its constraints, in the order of the
    /// format: for each view its size predicates, then the connection after
    /// it; alignments last. Reports what cannot be expanded and gives none.
    mutating func expand(_ line: VisualFormatSyntax) -> [LayoutConstraint] {
        var items: [ViewID] = []
        for view in line.views {
            guard let id = lineView(view.name) else { continue }
            items.append(id)
        }
        guard items.count == line.views.count else { return [] }
        var seen: [ViewID: SourceRange] = [:]
        for (view, id) in zip(line.views, items) {
            if let first = seen[id] {
                error(
                    .invalidFormat,
                    "\(quoted(view.name)) stands twice in this line; a view stands once in a line, or the "
                        + "spacing would relate it to itself", at: view.name.range,
                    notes: [Diagnostic.Note("first here", at: first)])
                return []
            }
            seen[id] = view.name.range
        }
        var expander = VisualFormatExpander(line: line, scene: scene, items: items)
        let edges = [line.leadingEdge, line.trailingEdge].compactMap { $0 }
        if let edge = edges.first {
            let parents = items.map { scene[$0].parent }
            if let other = parents.firstIndex(where: { $0 != parents[0] }) {
                func place(_ parent: ViewID?) -> String {
                    parent.map { "in \(quoted(scene[$0].name))" } ?? "in the root view"
                }
                error(
                    .invalidFormat,
                    "'|' stands for the superview of the line's views, but \(quoted(line.views[0].name)) is "
                        + "\(place(parents[0])) and \(quoted(line.views[other].name)) \(place(parents[other])); "
                        + "write the edges in a line of views that share a superview", at: edge.bar)
                return []
            }
            expander.superview = parents[0]
        }
        for view in line.views {
            for predicate in view.predicates {
                guard case .view(let name) = predicate.object else { continue }
                if name.name == "root" { continue }
                guard lineView(name) != nil else { return [] }
            }
        }
        for alignment in line.alignments
        where alignment.attribute == .firstBaseline || alignment.attribute == .lastBaseline {
            if let guide = items.first(where: { scene[$0].kind == .guide }) {
                error(
                    .invalidAttribute,
                    "a layout guide has no '\(alignment.attribute.rawValue)'; \(quoted(scene[guide].name)) "
                        + "cannot be aligned on it", at: alignment.range)
                return []
            }
        }
        return expander.constraints(viewsByName: scene.viewsByName)
    }

    /// A view named in a line: a declared view or guide, not the root.
    private mutating func lineView(_ name: Identifier) -> ViewID? {
        if name.name == "root" {
            error(
                .invalidFormat,
                "'root' is the superview of the top-level views, not a view in a line; '|' stands for its edges",
                at: name.range)
            return nil
        }
        guard let symbol = lookUp(name, expecting: "view", accepting: { $0.isView }) else { return nil }
        guard case .view(let index) = symbol else {
            error(
                .typeMismatch,
                "\(quoted(name.name)) is \(describe(symbol)), not a view; a visual format line lays out views",
                at: name.range)
            return nil
        }
        return ViewID(index)
    }
}

/// Makes the constraints of a visual format line whose names are resolved.
struct VisualFormatExpander {
    let line: VisualFormatSyntax
    let scene: Scene
    /// The line's views, resolved.
    let items: [ViewID]
    /// The views' parent, which `|` stands for: nil for the root.
    var superview: ViewID? = nil

    init(line: VisualFormatSyntax, scene: Scene, items: [ViewID]) {
        self.line = line
        self.scene = scene
        self.items = items
    }

    /// The attribute where an item starts and where it ends along the line,
    /// and whether coordinates grow along it (not right to left).
    private var axis: (start: Attribute, end: Attribute, size: Attribute, forward: Bool) {
        switch (line.axis, line.direction) {
        case (.vertical, _): (.top, .bottom, .height, true)
        case (.horizontal, .leadingToTrailing): (.leading, .trailing, .width, true)
        case (.horizontal, .leftToRight): (.left, .right, .width, true)
        case (.horizontal, .rightToLeft): (.right, .left, .width, false)
        }
    }

    /// Every constraint of the line, in the order of the format.
    func constraints(viewsByName: [String: ViewID]) -> [LayoutConstraint] {
        var made: [LayoutConstraint] = []
        let (start, end, _, _) = axis
        if let edge = line.leadingEdge {
            made += spacing(
                edge.connection, from: Anchor(edgeItem(edge.connection), start),
                to: Anchor(.view(items[0]), start), range: edge.bar.union(edge.connection.range))
        }
        for (n, view) in line.views.enumerated() {
            made += sizes(of: view, item: items[n], viewsByName: viewsByName)
            if n < line.connections.count {
                let connection = line.connections[n]
                made += spacing(
                    connection, from: Anchor(.view(items[n]), end), to: Anchor(.view(items[n + 1]), start),
                    range: connection.range)
            }
        }
        if let edge = line.trailingEdge {
            made += spacing(
                edge.connection, from: Anchor(.view(items[items.count - 1]), end),
                to: Anchor(edgeItem(edge.connection), end), range: edge.connection.range.union(edge.bar))
        }
        for alignment in line.alignments {
            for n in items.indices.dropFirst() {
                made.append(
                    make(
                        Anchor(.view(items[n]), alignment.attribute), .equal,
                        Anchor(.view(items[n - 1]), alignment.attribute), 0, priority: nil, range: alignment.range))
            }
        }
        return made
    }

    /// What `|` stands for next to a connection: the root's margins for `-`
    /// next to a top-level view, otherwise the superview's edge (a declared
    /// view's margins are its edges inset by its `margins`, 8 by default).
    private func edgeItem(_ connection: VisualFormatSyntax.Connection) -> LayoutItem {
        guard let superview else {
            if case .standard = connection.kind { return .margins }
            return .root
        }
        return .view(superview)
    }

    /// A view's layout margin on the side of one of its edges.
    private func margin(of view: ViewID, at edge: Attribute) -> Double {
        let margins = scene[view].margins
        let rtl = scene.isRightToLeft
        switch edge {
        case .top: return margins.top
        case .bottom: return margins.bottom
        case .leading: return margins.leading
        case .trailing: return margins.trailing
        case .left: return rtl ? margins.trailing : margins.leading
        case .right: return rtl ? margins.leading : margins.trailing
        default: return Checker.standardSpacing
        }
    }

    /// The spacing constraints of a connection from an earlier anchor to a later one along the line.
    private func spacing(
        _ connection: VisualFormatSyntax.Connection, from earlier: Anchor, to later: Anchor, range: SourceRange
    ) -> [LayoutConstraint] {
        let predicates: [(ConstraintRelation, Double, Double?, SourceRange)]
        switch connection.kind {
        case .flush:
            predicates = [(.equal, 0, nil, range)]
        case .standard:
            // Next to `|`, the standard spacing is to the margins: the root's guide, or a declared
            // superview's edge inset by its margins on that side.
            let toRootMargins = (earlier.item == .margins || later.item == .margins)
            var spacing = toRootMargins ? 0 : Checker.standardSpacing
            if let superview {
                if earlier.item == .view(superview) { spacing = margin(of: superview, at: earlier.attribute) }
                if later.item == .view(superview) { spacing = margin(of: superview, at: later.attribute) }
            }
            predicates = [(.equal, spacing, nil, range)]
        case .predicates(let list):
            predicates = list.map { predicate in
                guard case .constant(let value) = predicate.object else { return (.equal, 0, nil, predicate.range) }
                return (predicate.relation, value, predicate.priority, list.count == 1 ? range : predicate.range)
            }
        }
        return predicates.map { relation, constant, priority, range in
            // Along the line, `later - earlier REL constant`; right to left, coordinates run against it.
            axis.forward
                ? make(later, relation, earlier, constant, priority: priority, range: range)
                : make(earlier, relation, later, constant, priority: priority, range: range)
        }
    }

    /// A view's size predicates: `[a(>=50@750)]`, `[b(==a)]`.
    private func sizes(
        of view: VisualFormatSyntax.View, item: ViewID, viewsByName: [String: ViewID]
    ) -> [LayoutConstraint] {
        let size = axis.size
        return view.predicates.compactMap { predicate in
            let range = view.predicates.count == 1 ? view.predicatesRange ?? predicate.range : predicate.range
            let first = Anchor(.view(item), size)
            switch predicate.object {
            case .constant(let value):
                return make(first, predicate.relation, nil, value, priority: predicate.priority, range: range)
            case .view(let name):
                let other: LayoutItem
                if name.name == "root" {
                    other = .root
                } else if let id = viewsByName[name.name] {
                    other = .view(id)
                } else {
                    return nil
                }
                return make(
                    first, predicate.relation, Anchor(other, size), 0, priority: predicate.priority, range: range)
            }
        }
    }

    /// One constraint, `first REL second + constant`, with its written-out form.
    private func make(
        _ first: Anchor, _ relation: ConstraintRelation, _ second: Anchor?, _ constant: Double, priority: Double?,
        range: SourceRange
    ) -> LayoutConstraint {
        var expansion = "\(name(first)) \(relation.rawValue) "
        if let second {
            expansion += name(second)
            if constant != 0 { expansion += (constant < 0 ? " - " : " + ") + format(abs(constant)) }
        } else {
            expansion += format(constant)
        }
        if let priority, priority != 1000 { expansion += " @" + format(priority) }
        return LayoutConstraint(
            name: nil, group: line.group,
            isInitiallyActive: line.group.map { scene[$0].isInitiallyActive } ?? true, first: first,
            relation: relation, multiplier: second == nil ? 0 : 1, second: second, constant: constant,
            priority: priority ?? 1000, range: range, expansion: expansion)
    }

    /// How an anchor is written: `card.leading`, `root.margins.top`.
    private func name(_ anchor: Anchor) -> String {
        let item =
            switch anchor.item {
            case .root: "root"
            case .safeArea: "root.safeArea"
            case .margins: "root.margins"
            case .view(let id): scene[id].name.name
            case .viewMargins(let id): scene[id].name.name + ".margins"
            }
        return item + "." + anchor.attribute.rawValue
    }
}
