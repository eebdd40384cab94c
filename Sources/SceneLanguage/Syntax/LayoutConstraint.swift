/// How a constraint's two sides relate.
public enum ConstraintRelation: String, Hashable, Sendable {
    case equal = "=="
    case greaterThanOrEqual = ">="
    case lessThanOrEqual = "<="
}

/// A checked constraint in Auto Layout's form,
/// `first REL multiplier × second + constant`, or `first REL constant`
/// without a second anchor.
///
/// A position related to a constant alone is in the root view's
/// coordinates: `card.left == 20` puts the card's left edge 20 points from
/// the canvas's left.
public struct LayoutConstraint: Hashable, Sendable {
    /// The name actions use to change it, if it has one.
    public var name: Identifier?
    /// Its group, if it is in one.
    public var group: GroupID?
    /// Whether it is active when the scene loads: false when it or its
    /// group was declared `inactive`.
    public var isInitiallyActive: Bool
    public var first: Anchor
    public var relation: ConstraintRelation
    public var multiplier: Double
    public var second: Anchor?
    public var constant: Double
    /// 1…1000; 1000 is required.
    public var priority: Double
    /// The whole declaration, for messages; for a constraint made by a visual
    /// format line, the characters that made it (`-8-`, `(>=50@750)`).
    public var range: SourceRange
    /// For a constraint made by a visual format line, the constraint as it
    /// would be written out, `b.leading == a.trailing + 8`; nil for the others.
    public var expansion: String? = nil
}

/// `constraints NAME [inactive] { … }`: constraints switched together.
public struct ConstraintGroup: Hashable, Sendable {
    public var name: Identifier?
    public var isInitiallyActive: Bool
    public var range: SourceRange
    /// A named or inactive visual format line (`fields: H:|-[a]-|`), whose
    /// constraints are switched together by the line's name.
    public internal(set) var isVisualFormatLine = false
}

/// A priority's name: `required` (1000), `high` (750), `low` (250), `fitting` (50).
public enum PriorityName: String, CaseIterable, Sendable {
    case required, high, low, fitting

    public var value: Double {
        switch self {
        case .required: 1000
        case .high: 750
        case .low: 250
        case .fitting: 50
        }
    }
}
