/// The axis a stack view lays its arranged subviews along (`UIStackView.axis`).
public enum StackAxis: String, Hashable, Sendable, CaseIterable {
    case horizontal, vertical
}

/// How a stack view sizes and spaces its arranged subviews along its axis
/// (`UIStackView.Distribution`).
public enum StackDistribution: String, Hashable, Sendable, CaseIterable {
    case fill, fillEqually, fillProportionally, equalSpacing, equalCentering
}

/// How a stack view places its arranged subviews across its axis
/// (`UIStackView.Alignment`). `top` and `leading` are one value in UIKit, as
/// are `bottom` and `trailing`; a stack takes the name that suits its axis.
public enum StackAlignment: String, Hashable, Sendable, CaseIterable {
    case fill, leading, top, center, trailing, bottom, firstBaseline, lastBaseline

    /// Whether the alignment reads on a stack of this axis: `top`, `bottom`
    /// and the baselines on a horizontal stack (its views side by side),
    /// `leading` and `trailing` on a vertical one.
    public func applies(to axis: StackAxis) -> Bool {
        switch self {
        case .fill, .center: true
        case .top, .bottom, .firstBaseline, .lastBaseline: axis == .horizontal
        case .leading, .trailing: axis == .vertical
        }
    }
}

/// `form.spacing after name = 16`: `setCustomSpacing(_:after:)`.
public struct CustomSpacing: Hashable, Sendable {
    /// The arranged subview the spacing follows.
    public var view: ViewID
    public var spacing: Double
    public var range: SourceRange

    public init(view: ViewID, spacing: Double, range: SourceRange) {
        self.view = view
        self.spacing = spacing
        self.range = range
    }
}

/// What `stack NAME horizontal|vertical …` declares beyond a plain view: how
/// the stack arranges the subviews declared in its block.
public struct StackLayout: Hashable, Sendable {
    public var axis: StackAxis
    /// The spacing between adjacent arranged subviews (`spacing N`; 0 by default, as UIKit's).
    public var spacing: Double = 0
    public var distribution: StackDistribution = .fill
    public var alignment: StackAlignment = .fill
    /// `margins [TOP LEADING BOTTOM TRAILING]`: the subviews are laid out
    /// inside these margins (`isLayoutMarginsRelativeArrangement`); nil
    /// when they are laid out to the stack's edges.
    public var margins: Insets? = nil
    /// The arranged subviews, in order: the views declared in the stack's block.
    public var arranged: [ViewID] = []
    /// Spacings after particular arranged subviews, at most one each.
    public var customSpacings: [CustomSpacing] = []

    /// UIKit's default layout margins for a view: 8 points on each side.
    public static let defaultMargins = Insets(top: 8, leading: 8, bottom: 8, trailing: 8)

    public init(axis: StackAxis) {
        self.axis = axis
    }

    /// The spacing after an arranged subview: its custom spacing, or the stack's.
    public func spacing(after view: ViewID) -> Double {
        customSpacings.first { $0.view == view }?.spacing ?? spacing
    }
}
