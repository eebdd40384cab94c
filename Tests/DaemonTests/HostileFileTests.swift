import Foundation
import HostSystem
import PlaygroundClient
import PlaygroundProtocol
import TestSupport
import Testing

/// Whatever lands in the watched folder under a scene's name: a FIFO, a symbolic link to one, a folder, a file of
/// 200 MB, one that cannot be read. The daemon never blocks on it: the scene shows why it cannot load, every
/// other scene and every client goes on, and SIGTERM still ends the daemon at once.
@Suite(.timeLimit(.minutes(2))) struct HostileFileTests {
    /// Renames a new FIFO over a scene's file (`mkfifo scenes/.t && mv scenes/.t scenes/NAME.layout`) and waits,
    /// at most 10 s, for the scene's `diagnostics` event saying `not-a-file`.
    static func replaceWithFIFO(_ name: String, in daemon: LocalDaemon, _ client: PlaygroundClient) async throws {
        let events = try await client.events(of: name)
        let temporary = daemon.folder + "/.t"
        #expect(mkfifo(temporary, 0o644) == 0)
        #expect(rename(temporary, daemon.folder + "/\(name).layout") == 0)
        try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask {
                for await event in events {
                    if case .diagnostics(_, _, let diagnostics) = event, diagnostics.map(\.code) == ["not-a-file"] {
                        return true
                    }
                }
                return false
            }
            group.addTask {
                try await Task.sleep(for: .seconds(10))
                return false
            }
            let said = try await group.next() ?? false
            group.cancelAll()
            #expect(said, "no not-a-file diagnostics for '\(name)' within 10 s of a FIFO taking its file's place")
        }
    }

    @Test("A FIFO renamed over a scene: the scene says not-a-file and keeps its last good version; the daemon goes on")
    func fifoOverAScene() async throws {
        try await LocalDaemon.with(scenes: ["Victim": DaemonTests.box, "Other": DaemonTests.box]) { daemon, client in
            let before = try await client.scenes().first { $0.name == "Victim" }
            #expect(before?.status == .ok && before?.generation == 1)
            try await Self.replaceWithFIFO("Victim", in: daemon, client)
            let victim = try await client.scenes().first { $0.name == "Victim" }
            #expect(victim?.status == .error && victim?.errors == 1 && victim?.generation == 1)
            let diagnostics = try await client.diagnostics(of: "Victim")
            #expect(diagnostics.map(\.code) == ["not-a-file"])
            #expect(diagnostics.first?.message.contains("FIFO") == true, "\(diagnostics)")
            // The last good version plays on, the other scene answers, and the daemon still serves.
            #expect(try await client.frame(of: "Victim").view(named: "box") != nil)
            try await client.run("slide", in: "Other")
            #expect(try await client.settle("Other").view(named: "box")?.x == 100)
            // A real file again: it loads (``LocalDaemon/write(_:to:)`` waits for it), whatever it holds, the same
            // text as before included.
            try await daemon.write(DaemonTests.box, to: "Victim")
            let back = try await client.scenes().first { $0.name == "Victim" }
            #expect(back?.status == .ok && back?.errors == 0 && (back?.generation ?? 0) >= 2)
        }
    }

    @Test("A FIFO, a link to one, a folder's link, a 200 MB file and an unreadable file at start: the socket opens")
    func hostileFilesAtStart() async throws {
        let folder = try DaemonLifecycleTests.temporaryFolder("layoutd-hostile")
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenes = folder.appendingPathComponent("scenes")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        try DaemonTests.box.write(to: scenes.appendingPathComponent("Good.layout"), atomically: true, encoding: .utf8)
        #expect(mkfifo(scenes.appendingPathComponent("Fifo.layout").path, 0o644) == 0)
        #expect(mkfifo(folder.appendingPathComponent("elsewhere").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: scenes.appendingPathComponent("Link.layout").path, withDestinationPath: folder.path + "/elsewhere")
        try FileManager.default.createSymbolicLink(
            atPath: scenes.appendingPathComponent("Folder.layout").path, withDestinationPath: folder.path)
        try makeSparseFile(scenes.appendingPathComponent("Huge.layout").path, size: 200 << 20)
        // A regular file whose every read fails with EIO, as a bad disk's: the daemon's own memory at address 0.
        try FileManager.default.createSymbolicLink(
            atPath: scenes.appendingPathComponent("Broken.layout").path, withDestinationPath: "/proc/self/mem")
        // A link that leads nowhere is there, and says so.
        try FileManager.default.createSymbolicLink(
            atPath: scenes.appendingPathComponent("Dangling.layout").path, withDestinationPath: folder.path + "/none")
        let socket = folder.appendingPathComponent("d.sock").path
        let (process, said) = try DaemonLifecycleTests.startDaemon([
            scenes.path, "--socket", socket, "--clock", "manual",
        ])
        defer { process.stop() }
        #expect(said.contains("listening on"), "\(said)")
        try await PlaygroundClient.withConnection(to: socket) { client in
            let summaries = Dictionary(uniqueKeysWithValues: try await client.scenes().map { ($0.name, $0) })
            #expect(summaries["Good"]?.status == .ok)
            let expected = [
                "Fifo": "not-a-file", "Link": "not-a-file", "Folder": "not-a-file", "Huge": "too-large",
                "Broken": "unreadable", "Dangling": "unreadable",
            ]
            for (name, code) in expected {
                #expect(summaries[name]?.status == .error, "\(name): \(String(describing: summaries[name]))")
                let diagnostics = try await client.diagnostics(of: name)
                #expect(diagnostics.map(\.code) == [code], "\(name): \(diagnostics)")
            }
            #expect(try await client.diagnostics(of: "Huge").first?.message.contains("200 MiB") == true)
            // A scene that never loaded has no frame, and says why.
            await #expect(throws: ClientError.self) { _ = try await client.frame(of: "Fifo") }
        }
        // SIGTERM still ends it (a hung daemon never ended): within its 0.9 s watchdog, with room for a loaded machine.
        let started = ContinuousClock.now
        process.signal(SIGTERM)
        #expect(process.waitForExit(timeout: .seconds(5)) == .exited(0))
        #expect(ContinuousClock.now - started < .seconds(3))
    }

    @Test("Made in place while the daemon runs: a link to a scene file loads it, a FIFO or a link to a device says why")
    func madeInPlace() async throws {
        try await LocalDaemon.with(scenes: ["Box": DaemonTests.box]) { daemon, client in
            let shared = daemon.folder + "/.shared"
            try DaemonTests.box.write(toFile: shared, atomically: true, encoding: .utf8)
            var events = try await client.allEvents().makeAsyncIterator()
            // ln -s .shared Linked.layout; mkfifo Pipe.layout; ln -s /dev/zero Zero.layout
            #expect(symlink(shared, daemon.folder + "/Linked.layout") == 0)
            #expect(mkfifo(daemon.folder + "/Pipe.layout", 0o644) == 0)
            #expect(symlink("/dev/zero", daemon.folder + "/Zero.layout") == 0)
            var heard: [String: String] = [:]
            while heard.count < 3, let event = await events.next() {
                switch event {
                case .reload(let scene, 1): heard[scene] = "loaded"
                case .diagnostics(let scene, _, let diagnostics) where !diagnostics.isEmpty:
                    heard[scene] = diagnostics.map(\.code).joined(separator: ",")
                default: continue
                }
            }
            #expect(heard == ["Linked": "loaded", "Pipe": "not-a-file", "Zero": "not-a-file"])
            #expect(try await client.frame(of: "Linked").view(named: "box") != nil)
        }
    }

    @Test("reload of a scene whose file became a FIFO answers with the reason, at once")
    func reloadOfAFifo() async throws {
        try await LocalDaemon.with(scenes: ["Victim": DaemonTests.box]) { daemon, client in
            try await Self.replaceWithFIFO("Victim", in: daemon, client)
            do {
                try await client.reload("Victim")
                Issue.record("reload of a FIFO succeeded")
            } catch ClientError.daemon(let code, let message, _) {
                #expect(code == .sceneError)
                #expect(message.contains("FIFO"), "\(message)")
            }
            #expect(try await client.hello().server == "layoutd")
        }
    }
}
