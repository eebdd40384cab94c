/// A constraint as written: `[NAME:] ITEM.ATTR REL EXPR [@PRIORITY]`.
///
/// The parser makes these; the checker resolves them into ``LayoutConstraint``s.
struct ConstraintSyntax: Sendable {
    var name: Identifier?
    /// `inactive` was written before it.
    var isInactive: Bool
    /// The group it is declared in.
    var group: GroupID?
    /// `card.top`, `root.safeArea.leading`: two or three names.
    var first: [Identifier]
    var relation: Located<ConstraintRelation>
    var second: Expr
    var priority: Located<Double>?
    /// The whole declaration, its name included.
    var range: SourceRange
}

/// `form.spacing after name = 16` as written, for the checker to resolve.
struct CustomSpacingSyntax: Sendable {
    var stack: Identifier
    var view: Identifier
    var spacing: Located<Double>
    var range: SourceRange
}
