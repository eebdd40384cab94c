/// A constraint as written: `[NAME:] ITEM.ATTR REL EXPR [@PRIORITY]`.
///
/// The parser makes these; the checker resolves them into ``LayoutConstraint``s.
///
/// Its parts are kept in one object, shared by its copies: a save reuses the syntax of thousands of unchanged
/// lines, and a copy is then one reference counted, not one for each of its names, expressions and ranges.
struct ConstraintSyntax: Sendable {
    private final class Parts: Sendable {
        let name: Identifier?
        let isInactive: Bool
        let group: GroupID?
        let first: [Identifier]
        let relation: Located<ConstraintRelation>
        let second: Expr
        let priority: Located<Double>?
        let range: SourceRange

        init(
            name: Identifier?, isInactive: Bool, group: GroupID?, first: [Identifier],
            relation: Located<ConstraintRelation>, second: Expr, priority: Located<Double>?, range: SourceRange
        ) {
            self.name = name
            self.isInactive = isInactive
            self.group = group
            self.first = first
            self.relation = relation
            self.second = second
            self.priority = priority
            self.range = range
        }
    }

    private let parts: Parts

    init(
        name: Identifier?, isInactive: Bool, group: GroupID?, first: [Identifier],
        relation: Located<ConstraintRelation>, second: Expr, priority: Located<Double>?, range: SourceRange
    ) {
        parts = Parts(
            name: name, isInactive: isInactive, group: group, first: first, relation: relation, second: second,
            priority: priority, range: range)
    }

    var name: Identifier? { parts.name }
    /// `inactive` was written before it.
    var isInactive: Bool { parts.isInactive }
    /// The group it is declared in.
    var group: GroupID? { parts.group }
    /// `card.top`, `root.safeArea.leading`: two or three names.
    var first: [Identifier] { parts.first }
    var relation: Located<ConstraintRelation> { parts.relation }
    var second: Expr { parts.second }
    var priority: Located<Double>? { parts.priority }
    /// The whole declaration, its name included.
    var range: SourceRange { parts.range }
}

/// `form.spacing after name = 16` as written, for the checker to resolve.
struct CustomSpacingSyntax: Sendable {
    var stack: Identifier
    var view: Identifier
    var spacing: Located<Double>
    var range: SourceRange
}
