/// An arithmetic expression as written: numbers, `system`, `+ - * /`,
/// parentheses and dotted references (`card.midY`, `pinned.constant`,
/// `root.safeArea.top`).
///
/// What a reference means depends on where the expression stands: in a
/// constraint, `card.top` is an anchor; in an action, `card.midY` reads the
/// view's current model frame and `pinned.constant` a constraint's constant.
public struct Expr: Hashable, Sendable {
    /// Only the cases that hold expressions are boxed: a number or a
    /// reference, most of what is written, is stored in place, without an
    /// allocation of its own.
    public enum Kind: Hashable, Sendable {
        case number(Double)
        /// The standard spacing, 8 points.
        case system
        /// Two or three dotted names: `card.midY`, `root.safeArea.top`.
        case reference([Identifier])
        indirect case negate(Expr)
        indirect case binary(BinaryOperator, Expr, Expr)
    }

    public var kind: Kind
    public var range: SourceRange

    public init(_ kind: Kind, _ range: SourceRange) {
        self.kind = kind
        self.range = range
    }

    /// Structural: the same expression written elsewhere is equal.
    public static func == (lhs: Expr, rhs: Expr) -> Bool { lhs.kind == rhs.kind }
    public func hash(into hasher: inout Hasher) { hasher.combine(kind) }

    /// The standard spacing that `system` stands for, in points.
    public static let systemSpacing = 8.0
}

public enum BinaryOperator: String, Hashable, Sendable {
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"
}

extension Expr {
    /// The value of an expression of numbers and `system` only; nil when it
    /// holds a reference.
    public var constantValue: Double? {
        switch kind {
        case .number(let value): value
        case .system: Expr.systemSpacing
        case .reference: nil
        case .negate(let operand): operand.constantValue.map { -$0 }
        case .binary(let op, let lhs, let rhs):
            lhs.constantValue.flatMap { l in rhs.constantValue.map { r in op.apply(l, r) } }
        }
    }
}

extension BinaryOperator {
    public func apply(_ lhs: Double, _ rhs: Double) -> Double {
        switch self {
        case .add: lhs + rhs
        case .subtract: lhs - rhs
        case .multiply: lhs * rhs
        case .divide: lhs / rhs
        }
    }
}
