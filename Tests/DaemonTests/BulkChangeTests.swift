import Foundation
import PlaygroundClient
import PlaygroundProtocol
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A `git checkout` of a branch with many scenes: 2,000 files appear at once, then go. Every scene loads and is
/// removed, and clients are answered all along: no step walks every scene, and the daemon lets its socket be
/// served between the loads.
@Suite(.serialized, .timeLimit(.minutes(3))) struct BulkChangeTests {
    /// The longest a `hello` waited for its answer, sent every 5 ms on a connection of its own, while `work` runs.
    /// The probe is a thread of its own with blocking calls, so that the test's own tasks cannot delay it.
    static func longestHelloWait(on socketPath: String, during work: () async throws -> Void) async throws -> Duration {
        let longest = Mutex(Duration.zero)
        let running = Mutex(true)
        let done = DispatchSemaphore(value: 0)
        let probe = Thread {
            defer { done.signal() }
            guard let socket = try? UnixSocket(socketPath) else {
                longest.withLock { $0 = .seconds(3600) }
                return
            }
            var number = 0
            while running.withLock({ $0 }) {
                number += 1
                let sent = ContinuousClock.now
                guard (try? socket.send(#"{"id":\#(number),"cmd":"hello"}"# + "\n")) != nil,
                    socket.readLine(seconds: 30) != nil
                else { break }
                let waited = ContinuousClock.now - sent
                longest.withLock { $0 = max($0, waited) }
                usleep(5_000)
            }
        }
        probe.start()
        try await work()
        running.withLock { $0 = false }
        done.wait()
        return longest.withLock { $0 }
    }

    @Test("2,000 scene files written at once, then removed at once: all load, all go, and hello is answered meanwhile")
    func checkout() async throws {
        let count = 2_000
        try await LocalDaemon.with(scenes: [:]) { daemon, client in
            var events = try await client.allEvents().makeAsyncIterator()
            var loaded = Set<String>()
            var removed = Set<String>()
            var loadTime = Duration.zero
            let loadWait = try await Self.longestHelloWait(on: daemon.socketPath) {
                let started = ContinuousClock.now
                for i in 0..<count {
                    try
                        "view box\nbox.leading == root.leading + \(i % 50)\nbox.top == root.top\nbox.width == 10\nbox.height == 10\n"
                        .write(toFile: daemon.folder + "/S\(i).layout", atomically: false, encoding: .utf8)
                }
                while loaded.count < count, let event = await events.next() {
                    if case .reload(let scene, 1) = event { loaded.insert(scene) }
                }
                loadTime = ContinuousClock.now - started
            }
            #expect(loaded.count == count)
            #expect(try await client.scenes().count == count)
            var removalTime = Duration.zero
            let removalWait = try await Self.longestHelloWait(on: daemon.socketPath) {
                let started = ContinuousClock.now
                for i in 0..<count { unlink(daemon.folder + "/S\(i).layout") }
                while removed.count < count, let event = await events.next() {
                    if case .removed(let scene) = event { removed.insert(scene) }
                }
                removalTime = ContinuousClock.now - started
            }
            #expect(removed.count == count)
            #expect(try await client.scenes().isEmpty)
            // Answered between loads: no wait is a large part of the whole. When every event walked every scene
            // and the loop never let the socket in, a hello waited for almost all of it (19.7 s of a 20.9 s
            // load; 17 s of the removal); here it is a few percent. The bounds leave room for a slow machine.
            #expect(loadWait * 4 < loadTime, "longest hello \(loadWait) during a load of \(loadTime)")
            #expect(removalWait * 2 < removalTime, "longest hello \(removalWait) during a removal of \(removalTime)")
        }
    }
}
