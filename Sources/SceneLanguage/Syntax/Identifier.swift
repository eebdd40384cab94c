/// A name as the user wrote it, with where it stands: a view, a constraint,
/// an action, or a keyword's argument.
public struct Identifier: Hashable, Sendable, CustomStringConvertible {
    public var name: String
    public var range: SourceRange

    public init(_ name: String, _ range: SourceRange) {
        self.name = name
        self.range = range
    }

    public var description: String { name }
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

extension Located: Equatable where Value: Equatable {}
extension Located: Hashable where Value: Hashable {}
