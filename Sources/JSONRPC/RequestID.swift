public import PlaygroundProtocol

/// A request's `id`: a whole number or a string, echoed in its response.
public enum RequestID: Hashable, Sendable, CustomStringConvertible {
    case number(Int)
    case string(String)

    /// The id a JSON value holds: a string, or a whole number within ±2⁵³ (what a double holds exactly).
    public init?(_ value: JSONValue) {
        switch value {
        case .string(let text): self = .string(text)
        case .number(let number) where number == number.rounded() && abs(number) <= 9_007_199_254_740_992:
            self = .number(Int(number))
        default: return nil
        }
    }

    public var json: JSONValue {
        switch self {
        case .number(let number): .number(Double(number))
        case .string(let text): .string(text)
        }
    }

    public var description: String {
        switch self {
        case .number(let number): String(number)
        case .string(let text): "\"\(text)\""
        }
    }
}
