/// An item that constraints can relate: a declared view or guide, the root
/// view, or one of the root's guides.
public enum LayoutItem: Hashable, Sendable {
    case root
    /// `root.safeArea`: the canvas inset by the safe-area insets.
    case safeArea
    /// `root.margins`: the safe area inset as UIKit insets a root view
    /// (``Scene/rootMargins``): 0 on top and bottom, 16 or 20 on the sides.
    case margins
    /// A declared view or guide.
    case view(ViewID)
    /// `card.margins`: a declared view's `layoutMarginsGuide`, its edges
    /// inset by its `margins` (8 points on each side unless it says).
    case viewMargins(ViewID)
}

/// An attribute of an item: `card.top`.
public struct Anchor: Hashable, Sendable {
    public var item: LayoutItem
    public var attribute: Attribute

    public init(_ item: LayoutItem, _ attribute: Attribute) {
        self.item = item
        self.attribute = attribute
    }
}
