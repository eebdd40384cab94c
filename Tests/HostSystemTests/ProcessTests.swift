import HostSystem
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `Subprocess` and `ChildProcess` with real programs: what the child gets (arguments, environment, folder,
/// streams, and no other descriptor of ours), how it ends, and waits that end at their deadlines.
@Suite(.timeLimit(.minutes(1))) struct ProcessTests {
    /// Everything `fd` gives until its end, waiting until `timeout` at most; closes it.
    static func readAll(_ fd: CInt, timeout: Duration = .seconds(10)) -> String? {
        defer { close(fd) }
        let deadline = ContinuousClock.now + timeout
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while ContinuousClock.now < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return String(decoding: bytes, as: UTF8.self) }
            bytes += chunk[..<count]
        }
        return nil
    }

    /// Runs `executable` with its standard output a pipe, reads it to its end and reaps it.
    static func output(
        _ executable: String, _ arguments: [String], environment: Subprocess.Environment = .inherit,
        directory: String? = nil
    ) throws -> (text: String?, ending: ProcessEnding?) {
        let process = try Subprocess(
            executable, arguments, environment: environment, directory: directory, standardOutput: .pipe)
        let text = readAll(process.standardOutput!)
        return (text, process.wait(timeout: .seconds(10)) ?? process.stop(grace: .zero))
    }

    // MARK: Subprocess

    @Test("Standard output and error each through a pipe; the exit status")
    func outputAndStatus() throws {
        let process = try Subprocess(
            "/bin/sh", ["-c", "echo out; echo err >&2; exit 3"], standardOutput: .pipe, standardError: .pipe)
        #expect(process.standardInput == nil)
        #expect(Self.readAll(process.standardOutput!) == "out\n")
        #expect(Self.readAll(process.standardError!) == "err\n")
        #expect(process.wait(timeout: .seconds(10)) == .exited(3))
        #expect(process.ending == .exited(3) && !process.isRunning)
    }

    @Test("The arguments as given, spaces and quotes kept; a bare name is found on PATH")
    func arguments() throws {
        let result = try Self.output("printf", ["%s|", "a b", "'c'", "", "ü"])
        #expect(result.text == "a b|'c'||ü|")
        #expect(result.ending == .exited(0))
    }

    @Test("A pipe on standard input: cat gives back what was written, and ends when it is closed")
    func standardInputPipe() throws {
        let process = try Subprocess("cat", [], standardInput: .pipe, standardOutput: .pipe)
        let input = try #require(process.standardInput)
        let bytes = Array("one\ntwo\n".utf8)
        #expect(write(input, bytes, bytes.count) == bytes.count)
        close(input)
        #expect(Self.readAll(process.standardOutput!) == "one\ntwo\n")
        #expect(process.wait(timeout: .seconds(10)) == .exited(0))
    }

    @Test("A descriptor given: cat reads a file's; standard error onto standard output, as 2>&1")
    func descriptors() throws {
        var template = Array("/tmp/process-tests-XXXXXX".utf8CString)
        let file = mkstemp(&template)
        try #require(file >= 0, "cannot make a temporary file")
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        defer { close(file) }
        let bytes = Array("from a file\n".utf8)
        #expect(write(file, bytes, bytes.count) == bytes.count)
        lseek(file, 0, SEEK_SET)
        let cat = try Subprocess("cat", [], standardInput: .descriptor(file), standardOutput: .pipe)
        #expect(Self.readAll(cat.standardOutput!) == "from a file\n")
        #expect(cat.wait(timeout: .seconds(10)) == .exited(0))

        let both = try Subprocess(
            "/bin/sh", ["-c", "echo a; echo b >&2; echo c"], standardOutput: .pipe, standardError: .descriptor(1))
        #expect(both.standardError == nil)
        #expect(Self.readAll(both.standardOutput!) == "a\nb\nc\n")
        #expect(both.wait(timeout: .seconds(10)) == .exited(0))
    }

    @Test("The signal that ended it")
    func signaled() throws {
        let process = try Subprocess("/bin/sh", ["-c", "kill -USR1 $$"])
        #expect(process.wait(timeout: .seconds(10)) == .signaled(SIGUSR1))
        #expect(ProcessEnding.signaled(SIGUSR1).description == "signal \(SIGUSR1)")
        #expect(ProcessEnding.exited(2).description == "exit status 2")
    }

    @Test("A deadline that passes: nil, not before it; stop then ends the process with SIGTERM")
    func deadline() throws {
        let process = try Subprocess("sleep", ["30"])
        let started = ContinuousClock.now
        #expect(process.wait(timeout: .milliseconds(300)) == nil)
        let waited = ContinuousClock.now - started
        #expect(waited >= .milliseconds(300) && waited < .seconds(5), "waited \(waited)")
        #expect(process.isRunning)
        #expect(process.stop(grace: .seconds(10)) == .signaled(SIGTERM))
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    @Test("stop kills what ignores SIGTERM once its grace has passed")
    func stopKills() throws {
        let process = try Subprocess(
            "/bin/sh", ["-c", "trap '' TERM; echo ready; exec sleep 30"], standardOutput: .pipe)
        let output = try #require(process.standardOutput)
        defer { close(output) }
        var poller = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        #expect(poll(&poller, 1, 10_000) == 1, "no 'ready' from the shell within 10 s")
        let started = ContinuousClock.now
        #expect(process.stop(grace: .milliseconds(300)) == .signaled(SIGKILL))
        let took = ContinuousClock.now - started
        #expect(took >= .milliseconds(300) && took < .seconds(10), "took \(took)")
        // Reaped: a second stop or signal touches nothing and says the same.
        process.signal(SIGKILL)
        #expect(process.stop() == .signaled(SIGKILL))
    }

    @Test("The child has no descriptor of ours beyond 0–2, though we hold one open without close-on-exec")
    func noInheritedDescriptors() throws {
        let opened = open("/dev/null", O_RDONLY)
        try #require(opened >= 0)
        defer { close(opened) }
        // A high number, where nothing else of ours is likely to be.
        let leaky = dup2(opened, 200)
        try #require(leaky == 200, "cannot dup2 to 200: \(systemReason(errno))")
        defer { close(leaky) }
        #expect(fcntl(leaky, F_GETFD) & FD_CLOEXEC == 0)
        let result = try Self.output("ls", ["/proc/self/fd"])
        #expect(result.ending == .exited(0))
        let listed = (result.text ?? "").split(separator: "\n").compactMap { Int($0) }
        // 0–2, and 3: ls's own handle on the folder it lists.
        #expect(listed.sorted() == [0, 1, 2, 3], "the child had open: \(listed)")
    }

    @Test("The child's signals are unblocked, though the thread that starts it blocks one")
    func signalMask() throws {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGUSR2)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        let result: (text: String?, ending: ProcessEnding?)
        do {
            defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
            result = try Self.output("grep", ["^SigBlk:", "/proc/self/status"])
        }
        #expect(result.text == "SigBlk:\t0000000000000000\n")
    }

    @Test("A working folder")
    func workingFolder() throws {
        var template = Array("/tmp/process-tests-XXXXXX".utf8CString)
        let made = try #require(mkdtemp(&template), "cannot make a temporary folder")
        let folder = String(cString: made)
        defer { rmdir(folder) }
        let resolved = try #require(realpath(folder, nil))
        defer { free(resolved) }
        let result = try Self.output("/bin/sh", ["-c", "pwd -P"], directory: folder)
        #expect(result.text == String(cString: resolved) + "\n")
        #expect(throws: ProcessError.self) { _ = try Subprocess("/bin/true", [], directory: folder + "/missing") }
    }

    @Test("The environment: inherited, inherited with variables set, or exactly the one given")
    func environment() throws {
        let path = String(cString: getenv("PATH"))
        #expect(Subprocess.currentEnvironment["PATH"] == path)
        let inherited = try Self.output("/usr/bin/env", [])
        #expect(inherited.text?.split(separator: "\n").contains("PATH=\(path)") == true)

        let overridden = try Self.output(
            "/bin/sh", ["-c", #"echo "$PROCESS_TESTS_NEW|$PATH""#],
            environment: .overriding(["PROCESS_TESTS_NEW": "a b=c", "PATH": "/bin:/usr/bin"]))
        #expect(overridden.text == "a b=c|/bin:/usr/bin\n")
        #expect(overridden.ending == .exited(0))

        let exact = try Self.output("/usr/bin/env", [], environment: .exactly(["ONLY": "1", "ALSO": "x=y"]))
        #expect(exact.text == "ALSO=x=y\nONLY=1\n")
    }

    @Test("A program that is not there: an error that names it, by path or by name")
    func missingProgram() {
        let error = #expect(throws: ProcessError.self) { _ = try Subprocess("/nonexistent/program", []) }
        #expect(error?.description == "cannot start /nonexistent/program: no such file or directory")
        let byName = #expect(throws: ProcessError.self) { _ = try Subprocess("no-such-program-anywhere", []) }
        #expect(byName?.description == "cannot start no-such-program-anywhere: no such file or directory")
    }

    // MARK: ChildProcess

    @Test("run: both outputs, the status, the input given, the environment and the folder")
    func run() throws {
        let result = try ChildProcess.run(
            "/bin/sh", ["-c", #"cat; echo "$CHILD_TEST" >&2; pwd; exit 4"#], input: Array("in\n".utf8),
            environment: ["CHILD_TEST": "set"], directory: "/", timeout: .seconds(30))
        #expect(result.stdout == "in\n/\n")
        #expect(result.stderr == "set\n")
        #expect(result.ending == .exited(4) && result.status == 4 && !result.timedOut && !result.signaled)
    }

    @Test("run: a program past its timeout is killed and reported so")
    func runTimeout() throws {
        let started = ContinuousClock.now
        let result = try ChildProcess.run("sleep", ["30"], timeout: .milliseconds(300))
        #expect(result.timedOut && result.ending == nil && result.status == -1)
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    @Test("Lines as they come, waiting for output on standard error, and a pipe on standard input")
    func lines() throws {
        let process = try ChildProcess(
            "/bin/sh", ["-c", "echo first; echo ready >&2; while read line; do echo \"got $line\"; done"],
            input: .pipe)
        let first = process.readLine(until: .now + .seconds(10)).map { String(decoding: $0, as: UTF8.self) }
        #expect(first == "first")
        #expect(process.waitForOutput(containing: "ready", onStandardError: true, until: .now + .seconds(10)))
        // Nothing more comes until something is written: the wait ends at its deadline.
        #expect(process.readLine(until: .now + .milliseconds(100)) == nil)
        try process.write(Array("x\n".utf8))
        let got = process.readLine(until: .now + .seconds(10)).map { String(decoding: $0, as: UTF8.self) }
        #expect(got == "got x")
        process.closeInput()
        #expect(process.waitForExit(timeout: .seconds(10)) == .exited(0))
        #expect(process.outputEnded)
    }

    @Test("A ChildProcess let go while running is killed and reaped")
    func deinitKills() throws {
        var process: ChildProcess? = try ChildProcess("sleep", ["30"])
        let pid = try #require(process?.pid)
        #expect(kill(pid, 0) == 0)
        process = nil
        // Reaped, not a zombie: the pid is gone.
        #expect(kill(pid, 0) == -1 && errno == ESRCH)
    }
}
