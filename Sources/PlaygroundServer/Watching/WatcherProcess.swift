import NIOCore
import NIOPosix

#if canImport(Glibc)
    import Glibc
#endif

/// A running `layout-watch`: the child process and the read end of its stdout.
///
/// `layout-watch` is GPL-2.0 like libinotifytools, so the daemon never links
/// it: it starts it from beside its own executable and reads its lines.
struct WatcherProcess {
    let pid: pid_t
    /// The read end of the pipe on the child's stdout; NIO owns it once wrapped.
    let output: CInt

    /// Starts `layout-watch` on the folders, its stdout a pipe, its stdin
    /// `/dev/null`, its stderr the daemon's.
    static func start(executable: String, folders: [String]) throws -> WatcherProcess {
        var fds: [CInt] = [0, 0]
        guard makePipe(&fds) else { throw ServerError.noWatcher("pipe: \(errorText(errno))") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        let arguments = [executable] + folders
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, nil, &argv, environ)
        close(fds[1])
        guard status == 0 else {
            close(fds[0])
            throw ServerError.noWatcher("cannot start \(executable): \(errorText(status))")
        }
        return WatcherProcess(pid: pid, output: fds[0])
    }

    /// Asks it to end, and reaps it.
    func stop() {
        kill(pid, SIGTERM)
        var status: CInt = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    /// Reaps it after its output ended; its exit status.
    func reap() -> CInt {
        var status: CInt = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }
}

func errorText(_ code: CInt) -> String {
    String(cString: strerror(code))
}

/// A pipe whose ends close on exec (`pipe2(O_CLOEXEC)` needs `_GNU_SOURCE`); the child gets its end through dup2.
func makePipe(_ fds: inout [CInt]) -> Bool {
    guard pipe(&fds) == 0 else { return false }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return true
}
