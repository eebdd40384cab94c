public import PlaygroundProtocol

#if canImport(Glibc)
    import Glibc
#endif

/// A real `layoutd` started for a test: on a temporary folder of scene
/// files and a temporary socket, with the manual clock, so that time moves
/// only when the test says. It is stopped, and its folder removed, when the
/// closure returns or throws.
///
/// ```swift
/// try await LocalDaemon.with(scenes: ["Box": "view box\n…"]) { daemon, client in
///     try await client.run("slide", in: "Box")
///     try await client.step(0.5)
///     let box = try await client.frame(of: "Box").view(named: "box")!
/// }
/// ```
public struct LocalDaemon: Sendable {
    /// The folder the daemon watches.
    public let folder: String
    public let socketPath: String
    /// The daemon's process id (for a test that watches its descriptors or memory).
    public let pid: Int32
    let client: PlaygroundClient

    /// How long to wait for the daemon to be ready, or for a saved scene's new generation, in seconds.
    public static let timeout = 30.0

    /// Starts `layoutd` (``executablePath()``) on a new folder holding the scenes given, runs
    /// `body` with a connected client, then stops it.
    /// - Parameters:
    ///   - scenes: File contents by scene name (`"Quiz"` is written to `Quiz.layout`).
    ///   - fps: The daemon's ticks per second for `step` and `settle`, or of its real clock.
    ///   - clock: `.manual` (time moves on `step` and `settle`) or `.real`.
    /// - Throws: ``ClientError/daemonDidNotStart(_:)`` when it cannot start or is not ready in time.
    public static func with<Result: Sendable>(
        scenes: [String: String], fps: Double = 60, clock: ServerInfo.Clock = .manual,
        _ body: (LocalDaemon, PlaygroundClient) async throws -> Result
    ) async throws -> Result {
        var template = Array("/tmp/layoutd-test-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw ClientError.daemonDidNotStart("cannot make a folder") }
        let folder = String(cString: made)
        defer { removeTree(folder) }
        for (name, text) in scenes { try writeFile(folder + "/" + name + ".layout", text) }
        let socketPath = folder + "/layoutd.sock"
        let executable = try executablePath()
        let (pid, log) = try spawn(
            executable,
            [folder, "--socket", socketPath, "--clock", clock.rawValue, "--fps", "\(fps)", "--log-level", "notice"])
        defer {
            kill(pid, SIGTERM)
            var status: CInt = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            close(log)
        }
        // Ready when it says it listens (it binds only after loading every scene).
        try waitForLine(containing: "listening on", from: log, pid: pid)
        return try await PlaygroundClient.withConnection(to: socketPath) { client in
            _ = try await client.hello()
            return try await body(LocalDaemon(folder: folder, socketPath: socketPath, pid: pid, client: client), client)
        }
    }

    /// Starts `layoutd` as ``with(scenes:fps:clock:_:)`` does, on copies of scene files: each is a scene named
    /// after its file (`Tests/Card.layout` is `Card`).
    /// - Throws: ``ClientError/daemonDidNotStart(_:)`` when a file cannot be read, or the daemon cannot start.
    public static func with<Result: Sendable>(
        sceneFiles paths: [String], fps: Double = 60, clock: ServerInfo.Clock = .manual,
        _ body: (LocalDaemon, PlaygroundClient) async throws -> Result
    ) async throws -> Result {
        var scenes: [String: String] = [:]
        for path in paths {
            var name = String(path.split(separator: "/").last ?? Substring(path))
            if name.hasSuffix(".layout") { name.removeLast(".layout".count) }
            scenes[name] = try readFile(path)
        }
        return try await with(scenes: scenes, fps: fps, clock: clock, body)
    }

    /// Writes a scene's file (a new file, then a rename over the old, as editors save) and waits until the
    /// daemon has loaded it: its new generation, or the diagnostics of a version with errors.
    /// - Returns: The diagnostics the daemon reported for this version.
    @discardableResult
    public func write(_ text: String, to scene: String) async throws -> [WireDiagnostic] {
        let events = try await client.allEvents()
        let before = try await client.scenes().first { $0.name == scene }?.generation ?? 0
        let path = folder + "/" + scene + ".layout"
        try Self.writeFile(path + ".tmp~", text)
        guard rename(path + ".tmp~", path) == 0 else {
            throw ClientError.daemonDidNotStart("cannot save \(path): \(String(cString: strerror(errno)))")
        }
        var generation = before
        for await event in events {
            switch event {
            case .reload(scene, let new) where new > before:
                generation = new
            case .diagnostics(scene, let new, let diagnostics) where new == generation && generation > before:
                return diagnostics
            case .diagnostics(scene, _, let diagnostics) where diagnostics.contains(where: { $0.severity == .error }):
                return diagnostics
            default:
                continue
            }
        }
        throw ClientError.disconnected
    }

    /// Where `layoutd` is: `$LAYOUTD_PATH`, else beside the running executable (a test bundle in the build
    /// folder), else on `PATH`.
    public static func executablePath() throws -> String {
        if let path = getenv("LAYOUTD_PATH").map({ String(cString: $0) }), !path.isEmpty { return path }
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if count > 0 {
            var folder = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // A test bundle: .build/debug/Package.xctest; layoutd is beside the bundle.
            while let slash = folder.lastIndex(of: "/") {
                folder = String(folder[..<slash])
                if access(folder + "/layoutd", X_OK) == 0 { return folder + "/layoutd" }
                if folder.hasSuffix(".build") || folder.isEmpty { break }
            }
        }
        for directory in (getenv("PATH").map { String(cString: $0) } ?? "").split(separator: ":") {
            if access(directory + "/layoutd", X_OK) == 0 { return directory + "/layoutd" }
        }
        throw ClientError.daemonDidNotStart("cannot find layoutd: build it, or set LAYOUTD_PATH")
    }

    // MARK: Processes and files

    private static func spawn(_ executable: String, _ arguments: [String]) throws -> (pid_t, CInt) {
        var fds: [CInt] = [0, 0]
        guard makePipe(&fds) else { throw ClientError.daemonDidNotStart("pipe failed") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 2)
        var argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, nil, &argv, environ)
        close(fds[1])
        guard status == 0 else {
            close(fds[0])
            throw ClientError.daemonDidNotStart("cannot start \(executable): \(String(cString: strerror(status)))")
        }
        return (pid, fds[0])
    }

    /// Reads the daemon's log until a line holds `text`, for at most ``timeout`` seconds.
    private static func waitForLine(containing text: String, from fd: CInt, pid: pid_t) throws {
        var log: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        let deadline = time(nil) + Int(timeout)
        while time(nil) < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 200) >= 0 || errno == EINTR else { break }
            guard poller.revents != 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            log.append(contentsOf: chunk[..<count])
            if String(decoding: log, as: UTF8.self).contains(text) { return }
        }
        throw ClientError.daemonDidNotStart(
            "layoutd did not say '\(text)' within \(Int(timeout)) s; it said: \(String(decoding: log.suffix(2000), as: UTF8.self))"
        )
    }

    static func readFile(_ path: String) throws -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw ClientError.daemonDidNotStart("cannot read \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw ClientError.daemonDidNotStart("cannot read \(path)") }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func writeFile(_ path: String, _ text: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw ClientError.daemonDidNotStart("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { throw ClientError.daemonDidNotStart("cannot write \(path)") }
            written += count
        }
    }

    private static func removeTree(_ folder: String) {
        guard let directory = opendir(folder) else { return }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { unlink(folder + "/" + name) }
        }
        closedir(directory)
        rmdir(folder)
    }
}

/// A pipe whose ends close on exec (`pipe2(O_CLOEXEC)` needs `_GNU_SOURCE`); the child gets its end through dup2.
private func makePipe(_ fds: inout [CInt]) -> Bool {
    guard pipe(&fds) == 0 else { return false }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return true
}
