package import LayoutSolver
import PlaygroundProtocol
package import SceneLanguage

extension LayoutModel {
    /// An item's left, top, width and height as expressions of the variables.
    func edges(of item: LayoutItem) -> (left: Expression, top: Expression, width: Expression, height: Expression) {
        let width = Expression(rootWidth)
        let height = Expression(rootHeight)
        switch item {
        case .root:
            return (Expression(), Expression(), width, height)
        case .safeArea, .margins:
            var insets = scene.safeAreaInsets
            // Right to left, the leading inset is on the right.
            if scene.isRightToLeft { swap(&insets.leading, &insets.trailing) }
            if item == .margins {
                let margins = scene.rootMargins
                insets.top += margins.top
                insets.leading += margins.leading
                insets.bottom += margins.bottom
                insets.trailing += margins.trailing
            }
            return (
                Expression(insets.leading), Expression(insets.top), width - (insets.leading + insets.trailing),
                height - (insets.top + insets.bottom)
            )
        case .view(let view):
            let v = variables[view.index]
            return (Expression(v.left), Expression(v.top), Expression(v.width), Expression(v.height))
        case .viewMargins(let view):
            let v = variables[view.index]
            var margins = scene[view].margins
            if scene.isRightToLeft { swap(&margins.leading, &margins.trailing) }
            return (
                Expression(v.left) + margins.leading, Expression(v.top) + margins.top,
                Expression(v.width) - (margins.leading + margins.trailing),
                Expression(v.height) - (margins.top + margins.bottom)
            )
        }
    }

    /// An anchor as a linear expression of the variables.
    ///
    /// Baselines: a label's or button's are its text's (``TextMetrics``),
    /// the text centred vertically in the view as UIKit draws a label's text
    /// and a button's title, so a view taller than its text has its
    /// baselines lower by half the difference; a plain view's (and the
    /// root's) are its bottom edge, as a `UIView` without text has it. A
    /// stack's are an arranged subview's, as `UIStackView` gives its
    /// `forFirstBaselineLayout` and `forLastBaselineLayout`: a vertical
    /// stack's first baseline is its first subview's and its last baseline
    /// its last subview's; a horizontal stack's are its first subview's.
    package func expression(for anchor: Anchor) -> Expression {
        if case .view(let view) = anchor.item { return expression(of: view, anchor.attribute) }
        let (left, top, width, height) = edges(of: anchor.item)
        switch anchor.attribute {
        case .left: return left
        case .right: return left + width
        case .leading: return scene.isRightToLeft ? left + width : left
        case .trailing: return scene.isRightToLeft ? left : left + width
        case .centerX: return left + 0.5 * width
        case .width: return width
        case .top: return top
        case .bottom: return top + height
        case .centerY: return top + 0.5 * height
        case .height: return height
        case .firstBaseline, .lastBaseline: return top + height
        }
    }

    /// An anchor of a view or guide, made directly from its variables: the
    /// same terms, in the same order, with the same numbers as combining the
    /// expressions of ``edges(of:)`` makes, without making the edges not
    /// asked for. Most anchors of a scene are these.
    private func expression(of view: ViewID, _ attribute: Attribute) -> Expression {
        var terms: [Term] = []
        terms.reserveCapacity(2)
        let constant = appendTerms(of: view, attribute, negated: false, to: &terms)
        return Expression(terms: terms, constant: constant)
    }

    /// Appends the terms of an anchor of a view or guide (``expression(of:_:)``) to `terms`, their coefficients
    /// negated when `negated` is (as `-` negates them), and returns its constant: a constraint between two
    /// anchors is made in one array of terms, not three.
    private func appendTerms(of view: ViewID, _ attribute: Attribute, negated: Bool, to terms: inout [Term]) -> Double {
        let v = variables[view.index]
        func add(_ variable: Variable, _ coefficient: Double = 1) {
            terms.append(Term(variable, negated ? -coefficient : coefficient))
        }
        switch attribute {
        case .left: add(v.left)
        case .right: add(v.left); add(v.width)
        case .leading:
            add(v.left)
            if scene.isRightToLeft { add(v.width) }
        case .trailing:
            add(v.left)
            if !scene.isRightToLeft { add(v.width) }
        case .centerX: add(v.left); add(v.width, 0.5)
        case .width: add(v.width)
        case .top: add(v.top)
        case .bottom: add(v.top); add(v.height)
        case .centerY: add(v.top); add(v.height, 0.5)
        case .height: add(v.height)
        case .firstBaseline, .lastBaseline:
            if let holder = LayoutModel.baselineHolder(of: view, attribute, in: scene.views) {
                return appendTerms(of: holder, attribute, negated: negated, to: &terms)
            }
            guard scene.views[view.index].kind.hasText else {
                add(v.top)
                add(v.height)
                return 0
            }
            let metrics = metrics[view.index]
            let offset = attribute == .firstBaseline ? metrics.firstBaseline : metrics.lastBaseline
            add(v.top)
            add(v.height, 0.5)
            // `top + 0.5 * height + (offset - 0.5 * text height)`, its constant summed as that sums it.
            return 0 + (offset - 0.5 * metrics.size.height)
        }
        return 0
    }

    /// `first - (second + constant)` for anchors of views or guides, as ``expression(for:)`` and Expression's
    /// operators make it (the same terms in the same order, the same constant), in one array: nil when an anchor
    /// is of another item.
    func difference(_ first: Anchor, _ second: Anchor?, plus constant: Double) -> Expression? {
        guard case .view(let firstView) = first.item else { return nil }
        var secondView: (view: ViewID, attribute: Attribute)? = nil
        if let second {
            guard case .view(let view) = second.item else { return nil }
            secondView = (view, second.attribute)
        }
        var terms: [Term] = []
        terms.reserveCapacity(4)
        let firstConstant = appendTerms(of: firstView, first.attribute, negated: false, to: &terms)
        let secondConstant = secondView.map { appendTerms(of: $0.view, $0.attribute, negated: true, to: &terms) } ?? 0
        return Expression(terms: terms, constant: firstConstant - (secondConstant + constant))
    }

    /// The arranged subview whose baseline a stack's is (its first, or a
    /// vertical stack's last for `lastBaseline`); nil for a view that is no
    /// stack, or a stack without arranged subviews.
    /// (The views, not their scene: a scene passed on was copied whole, 392 bytes, at each call.)
    static func baselineHolder(of view: ViewID, _ baseline: Attribute, in views: [ViewDeclaration]) -> ViewID? {
        // Through the array's buffer: the subscript copied the whole declaration to read its stack.
        views.withUnsafeBufferPointer { views in
            guard let stack = views[view.index].stack, let first = stack.arranged.first else { return nil }
            return stack.axis == .vertical && baseline == .lastBaseline ? stack.arranged.last ?? first : first
        }
    }

    /// An anchor in a right-to-left constraint's coordinates: x measured from
    /// the root's right edge leftwards (`root.width - x`), so that a constant
    /// moves towards the trailing side, as UIKit applies it to `leading` and
    /// `trailing` under a right-to-left `semanticContentAttribute`. Vertical
    /// anchors and sizes are as they are.
    func mirroredExpression(for anchor: Anchor) -> Expression {
        switch anchor.attribute {
        case .left, .right, .leading, .trailing, .centerX:
            return Expression(rootWidth) - expression(for: anchor)
        default:
            return expression(for: anchor)
        }
    }

    /// The value of an anchor as solved now.
    package func value(of anchor: Anchor) -> Double {
        value(expression(for: anchor))
    }

    /// The nearest view that holds both items, in whose coordinates UIKit
    /// evaluates a constraint between them: a view holds itself, a guide is
    /// held by its view, and the root's guides by the root; nil for the root.
    func commonAncestor(_ a: LayoutItem, _ b: LayoutItem) -> ViewID? {
        func chain(_ item: LayoutItem) -> [ViewID] {
            let start: ViewID?
            switch item {
            case .view(let id): start = scene[id].kind == .guide ? scene[id].parent : id
            // A view's margins guide is the view's own.
            case .viewMargins(let id): start = id
            default: return []
            }
            var views: [ViewID] = []
            var current = start
            while let view = current {
                views.append(view)
                current = scene[view].parent
            }
            return views
        }
        let others = chain(b)
        return chain(a).first { others.contains($0) }
    }
}
