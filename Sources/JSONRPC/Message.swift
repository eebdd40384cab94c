public import PlaygroundProtocol

/// A JSON-RPC 2.0 message: a request (answered), a notification (not
/// answered), or a response to a request.
///
/// ```swift
/// switch Message.decode(body) {
/// case .success(.request(let id, let method, let params)): …
/// case .success(.notification(let method, let params)): …
/// case .success(.response): …
/// case .failure(let failure): send(.response(id: failure.id, .failure(failure.error)))
/// }
/// ```
public enum Message: Hashable, Sendable {
    case request(id: RequestID, method: String, params: JSONValue?)
    case notification(method: String, params: JSONValue?)
    /// A response: its request's id (nil only when the request's id could not be read), and a result or an error.
    case response(id: RequestID?, Result<JSONValue, ResponseError>)

    /// Why a body is not a message, and the id of the request it was, when that could be read, so that the
    /// error can be its response.
    public struct DecodingFailure: Error, Hashable, Sendable {
        public var id: RequestID?
        public var error: ResponseError
        /// Whether the body had an `id`: a notification's failure is not answered.
        public var expectsResponse: Bool
    }

    /// The message a body holds.
    public static func decode(_ body: some Collection<UInt8>) -> Result<Message, DecodingFailure> {
        let value: JSONValue
        do {
            value = try JSONReader.read(body)
        } catch {
            return .failure(DecodingFailure(id: nil, error: .parseError("not JSON: \(error)"), expectsResponse: true))
        }
        guard case .object(let members) = value else {
            let error = ResponseError.invalidRequest("a message is a JSON object, not \(value.kindDescription)")
            return .failure(DecodingFailure(id: nil, error: error, expectsResponse: true))
        }
        let rawID = members["id"]
        let id = rawID.flatMap(RequestID.init)
        func failure(_ error: ResponseError) -> Result<Message, DecodingFailure> {
            .failure(DecodingFailure(id: id, error: error, expectsResponse: rawID != nil))
        }
        guard members["jsonrpc"]?.string == "2.0" else { return failure(.invalidRequest("'jsonrpc' must be \"2.0\"")) }
        if let rawID, id == nil, rawID != .null {
            return failure(.invalidRequest("'id' must be a string or a whole number, not \(rawID.kindDescription)"))
        }
        if let method = members["method"] {
            guard let name = method.string else {
                return failure(.invalidRequest("'method' must be a string, not \(method.kindDescription)"))
            }
            let params = members["params"]
            switch params {
            case nil, .object?, .array?: break
            case let other?:
                return failure(.invalidRequest("'params' must be an object or an array, not \(other.kindDescription)"))
            }
            guard let id else { return .success(.notification(method: name, params: params)) }
            return .success(.request(id: id, method: name, params: params))
        }
        if let error = members["error"] {
            guard let code = error["code"]?.number, code == code.rounded(), abs(code) < 1e15,
                let message = error["message"]?.string
            else { return failure(.invalidRequest("a response's 'error' needs a whole 'code' and a 'message'")) }
            let failed = ResponseError(code: Int(code), message: message, data: error["data"])
            return .success(.response(id: id, .failure(failed)))
        }
        guard let result = members["result"] else {
            return failure(.invalidRequest("a message needs a 'method', a 'result' or an 'error'"))
        }
        return .success(.response(id: id, .success(result)))
    }

    /// The message as a JSON value.
    public var json: JSONValue {
        var members: [String: JSONValue] = ["jsonrpc": .string("2.0")]
        switch self {
        case .request(let id, let method, let params):
            members["id"] = id.json
            members["method"] = .string(method)
            if let params { members["params"] = params }
        case .notification(let method, let params):
            members["method"] = .string(method)
            if let params { members["params"] = params }
        case .response(let id, let outcome):
            members["id"] = id?.json ?? .null
            switch outcome {
            case .success(let result): members["result"] = result
            case .failure(let error): members["error"] = error.json
            }
        }
        return .object(members)
    }

    /// The message's JSON text, as bytes.
    public var encoded: [UInt8] {
        var writer = JSONWriter()
        writer.value(json)
        return writer.bytes
    }

    /// The message framed for the stream: ``MessageFramer/frame(_:)`` of ``encoded``.
    public var framed: [UInt8] { MessageFramer.frame(encoded) }
}
