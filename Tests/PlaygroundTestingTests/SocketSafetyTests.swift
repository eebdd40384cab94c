import Foundation
import HostSystem
import PlaygroundClient
import PlaygroundProtocol
import Synchronization
import TestSupport
import Testing

/// No one else can pose as the daemon, and nothing a server says acts on the user's terminal: the private socket
/// folder, the server's user checked by every client, text from a server escaped by layoutctl, and a server that
/// lies about ids is a protocol error, never a crash. Against the real `layoutd` and `layoutctl`, with servers
/// that pose as the daemon (another user's `socat`, a Python script of this user's).
@Suite(.serialized, .timeLimit(.minutes(2))) struct SocketSafetyTests {
    /// A folder for one test, removed by the caller.
    static func temporaryFolder(_ name: String) throws -> String {
        var template = Array("/tmp/\(name)-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw ChildProcess.Failure("cannot make a folder") }
        return String(cString: made)
    }

    /// The environment of a user without `XDG_RUNTIME_DIR` or `LAYOUTD_SOCKET`, whose private socket folder is
    /// under `folder` (`LAYOUTD_TMPDIR`).
    static func environment(temporary folder: String) -> [String: String] {
        ["LAYOUTD_TMPDIR": folder, "XDG_RUNTIME_DIR": "", "LAYOUTD_SOCKET": ""]
    }

    static func layoutctl(_ arguments: [String], environment: [String: String] = [:]) throws -> ChildProcess.Result {
        try ChildProcess.run(
            try LayoutctlSocketTests.layoutctl(), arguments, environment: environment, timeout: .seconds(60))
    }

    /// Waits, at most 10 s, until something is at `path`.
    static func waitForFile(_ path: String) -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            if access(path, F_OK) == 0 { return true }
            usleep(10_000)
        }
        return false
    }

    /// Bytes a terminal would act on: ESC, BEL, CSI (U+009B) and a right-to-left override, raw.
    static func holdsRawControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { [0x1B, 0x07, 0x9B, 0x202E].contains($0.value) }
    }

    @Test("Without XDG_RUNTIME_DIR the socket is in layoutd-UID, made with mode 0700, and layoutctl finds it there")
    func privateFolder() async throws {
        let folder = try Self.temporaryFolder("layoutd-private")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/scenes", withIntermediateDirectories: true)
        try ExpectationTests.box.write(toFile: folder + "/scenes/Box.layout", atomically: true, encoding: .utf8)
        let environment = Self.environment(temporary: folder)
        let daemon = try ChildProcess(
            try LocalDaemon.executablePath(), [folder + "/scenes", "--clock", "manual", "--ready-fd", "1"],
            environment: environment)
        defer { daemon.stop() }
        let ready = daemon.waitForOutput(containing: "ready\n", until: .now + .seconds(30))
        #expect(ready, "\(daemon.stderr)")
        daemon.readAvailable()
        let private_ = folder + "/layoutd-\(getuid())"
        var info = stat()
        #expect(lstat(private_, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFDIR && info.st_mode & 0o777 == 0o700 && info.st_uid == getuid())
        #expect(stat(private_ + "/layoutd.sock", &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(daemon.stderr.contains(private_ + "/layoutd.sock"), "\(daemon.stderr)")
        let scenes = try Self.layoutctl(["scenes"], environment: environment)
        #expect(scenes.status == 0 && scenes.stdout.contains("Box"), "\(scenes.stderr)")
    }

    @Test(
        "A private folder that another user owns, that others can write to, or that is a link: layoutd says why and exits"
    )
    func unsafeFolder() async throws {
        let folder = try Self.temporaryFolder("layoutd-unsafe")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/scenes", withIntermediateDirectories: true)
        try ExpectationTests.box.write(toFile: folder + "/scenes/Box.layout", atomically: true, encoding: .utf8)
        let private_ = folder + "/layoutd-\(getuid())"
        var cases: [(String, () throws -> Void)] = [
            (
                "has mode 777: other users can write to it",
                {
                    #expect(mkdir(private_, 0o700) == 0)
                    #expect(chmod(private_, 0o777) == 0)
                }
            ),
            ("is a symbolic link", { #expect(symlink(folder + "/scenes", private_) == 0) }),
        ]
        // Another user's folder can be made only by root here.
        if geteuid() == 0 {
            cases.append(
                (
                    "belongs to uid 65534, not to this user",
                    {
                        #expect(mkdir(private_, 0o700) == 0)
                        #expect(chown(private_, 65534, 65534) == 0)
                    }
                ))
        }
        for (reason, setUp) in cases {
            try? FileManager.default.removeItem(atPath: private_)
            try setUp()
            let result = try ChildProcess.run(
                try LocalDaemon.executablePath(), [folder + "/scenes", "--clock", "manual"],
                environment: Self.environment(temporary: folder), timeout: .seconds(30))
            #expect(result.status == 1 && !result.timedOut, "\(reason): \(result.stderr)")
            #expect(result.stderr.contains(reason), "\(result.stderr)")
            #expect(result.stderr.contains("refusing to listen there"), "\(result.stderr)")
            #expect(access(private_ + "/layoutd.sock", F_OK) != 0)
        }
    }

    @Test(
        "A server of another user: layoutctl and PlaygroundClient refuse it, naming its uid; layoutd does not take its path",
        .enabled(if: geteuid() == 0, "only root can start a process as another user here"))
    func otherUsersServer() async throws {
        let folder = try Self.temporaryFolder("layoutd-impostor")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A folder everyone can write to, as /tmp is, where user 65534 listens first.
        #expect(chmod(folder, 0o1777) == 0)
        let socket = folder + "/layoutd.sock"
        let impostor = try ChildProcess(
            "setpriv",
            [
                "--reuid=65534", "--regid=65534", "--clear-groups", "socat",
                // It holds each connection open, as a daemon would, answering nothing.
                "UNIX-LISTEN:\(socket),fork", "SYSTEM:sleep 30",
            ])
        defer { impostor.stop() }
        #expect(Self.waitForFile(socket), "socat did not listen: \(impostor.stderr)")
        let scenes = try Self.layoutctl(["scenes", "--socket", socket])
        #expect(scenes.status == 3, "\(scenes.stdout) \(scenes.stderr)")
        #expect(scenes.stderr.contains("runs as uid 65534"), "\(scenes.stderr)")
        do {
            _ = try await PlaygroundClient.withConnection(to: socket) { try await $0.hello() }
            Issue.record("PlaygroundClient talked to another user's server")
        } catch ClientError.foreignServer(_, let uid) {
            #expect(uid == 65534)
        }
        let daemon = try ChildProcess.run(
            try LocalDaemon.executablePath(), [folder, "--socket", socket, "--clock", "manual"],
            timeout: .seconds(30))
        #expect(daemon.status == 1 && daemon.stderr.contains("another user (uid 65534)"), "\(daemon.stderr)")
    }

    /// A server of this user that answers every request with `answer`, the request's id put for `ID`.
    static func fakeServer(at socket: String, answering answer: String) throws -> ChildProcess {
        let script = """
            import json, socket, sys
            server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            server.bind(sys.argv[1])
            server.listen(8)
            print("listening", flush=True)
            while True:
                connection, _ = server.accept()
                for line in connection.makefile("rb"):
                    request = json.loads(line)
                    reply = sys.argv[2].replace('"ID"', json.dumps(request.get("id")))
                    connection.sendall(reply.encode() + b"\\n")
                connection.close()
            """
        let server = try ChildProcess(pythonCommand.path, ["-c", script, socket, answer])
        guard server.waitForOutput(containing: "listening", until: .now + .seconds(30)) else {
            throw ChildProcess.Failure("the fake server did not start: \(server.stderr)")
        }
        return server
    }

    @Test("What a server sends reaches the terminal escaped: its messages, its scenes' names, its diagnostics")
    func hostileText() async throws {
        let folder = try Self.temporaryFolder("layoutd-hostile-text")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let hostile = #"\u001b]0;TITLE\u0007\u001b[2J\u009b2J\u202e"#
        let answers = [
            #"{"id":"ID","ok":false,"error":{"code":"unknown-scene","message":"\#(hostile)"}}"#,
            #"{"id":"ID","ok":true,"scenes":[{"name":"\#(hostile)","file":"\#(hostile)","generation":1,"status":"error","errors":1,"warnings":0,"actions":[]}]}"#,
            #"{"id":"ID","ok":true,"diagnostics":[{"severity":"error","code":"x","message":"\#(hostile)","file":"f","line":1,"column":1,"rendered":"\#(hostile)\n"}]}"#,
        ]
        for (index, answer) in answers.enumerated() {
            let socket = folder + "/fake\(index).sock"
            let server = try Self.fakeServer(
                at: socket, answering: answer.replacingOccurrences(of: #""ID""#, with: "\"ID\""))
            defer { server.stop() }
            for arguments in [["frame", "X"], ["scenes"], ["diagnostics", "X"]] {
                let result = try Self.layoutctl(arguments + ["--socket", socket])
                #expect(!result.signaled && !result.timedOut)
                #expect(!Self.holdsRawControls(result.stdout + result.stderr), "\(arguments): \(result)")
            }
        }
    }

    @Test("A response id no request had (1e300, a string, 0.5): a protocol error, never a crash")
    func lyingIDs() async throws {
        let folder = try Self.temporaryFolder("layoutd-lying-ids")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (index, id) in ["1e300", #""x""#, "0.5", "-1", "9007199254740993"].enumerated() {
            let socket = folder + "/fake\(index).sock"
            let server = try Self.fakeServer(
                at: socket,
                answering:
                    #"{"id":\#(id),"ok":true,"server":"layoutd","version":"0","protocol":1,"clock":"manual","fps":60}"#)
            defer { server.stop() }
            let result = try Self.layoutctl(["scenes", "--socket", socket])
            #expect(!result.signaled && !result.timedOut, "\(id): \(result.stderr)")
            #expect(result.status == 3 && result.stderr.contains("broke the protocol"), "\(id): \(result.stderr)")
            do {
                _ = try await PlaygroundClient.withConnection(to: socket) { try await $0.hello() }
                Issue.record("a response with the id \(id) answered hello")
            } catch ClientError.protocolViolation(let what) {
                #expect(what.contains("no request had"), "\(what)")
            }
        }
    }

    @Test("layoutctl escapes what it prints of a scene and of its own arguments: frame --json, solve, assert")
    func escapedOutput() async throws {
        let scene = "canvas 100 x 100\nlabel l \"a\u{9B}2J\u{202E}b\"\nl.leading == root.leading; l.top == root.top\n"
        try await LocalDaemon.with(scenes: ["T": scene]) { daemon, _ in
            let json = try Self.layoutctl(["frame", "T", "--json", "--socket", daemon.socketPath])
            #expect(json.status == 0 && !Self.holdsRawControls(json.stdout))
            #expect(json.stdout.contains(#"a\u009b2J\u202eb"#), "\(json.stdout)")
            let text = try Self.layoutctl(["frame", "T", "--socket", daemon.socketPath])
            #expect(text.status == 0 && !Self.holdsRawControls(text.stdout), "\(text.stdout)")
            let solve = try Self.layoutctl(["solve", daemon.folder + "/T.layout"])
            #expect(solve.status == 0 && !Self.holdsRawControls(solve.stdout))
            #expect(solve.stdout.contains(#"a\u009b2J\u202eb"#), "\(solve.stdout)")
            // An assertion that is not one, one on a name that is not there, one on a text that differs.
            for (expression, status) in [
                ("l.x == 1\u{1B}[2J", Int32(2)), ("l\u{1B}]0;T\u{07}.x == 1", 2), ("l.text == \"\u{1B}[2J\"", 1),
            ] {
                let assert = try Self.layoutctl(["assert", "T", expression, "--socket", daemon.socketPath])
                #expect(assert.status == status, "\(assert.stderr)")
                #expect(!Self.holdsRawControls(assert.stdout + assert.stderr), "\(assert.stderr)")
            }
        }
    }

    @Test("40 layoutctl at once, during a burst of 4,000 connections made and dropped: every one is answered")
    func connectFlood() async throws {
        try await LocalDaemon.with(scenes: ["Box": ExpectationTests.box]) { daemon, _ in
            let path = daemon.socketPath
            // Two threads connect and close 2,000 times each as fast as they can: more than a listen queue of
            // 256 holds, less than the system's largest (4,096 here). A flood without end would fill any queue.
            let left = Mutex(4_000)
            let flooding = Mutex(true)
            let floods = (0..<2).map { _ in
                Thread {
                    var address = sockaddr_un()
                    address.sun_family = sa_family_t(AF_UNIX)
                    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
                    while flooding.withLock({ $0 }),
                        left.withLock({ count in
                            count -= 1
                            return count >= 0
                        })
                    {
                        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
                        _ = withUnsafePointer(to: &address) {
                            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                            }
                        }
                        close(fd)
                    }
                }
            }
            for flood in floods { flood.start() }
            defer { flooding.withLock { $0 = false } }
            let processes = try (0..<40).map { _ in
                try ChildProcess(try LayoutctlSocketTests.layoutctl(), ["scenes", "--socket", path])
            }
            for process in processes {
                let ending = process.waitForExit(timeout: .seconds(60))
                #expect(ending == .exited(0), "\(process.stderr)")
            }
        }
    }
}
