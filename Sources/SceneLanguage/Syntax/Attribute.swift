public import LayoutValues

/// A layout attribute of a view or guide, as `NSLayoutConstraint.Attribute`
/// names it. `leading` and `trailing` equal `left` and `right`
/// (left-to-right layout).
public enum Attribute: String, Hashable, Sendable, CaseIterable {
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
    case firstBaseline, lastBaseline

    /// What an attribute measures; attributes of different kinds cannot be related.
    public enum Kind: Hashable, Sendable {
        case horizontalPosition, verticalPosition, size
    }

    public var kind: Kind {
        switch self {
        case .left, .right, .leading, .trailing, .centerX: .horizontalPosition
        case .top, .bottom, .centerY, .firstBaseline, .lastBaseline: .verticalPosition
        case .width, .height: .size
        }
    }

    /// Whether the attribute lies on the horizontal axis.
    public var isHorizontal: Bool {
        switch self {
        case .left, .right, .leading, .trailing, .centerX, .width: true
        default: false
        }
    }
}

/// A property of a model frame that an action's expression can read:
/// `card.midY`, `root.width`. Attribute names read the same values
/// (`card.centerY` is `card.midY`, `card.top` is `card.minY`).
public enum FrameProperty: String, Hashable, Sendable, CaseIterable {
    case minX, midX, maxX, minY, midY, maxY, width, height

    /// The frame property an attribute name reads in an expression; baselines have none.
    public init?(attribute: Attribute) {
        switch attribute {
        case .left, .leading: self = .minX
        case .right, .trailing: self = .maxX
        case .centerX: self = .midX
        case .top: self = .minY
        case .bottom: self = .maxY
        case .centerY: self = .midY
        case .width: self = .width
        case .height: self = .height
        case .firstBaseline, .lastBaseline: return nil
        }
    }

    public func value(in rect: Rect) -> Double {
        switch self {
        case .minX: rect.minX
        case .midX: rect.midX
        case .maxX: rect.maxX
        case .minY: rect.minY
        case .midY: rect.midY
        case .maxY: rect.maxY
        case .width: rect.width
        case .height: rect.height
        }
    }
}
