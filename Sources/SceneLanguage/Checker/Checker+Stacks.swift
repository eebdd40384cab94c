import LayoutValues

extension Checker {
    /// Gives each stack its arranged subviews (the views declared in its
    /// block, in order; a guide there is the stack's, not arranged) and its
    /// custom spacings, reporting an arranged subview's fixed frame, which the
    /// stack overrides, and spacings that follow no arranged subview.
    mutating func arrangeStacks() {
        for index in scene.views.indices {
            guard let parent = scene.views[index].parent, scene[parent].stack != nil else { continue }
            let view = scene.views[index]
            // A guide in a stack's block is a layout guide of the stack, which UIKit does not arrange.
            guard view.kind != .guide else { continue }
            if view.fixedFrame != nil {
                report(
                    .warning(
                        .notApplicable,
                        "\(quoted(scene[parent].name.name)) arranges \(quoted(view.name.name)), so its frame is ignored: "
                            + "a stack view turns off its arranged subviews' translatesAutoresizingMaskIntoConstraints",
                        at: view.propertyRange(.frame) ?? view.range))
                scene.views[index].fixedFrame = nil
            }
            if scene[parent].stack?.distribution == .fillProportionally
                && (view.kind == .stack || (view.kind == .view && view.intrinsicSize == nil))
            {
                report(
                    .warning(
                        .notApplicable,
                        "\(quoted(scene[parent].name.name)) is 'fillProportionally', which sizes its subviews by their "
                            + "intrinsic sizes, and \(quoted(view.name.name)) has none: it gets no share (0 points); "
                            + (view.kind == .stack ? "" : "give it a 'size', or ") + "choose another distribution",
                        at: view.name.range))
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
            guard let viewSymbol = lookUp(spacing.view, expecting: "view", accepting: { $0.isView }) else { continue }
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
