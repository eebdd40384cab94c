import Foundation
import PlaygroundClient
import PlaygroundProtocol
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Limits that mean what they say, against the real daemon: an answer larger than 4 MiB reaches a client that
/// reads it; `settle` on the manual clock keeps one frame, not every tick's; a frame is encoded once for all its
/// subscribers; ids come back as they were written; what a request names is escaped in the answer.
@Suite(.serialized, .timeLimit(.minutes(3))) struct LimitTests {
    /// Five labels, each to be given a text of a million characters: a frame of about 5 MB.
    static let labels: String = {
        var lines = ["canvas 375 x 667"]
        for i in 0..<5 {
            lines.append("label l\(i) \"short\"")
            lines.append("l\(i).leading == root.leading; l\(i).top == root.top + \(i * 40)")
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    static let million = String(repeating: "W", count: 1_000_000)

    @Test("Five texts of a million characters: frame, settle and a subscription deliver them to a client that reads")
    func largeAnswers() async throws {
        try await LocalDaemon.with(scenes: ["Quiz": Self.labels]) { daemon, client in
            var frames = try await client.frames(of: "Quiz").makeAsyncIterator()
            _ = await frames.next()
            for i in 0..<5 { _ = try await client.exec("l\(i).text = \"\(Self.million)\"", in: "Quiz") }
            let frame = try await client.frame(of: "Quiz")
            #expect(frame.views.map { $0.text?.count ?? 0 } == Array(repeating: 1_000_000, count: 5))
            let settled = try await client.settle("Quiz")
            #expect(settled.views.allSatisfy { $0.text?.count == 1_000_000 })
            // The subscription's latest frame shows all five, and the connection is still open.
            var last: Frame?
            while let next = await frames.next() {
                last = next
                if next.views.allSatisfy({ $0.text?.count == 1_000_000 }) { break }
            }
            #expect(last?.views.allSatisfy { $0.text?.count == 1_000_000 } == true)
            #expect(try await client.hello().server == "layoutd")
            _ = daemon
        }
    }

    @Test("A client that reads slowly, three 3 MB answers asked at once, gets them all: reading slowly is reading")
    func slowReader() async throws {
        try await LocalDaemon.with(scenes: ["Quiz": Self.labels]) { daemon, client in
            for i in 0..<3 { _ = try await client.exec("l\(i).text = \"\(Self.million)\"", in: "Quiz") }
            let socket = try UnixSocket(daemon.socketPath)
            // A small receive buffer, and about 600 KB/s: the three answers take about 15 s to read, three times
            // the 5 s a client may read nothing while over 4 MiB of its answers wait.
            var size: Int32 = 16_384
            setsockopt(socket.fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            for id in 1...3 { try socket.send(#"{"id":\#(id),"cmd":"frame","scene":"Quiz"}"# + "\n") }
            var received = 0
            var newlines = 0
            var chunk = [UInt8](repeating: 0, count: 16_384)
            let deadline = ContinuousClock.now + .seconds(60)
            while newlines < 3 && ContinuousClock.now < deadline {
                var poller = pollfd(fd: socket.fd, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 1000) > 0 else { continue }
                let count = recv(socket.fd, &chunk, chunk.count, 0)
                guard count > 0 else { break }
                received += count
                newlines += chunk[..<count].count { $0 == UInt8(ascii: "\n") }
                usleep(25_000)
            }
            #expect(newlines == 3, "\(newlines) answers of 3 (\(received) bytes) before the connection ended")
            #expect(received > 9_000_000)
            #expect(try await client.hello().server == "layoutd")
        }
    }

    @Test("settle of a repeat-forever animation on the manual clock keeps one frame, not one per tick")
    func settleKeepsOneFrame() async throws {
        let scene = """
            canvas 200 x 200
            view box
            box.leading == root.leading; box.top == root.top; box.width == 50; box.height == 50
            action spin { animate 0.5 repeat forever autoreverse { box.alpha = 0.2 } }
            """
        try await LocalDaemon.with(scenes: ["Spin": scene]) { daemon, client in
            // A subscriber, so that every tick's frame is one that would be sent.
            var frames = try await client.frames(of: "Spin").makeAsyncIterator()
            _ = await frames.next()
            try await client.run("spin", in: "Spin")
            let before = ProcessUsage.residentKiB(of: daemon.pid)
            // An hour of scene time: 216,000 ticks at 60 fps, each frame about 300 bytes.
            do {
                _ = try await client.settle("Spin", timeout: 3600)
                Issue.record("a repeat-forever animation settled")
            } catch ClientError.daemon(let code, _, _) {
                #expect(code == .timeout)
            }
            let after = ProcessUsage.residentKiB(of: daemon.pid)
            #expect(after - before < 24 * 1024, "RSS grew from \(before) KiB to \(after) KiB")
            // The subscriber hears of the last tick, not of every one.
            #expect(try await client.frame(of: "Spin").time >= 3600 - 1e-6)
        }
    }

    @Test("Fifty subscribers to a 5 MB frame: the frame is encoded once, so hello waits about as long as for one")
    func subscribersShareAFrame() async throws {
        try await LocalDaemon.with(scenes: ["Quiz": Self.labels]) { daemon, client in
            for i in 0..<5 { _ = try await client.exec("l\(i).text = \"\(Self.million)\"", in: "Quiz") }
            _ = try await client.frame(of: "Quiz")
            /// Subscribes `count` raw clients that never read, then times a hello on `client`.
            func helloAfterSubscribing(_ count: Int) async throws -> (Duration, [UnixSocket]) {
                let sockets = try (0..<count).map { _ in try UnixSocket(daemon.socketPath) }
                let started = ContinuousClock.now
                for socket in sockets { try socket.send(#"{"id":1,"cmd":"subscribe","scene":"Quiz"}"# + "\n") }
                _ = try await client.hello()
                return (ContinuousClock.now - started, sockets)
            }
            let (one, first) = try await helloAfterSubscribing(1)
            let (fifty, others) = try await helloAfterSubscribing(50)
            // Encoding the frame once per subscriber would make the second wait about fifty times the first.
            #expect(fifty < one * 10 + .milliseconds(500), "one subscriber: \(one); fifty: \(fifty)")
            _ = (first, others)
        }
    }

    @Test("An id comes back byte for byte; a command's name is escaped in the answer that quotes it")
    func idsAndNames() async throws {
        try await LocalDaemon.with(scenes: ["Box": DaemonTests.box]) { daemon, _ in
            let socket = try UnixSocket(daemon.socketPath)
            for id in ["9007199254740993", "1.50", "-0", "1e300", #""\u00e9""#] {
                try socket.send(#"{"id":\#(id),"cmd":"hello"}"# + "\n")
                let line = socket.readLine(seconds: 10) ?? ""
                #expect(line.hasPrefix(#"{"id":\#(id),"ok":true"#), "\(line)")
            }
            // An id that holds a right-to-left override and a CSI comes back escaped, not as written.
            try socket.send("{\"id\":\"a\u{202E}\u{9B}b\",\"cmd\":\"hello\"}\n")
            let hostile = socket.readLine(seconds: 10) ?? ""
            #expect(hostile.hasPrefix(#"{"id":"a\u202e\u009bb","ok":true"#), "\(hostile)")
            try socket.send("{\"id\":2,\"cmd\":\"x\u{9B}2J\u{202E}\"}\n")
            let refused = socket.readLine(seconds: 10) ?? ""
            #expect(refused.contains(#""code":"unknown-command""#), "\(refused)")
            #expect(!refused.unicodeScalars.contains { [0x1B, 0x9B, 0x202E].contains($0.value) }, "\(refused)")
        }
    }
}
