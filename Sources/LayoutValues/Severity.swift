/// How bad a diagnostic is: the language's diagnostics and the wire's carry the same three, ordered
/// `note < warning < error`.
public enum Severity: String, Hashable, Sendable, CaseIterable, Comparable {
    case error, warning, note

    private var rank: Int { self == .error ? 2 : self == .warning ? 1 : 0 }
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}
