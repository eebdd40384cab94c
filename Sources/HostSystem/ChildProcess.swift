internal import CSpawnShims

#if canImport(Glibc)
    import Glibc
#endif

/// A program run to be watched: a ``Subprocess`` whose output is read through pipes with `poll`, line by line or
/// whole, and which is killed and reaped when its owner lets go of it. Every wait has a deadline.
///
/// What the tests use to run the project's tools and other programs (`layoutctl`, `layoutd`, `tmux`, `swiftc`).
/// Foundation's `Process` is not used: on Linux its `waitUntilExit()` can wait forever for a child that has
/// already exited (seen with `tmux new-session`, whose client forks the tmux server before it exits).
///
/// ```swift
/// let result = try ChildProcess.run("layoutctl", ["check", "Quiz.layout"], timeout: .seconds(60))
/// #expect(result.ending == .exited(0), "\(result.stderr)")
/// ```
package final class ChildProcess {
    /// How a process ended.
    package typealias Ending = ProcessEnding

    /// What the child's standard input is.
    package enum Input {
        /// `/dev/null`.
        case null
        /// These bytes, then the end of the input (from an unlinked temporary file, so that nothing blocks).
        case bytes([UInt8])
        /// A pipe written with ``write(_:)`` and closed with ``closeInput()``.
        case pipe
    }

    /// Where the child's standard output or error goes.
    package enum Output {
        /// A pipe read here.
        case capture
        /// `/dev/null`.
        case null
    }

    /// What ``run(_:_:input:environment:directory:timeout:)`` returns.
    package struct Result: Sendable {
        package var ending: Ending?
        package var stdout: String
        package var stderr: String
        /// Whether it ran past its timeout and was killed.
        package var timedOut: Bool

        /// The exit status; the signal's number when a signal ended it; -1 when it timed out.
        package var status: Int32 {
            switch ending {
            case .exited(let status): status
            case .signaled(let signal): signal
            case nil: -1
            }
        }

        /// Whether a signal ended it (a crash, or the kill after a timeout).
        package var signaled: Bool {
            if case .signaled = ending { true } else { false }
        }
    }

    package struct Failure: Error, CustomStringConvertible {
        package var description: String
        package init(_ description: String) { self.description = description }
    }

    /// The process itself.
    package let process: Subprocess
    package var pid: Int32 { process.pid }
    /// The program, as given.
    package var executable: String { process.executable }
    private var input: Int32
    /// The read ends of the pipes on standard output and error; -1 when not captured, or once ended.
    private var outputs: [Int32]
    private var buffers: [[UInt8]] = [[], []]

    /// Starts `executable` (looked up on `PATH` when it has no `/`) with `arguments`.
    /// - Parameters:
    ///   - environment: Variables set for the child on top of this process's own.
    ///   - directory: The child's working directory; this process's when nil.
    /// - Throws: ``Failure`` when it cannot be started.
    package init(
        _ executable: String, _ arguments: [String], input: Input = .null, stdout: Output = .capture,
        stderr: Output = .capture, environment: [String: String] = [:], directory: String? = nil
    ) throws {
        var standardInput = Subprocess.Stream.null
        var inputFile: CInt = -1
        defer { if inputFile >= 0 { close(inputFile) } }
        switch input {
        case .null: break
        case .pipe: standardInput = .pipe
        case .bytes(let bytes):
            inputFile = try Self.temporaryFile(holding: bytes)
            standardInput = .descriptor(inputFile)
        }
        func stream(_ output: Output) -> Subprocess.Stream { output == .capture ? .pipe : .null }
        do {
            process = try Subprocess(
                executable, arguments, environment: environment.isEmpty ? .inherit : .overriding(environment),
                directory: directory, standardInput: standardInput, standardOutput: stream(stdout),
                standardError: stream(stderr))
        } catch {
            throw Failure(error.description)
        }
        self.input = process.standardInput ?? -1
        outputs = [process.standardOutput ?? -1, process.standardError ?? -1]
    }

    deinit {
        closeInput()
        for fd in outputs where fd >= 0 { close(fd) }
        if process.ending == nil {
            process.signal(SIGKILL)
            process.wait(until: .now + .seconds(10))
        }
    }

    /// Runs a program to its end, or kills it when `timeout` passes, and returns what it wrote.
    package static func run(
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
            ending: timedOut ? nil : ending, stdout: process.stdout, stderr: process.stderr, timedOut: timedOut)
    }

    /// A new temporary file holding `bytes`, unlinked, open for reading from its start; its descriptor.
    private static func temporaryFile(holding bytes: [UInt8]) throws -> CInt {
        var template = Array("/tmp/child-input-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { spawn_shims_temporary_file($0.baseAddress!) }
        guard fd >= 0 else { throw Failure("cannot make a file for the input: \(systemReason(errno))") }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        do {
            try write(bytes, to: fd)
        } catch {
            close(fd)
            throw error
        }
        lseek(fd, 0, SEEK_SET)
        return fd
    }

    private static func write(_ bytes: [UInt8], to fd: CInt) throws {
        if let code = writeAll(bytes[...], to: fd) { throw Failure(systemReason(code)) }
    }

    // MARK: Input

    /// Writes to the child's standard input (``Input/pipe``).
    package func write(_ bytes: [UInt8]) throws {
        do {
            try Self.write(bytes, to: input)
        } catch {
            throw Failure("cannot write to \(executable): \(error)")
        }
    }

    /// Ends the child's standard input.
    package func closeInput() {
        if input >= 0 { close(input) }
        input = -1
    }

    // MARK: Output

    /// What the child wrote to standard output so far and was read.
    package var stdout: String { String(decoding: buffers[0], as: UTF8.self) }
    /// What the child wrote to standard error so far and was read.
    package var stderr: String { String(decoding: buffers[1], as: UTF8.self) }

    /// Reads what is there to read now, or until `deadline` when something is awaited; false once both outputs
    /// have ended.
    @discardableResult
    private func pump(until deadline: ContinuousClock.Instant, onlyWhatIsThere: Bool = false) -> Bool {
        let open = (0..<2).filter { outputs[$0] >= 0 }
        guard !open.isEmpty else { return false }
        var pollers = open.map { pollfd(fd: outputs[$0], events: Int16(POLLIN), revents: 0) }
        let milliseconds = Subprocess.milliseconds(min(deadline - .now, .seconds(1)))
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
    package func readAvailable() {
        while pump(until: .now, onlyWhatIsThere: true) {}
    }

    /// Reads both outputs until they end or `deadline` passes.
    package func readToEnd(until deadline: ContinuousClock.Instant) {
        while ContinuousClock.now < deadline, pump(until: deadline) {}
    }

    /// Reads until the output (standard error when `onStandardError`) holds `text`, the outputs end, or `deadline`
    /// passes; whether it holds it.
    package func waitForOutput(
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
    package func readLine(until deadline: ContinuousClock.Instant) -> [UInt8]? {
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
    package var outputEnded: Bool { outputs[0] < 0 && buffers[0].isEmpty }

    /// Stops reading standard output, as a reader that goes away.
    package func closeOutput() {
        if outputs[0] >= 0 { close(outputs[0]) }
        outputs[0] = -1
    }

    // MARK: Ending

    /// Sends a signal (SIGTERM unless told), unless it has ended.
    package func signal(_ signal: Int32 = SIGTERM) {
        process.signal(signal)
    }

    /// How it ended, if it has.
    package var ending: Ending? { process.ending }

    package var isRunning: Bool { process.isRunning }

    /// Waits until it ends or `deadline` passes (reading its outputs meanwhile, so that it cannot block on a
    /// full pipe); how it ended, or nil when it still runs.
    @discardableResult
    package func waitForExit(until deadline: ContinuousClock.Instant) -> Ending? {
        while ending == nil, ContinuousClock.now < deadline {
            if outputs.allSatisfy({ $0 < 0 }) {
                process.wait(until: deadline)
            } else {
                pump(until: min(deadline, .now + .milliseconds(5)))
            }
        }
        // What it wrote before it ended is in the pipes still (a process it started may hold them open: bounded).
        if ending != nil { readToEnd(until: .now + .seconds(1)) }
        return ending
    }

    /// Waits up to `timeout` for it to end.
    @discardableResult
    package func waitForExit(timeout: Duration) -> Ending? { waitForExit(until: .now + timeout) }

    /// Sends SIGTERM, waits up to `grace` for it to end (reading its outputs), then kills it; how it ended.
    @discardableResult
    package func stop(grace: Duration = .seconds(10)) -> Ending? {
        signal(SIGTERM)
        if let ending = waitForExit(timeout: grace) { return ending }
        signal(SIGKILL)
        return waitForExit(timeout: .seconds(10))
    }
}
