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
        guard scene.views[view.index].kind.hasText else { return }
        texts[index] = (text, font)
        replaceMetrics(of: view)
    }

    /// Puts a view's intrinsic-size constraints, and the constraints on its
    /// baselines, back as its text, font and wrap width have them now, and
    /// the stacks that read them.
    mutating func replaceMetrics(of view: ViewID) {
        var stacks = StacksToRearrange()
        replaceMetrics(of: view, collecting: &stacks)
        rearrange(stacks)
    }

    /// ``replaceMetrics(of:)`` but for the stacks: those whose constraints
    /// read the view's text are added to `stacks`, for the caller to
    /// rearrange once however many of their labels changed.
    mutating func replaceMetrics(of view: ViewID, collecting stacks: inout StacksToRearrange) {
        let index = view.index
        let metrics = TextMetrics(
            text: texts[index].text, font: texts[index].font, kind: scene.views[index].kind,
            numberOfLines: scene.views[index].numberOfLines, wrapWidth: wrapWidths[index])
        guard metrics != self.metrics[index] else { return }
        self.metrics[index] = metrics
        replaceViewConstraints(view)
        for user in baselineUsers()[index] { reinstall(user) }
        // A stack's constraints hold its subviews' baselines (baseline alignments) and intrinsic sizes
        // (fillProportionally): they follow the text.
        // Up the stacks that arrange it (a stack's baselines are its subviews'), those whose constraints hold
        // baselines or intrinsic sizes are put back as the text is now; the others hold neither.
        var arranged = view
        while let stack = scene.arrangingStack(of: arranged) {
            if let layout = stackLayouts[stack],
                layout.distribution == .fillProportionally
                    || layout.alignment == .firstBaseline || layout.alignment == .lastBaseline
            {
                stacks.insert(stack)
            }
            arranged = stack
        }
    }

    /// Puts a view's intrinsic-size constraints back as its metrics are now.
    ///
    /// The four of a size that changed differ from those in the solver only
    /// in their constants, which the solver changes in place, all four as
    /// one change (``Solver/replaceInPlace(_:)``): a shift of the rows that
    /// hold them, instead of removals and additions that substitute rows
    /// through the tableau (a label's text fitting its width was most of the
    /// churn of a scene with wrapping labels). When it cannot (one of them
    /// is out, or the new size contradicts required constraints), they are
    /// taken out and put back, which says why.
    mutating func replaceViewConstraints(_ view: ViewID) {
        let index = view.index
        let old = viewConstraints[index]
        if !old.isEmpty {
            let wanted = viewConstraintsWanted(view)
            if old.count == wanted.count && solver.replaceInPlace(Array(zip(old, wanted))) {
                viewConstraints[index] = wanted
                return
            }
        }
        for constraint in old { try? solver.remove(constraint) }
        addViewConstraints(view)
    }

    /// The stacks whose constraints are to be put back, each once, in the
    /// order they were first named.
    struct StacksToRearrange {
        private(set) var stacks: [ViewID] = []
        private var named: Set<Int> = []

        mutating func insert(_ stack: ViewID) {
            if named.insert(stack.index).inserted { stacks.append(stack) }
        }
    }

    /// Puts each stack's constraints back as its subviews are now, reporting any left out.
    mutating func rearrange(_ stacks: StacksToRearrange) {
        for stack in stacks.stacks {
            for failure in rearrange(stack) { report(failure) }
        }
    }

    /// How many layout passes a multi-line label may take to settle its line count.
    static let textFitPasses = 8

    /// Lays multi-line labels out as UIKit does: each wraps at the width the
    /// layout gives it (as UIKit sets a multi-line label's
    /// `preferredMaxLayoutWidth` to its width and lays out again), so its
    /// intrinsic height is its wrapped lines' and its intrinsic width its
    /// widest line's, and the layout is solved again, until no label's
    /// lines change. Each fit starts from the text unwrapped, so a label
    /// given more room unwraps again. A label whose lines still change after
    /// ``textFitPasses`` passes keeps the last and is reported.
    ///
    /// A stack whose constraints read its labels' text (baselines, or
    /// intrinsic sizes in `fillProportionally`) is rearranged once a pass,
    /// after all its labels are rewrapped, as `UIStackView` updates its
    /// constraints once in the next constraint pass however many of its
    /// subviews invalidated their intrinsic size: a label read after another
    /// in the same pass sees that one's new size, and the stacks catch up
    /// before the next pass reads any frame. Rearranging a stack once for
    /// each of its labels was most of the time small scenes spent here.
    package mutating func fitText() {
        guard !multilineViews.isEmpty else { return }
        var unwrapped = StacksToRearrange()
        for view in multilineViews where wrapWidths[view.index] != nil {
            wrapWidths[view.index] = nil
            replaceMetrics(of: view, collecting: &unwrapped)
        }
        rearrange(unwrapped)
        for _ in 0..<LayoutModel.textFitPasses {
            var changed = false
            var stacks = StacksToRearrange()
            defer { rearrange(stacks) }
            for view in multilineViews {
                let index = view.index
                let padding = scene.views[index].kind == .button ? TextMetrics.buttonPadding : Insets.zero
                let available = max(frame(of: view).width - padding.leading - padding.trailing, 0)
                let unwrapped = TextMetrics(
                    text: texts[index].text, font: texts[index].font, kind: .label, numberOfLines: 1)
                let wanted: Double? = unwrapped.size.width <= available + 1e-9 ? nil : available
                guard wanted != wrapWidths[index] else { continue }
                wrapWidths[index] = wanted
                let before = metrics[index]
                replaceMetrics(of: view, collecting: &stacks)
                if metrics[index] != before { changed = true }
            }
            if !changed { return }
        }
        let names = multilineViews.map { quoted(scene[$0].name.name) }.joined(separator: ", ")
        report(
            .warning(
                .ambiguousLayout,
                "the multi-line labels' line counts (\(names)) still change after \(LayoutModel.textFitPasses) "
                    + "layout passes; they keep the last", at: scene[multilineViews[0]].range))
    }

    /// The text metrics of a view now.
    package func textMetrics(of view: ViewID) -> TextMetrics {
        metrics[view.index]
    }
}
