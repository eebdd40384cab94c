import HostSystem

#if canImport(Glibc)
    import Glibc
#endif

/// A running `layout-watch`: the child process and the read end of its stdout.
///
/// `layout-watch` is GPL-2.0 like libinotifytools, so the daemon never links
/// it: it starts it from beside its own executable and reads its lines. It is
/// started with ``Subprocess``, so it holds none of the daemon's descriptors:
/// one started again while clients are connected does not keep their
/// connections (or the listening socket) open.
struct WatcherProcess {
    let process: Subprocess
    var pid: pid_t { process.pid }
    /// The read end of the pipe on the child's stdout; NIO owns it once wrapped.
    let output: CInt

    /// Starts `layout-watch` on the folders, its stdout a pipe, its stdin
    /// `/dev/null`, its stderr the daemon's.
    static func start(executable: String, folders: [String]) throws -> WatcherProcess {
        do {
            let process = try Subprocess(
                executable, folders, standardInput: .null, standardOutput: .pipe, standardError: .inherit)
            return WatcherProcess(process: process, output: process.standardOutput!)
        } catch {
            throw ServerError.noWatcher(error.description)
        }
    }

    /// Reaps it after its output ended (it is ending, or was asked to): killed if it has not ended within 5 s.
    @discardableResult
    func reap() -> ProcessEnding? {
        process.wait(until: .now + .seconds(5)) ?? process.stop(grace: .zero)
    }
}
