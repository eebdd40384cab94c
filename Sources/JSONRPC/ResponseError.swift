public import PlaygroundProtocol

/// The `error` of a response: a code, a message, and optional data.
///
/// The codes are JSON-RPC's and the Language Server Protocol's; a handler
/// answers bad input with one of these instead of failing.
public struct ResponseError: Error, Hashable, Sendable, CustomStringConvertible {
    public var code: Int
    public var message: String
    public var data: JSONValue?

    public init(code: Int, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    /// The body is not JSON.
    public static func parseError(_ message: String) -> ResponseError { ResponseError(code: -32700, message: message) }
    /// The JSON is not a JSON-RPC 2.0 message.
    public static func invalidRequest(_ message: String) -> ResponseError {
        ResponseError(code: -32600, message: message)
    }
    /// No handler for the method.
    public static func methodNotFound(_ method: String) -> ResponseError {
        ResponseError(code: -32601, message: "no method '\(method)'")
    }
    /// The params are missing a member or have one of the wrong type.
    public static func invalidParams(_ message: String) -> ResponseError {
        ResponseError(code: -32602, message: message)
    }
    /// A request before `initialize` (LSP's ServerNotInitialized).
    public static func serverNotInitialized(_ method: String) -> ResponseError {
        ResponseError(code: -32002, message: "'\(method)' before 'initialize'")
    }
    /// A request that is well formed but cannot be carried out, such as a rename to a taken name (LSP's
    /// RequestFailed).
    public static func requestFailed(_ message: String) -> ResponseError {
        ResponseError(code: -32803, message: message)
    }
    /// A request after `shutdown`: JSON-RPC's InvalidRequest, as LSP asks.
    public static func shutDown(_ method: String) -> ResponseError {
        ResponseError(code: -32600, message: "'\(method)' after 'shutdown'")
    }

    public var json: JSONValue {
        var members: [String: JSONValue] = ["code": .number(Double(code)), "message": .string(message)]
        if let data { members["data"] = data }
        return .object(members)
    }

    public var description: String { "\(message) (\(code))" }
}
