/// A name as the user wrote it, with where it stands: a view, a constraint,
/// an action, or a keyword's argument.
///
/// Equality is structural, as for expressions, statements and the
/// declarations statements hold: two identifiers are equal when their names
/// are, wherever they were written.
public struct Identifier: Hashable, Sendable, CustomStringConvertible {
    public var name: String
    public var range: SourceRange

    public init(_ name: String, _ range: SourceRange) {
        self.name = name
        self.range = range
    }

    public var description: String { name }

    public static func == (lhs: Identifier, rhs: Identifier) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// A value with the range of source text it came from.
public struct Located<Value: Sendable>: Sendable {
    public var value: Value
    public var range: SourceRange

    public init(_ value: Value, _ range: SourceRange) {
        self.value = value
        self.range = range
    }
}

/// Equality compares values only, not where they were written.
extension Located: Equatable where Value: Equatable {
    public static func == (lhs: Located, rhs: Located) -> Bool { lhs.value == rhs.value }
}

extension Located: Hashable where Value: Hashable {
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
