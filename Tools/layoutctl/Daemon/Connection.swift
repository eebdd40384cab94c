import ArgumentParser
import HostSystem
import LayoutAssertions
import PlaygroundClient
import PlaygroundProtocol
import SceneLanguage

#if canImport(Glibc)
    import Glibc
#endif

/// The exit statuses of layoutctl (docs/layoutctl.md).
enum Status {
    /// An assertion failed, the scene has errors, or the daemon refused the request (an unknown scene or action).
    static let failed: Int32 = 1
    /// The command line is wrong: an unknown option, a bad value, an assertion that does not parse.
    static let usage: Int32 = 2
    /// No daemon listens on the socket, or it went away.
    static let noDaemon: Int32 = 3
}

/// `--socket`, for the commands that talk to a daemon.
struct ConnectionOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The daemon's socket.",
            discussion:
                "Default: $LAYOUTD_SOCKET, else $XDG_RUNTIME_DIR/layoutd.sock, else /tmp/layoutd-$UID/layoutd.sock "
                + "(under $LAYOUTD_TMPDIR when it is set).",
            valueName: "path"))
    var socket: String?

    var socketPath: String {
        socket ?? SocketPath.default(environment: ProcessEnvironment.all, userID: getuid())
    }

    /// Connects and runs `body`; every failure is said on standard error, escaped (it may quote what the daemon
    /// sent), and becomes the exit status of ``Status``.
    func withClient(_ body: (PlaygroundClient) async throws -> Void) async throws {
        let path = socketPath
        do {
            try await PlaygroundClient.withConnection(to: path) { client in try await body(client) }
        } catch let error as ExitCode {
            throw error
        } catch ClientError.noDaemon(_, let reason) {
            printError(
                escapedForTerminal(
                    "layoutctl: error: no daemon answers at \(displayed(path)) (\(reason)); start one with "
                        + "'layoutd Playgrounds', or give --socket or LAYOUTD_SOCKET"))
            throw ExitCode(Status.noDaemon)
        } catch ClientError.foreignServer(_, let uid) {
            printError(
                "layoutctl: error: the process serving \(displayed(path)) runs as uid \(uid), not as you "
                    + "(uid \(getuid())) or root; refusing to talk to it: another user may be posing as layoutd. "
                    + "Give --socket or LAYOUTD_SOCKET the path of your own daemon")
            throw ExitCode(Status.noDaemon)
        } catch ClientError.protocolViolation(let what) {
            printError(
                escapedForTerminal("layoutctl: error: the daemon on \(displayed(path)) broke the protocol: \(what)"))
            throw ExitCode(Status.noDaemon)
        } catch ClientError.disconnected {
            printError("layoutctl: error: the daemon on \(displayed(path)) closed the connection")
            throw ExitCode(Status.noDaemon)
        } catch ClientError.daemon(_, let message, let diagnostics) {
            for diagnostic in diagnostics { printError(escapedForTerminal(diagnostic.rendered), terminator: "") }
            printError(escapedForTerminal("layoutctl: error: \(message)"))
            throw ExitCode(Status.failed)
        } catch ClientError.timing(let reason) {
            printError(escapedForTerminal("layoutctl: error: \(reason)"))
            throw ExitCode(Status.usage)
        } catch let error as AssertionError {
            printError(escapedForTerminal("layoutctl: error: invalid assertion: \(error)"))
            throw ExitCode(Status.usage)
        } catch {
            printError(escapedForTerminal("layoutctl: error: \(error)"))
            throw ExitCode(Status.failed)
        }
    }
}
