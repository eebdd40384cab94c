/// A declaration's position in one of a scene's lists, typed by the list,
/// so that the position of one kind of thing cannot be used for another:
/// a view is never taken for a constraint, a group, a channel or a count.
public protocol SceneIndex: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The position in the scene's list.
    var index: Int { get }
    init(_ index: Int)
    /// What it is the position of, for descriptions: `view`, `constraint`.
    static var noun: String { get }
}

extension SceneIndex {
    @inlinable public static func < (lhs: Self, rhs: Self) -> Bool { lhs.index < rhs.index }

    public var description: String { "\(Self.noun) #\(index)" }
}

/// A view or guide of a scene: its position in ``Scene/views``.
///
/// Views are named by `ViewID` everywhere outside the hot loops:
///
/// ```swift
/// if let card = scene.viewID(named: "card") {
///     print(scene[card].kind, layout.frame(of: card))
/// }
/// ```
public struct ViewID: SceneIndex {
    public let index: Int
    @inlinable public init(_ index: Int) { self.index = index }
    public static var noun: String { "view" }
}

/// A declared constraint of a scene: its position in ``Scene/constraints``.
public struct ConstraintID: SceneIndex {
    public let index: Int
    @inlinable public init(_ index: Int) { self.index = index }
    public static var noun: String { "constraint" }
}

/// A constraint group of a scene (`constraints NAME { … }`, or a named or
/// inactive visual format line): its position in ``Scene/groups``.
public struct GroupID: SceneIndex {
    public let index: Int
    @inlinable public init(_ index: Int) { self.index = index }
    public static var noun: String { "group" }
}

extension Scene {
    /// The view or guide with this ID.
    @inlinable public subscript(view: ViewID) -> ViewDeclaration { views[view.index] }

    /// The declared constraint with this ID.
    @inlinable public subscript(constraint: ConstraintID) -> LayoutConstraint { constraints[constraint.index] }

    /// The constraint group with this ID.
    @inlinable public subscript(group: GroupID) -> ConstraintGroup { groups[group.index] }

    /// Every view's ID, in declaration order (parents before their subviews).
    public var viewIDs: some RandomAccessCollection<ViewID> { views.indices.lazy.map(ViewID.init) }

    /// Every declared constraint's ID, in declaration order.
    public var constraintIDs: some RandomAccessCollection<ConstraintID> {
        constraints.indices.lazy.map(ConstraintID.init)
    }
}
