public import PlaygroundProtocol

/// What went wrong talking to a daemon, with what it answered.
public enum ClientError: Error, CustomStringConvertible, Sendable {
    /// No daemon listens on the socket path.
    case noDaemon(socketPath: String, reason: String)
    /// The daemon answered with an error response.
    case daemon(code: ErrorCode, message: String, diagnostics: [WireDiagnostic])
    /// The daemon answered something this request does not expect.
    case unexpectedResponse(String)
    /// The connection closed before the answer came.
    case disconnected
    /// A daemon this client started could not start.
    case daemonDidNotStart(String)
    /// Assertions cannot be checked at the time asked: a time already past, or `at` on a real clock.
    case timing(String)

    public var description: String {
        switch self {
        case .noDaemon(let path, let reason): "no daemon is listening on \(path) (\(reason)); start one with 'layoutd'"
        case .daemon(let code, let message, let diagnostics):
            "the daemon answered \(code.rawValue): \(message)"
                + diagnostics.map { "\n" + $0.rendered }.joined()
        case .unexpectedResponse(let what): "unexpected response: \(what)"
        case .disconnected: "the daemon closed the connection"
        case .daemonDidNotStart(let reason): "the daemon did not start: \(reason)"
        case .timing(let reason): reason
        }
    }
}
