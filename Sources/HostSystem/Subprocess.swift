internal import CSpawnShims
internal import Synchronization

#if canImport(Glibc)
    package import Glibc
#endif

/// How a process ended.
package enum ProcessEnding: Hashable, Sendable, CustomStringConvertible {
    /// It exited with this status.
    case exited(Int32)
    /// This signal ended it.
    case signaled(Int32)

    /// From `waitpid`'s status (WIFEXITED, WEXITSTATUS and WTERMSIG, which Swift does not import as functions).
    init(waitStatus status: Int32) {
        let signal = status & 0x7f
        self = signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
    }

    package var description: String {
        switch self {
        case .exited(let status): "exit status \(status)"
        case .signaled(let signal): "signal \(signal)"
        }
    }
}

/// Why a process could not be started.
package struct ProcessError: Error, Hashable, Sendable, CustomStringConvertible {
    package var description: String

    package init(_ description: String) {
        self.description = description
    }
}

/// A program started with `posix_spawn`: the one way the project starts a process.
///
/// The child gets the arguments, environment and working folder asked for, and for each of its standard input,
/// output and error `/dev/null`, this process's own, a new pipe or a descriptor given. It gets nothing else of this
/// process's: every descriptor from 3 up is closed in it, even one another thread opened without close-on-exec
/// (NIO's sockets are), and its signals start with their default actions, unblocked.
///
/// The pipes' ends that stay here (``standardInput``, ``standardOutput``, ``standardError``) close on exec and
/// belong to the caller, who closes them (or hands them to NIO). The process is reaped by ``ending``,
/// ``wait(until:)`` or ``stop(grace:)``, each of which waits a bounded time; it is never signalled once reaped, so a
/// pid the system has given to another process since is never touched. Nothing else in this process may reap it.
///
/// ```swift
/// let process = try Subprocess("/bin/sh", ["-c", "echo hi"], standardOutput: .pipe)
/// // read process.standardOutput! until its end, then:
/// let ending = process.wait(until: .now + .seconds(10)) ?? process.stop()
/// ```
package final class Subprocess: Sendable {
    /// The child's environment.
    package enum Environment: Hashable, Sendable {
        /// This process's.
        case inherit
        /// This process's, with these variables set (added, or replacing the inherited value).
        case overriding([String: String])
        /// These variables and no others.
        case exactly([String: String])
    }

    /// What one of the child's standard input, output and error is.
    package enum Stream: Hashable, Sendable {
        /// `/dev/null`.
        case null
        /// This process's own.
        case inherit
        /// A new pipe: the child has one end, this process the other (``standardInput`` and the others).
        case pipe
        /// This descriptor of this process's, which stays open here. A descriptor from 0 to 2 is the child's as the
        /// streams before it left it: `standardError: .descriptor(1)` is the shell's `2>&1`.
        case descriptor(CInt)
    }

    package let pid: Int32
    /// The program, as given.
    package let executable: String
    /// The write end of the pipe on the child's standard input, when it is ``Stream/pipe``.
    package let standardInput: CInt?
    /// The read end of the pipe on the child's standard output, when it is ``Stream/pipe``.
    package let standardOutput: CInt?
    /// The read end of the pipe on the child's standard error, when it is ``Stream/pipe``.
    package let standardError: CInt?
    /// How it ended, once reaped.
    private let reaped = Mutex<ProcessEnding?>(nil)

    /// Starts `executable` (looked up on `PATH` when it holds no `/`) with `arguments`.
    /// - Parameter directory: The child's working folder; this process's when nil.
    /// - Throws: ``ProcessError`` when a pipe cannot be made or the program cannot be started (not found, not
    ///   executable, no such folder).
    package init(
        _ executable: String, _ arguments: [String], environment: Environment = .inherit, directory: String? = nil,
        standardInput: Stream = .null, standardOutput: Stream = .inherit, standardError: Stream = .inherit
    ) throws(ProcessError) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var signals = sigset_t()
        sigfillset(&signals)
        posix_spawnattr_setsigdefault(&attributes, &signals)
        sigemptyset(&signals)
        posix_spawnattr_setsigmask(&attributes, &signals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        // This process's ends of the pipes, by stream; the child's, closed here once it has them.
        var ours: [CInt?] = [nil, nil, nil]
        var theirs: [CInt] = []
        defer { for fd in theirs { close(fd) } }
        func closeOurs() { for case let fd? in ours { close(fd) } }
        for (target, stream) in [standardInput, standardOutput, standardError].enumerated() {
            let target = CInt(target)
            switch stream {
            case .null:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            case .inherit:
                break
            case .pipe:
                let ends: (read: CInt, write: CInt)
                do {
                    ends = try Self.makePipe()
                } catch {
                    closeOurs()
                    throw ProcessError("cannot start \(executable): \(error)")
                }
                let (child, parent) = target == 0 ? (ends.read, ends.write) : (ends.write, ends.read)
                ours[Int(target)] = parent
                theirs.append(child)
                posix_spawn_file_actions_adddup2(&actions, child, target)
            case .descriptor(let fd):
                posix_spawn_file_actions_adddup2(&actions, fd, target)
            }
        }
        if let directory { spawn_shims_add_chdir(&actions, directory) }
        // Last: whatever else this process has open, close-on-exec or not, stays here.
        spawn_shims_add_close_from(&actions, 3)

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let status: CInt
        switch environment {
        case .inherit:
            status = Self.spawn(&child, executable, &actions, &attributes, argv, environ)
        case .overriding(let overrides):
            status = Self.spawn(&child, executable, &actions, &attributes, argv, Self.entries(overriding: overrides))
        case .exactly(let variables):
            let entries = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            status = Self.spawn(&child, executable, &actions, &attributes, argv, entries)
        }
        guard status == 0 else {
            closeOurs()
            throw ProcessError("cannot start \(executable): \(systemReason(status))")
        }
        pid = child
        self.executable = executable
        self.standardInput = ours[0]
        self.standardOutput = ours[1]
        self.standardError = ours[2]
    }

    /// How it ended, if it has (reaping it then); nil while it runs. Never waits.
    package var ending: ProcessEnding? {
        reaped.withLock { ending in
            if ending == nil {
                var status: CInt = 0
                var result: pid_t
                repeat { result = waitpid(pid, &status, WNOHANG) } while result < 0 && errno == EINTR
                if result == pid { ending = ProcessEnding(waitStatus: status) }
            }
            return ending
        }
    }

    /// Whether it has not ended yet.
    package var isRunning: Bool { ending == nil }

    /// Waits until it ends or `deadline` passes; how it ended, or nil when it still runs.
    @discardableResult
    package func wait(until deadline: ContinuousClock.Instant) -> ProcessEnding? {
        if let ending { return ending }
        // A pidfd polls readable when the process ends: no wake-ups meanwhile. Without one (a kernel before 5.3),
        // short sleeps that grow.
        let pidfd = reaped.withLock { $0 == nil ? spawn_shims_pidfd_open(pid) : -1 }
        defer { if pidfd >= 0 { close(pidfd) } }
        var pause = Duration.milliseconds(1)
        while true {
            if let ending { return ending }
            let left = deadline - .now
            guard left > .zero else { return nil }
            if pidfd >= 0 {
                var poller = pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0)
                _ = poll(&poller, 1, Self.milliseconds(min(left, .seconds(1))))
            } else {
                let nap = min(left, pause)
                usleep(useconds_t(max(1, (nap / .microseconds(1)).rounded(.up))))
                pause = min(pause * 2, .milliseconds(20))
            }
        }
    }

    /// Waits up to `timeout` for it to end; how it ended, or nil when it still runs.
    @discardableResult
    package func wait(timeout: Duration) -> ProcessEnding? { wait(until: .now + timeout) }

    /// Sends it a signal, unless it has been reaped.
    package func signal(_ signal: CInt = SIGTERM) {
        reaped.withLock { ending in
            if ending == nil { _ = kill(pid, signal) }
        }
    }

    /// Asks it to end (SIGTERM), waits up to `grace`, then kills it (SIGKILL) and waits up to 10 s more; how it
    /// ended, or nil in the rare case that it outlived even SIGKILL by then (a process stuck in the kernel).
    @discardableResult
    package func stop(grace: Duration = .seconds(5)) -> ProcessEnding? {
        if let ending { return ending }
        signal(SIGTERM)
        if let ending = wait(until: .now + grace) { return ending }
        signal(SIGKILL)
        return wait(until: .now + .seconds(10))
    }

    /// A new pipe whose two ends close on exec (`pipe2(O_CLOEXEC)`): either can go to a child as a
    /// ``Stream/descriptor(_:)``, and no other child gets it meanwhile.
    package static func makePipe() throws(ProcessError) -> (read: CInt, write: CInt) {
        var fds: [CInt] = [-1, -1]
        guard spawn_shims_pipe_cloexec(&fds) == 0 else {
            throw ProcessError("cannot make a pipe: \(systemReason(errno))")
        }
        return (fds[0], fds[1])
    }

    /// This process's environment, read from `environ`.
    package static var currentEnvironment: [String: String] {
        var variables: [String: String] = [:]
        for entry in inheritedEntries() {
            guard let equals = entry.firstIndex(of: "=") else { continue }
            variables[String(entry[..<equals])] = String(entry[entry.index(after: equals)...])
        }
        return variables
    }

    // MARK: Private

    /// `posix_spawn` for a path, `posix_spawnp` for a bare name.
    private static func spawn(
        _ child: inout pid_t, _ executable: String, _ actions: inout posix_spawn_file_actions_t,
        _ attributes: inout posix_spawnattr_t, _ argv: [UnsafeMutablePointer<CChar>?],
        _ envp: UnsafePointer<UnsafeMutablePointer<CChar>?>?
    ) -> CInt {
        executable.contains("/")
            ? posix_spawn(&child, executable, &actions, &attributes, argv, envp)
            : posix_spawnp(&child, executable, &actions, &attributes, argv, envp)
    }

    private static func spawn(
        _ child: inout pid_t, _ executable: String, _ actions: inout posix_spawn_file_actions_t,
        _ attributes: inout posix_spawnattr_t, _ argv: [UnsafeMutablePointer<CChar>?], _ entries: [String]
    ) -> CInt {
        let envp: [UnsafeMutablePointer<CChar>?] = entries.map { strdup($0) } + [nil]
        defer { for pointer in envp { free(pointer) } }
        return spawn(&child, executable, &actions, &attributes, argv, envp)
    }

    /// `environ`'s entries (`NAME=value`), in its order.
    private static func inheritedEntries() -> [String] {
        var entries: [String] = []
        let first: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        guard var entry = first else { return entries }
        while let text = entry.pointee {
            entries.append(String(cString: text))
            entry += 1
        }
        return entries
    }

    /// The inherited entries with `overrides` replacing theirs in place, and the new ones after them, by name.
    private static func entries(overriding overrides: [String: String]) -> [String] {
        var entries: [String] = []
        var left = overrides
        for entry in inheritedEntries() {
            let name = entry.firstIndex(of: "=").map { String(entry[..<$0]) } ?? entry
            if let value = left.removeValue(forKey: name) {
                entries.append(name + "=" + value)
            } else if !overrides.keys.contains(name) {
                entries.append(entry)
            }
        }
        entries += left.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return entries
    }

    /// A duration as `poll`'s milliseconds, rounded up so that a wait never ends just short of its deadline.
    static func milliseconds(_ duration: Duration) -> CInt {
        guard duration > .zero else { return 0 }
        return CInt(min((duration / .milliseconds(1)).rounded(.up), Double(CInt.max)))
    }
}
