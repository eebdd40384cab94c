import Synchronization

/// How a constraint's expression relates to zero.
public enum Relation: String, Hashable, Sendable {
    case equal = "=="
    case greaterThanOrEqual = ">="
    case lessThanOrEqual = "<="
}

/// A linear constraint `expression REL 0` with a strength.
///
/// A constraint has identity: two constraints built from the same expression
/// are different constraints, as two `NSLayoutConstraint`s are. Its fields are
/// immutable, so it is safe to share between threads.
///
/// ```swift
/// let pin = Constraint(Expression(left) - 20, .equal, strength: .required)
/// let gap: Constraint = (Expression(next) >= Expression(right) + 8).with(.high)
/// ```
public final class Constraint: Hashable, Sendable, CustomStringConvertible {
    /// The identity of this constraint, never reused within a process.
    public let id: Int
    /// The left side minus the right side.
    public let expression: Expression
    public let relation: Relation
    public let strength: Strength
    /// A label for messages, such as a name or a source location.
    public let label: String

    public init(_ expression: Expression, _ relation: Relation, strength: Strength = .required, label: String = "") {
        self.id = constraintIDs.add(1, ordering: .relaxed).newValue
        self.expression = Constraint.reduced(expression)
        self.relation = relation
        self.strength = strength
        self.label = label
    }

    /// A copy of this constraint with another strength or label.
    public func with(_ strength: Strength, label: String? = nil) -> Constraint {
        Constraint(expression, relation, strength: strength, label: label ?? self.label)
    }

    /// A copy of this constraint with another label.
    public func labeled(_ label: String) -> Constraint {
        Constraint(expression, relation, strength: strength, label: label)
    }

    /// Whether `other` has this constraint's shape: the same terms in the same order, relation and strength,
    /// so that the two differ at most in their constants (and labels), and the solver's rows of one are
    /// those of the other shifted (``Solver/replaceInPlace(_:)``).
    public func hasSameShape(as other: Constraint) -> Bool {
        relation == other.relation && strength == other.strength && expression.terms == other.expression.terms
    }

    /// Whether `other` states the same as this constraint: its shape, constant and label, so that either may
    /// stand for the other.
    public func isEquivalent(to other: Constraint) -> Bool {
        self === other
            || (hasSameShape(as: other) && expression.constant == other.expression.constant && label == other.label)
    }

    public static func == (lhs: Constraint, rhs: Constraint) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    public var description: String {
        let body = "\(expression) \(relation.rawValue) 0 @\(strength)"
        return label.isEmpty ? body : "\(label): \(body)"
    }

    /// Merges repeated variables and drops zero coefficients.
    private static func reduced(_ expression: Expression) -> Expression {
        let t = expression.terms
        // The common case, distinct variables and no zero (a constraint between two views' anchors has up to
        // four terms): keep the array as it is, which the loop below would make again, the same.
        if t.count <= 8 && t.allSatisfy({ $0.coefficient != 0 }) {
            var distinct = true
            for i in t.indices where distinct {
                for j in t.indices where j > i && t[j].variable == t[i].variable {
                    distinct = false
                    break
                }
            }
            if distinct { return expression }
        }
        var terms: [Term] = []
        terms.reserveCapacity(expression.terms.count)
        // Constraints have a handful of terms: a linear scan beats hashing.
        for term in expression.terms {
            if let i = terms.firstIndex(where: { $0.variable == term.variable }) {
                terms[i].coefficient += term.coefficient
            } else {
                terms.append(term)
            }
        }
        terms.removeAll { $0.coefficient == 0 }
        return Expression(terms: terms, constant: expression.constant)
    }
}

/// The source of constraint identities; they only ever grow.
private let constraintIDs = Atomic<Int>(0)
