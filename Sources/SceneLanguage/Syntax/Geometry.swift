/// Insets from the four edges, in the order the language writes them:
/// top, leading, bottom, trailing.
public struct Insets: Hashable, Sendable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    public static let zero = Insets(top: 0, leading: 0, bottom: 0, trailing: 0)
}
