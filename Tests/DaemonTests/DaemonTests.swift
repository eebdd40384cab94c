import Foundation
import HostSystem
import PlaygroundClient
import PlaygroundProtocol
import TestSupport
import Testing

/// The real `layoutd` on a temporary folder and socket with the manual
/// clock, driven through `PlaygroundClient` and raw socket bytes.
@Suite(.timeLimit(.minutes(2))) struct DaemonTests {
    static let box = """
        view box color #000000
        boxX: box.left == root.left
        box.top == 0; box.width == 10; box.height == 10
        action slide { boxX.constant = 100; animate 1 curve linear { layout } }
        """

    @Test("hello, scenes and a frame, as the specification shows them")
    func hello() async throws {
        try await LocalDaemon.with(scenes: ["Box": Self.box]) { _, client in
            let info = try await client.hello()
            #expect(info.server == "layoutd" && info.protocolVersion == 1 && info.clock == .manual && info.fps == 60)
            let scenes = try await client.scenes()
            #expect(
                scenes == [
                    SceneSummary(
                        name: "Box", file: "Box.layout", generation: 1, status: .ok, errors: 0, warnings: 0,
                        actions: ["slide"])
                ])
            let frame = try await client.frame(of: "Box")
            #expect(frame.scene == "Box" && frame.generation == 1 && frame.settled)
            #expect(frame.view(named: "box")?.frame == Rect(x: 0, y: 0, width: 10, height: 10))
        }
    }

    @Test("run and step move the manual clock: a linear slide is where the arithmetic puts it")
    func runAndStep() async throws {
        try await LocalDaemon.with(scenes: ["Box": Self.box]) { _, client in
            try await client.run("slide", in: "Box")
            try await client.step(0.25)
            let quarter = try await client.frame(of: "Box")
            #expect(abs((quarter.view(named: "box")?.x ?? .nan) - 25) < 1e-6)
            #expect(abs(quarter.time - 0.25) < 1e-9 && !quarter.settled)
            let settled = try await client.settle("Box")
            #expect(settled.settled && settled.view(named: "box")?.x == 100)
        }
    }

    @Test("The Quiz playground through the socket: the next question at a quarter of its ease-in-out flight")
    func quiz() async throws {
        let text = try String(
            contentsOf: repositoryRoot.appendingPathComponent("Playgrounds/Quiz.layout"), encoding: .utf8)
        try await LocalDaemon.with(scenes: ["Quiz": text]) { _, client in
            try await client.run("next", in: "Quiz")
            try await client.step(0.125)
            let frame = try await client.frame(of: "Quiz")
            let next = try #require(frame.view(named: "next"))
            // Ease-in-out at a quarter of 0.5 s: 0.129161931 of the 375-point flight, from −187.5.
            #expect(abs(next.frame.midX - (-187.5 + 375 * 0.129161931)) < 1e-5)
            #expect(next.text == "What is the capital of Vermont?")
        }
    }

    @Test("Each bad request gets its error code, and the connection goes on")
    func badRequests() async throws {
        try await LocalDaemon.with(scenes: ["Box": Self.box]) { daemon, _ in
            try await RawConnection.with(daemon.socketPath) { lines, out in
                let cases: [(String, String)] = [
                    ("not json", "invalid-json"), ("[1]", "not-an-object"), (#"{"id":1}"#, "missing-cmd"),
                    (#"{"id":2,"cmd":"dance"}"#, "unknown-command"),
                    (#"{"id":3,"cmd":"frame","scene":"Bx"}"#, "unknown-scene"),
                    (#"{"id":4,"cmd":"run","scene":"Box","action":"fly"}"#, "unknown-action"),
                    (#"{"id":5,"cmd":"step","seconds":"x"}"#, "invalid-argument"),
                    (#"{"id":6,"cmd":"exec","scene":"Box","source":"boxY.constant = 1"}"#, "invalid-source"),
                ]
                for (line, code) in cases {
                    try await out.send(line + "\n")
                    let answer = try #require(try await lines.response())
                    #expect(
                        answer.contains(#""ok":false"#) && answer.contains(#""code":"\#(code)""#), "\(line): \(answer)")
                }
                try await out.send(#"{"id":7,"cmd":"hello"}"# + "\n")
                #expect(try await lines.response()?.contains(#""server":"layoutd""#) == true)
            }
        }
    }

    @Test("A line over 1 MiB is refused, and the next line is answered")
    func longLine() async throws {
        try await LocalDaemon.with(scenes: ["Box": Self.box]) { daemon, _ in
            try await RawConnection.with(daemon.socketPath) { lines, out in
                try await out.send(
                    String(repeating: "x", count: (1 << 20) + 10) + "\n" + #"{"id":1,"cmd":"hello"}"# + "\n")
                #expect(try await lines.response()?.contains(#""code":"line-too-long""#) == true)
                #expect(try await lines.response()?.contains(#""id":1,"ok":true"#) == true)
            }
        }
    }

    @Test("A request split into single bytes is one request")
    func splitRequest() async throws {
        try await LocalDaemon.with(scenes: ["Box": Self.box]) { daemon, _ in
            try await RawConnection.with(daemon.socketPath) { lines, out in
                for character in #"{"id":9,"cmd":"hello"}"# + "\n" { try await out.send(String(character)) }
                #expect(try await lines.response()?.hasPrefix(#"{"id":9,"ok":true"#) == true)
            }
        }
    }

    @Test("A save loads a new generation; errors keep the last good one and say why; a fix clears them")
    func saves() async throws {
        try await LocalDaemon.with(scenes: ["Box": Self.box]) { daemon, client in
            let moved = Self.box.replacingOccurrences(of: "box.top == 0", with: "box.top == 50")
            let clean = try await daemon.write(moved, to: "Box")
            #expect(clean.isEmpty)
            #expect(try await client.scenes().first?.generation == 2)
            try await client.step(1)
            #expect(try await client.frame(of: "Box").view(named: "box")?.y == 50)

            let broken = try await daemon.write(moved + "\nbox.widht == 3\n", to: "Box")
            #expect(broken.map(\.code) == ["unknown-name"])
            #expect(broken.first?.line == 5 && broken.first?.message.contains("did you mean 'width'") == true)
            let scenes = try await client.scenes()
            #expect(scenes.first?.generation == 2 && scenes.first?.status == .error)
            #expect(try await client.frame(of: "Box").view(named: "box")?.y == 50)

            let fixed = try await daemon.write(moved + "\n# fixed\n", to: "Box")
            #expect(fixed.isEmpty)
            #expect(try await client.scenes().first?.generation == 3)

            // A binary file saved over the scene (a build product, a mistaken copy): one line, not one per byte.
            let binary = "\u{7F}ELF\u{2}\u{1}\u{1}" + String(repeating: "\u{0}\u{1B}[2J\u{3}", count: 500) + "\n"
            let refused = try await daemon.write(binary, to: "Box")
            #expect(refused.map(\.code) == ["invalid-character"])
            #expect(refused.first?.message.contains("NUL bytes") == true)
            #expect(refused.first?.rendered.contains("\u{1B}") == false, "escape sequences are shown escaped")
            #expect(try await client.scenes().first?.generation == 3)
        }
    }

    @Test("Subscribing gives the frame at once, then a frame per tick while the scene moves")
    func subscribe() async throws {
        try await LocalDaemon.with(scenes: ["Box": Self.box]) { _, client in
            var frames = try await client.frames(of: "Box").makeAsyncIterator()
            let first = try #require(await frames.next())
            #expect(first.settled && first.view(named: "box")?.x == 0)
            try await client.run("slide", in: "Box")
            try await client.step(2 / 60)
            // Frames may be skipped (the latest wins), but they come in order and the last is 2/60 s in.
            var times: [Double] = []
            while let frame = await frames.next() {
                times.append(frame.time)
                #expect(abs((frame.view(named: "box")?.x ?? .nan) - 100 * frame.time) < 1e-6)
                if frame.time >= 2 / 60 - 1e-9 { break }
            }
            #expect(times == times.sorted() && !times.isEmpty)
        }
    }

    @Test("A new subscriber gets the frame the others last saw, with its seq: no frame is made for it alone")
    func subscriberSharesSeq() async throws {
        try await LocalDaemon.with(scenes: ["Box": Self.box]) { daemon, client in
            var frames = try await client.frames(of: "Box").makeAsyncIterator()
            _ = try #require(await frames.next())
            try await client.run("slide", in: "Box")
            var last = try #require(await frames.next())
            try await client.step(1 / 60)
            while last.time < 1 / 60 - 1e-9 { last = try #require(await frames.next()) }
            let seen = last
            try await PlaygroundClient.withConnection(to: daemon.socketPath) { other in
                var theirs = try await other.frames(of: "Box").makeAsyncIterator()
                let first = try #require(await theirs.next())
                #expect(first.seq == seen.seq && first.time == seen.time)
                #expect(try await other.frame(of: "Box").seq == seen.seq)
                try await client.step(1 / 60)
                let next = try #require(await frames.next())
                #expect(next.seq == seen.seq + 1, "the first subscriber's frames go on without a gap")
                #expect(try #require(await theirs.next()).seq == next.seq)
            }
        }
    }

    @Test("socat, as the protocol page shows: requests piped in, answers out, after it shuts its side")
    func socat() async throws {
        try await LocalDaemon.with(scenes: ["Box": Self.box]) { daemon, _ in
            let requests = [
                #"{"id":1,"cmd":"hello"}"#, #"{"id":2,"cmd":"run","scene":"Box","action":"slide"}"#,
                #"{"id":3,"cmd":"step","seconds":0.5}"#, #"{"id":4,"cmd":"frame","scene":"Box"}"#,
            ]
            let result = try ChildProcess.run(
                "socat", ["-t", "5", "-", "UNIX-CONNECT:\(daemon.socketPath)"],
                input: Array((requests.joined(separator: "\n") + "\n").utf8), timeout: .seconds(30))
            let answers = result.stdout
            let lines = answers.split(separator: "\n")
            #expect(lines.count == 4, "\(answers)")
            #expect(lines.first?.hasPrefix(#"{"id":1,"ok":true,"server":"layoutd""#) == true)
            #expect(lines.last?.contains(#""name":"box","kind":"view","parent":"root","x":50,"#) == true)
        }
    }

    @Test(
        "reload rereads the file as a new generation even when it did not change; frame's model layer has no animation")
    func reloadAndModel() async throws {
        try await LocalDaemon.with(scenes: ["Box": Self.box]) { _, client in
            try await client.run("slide", in: "Box")
            try await client.step(0.5)
            #expect(try await client.frame(of: "Box", layer: .model).view(named: "box")?.x == 100)
            #expect(abs((try await client.frame(of: "Box").view(named: "box")?.x ?? .nan) - 50) < 1e-6)
            try await client.reload("Box")
            let scenes = try await client.scenes()
            #expect(scenes.first?.generation == 2)
            // The new generation is the file as declared, the box back at 0 (after the reload transition).
            let settled = try await client.settle("Box")
            #expect(settled.generation == 2 && settled.view(named: "box")?.x == 0)
            #expect(try await client.diagnostics(of: "Box").isEmpty)
        }
    }

    @Test("A second daemon on the same socket says so and exits with status 3")
    func secondDaemon() async throws {
        try await LocalDaemon.with(scenes: ["Box": Self.box]) { daemon, client in
            let result = try ChildProcess.run(
                try LocalDaemon.executablePath(), [daemon.folder, "--socket", daemon.socketPath, "--clock", "manual"],
                timeout: .seconds(30))
            let said = result.stderr
            #expect(result.ending == .exited(3))
            #expect(said.contains("another layoutd is serving on \(daemon.socketPath)"))
            // The first one is untouched.
            #expect(try await client.hello().server == "layoutd")
        }
    }
}

/// The repository's root, from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
