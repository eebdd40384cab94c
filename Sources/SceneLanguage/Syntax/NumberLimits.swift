/// The range of numbers a scene may hold: the lexer's and the parser's
/// numbers, a constraint's right side, a constraint's constant and a
/// variable's value set by an action, all within ±10⁹.
///
/// One limit keeps every message about it in agreement:
///
/// ```swift
/// guard NumberLimits.contains(value) else {
///     error(.outOfRange, "numbers must stay within ±\(NumberLimits.largestText)", at: range)
///     return nil
/// }
/// ```
///
/// Frames have a limit of their own, far wider, because multipliers
/// multiply along chains of constraints; times in animations have theirs.
public enum NumberLimits {
    /// The largest magnitude a number may have: 10⁹.
    public static let largest: Double = 1_000_000_000

    /// ``largest`` as messages write it: `1000000000`.
    public static let largestText = String(Int(largest))

    /// Whether a value is finite and within ±``largest``.
    public static func contains(_ value: Double) -> Bool {
        value.isFinite && value.magnitude <= largest
    }
}
