/// A dense integer handle for a column of the tableau.
///
/// Symbols index flat arrays in the solver (kind, row, column index, value
/// cache), which is what keeps the tableau free of hashing on hot paths.
typealias Symbol = Int32

/// kiwi's symbol kinds.
enum SymbolKind: UInt8 {
    /// A free slot, ready for reuse.
    case invalid
    /// A user variable: unrestricted in sign.
    case external
    /// The slack of an inequality: `>= 0`.
    case slack
    /// The error of a non-required constraint: `>= 0`, and it costs.
    case error
    /// The marker of a required equality: fixed at zero, never enters the basis.
    case dummy

    var isRestricted: Bool { self != .external && self != .invalid }
    var isPivotable: Bool { self == .slack || self == .error }
}

/// Coefficients and constants this close to zero are zero.
@inline(__always) func nearZero(_ value: Double) -> Bool {
    abs(value) < 1.0e-8
}
