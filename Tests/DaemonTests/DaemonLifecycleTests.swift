import Foundation
import HostSystem
import PlaygroundClient
import PlaygroundProtocol
import TestSupport
import Testing

/// The daemon's life with its files and clients: deletions, a client that
/// never reads, SIGTERM.
@Suite(.timeLimit(.minutes(2))) struct DaemonLifecycleTests {
    @Test("A file deleted and re-created at once keeps its scene; deleted for good, the scene goes")
    func deletions() async throws {
        try await LocalDaemon.with(scenes: ["Box": DaemonTests.box, "Other": DaemonTests.box]) { daemon, client in
            var events = try await client.allEvents().makeAsyncIterator()
            // git checkout: unlink, then create.
            let path = daemon.folder + "/Box.layout"
            try FileManager.default.removeItem(atPath: path)
            try (DaemonTests.box + "\n# again\n").write(toFile: path, atomically: false, encoding: .utf8)
            try FileManager.default.removeItem(atPath: daemon.folder + "/Other.layout")
            var removed: [String] = []
            while let event = await events.next() {
                if case .removed(let scene) = event {
                    removed.append(scene)
                    break
                }
            }
            #expect(removed == ["Other"])
            #expect(try await client.scenes().map(\.name) == ["Box"])
        }
    }

    @Test("A client that never reads does not hold up one that does")
    func neverReads() async throws {
        try await LocalDaemon.with(scenes: ["Box": DaemonTests.box]) { daemon, client in
            try await RawConnection.with(daemon.socketPath) { _, out in
                // Subscribed to everything, and never reading a byte.
                try await out.send(#"{"id":1,"cmd":"subscribe","scene":"*"}"# + "\n")
                var frames = try await client.frames(of: "Box").makeAsyncIterator()
                _ = await frames.next()
                try await client.run("slide", in: "Box")
                for _ in 0..<10 { try await client.step(0.1) }
                var last: Frame?
                while let frame = await frames.next() {
                    last = frame
                    if frame.settled { break }
                }
                #expect(last?.view(named: "box")?.x == 100)
                #expect(try await client.hello().server == "layoutd")
            }
        }
    }

    @Test("The real clock wakes for an animation still in its delay, and settle waits for the end")
    func realClock() async throws {
        let scene =
            DaemonTests.box + "\naction later { boxX.constant = 100; animate 0.2 delay 0.1 curve linear { layout } }\n"
        try await LocalDaemon.with(scenes: ["Box": scene], clock: .real) { _, client in
            #expect(try await client.hello().clock == .real)
            let started = ContinuousClock.now
            try await client.run("later", in: "Box")
            let end = try await client.settle("Box", timeout: 5)
            #expect(end.settled && end.view(named: "box")?.x == 100)
            #expect(end.time >= 0.3 - 1e-9)
            #expect(ContinuousClock.now - started >= .milliseconds(250))
        }
    }

    @Test("clock pauses and slows the real clock: a paused or slowed animation does not settle; resumed, it does")
    func clockPausesAndSlows() async throws {
        let scene = DaemonTests.box + "\naction move { boxX.constant = 100; animate 0.1 curve linear { layout } }\n"
        try await LocalDaemon.with(scenes: ["Box": scene], clock: .real) { _, client in
            #expect(try await client.clock() == ClockState(paused: false, slow: 1))
            #expect(try await client.clock(paused: true) == ClockState(paused: true, slow: 1))
            try await client.run("move", in: "Box")
            // Paused: 0.4 s of wall time later the 0.1 s animation has not moved at all.
            await #expect(throws: ClientError.self) { _ = try await client.settle("Box", timeout: 0.4) }
            let held = try await client.frame(of: "Box")
            #expect(!held.settled && held.time == 0)
            // Resumed but a thousand times slower: still not done 0.4 s later, and only just begun. The scene's
            // time is bounded by the wall time that passed (however loaded the machine) over the factor.
            let resumed = ContinuousClock.now
            try await client.clock(paused: false, slow: 1000)
            await #expect(throws: ClientError.self) { _ = try await client.settle("Box", timeout: 0.4) }
            let slowed = try await client.frame(of: "Box")
            let wall = ContinuousClock.now - resumed
            #expect(!slowed.settled && slowed.time > 0)
            #expect(slowed.time <= wall.seconds / 1000 + 1e-6, "\(slowed.time) s of scene time in \(wall) of wall time")
            #expect(try await client.clock(slow: 1) == ClockState(paused: false, slow: 1))
            let end = try await client.settle("Box", timeout: 5)
            #expect(end.settled && end.view(named: "box")?.x == 100)
            // Out-of-range factors are refused.
            await #expect(throws: ClientError.self) { try await client.clock(slow: 0) }
        }
        try await LocalDaemon.with(scenes: ["Box": DaemonTests.box]) { _, client in
            do {
                try await client.clock(paused: true)
                Issue.record("a manual clock cannot be paused")
            } catch ClientError.daemon(let code, _, _) {
                #expect(code == .realClockOnly)
            }
        }
    }

    /// Starts `layoutd` with these arguments and waits, at most 30 s, for it to be ready (`--ready-fd 1`: its
    /// `ready` line on standard output); what it logged by then.
    static func startDaemon(_ arguments: [String]) throws -> (ChildProcess, said: String) {
        let process = try ChildProcess(try LocalDaemon.executablePath(), arguments + ["--ready-fd", "1"])
        let ready = process.waitForOutput(containing: "ready\n", until: .now + .seconds(30))
        #expect(ready, "layoutd was not ready within 30 s: \(process.stderr)")
        process.readAvailable()
        return (process, process.stderr)
    }

    /// A new temporary folder holding the Box scene, for a daemon started by hand.
    static func folderWithBox(_ name: String) throws -> URL {
        let folder = try temporaryFolder(name)
        try DaemonTests.box.write(to: folder.appendingPathComponent("Box.layout"), atomically: true, encoding: .utf8)
        return folder
    }

    static func temporaryFolder(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("SIGTERM ends the daemon at once, removing its socket file")
    func sigterm() async throws {
        let folder = try Self.folderWithBox("layoutd-term")
        defer { try? FileManager.default.removeItem(at: folder) }
        let socket = folder.appendingPathComponent("d.sock").path
        let (process, said) = try Self.startDaemon([folder.path, "--socket", socket, "--clock", "manual"])
        #expect(said.contains("listening on"), "\(said)")
        #expect(FileManager.default.fileExists(atPath: socket))
        let started = ContinuousClock.now
        process.signal(SIGTERM)
        let ending = process.waitForExit(timeout: .seconds(30))
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(ending == .exited(0), "\(said)")
        #expect(!FileManager.default.fileExists(atPath: socket))
    }

    @Test("A socket whose listener is too busy to accept is in use: layoutd says so and leaves it alone")
    func busySocket() async throws {
        let folder = try Self.folderWithBox("layoutd-busy")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("busy.sock").path
        // A listener that never accepts, its queue full: a hung daemon, as a connection sees it.
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        #expect(bound == 0 && listen(listener, 0) == 0)
        var queued: [UnixSocket] = []
        while queued.count < 64, let connection = try? UnixSocket(path, nonBlocking: true) { queued.append(connection) }
        let result = try ChildProcess.run(
            try LocalDaemon.executablePath(), [folder.path, "--socket", path, "--clock", "manual"],
            timeout: .seconds(30))
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains("another layoutd is serving"), "\(result.stderr)")
        #expect(access(path, F_OK) == 0, "the busy listener's socket file was removed")
    }

    @Test("Files given one by one from the same folder are each a scene; the folder's others are not")
    func files() async throws {
        let folder = try Self.temporaryFolder("layoutd-files")
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["A", "B", "C"] {
            try DaemonTests.box.write(
                to: folder.appendingPathComponent("\(name).layout"), atomically: true, encoding: .utf8)
        }
        let socket = folder.appendingPathComponent("d.sock").path
        let (process, said) = try Self.startDaemon([
            folder.appendingPathComponent("A.layout").path, folder.appendingPathComponent("B.layout").path,
            "--socket", socket, "--clock", "manual",
        ])
        defer { process.stop() }
        #expect(said.contains("listening on"), "\(said)")
        let names = try await PlaygroundClient.withConnection(to: socket) { try await $0.scenes().map(\.name) }
        #expect(names == ["A", "B"])
    }
}
