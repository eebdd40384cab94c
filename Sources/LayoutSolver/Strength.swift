/// The priority of a constraint, from 1 to 1000, as in Auto Layout.
///
/// A constraint of a higher priority always wins over any number of constraints
/// of lower priorities: the solver minimises the errors of each priority level
/// in turn, highest first (a lexicographic objective, like the symbolic weights
/// of the original Cassowary), instead of summing weighted errors as kiwi does.
/// `required` (1000) constraints must hold exactly.
public struct Strength: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The priority, in `1...1000`.
    public let priority: Double

    /// Creates a strength, clamping the priority into `1...1000`.
    ///
    /// Non-finite priorities become 1 (the weakest), so that a bad value coming
    /// from user input can never produce a constraint that is "more than required".
    public init(_ priority: Double) {
        self.priority = priority.isFinite ? min(max(priority, 1), 1000) : 1
    }

    /// Must hold: `UILayoutPriority.required`.
    public static let required = Strength(1000)
    /// `UILayoutPriority.defaultHigh`.
    public static let high = Strength(750)
    /// `UILayoutPriority.defaultLow`.
    public static let low = Strength(250)
    /// `UILayoutPriority.fittingSizeLevel`.
    public static let fitting = Strength(50)

    /// kiwi's names for the same levels.
    public static let strong = high
    public static let medium = low
    public static let weak = fitting

    public var isRequired: Bool { priority >= 1000 }

    public static func < (lhs: Strength, rhs: Strength) -> Bool { lhs.priority < rhs.priority }

    public var description: String {
        priority == priority.rounded() ? String(Int(priority)) : String(priority)
    }
}
