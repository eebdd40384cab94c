/// A visual format line as written: `[inactive] [NAME:] H:|-[a]-8-[b(==a)]-| [options]`,
/// in the grammar of Auto Layout's Visual Format Language.
///
/// The parser makes these; the checker expands each into ``LayoutConstraint``s,
/// one for each connection, predicate and alignment, whose ranges are the
/// characters of the format that made them.
struct VisualFormatSyntax: Sendable {
    enum Axis: Sendable {
        /// `H:`: widths, and spacing along the reading direction.
        case horizontal
        /// `V:`: heights, and spacing from top to bottom.
        case vertical
    }

    /// `direction …`: how an `H:` line reads (UIKit's `NSLayoutFormatOptions` direction).
    enum Direction: String, Sendable, CaseIterable {
        /// Leading to trailing, the default: flips in a right-to-left scene.
        case leadingToTrailing
        case leftToRight
        case rightToLeft
    }

    /// `[relation]object[@priority]`, in a view's parentheses or a connection.
    struct Predicate: Sendable {
        enum Object: Sendable {
            case constant(Double)
            /// A view's name: only in a view's own predicates (`[b(==a)]`).
            case view(Identifier)
        }

        var relation: ConstraintRelation
        var object: Object
        var priority: Double?
        /// The predicate's characters, `>=50@750`.
        var range: SourceRange
    }

    /// What stands between two views, or between a view and `|`.
    struct Connection: Sendable {
        enum Kind: Sendable {
            /// `-`: the standard spacing, or the superview's margin next to `|`.
            case standard
            /// Nothing: flush, 0 points (to the superview's edge next to `|`).
            case flush
            /// `-8-`, `-(>=20@high)-`.
            case predicates([Predicate])
        }

        var kind: Kind
        /// The connection's characters (`-8-`), or for a flush one its two neighbours (`[a][b]`, `|[a]`).
        var range: SourceRange
    }

    /// `[name]` or `[name(predicates)]`.
    struct View: Sendable {
        var name: Identifier
        var predicates: [Predicate]
        /// The parenthesised predicates, `(>=50@750)`, when there are any.
        var predicatesRange: SourceRange?
        /// From `[` to `]`.
        var range: SourceRange
    }

    /// `|` with the connection from it to the first view (or from the last view to it).
    struct Edge: Sendable {
        /// The `|`.
        var bar: SourceRange
        var connection: Connection
    }

    /// `align all ATTR …`: one attribute, with where it was written.
    struct Alignment: Sendable {
        var attribute: Attribute
        var range: SourceRange
    }

    /// `NAME:` before the orientation: the line is a group of that name.
    var name: Identifier?
    var isInactive: Bool
    /// The group its constraints belong to: the line's own, when it is named or
    /// inactive, or the `constraints { … }` block it stands in.
    var group: GroupID?
    var axis: Axis
    var leadingEdge: Edge?
    var views: [View]
    /// Between each view and the next: one fewer than the views.
    var connections: [Connection]
    var trailingEdge: Edge?
    var alignments: [Alignment] = []
    var direction: Direction = .leadingToTrailing
    /// The format, from the orientation to its last character.
    var format: SourceRange
    /// The whole declaration: `inactive`, name and options included.
    var range: SourceRange
}
