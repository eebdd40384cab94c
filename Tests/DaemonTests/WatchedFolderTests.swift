import Foundation
import HostSystem
import PlaygroundClient
import PlaygroundProtocol
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The real `layoutd` when the folder it watches goes and comes back: replaced by a copy, renamed away and back,
/// and the folder of a file given on the command line replaced. The daemon watches `scenes` inside a temporary
/// folder, with its socket beside `scenes`, not in it, so that the folder can go without taking the socket along.
@Suite(.timeLimit(.minutes(2))) struct WatchedFolderTests {
    /// A scene whose one view, `box`, is `x` points from the left.
    static func scene(x: Int) -> String {
        """
        view box color #000000
        box.left == root.left + \(x)
        box.top == 0; box.width == 10; box.height == 10
        """
    }

    @Test(
        "rm -rf scenes && cp -r other scenes: the copy's scenes, the changed one reloaded, the one not copied removed")
    func replacedByACopy() async throws {
        let daemon = try FolderDaemon(
            scenes: ["Box": Self.scene(x: 0), "Same": Self.scene(x: 5), "Gone": Self.scene(x: 7)],
            other: ["Box": Self.scene(x: 40), "Same": Self.scene(x: 5), "New": Self.scene(x: 60)])
        try await daemon.connected { client, events in
            #expect(try await client.summary() == ["Box 1", "Gone 1", "Same 1"])
            try daemon.shell("rm -rf scenes && cp -r other scenes")
            try await daemon.waitForLog(
                "the watched folder '\(daemon.scenes.path)' was deleted; its scenes are removed in 2000 ms unless it "
                    + "comes back; watching for it to reappear")
            try await daemon.waitForLog("'\(daemon.scenes.path)' is back: listing it again")
            // By what the scenes show, not by generation: the listing may read a file while `cp` still writes
            // it, and load that before the whole file, which its close_write brings next.
            try await daemon.waitUntil("Box reloaded, New loaded and Gone removed") {
                try await client.positions() == ["Box": 40, "New": 60, "Same": 5]
            }
            // New loaded once, or twice when the listing read it while `cp` was still writing it (see above).
            let summary = try await client.summary()
            #expect(summary.contains("New 1") || summary.contains("New 2"), "\(summary)")
            // A later save reloads as usual.
            try daemon.save(Self.scene(x: 80), to: "Box")
            try await daemon.waitUntil("Box's save reloaded") {
                try await client.positions() == ["Box": 80, "New": 60, "Same": 5]
            }
            try await events.waitFor(.reload(scene: "Box", generation: try await client.generation(of: "Box")), daemon)
            #expect(await events.removed == ["Gone"])
        }
    }

    @Test("mv scenes x && mv x scenes: every scene kept, the one changed away reloaded, and later saves seen")
    func renamedAwayAndBack() async throws {
        let daemon = try FolderDaemon(scenes: ["Box": Self.scene(x: 0), "Other": Self.scene(x: 5)])
        try await daemon.connected { client, events in
            #expect(try await client.summary() == ["Box 1", "Other 1"])
            // Changed while away, where it is not watched: the listing when it is back finds the change.
            let changed = Self.scene(x: 50).replacingOccurrences(of: "\n", with: "\\n")
            try daemon.shell("mv scenes x && printf '\(changed)' > x/Other.layout && mv x scenes")
            try await daemon.waitForLog("the watched folder '\(daemon.scenes.path)' was moved away")
            try await daemon.waitForLog("'\(daemon.scenes.path)' is back: listing it again")
            try await daemon.waitUntil("Other reloaded with what changed while away") {
                try await client.summary() == ["Box 1", "Other 2"]
            }
            #expect(try await client.frame(of: "Other", layer: .model).view(named: "box")?.x == 50)
            try daemon.save(Self.scene(x: 30), to: "Box")
            try await daemon.waitUntil("Box's save reloaded") { try await client.summary() == ["Box 2", "Other 2"] }
            #expect(try await client.frame(of: "Box", layer: .model).view(named: "box")?.x == 30)
            try await events.waitFor(.reload(scene: "Box", generation: 2), daemon)
            #expect(await events.removed == [])
        }
    }

    @Test("layoutd scenes/Box.layout scenes/Gone.layout, the folder replaced: Box reloaded, Gone removed, no other")
    func fileGivenAndItsFolderReplaced() async throws {
        let daemon = try FolderDaemon(
            scenes: ["Box": Self.scene(x: 0), "Gone": Self.scene(x: 7), "Extra": Self.scene(x: 9)],
            other: ["Box": Self.scene(x: 40), "Extra": Self.scene(x: 99)],
            paths: { ["\($0.path)/Box.layout", "\($0.path)/Gone.layout"] })
        try await daemon.connected { client, events in
            #expect(try await client.summary() == ["Box 1", "Gone 1"])
            try daemon.shell("rm -rf scenes && cp -r other scenes")
            try await daemon.waitForLog("'\(daemon.scenes.path)' is back: listing it again")
            // By what Box shows, not by its generation: the listing may read it while `cp` still writes it.
            try await daemon.waitUntil("Box reloaded and Gone removed") { try await client.positions() == ["Box": 40] }
            try daemon.save(Self.scene(x: 80), to: "Box")
            try await daemon.waitUntil("Box's save reloaded") { try await client.positions() == ["Box": 80] }
            try await events.waitFor(.reload(scene: "Box", generation: try await client.generation(of: "Box")), daemon)
            #expect(await events.removed == ["Gone"])
        }
    }
}

/// A real `layoutd` with the manual clock on the folder `scenes` of a temporary folder (or on files in it), its
/// socket in the temporary folder; stopped, and the folder removed, when it is let go.
private final class FolderDaemon {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The temporary folder: `scenes`, `other`, and the socket.
    let folder: URL
    /// The folder the daemon watches.
    let scenes: URL
    let socket: String
    let process: ChildProcess

    /// Writes the scene files (by name, without `.layout`) into `scenes` and `other`, and starts the daemon on
    /// `paths` (by default `scenes` itself).
    init(
        scenes files: [String: String], other: [String: String] = [:], paths: (URL) -> [String] = { [$0.path] }
    ) throws {
        var template = Array("/tmp/layoutd-watched-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw Failure(description: "cannot make a temporary folder") }
        folder = URL(fileURLWithPath: String(cString: made))
        scenes = folder.appendingPathComponent("scenes")
        socket = folder.appendingPathComponent("d.sock").path
        for (name, contents) in [("scenes", files), ("other", other)] where !contents.isEmpty {
            let target = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            for (scene, text) in contents {
                try text.write(to: target.appendingPathComponent(scene + ".layout"), atomically: false, encoding: .utf8)
            }
        }
        // Two seconds of grace, not 200 ms: the shell's `rm -rf` and `cp -r` must be over before it passes, and a
        // busy machine may take longer than 200 ms.
        process = try ChildProcess(
            try LocalDaemon.executablePath(),
            paths(scenes) + ["--socket", socket, "--clock", "manual", "--removal-grace", "2"])
    }

    deinit {
        process.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// What the daemon has written on standard error so far.
    var said: String {
        process.readAvailable()
        return process.stderr
    }

    /// Waits for the daemon to answer `hello`, then runs `body` with a client and the log of the events it gets.
    func connected(_ body: (PlaygroundClient, EventLog) async throws -> Void) async throws {
        try await waitUntil("layoutd answering hello on \(socket)") {
            guard process.isRunning else { throw Failure(description: "layoutd ended: \(said)") }
            return (try? await PlaygroundClient.withConnection(to: socket) { try await $0.hello() }) != nil
        }
        try await PlaygroundClient.withConnection(to: socket) { client in
            let log = EventLog()
            let events = try await client.allEvents()
            let reader = Task {
                for await event in events { await log.append(event) }
            }
            defer { reader.cancel() }
            try await body(client, log)
        }
    }

    /// Runs a shell command in the temporary folder.
    func shell(_ command: String) throws {
        let result = try ChildProcess.run("/bin/sh", ["-c", command], directory: folder.path, timeout: .seconds(30))
        guard result.ending == .exited(0) else {
            throw Failure(
                description: "'\(command)' failed (\(result.ending.map { "\($0)" } ?? "timed out")): \(result.stderr)")
        }
    }

    /// Saves a scene of `scenes` as editors do: a new file renamed over the old.
    func save(_ text: String, to scene: String) throws {
        let path = scenes.appendingPathComponent(scene + ".layout").path
        try text.write(toFile: path + ".tmp~", atomically: false, encoding: .utf8)
        guard rename(path + ".tmp~", path) == 0 else { throw Failure(description: "cannot save \(path)") }
    }

    /// Waits until the daemon's log holds `text`.
    func waitForLog(_ text: String) async throws {
        try await waitUntil("the log saying \"\(text)\"") { said.contains(text) }
    }

    /// Waits until `condition` holds, asking again every 20 ms for at most `timeout`.
    ///
    /// - Throws: `Failure` saying what was awaited and what the daemon said, when `timeout` passes first.
    func waitUntil(
        _ what: String, timeout: Duration = .seconds(30), _ condition: () async throws -> Bool
    ) async throws {
        let deadline = ContinuousClock.now + timeout
        while try await !condition() {
            guard ContinuousClock.now < deadline else {
                throw Failure(description: "\(what): not within \(timeout); layoutd said:\n\(said)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}

/// The events a client has received, in order.
private actor EventLog {
    private(set) var events: [Event] = []

    func append(_ event: Event) { events.append(event) }

    /// The scenes of the `removed` events, in order.
    var removed: [String] {
        events.compactMap { if case .removed(let scene) = $0 { scene } else { nil } }
    }

    /// Waits until `event` has come: then every event the daemon sent before it has come too.
    nonisolated func waitFor(_ event: Event, _ daemon: FolderDaemon) async throws {
        try await daemon.waitUntil("the event \(event)") { await events.contains(event) }
    }
}

extension PlaygroundClient {
    /// Each scene as `NAME GENERATION`, by name.
    fileprivate func summary() async throws -> [String] {
        try await scenes().map { "\($0.name) \($0.generation)" }
    }

    /// Where each scene's `box` is in its model, by scene name; -1 for a scene that has not loaded.
    fileprivate func positions() async throws -> [String: Double] {
        var positions: [String: Double] = [:]
        for scene in try await scenes() {
            let frame = try? await frame(of: scene.name, layer: .model)
            positions[scene.name] = frame?.view(named: "box")?.x ?? -1
        }
        return positions
    }

    /// A scene's running generation.
    fileprivate func generation(of scene: String) async throws -> Int {
        try await scenes().first { $0.name == scene }?.generation ?? 0
    }
}
