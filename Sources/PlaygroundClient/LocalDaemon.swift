import HostSystem
import NIOCore
import NIOPosix
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
    ///   - scenes: File contents by scene name (`"Quiz"` is written to `Quiz.layout`; a UIKit Swift scene,
    ///     `"Login.swift"`, to `Login.swift`).
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
        for (name, text) in scenes { try writeFile(folder + "/" + SceneName(name).file, text) }
        let socketPath = folder + "/layoutd.sock"
        let executable = try executablePath()
        let arguments = [folder, "--socket", socketPath, "--clock", clock.rawValue, "--fps", "\(fps)"]
        let process: Subprocess
        do {
            process = try Subprocess(
                executable, arguments + ["--log-level", "notice", "--ready-fd", "1"], standardInput: .null,
                standardOutput: .pipe, standardError: .pipe)
        } catch {
            throw ClientError.daemonDidNotStart(error.description)
        }
        let readiness = process.standardOutput!
        let log = process.standardError!
        var logTaken = false
        // The waits that block (for the ready line, for the process to end) run on a thread of their own, never
        // on one of the few threads every task of the test process shares: tests that start daemons at once
        // must not stall each other, nor anything else running meanwhile.
        let stop: @Sendable (Bool) async -> Void = { closeLog in
            // SIGTERM, then SIGKILL if it has not ended within 10 s; reaped either way.
            _ = try? await NIOThreadPool.singleton.runIfActive { process.stop(grace: .seconds(10)) }
            close(readiness)
            if closeLog { close(log) }
        }
        let result: Result
        do {
            // Ready when it says so on the descriptor it was given (it listens only after loading every scene).
            try await NIOThreadPool.singleton.runIfActive { try waitUntilReady(readiness, log: log, of: process) }
            // From then on its log is read and dropped, so that a long test's warnings never fill the pipe and
            // block the daemon (and layout-watch, which writes there too). The channel closes when they end.
            logTaken =
                (try? await NIOPipeBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                    .takingOwnershipOfDescriptor(input: log).get()) != nil
            result = try await PlaygroundClient.withConnection(to: socketPath) { client in
                _ = try await client.hello()
                return try await body(
                    LocalDaemon(folder: folder, socketPath: socketPath, pid: process.pid, client: client), client)
            }
        } catch {
            await stop(!logTaken)
            throw error
        }
        await stop(!logTaken)
        return result
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
            scenes[SceneName(ofFileAt: path).rawValue] = try readFile(path)
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
        let path = folder + "/" + SceneName(scene).file
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

    /// Reads the daemon's log until a line holds `text`, for at most ``timeout`` seconds.
    /// - Throws: ``ClientError/daemonDidNotStart(_:)`` with what it said, when it did not say that in time or ended.
    /// Waits, at most ``timeout`` seconds, for the `ready` line `layoutd --ready-fd 1` writes on `readiness`,
    /// keeping what it logs meanwhile to say why when it does not come.
    private static func waitUntilReady(_ readiness: CInt, log: CInt, of process: Subprocess) throws {
        var said: [UInt8] = []
        var answer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        let deadline = ContinuousClock.now + .seconds(timeout)
        var open = [readiness, log]
        while ContinuousClock.now < deadline, open.contains(readiness) {
            var pollers = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let left = deadline - .now
            let count = poll(
                &pollers, nfds_t(pollers.count), CInt(max(1, min(200, (left / .milliseconds(1)).rounded(.up)))))
            if count < 0 && errno != EINTR { break }
            for poller in pollers where poller.revents != 0 {
                let read = chunk.withUnsafeMutableBytes { Glibc.read(poller.fd, $0.baseAddress, $0.count) }
                if read > 0 {
                    if poller.fd == readiness { answer += chunk[..<read] } else { said += chunk[..<read] }
                } else if read == 0 || errno != EINTR {
                    open.removeAll { $0 == poller.fd }
                }
            }
            if answer.starts(with: Array("ready\n".utf8)) { return }
        }
        let what =
            process.wait(until: .now + .seconds(1)).map { "ended (\($0)) before it was ready" }
            ?? "was not ready within \(Int(timeout)) s"
        throw ClientError.daemonDidNotStart(
            "layoutd \(what); it said: \(String(decoding: said.suffix(2000), as: UTF8.self))")
    }

    static func readFile(_ path: String) throws -> String {
        do {
            return String(decoding: try FileReader.read(path), as: UTF8.self)
        } catch {
            throw ClientError.daemonDidNotStart("cannot read \(path): \(error)")
        }
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
