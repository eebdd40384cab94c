/// A dense integer handle for a column of the tableau.
///
/// Symbols index flat arrays in the solver (kind, row, column index, value
/// cache), which is what keeps the tableau free of hashing on hot paths.
@usableFromInline
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

/// Whether a value computed from numbers as large as `scale` is zero: within
/// 1e-8, or within 1e-10 of `scale` when that is more. A double carries about
/// 16 digits and each pivot may lose a few, so a residue of 1e-10 of the
/// magnitudes summed is rounding, not a conflict; a chain of multipliers that
/// puts a constant at 1e20 leaves residues of 1e4.
@inline(__always) func nearZero(_ value: Double, scale: Double) -> Bool {
    abs(value) < max(1.0e-8, 1.0e-10 * scale)
}

/// The smallest coefficient a row is solved for when the solver has a choice of
/// symbol. Solving for a coefficient near the rounding residue that cancelled
/// terms leave (``nearZero(_:)``) multiplies every other coefficient by its
/// inverse; a few such pivots take a tableau of layout-sized numbers to 1e40.
let pivotTolerance = 1.0e-6
