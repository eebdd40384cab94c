/// A view or guide of a scene: its position in ``Scene/views``.
///
/// Views are named by `ViewID` everywhere outside the hot loops, so that a
/// view can never be taken for a constraint, a channel or a count:
///
/// ```swift
/// if let card = scene.viewID(named: "card") {
///     print(scene[card].kind, layout.frame(of: card))
/// }
/// ```
public struct ViewID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The position in ``Scene/views``.
    public let index: Int

    public init(_ index: Int) {
        self.index = index
    }

    public static func < (lhs: ViewID, rhs: ViewID) -> Bool { lhs.index < rhs.index }

    public var description: String { "view #\(index)" }
}

/// A declared constraint of a scene: its position in ``Scene/constraints``.
public struct ConstraintID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The position in ``Scene/constraints``.
    public let index: Int

    public init(_ index: Int) {
        self.index = index
    }

    public static func < (lhs: ConstraintID, rhs: ConstraintID) -> Bool { lhs.index < rhs.index }

    public var description: String { "constraint #\(index)" }
}

extension Scene {
    /// The view or guide with this ID.
    public subscript(view: ViewID) -> ViewDeclaration { views[view.index] }

    /// The declared constraint with this ID.
    public subscript(constraint: ConstraintID) -> LayoutConstraint { constraints[constraint.index] }

    /// Every view's ID, in declaration order (parents before their subviews).
    public var viewIDs: some RandomAccessCollection<ViewID> { views.indices.lazy.map(ViewID.init) }

    /// Every declared constraint's ID, in declaration order.
    public var constraintIDs: some RandomAccessCollection<ConstraintID> {
        constraints.indices.lazy.map(ConstraintID.init)
    }
}
