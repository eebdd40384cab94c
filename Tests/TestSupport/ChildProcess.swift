import CSpawnShims
import Foundation

#if canImport(Glibc)
    public import Glibc
#endif

/// A program the tests start: spawned with `posix_spawn`, its output read
/// through pipes with `poll`, and reaped with `waitpid` on its own pid. Every
/// wait has a deadline; a process still running when its owner lets go is
/// killed and reaped.
///
/// Foundation's `Process` is not used: on Linux its `waitUntilExit()` can
/// wait forever for a child that has already exited (seen with `tmux
/// new-session`, whose client forks the tmux server before it exits).
public final class ChildProcess {
    /// How a process ended.
    public enum Ending: Hashable, Sendable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)

        public var description: String {
            switch self {
            case .exited(let status): "exit status \(status)"
            case .signaled(let signal): "signal \(signal)"
            }
        }
    }

    /// What the child's standard input is.
    public enum Input {
        /// `/dev/null`.
        case null
        /// These bytes, then the end of the input (from a temporary file, so that nothing blocks).
        case bytes([UInt8])
        /// A pipe the test writes to with ``write(_:)`` and closes with ``closeInput()``.
        case pipe
    }

    /// Where the child's standard output or error goes.
    public enum Output {
        /// A pipe the test reads.
        case capture
        /// `/dev/null`.
        case null
    }

    /// What ``run(_:_:input:environment:directory:timeout:)`` returns.
    public struct Result: Sendable {
        public var ending: Ending?
        public var stdout: String
        public var stderr: String
        /// Whether it ran past its timeout and was killed.
        public var timedOut: Bool

        /// The exit status; the signal's number when a signal ended it; -1 when it timed out.
        public var status: Int32 {
            switch ending {
            case .exited(let status): status
            case .signaled(let signal): signal
            case nil: -1
            }
        }

        /// Whether a signal ended it (a crash, or the kill after a timeout).
        public var signaled: Bool {
            if case .signaled = ending { true } else { false }
        }
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    public let pid: Int32
    /// The program, as given.
    public let executable: String
    private var input: Int32 = -1
    private var outputs: [Int32] = [-1, -1]
    private var buffers: [[UInt8]] = [[], []]
    private var ended: Ending?

    /// Starts `executable` (looked up on `PATH` when it has no `/`) with `arguments`.
    /// - Parameters:
    ///   - environment: Variables set for the child on top of this process's own.
    ///   - directory: The child's working directory; this process's when nil.
    public init(
        _ executable: String, _ arguments: [String], input: Input = .null, stdout: Output = .capture,
        stderr: Output = .capture, environment: [String: String] = [:], directory: String? = nil
    ) throws {
        self.executable = executable
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var parentEnds: [Int32] = []
        var childEnds: [Int32] = []
        defer { for fd in childEnds { close(fd) } }
        func pipePair() throws -> (read: Int32, write: Int32) {
            var fds: [Int32] = [-1, -1]
            guard spawn_shims_pipe_cloexec(&fds) == 0 else {
                throw Failure("pipe: \(String(cString: strerror(errno)))")
            }
            return (fds[0], fds[1])
        }
        var temporaryInput: String? = nil
        defer { if let temporaryInput { unlink(temporaryInput) } }
        switch input {
        case .null:
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        case .bytes(let bytes):
            var template = Array("/tmp/child-input-XXXXXX".utf8CString)
            let fd = mkstemp(&template)
            guard fd >= 0 else { throw Failure("cannot make a file for the input") }
            temporaryInput = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            var rest = bytes[...]
            while !rest.isEmpty {
                let written = rest.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else {
                    close(fd)
                    throw Failure("cannot write the input")
                }
                rest = rest.dropFirst(written)
            }
            close(fd)
            posix_spawn_file_actions_addopen(&actions, 0, temporaryInput!, O_RDONLY, 0)
        case .pipe:
            let ends = try pipePair()
            self.input = ends.write
            parentEnds.append(ends.write)
            childEnds.append(ends.read)
            posix_spawn_file_actions_adddup2(&actions, ends.read, 0)
        }
        for (index, output) in [stdout, stderr].enumerated() {
            let target = Int32(index + 1)
            switch output {
            case .null:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
            case .capture:
                let ends = try pipePair()
                outputs[index] = ends.read
                parentEnds.append(ends.read)
                childEnds.append(ends.write)
                posix_spawn_file_actions_adddup2(&actions, ends.write, target)
            }
        }
        if let directory { spawn_shims_add_chdir(&actions, directory) }
        // Nothing else of this process's: a descriptor another thread opened without close-on-exec stays here.
        spawn_shims_add_close_from(&actions, 3)

        var variables = ProcessInfo.processInfo.environment
        for (name, value) in environment { variables[name] = value }
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var child: pid_t = 0
        let status =
            executable.contains("/")
            ? posix_spawn(&child, executable, &actions, nil, argv, envp)
            : posix_spawnp(&child, executable, &actions, nil, argv, envp)
        guard status == 0 else {
            for fd in parentEnds { close(fd) }
            throw Failure("cannot start \(executable): \(String(cString: strerror(status)))")
        }
        pid = child
    }

    deinit {
        closeInput()
        for fd in outputs where fd >= 0 { close(fd) }
        if ended == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
    }

    /// Runs a program to its end, or kills it when `timeout` passes, and returns what it wrote.
    public static func run(
        _ executable: String, _ arguments: [String], input: [UInt8]? = nil, environment: [String: String] = [:],
        directory: String? = nil, timeout: Duration = .seconds(120)
    ) throws -> Result {
        let process = try ChildProcess(
            executable, arguments, input: input.map { .bytes($0) } ?? .null, environment: environment,
            directory: directory)
        let deadline = ContinuousClock.now + timeout
        process.readToEnd(until: deadline)
        var ending = process.waitForExit(until: deadline)
        var timedOut = false
        if ending == nil {
            timedOut = true
            process.signal(SIGKILL)
            ending = process.waitForExit(until: .now + .seconds(10))
            process.readToEnd(until: .now + .seconds(1))
        }
        return Result(
            ending: timedOut ? nil : ending, stdout: String(decoding: process.buffers[0], as: UTF8.self),
            stderr: String(decoding: process.buffers[1], as: UTF8.self), timedOut: timedOut)
    }

    // MARK: Input

    /// Writes to the child's standard input (``Input/pipe``).
    public func write(_ bytes: [UInt8]) throws {
        var rest = bytes[...]
        while !rest.isEmpty {
            let written = rest.withUnsafeBytes { Glibc.write(input, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                throw Failure("cannot write to \(executable): \(String(cString: strerror(errno)))")
            }
            rest = rest.dropFirst(written)
        }
    }

    /// Ends the child's standard input.
    public func closeInput() {
        if input >= 0 { close(input) }
        input = -1
    }

    // MARK: Output

    /// What the child wrote to standard output so far and was read.
    public var stdout: String { String(decoding: buffers[0], as: UTF8.self) }
    /// What the child wrote to standard error so far and was read.
    public var stderr: String { String(decoding: buffers[1], as: UTF8.self) }

    /// Reads what is there to read now, or until `deadline` when something is awaited; false once both outputs
    /// have ended.
    @discardableResult
    private func pump(until deadline: ContinuousClock.Instant, onlyWhatIsThere: Bool = false) -> Bool {
        let open = (0..<2).filter { outputs[$0] >= 0 }
        guard !open.isEmpty else { return false }
        var pollers = open.map { pollfd(fd: outputs[$0], events: Int16(POLLIN), revents: 0) }
        let left = deadline - .now
        let milliseconds = left <= .zero ? 0 : Int32(min((left / .milliseconds(1)).rounded(.up), 1_000))
        guard poll(&pollers, nfds_t(pollers.count), milliseconds) > 0 else { return !onlyWhatIsThere }
        for (slot, index) in open.enumerated() where pollers[slot].revents != 0 {
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = read(outputs[index], &chunk, chunk.count)
            if count > 0 {
                buffers[index] += chunk[..<count]
            } else if count == 0 || errno != EINTR {
                close(outputs[index])
                outputs[index] = -1
            }
        }
        return true
    }

    /// Reads what the child has written by now, without waiting.
    public func readAvailable() {
        while pump(until: .now, onlyWhatIsThere: true) {}
    }

    /// Reads both outputs until they end or `deadline` passes.
    public func readToEnd(until deadline: ContinuousClock.Instant) {
        while ContinuousClock.now < deadline, pump(until: deadline) {}
    }

    /// Reads until the output (standard error when `stderr`) holds `text`, the outputs end, or `deadline` passes;
    /// whether it holds it.
    public func waitForOutput(
        containing text: String, onStandardError: Bool = false, until deadline: ContinuousClock.Instant
    ) -> Bool {
        let index = onStandardError ? 1 : 0
        while true {
            if String(decoding: buffers[index], as: UTF8.self).contains(text) { return true }
            guard ContinuousClock.now < deadline, pump(until: deadline) else { return false }
        }
    }

    /// The next line of standard output, read until `deadline` at most; nil when none came by then or the output
    /// ended.
    public func readLine(until deadline: ContinuousClock.Instant) -> [UInt8]? {
        while true {
            if let end = buffers[0].firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffers[0][..<end])
                buffers[0].removeSubrange(...end)
                return line
            }
            guard outputs[0] >= 0, ContinuousClock.now < deadline else { return nil }
            pump(until: deadline)
        }
    }

    /// Whether standard output has ended and every line of it was read.
    public var outputEnded: Bool { outputs[0] < 0 && buffers[0].isEmpty }

    /// Stops reading standard output, as a reader that goes away.
    public func closeOutput() {
        if outputs[0] >= 0 { close(outputs[0]) }
        outputs[0] = -1
    }

    // MARK: Ending

    /// Sends a signal (SIGTERM unless told).
    public func signal(_ signal: Int32 = SIGTERM) {
        guard ended == nil else { return }
        kill(pid, signal)
    }

    /// How it ended, if it has.
    public var ending: Ending? {
        if ended == nil { reap(blocking: false) }
        return ended
    }

    public var isRunning: Bool { ending == nil }

    /// Waits until it ends or `deadline` passes (reading its outputs meanwhile, so that it cannot block on a
    /// full pipe); how it ended, or nil when it still runs.
    @discardableResult
    public func waitForExit(until deadline: ContinuousClock.Instant) -> Ending? {
        while ending == nil, ContinuousClock.now < deadline {
            if outputs.allSatisfy({ $0 < 0 }) {
                usleep(5_000)
            } else {
                pump(until: min(deadline, .now + .milliseconds(5)))
            }
        }
        // What it wrote before it ended is in the pipes still (a process it started may hold them open: bounded).
        if ended != nil { readToEnd(until: .now + .seconds(1)) }
        return ended
    }

    /// Waits up to `timeout` for it to end.
    @discardableResult
    public func waitForExit(timeout: Duration) -> Ending? { waitForExit(until: .now + timeout) }

    /// Sends SIGTERM, waits up to `grace` for it to end, then kills it; how it ended.
    @discardableResult
    public func stop(grace: Duration = .seconds(10)) -> Ending? {
        signal(SIGTERM)
        if let ending = waitForExit(timeout: grace) { return ending }
        signal(SIGKILL)
        return waitForExit(timeout: .seconds(10))
    }

    private func reap(blocking: Bool) {
        var status: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(pid, &status, blocking ? 0 : WNOHANG) } while result < 0 && errno == EINTR
        guard result == pid else { return }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as functions.
        let signal = status & 0x7f
        ended = signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
    }
}
