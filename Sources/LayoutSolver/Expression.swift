/// A term of a linear expression: a coefficient times a variable.
public struct Term: Hashable, Sendable {
    public var variable: Variable
    public var coefficient: Double

    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }
}

/// A linear expression: a sum of terms plus a constant.
///
/// Build expressions with the arithmetic operators, then compare them with
/// `==`, `>=` or `<=` to get a ``Constraint``. The operators live on
/// `Expression`, not on ``Variable``, so that `a == b` on two variables stays
/// a `Bool`:
///
/// ```swift
/// let c: Constraint = Expression(right) == Expression(left) + Expression(width)
/// let d: Constraint = 2 * Expression(width) >= 100
/// ```
public struct Expression: Hashable, Sendable, CustomStringConvertible {
    public var terms: [Term]
    public var constant: Double

    public init(terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    public init(_ variable: Variable) {
        self.init(terms: [Term(variable)])
    }

    public init(_ constant: Double) {
        self.init(constant: constant)
    }

    public var description: String {
        var parts: [String] = []
        for term in terms {
            parts.append(term.coefficient == 1 ? "\(term.variable)" : "\(term.coefficient)*\(term.variable)")
        }
        if constant != 0 || parts.isEmpty { parts.append("\(constant)") }
        return parts.joined(separator: " + ")
    }
}

extension Expression: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public init(floatLiteral value: Double) { self.init(constant: value) }
    public init(integerLiteral value: Int) { self.init(constant: Double(value)) }
}

extension Expression {
    public static func + (lhs: Expression, rhs: Expression) -> Expression {
        Expression(terms: lhs.terms + rhs.terms, constant: lhs.constant + rhs.constant)
    }

    public static func - (lhs: Expression, rhs: Expression) -> Expression {
        var terms = lhs.terms
        terms.reserveCapacity(lhs.terms.count + rhs.terms.count)
        for term in rhs.terms { terms.append(Term(term.variable, -term.coefficient)) }
        return Expression(terms: terms, constant: lhs.constant - rhs.constant)
    }

    public static prefix func - (operand: Expression) -> Expression {
        -1 * operand
    }

    public static func * (lhs: Double, rhs: Expression) -> Expression {
        Expression(
            terms: rhs.terms.map { Term($0.variable, $0.coefficient * lhs) },
            constant: rhs.constant * lhs
        )
    }

    public static func * (lhs: Expression, rhs: Double) -> Expression { rhs * lhs }

    public static func / (lhs: Expression, rhs: Double) -> Expression { (1 / rhs) * lhs }

    public static func + (lhs: Expression, rhs: Double) -> Expression {
        Expression(terms: lhs.terms, constant: lhs.constant + rhs)
    }

    public static func - (lhs: Expression, rhs: Double) -> Expression { lhs + -rhs }

    public static func == (lhs: Expression, rhs: Expression) -> Constraint {
        Constraint(lhs - rhs, .equal)
    }

    public static func >= (lhs: Expression, rhs: Expression) -> Constraint {
        Constraint(lhs - rhs, .greaterThanOrEqual)
    }

    public static func <= (lhs: Expression, rhs: Expression) -> Constraint {
        Constraint(lhs - rhs, .lessThanOrEqual)
    }
}
