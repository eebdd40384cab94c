import Synchronization

/// A variable of a constraint system: a name and an identity, never a value.
///
/// Values live in the ``Solver`` that the variable is used with, so a variable
/// is a plain `Hashable` value that can be shared freely between threads and
/// used with several solvers at once:
///
/// ```swift
/// let left = Variable("card.left")
/// var solver = Solver()
/// try solver.add(Expression(left) == 20)
/// solver.value(of: left)  // 20
/// ```
public struct Variable: Hashable, Sendable, CustomStringConvertible {
    /// The unique identity of this variable; two variables are equal when their ids are.
    public let id: Int
    /// The name given at creation, used in descriptions and error messages.
    public let name: String

    /// Creates a variable with a new identity.
    public init(_ name: String = "") {
        self.id = variableIDs.add(1, ordering: .relaxed).newValue
        self.name = name
    }

    public static func == (lhs: Variable, rhs: Variable) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    public var description: String { name.isEmpty ? "v\(id)" : name }
}

/// The source of variable identities. Set-once semantics are not needed: ids only ever grow.
private let variableIDs = Atomic<Int>(0)
