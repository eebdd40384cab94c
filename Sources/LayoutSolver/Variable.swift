import Synchronization

/// A variable of a constraint system: an identity, never a value.
///
/// Values live in the ``Solver`` that the variable is used with, so a variable
/// is a trivial `Hashable` value (one integer) that can be shared freely between
/// threads and used with several solvers at once. Names belong to the layer
/// above, which knows what a variable stands for (`card.left`):
///
/// ```swift
/// let left = Variable()
/// var solver = Solver()
/// try solver.add(Expression(left) == 20)
/// solver.value(of: left)  // 20
/// ```
public struct Variable: Hashable, Sendable, CustomStringConvertible {
    /// The unique identity of this variable, never reused within a process.
    public let id: Int

    /// Creates a variable with a new identity.
    public init() {
        self.id = variableIDs.add(1, ordering: .relaxed).newValue
    }

    public var description: String { "v\(id)" }
}

/// The source of variable identities; they only ever grow.
private let variableIDs = Atomic<Int>(0)
