public import PlaygroundProtocol

#if canImport(Glibc)
    import Glibc
#endif

/// What went wrong talking to a daemon, with what it answered.
public enum ClientError: Error, CustomStringConvertible, Sendable {
    /// No daemon answers at the socket path.
    case noDaemon(socketPath: String, reason: String)
    /// The process serving the socket path runs as another user (not this one, not root): it could pose as the daemon,
    /// so nothing is sent to it.
    case foreignServer(socketPath: String, uid: UInt32)
    /// The server sent what the protocol does not allow (a response id that is no request's).
    case protocolViolation(String)
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
        case .noDaemon(let path, let reason): "no daemon answers at \(path) (\(reason)); start one with 'layoutd'"
        case .foreignServer(let path, let uid):
            "the process serving \(path) runs as uid \(uid), not as this user (uid \(ClientError.userID)) or "
                + "root; refusing to talk to it. Another user may be posing as layoutd: remove the socket, or give "
                + "--socket another path"
        case .protocolViolation(let what): "the server broke the protocol: \(what)"
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

extension ClientError {
    static var userID: UInt32 { getuid() }
}
