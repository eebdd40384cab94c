import PlaygroundProtocol

extension Checker {
    /// Gives each stack its arranged subviews (the views declared in its
    /// block, in order) and its custom spacings, reporting what cannot be
    /// arranged and spacings that follow no arranged subview.
    mutating func arrangeStacks() {
        for index in scene.views.indices {
            guard let parent = scene.views[index].parent, scene[parent].stack != nil else { continue }
            let view = scene.views[index]
            if view.kind == .guide {
                error(
                    .notApplicable,
                    "a layout guide cannot be a stack's arranged subview: it is not a view; declare a 'view' instead",
                    at: view.range)
                continue
            }
            scene.views[parent.index].stack?.arranged.append(ViewID(index))
        }
        for spacing in customSpacings {
            guard let symbol = lookUp(spacing.stack, expecting: "stack", accepting: isStack) else { continue }
            guard case .view(let stackIndex) = symbol, let stack = scene.views[stackIndex].stack else {
                error(
                    .typeMismatch,
                    "\(quoted(spacing.stack.name)) is \(describe(symbol)), not a stack; only a stack has a spacing",
                    at: spacing.stack.range)
                continue
            }
            let isView: (Symbol) -> Bool = { if case .view = $0 { true } else { false } }
            guard let viewSymbol = lookUp(spacing.view, expecting: "view", accepting: isView) else { continue }
            guard case .view(let viewIndex) = viewSymbol, stack.arranged.contains(ViewID(viewIndex)) else {
                let names = stack.arranged.map { quoted(scene[$0].name.name) }
                error(
                    .invalidValue,
                    "\(quoted(spacing.view.name)) is not arranged by \(quoted(spacing.stack.name)); a custom spacing "
                        + "follows one of its arranged subviews"
                        + (names.isEmpty ? " (it has none)" : " (" + names.joined(separator: ", ") + ")"),
                    at: spacing.view.range)
                continue
            }
            if let first = stack.customSpacings.first(where: { $0.view == ViewID(viewIndex) }) {
                error(
                    .duplicateSetting,
                    "the spacing after \(quoted(spacing.view.name)) is set twice; keep one of them", at: spacing.range,
                    notes: [Diagnostic.Note("first set here", at: first.range)])
                continue
            }
            scene.views[stackIndex].stack?.customSpacings.append(
                CustomSpacing(view: ViewID(viewIndex), spacing: spacing.spacing.value, range: spacing.range))
        }
    }

    private func isStack(_ symbol: Symbol) -> Bool {
        if case .view(let index) = symbol { scene.views[index].stack != nil } else { false }
    }
}
