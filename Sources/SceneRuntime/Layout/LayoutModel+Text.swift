import LayoutSolver
import PlaygroundProtocol
package import SceneLanguage

extension LayoutModel {
    /// Changes a label's or button's text or font (`V.text = …`,
    /// `V.font = …`): its intrinsic size and baselines follow, so its
    /// intrinsic-size constraints and every active constraint on its
    /// baselines are replaced. The frames change at the next read.
    package mutating func setText(_ text: String, font: Double, of view: ViewID) {
        let index = view.index
        let kind = scene[view].kind
        guard kind.hasText else { return }
        let metrics = TextMetrics(text: text, font: font, kind: kind)
        guard metrics != self.metrics[index] else { return }
        self.metrics[index] = metrics
        for constraint in viewConstraints[index] {
            try? solver.remove(constraint)
            origins[constraint] = nil
        }
        addViewConstraints(view)
        for user in baselineUsers[index] where isInstalled(user) {
            deactivate(user)
            activate(user)
        }
        // A stack's constraints hold its subviews' baselines (baseline alignments) and intrinsic sizes
        // (fillProportionally): they follow the text.
        // Up the stacks that arrange it (a stack's baselines are its subviews'), those whose constraints hold
        // baselines or intrinsic sizes are put back as the text is now; the others hold neither.
        var arranged = view
        while let stack = scene.arrangingStack(of: arranged) {
            if let layout = stackLayouts[stack],
                layout.distribution == .fillProportionally
                    || [.firstBaseline, .lastBaseline].contains(layout.alignment)
            {
                for failure in rearrange(stack) { report(failure) }
            }
            arranged = stack
        }
    }

    /// The text metrics of a view now.
    package func textMetrics(of view: ViewID) -> TextMetrics {
        metrics[view.index]
    }
}
