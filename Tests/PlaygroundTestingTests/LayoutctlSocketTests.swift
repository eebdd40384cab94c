import Foundation
import HostSystem
import PlaygroundTesting
import TestSupport
import Testing

/// The real `layoutctl` against the real daemon: every socket command, its
/// output and its exit status (0 done, 1 failed, 2 usage, 3 no daemon).
@Suite(.timeLimit(.minutes(2))) struct LayoutctlSocketTests {
    static func layoutctl() throws -> String {
        String(try LocalDaemon.executablePath().dropLast("layoutd".count)) + "layoutctl"
    }

    static func run(_ arguments: [String], on daemon: LocalDaemon) throws -> ChildProcess.Result {
        try ChildProcess.run(try layoutctl(), arguments + ["--socket", daemon.socketPath], timeout: .seconds(60))
    }

    static let scenes = ["Box": ExpectationTests.box, "Broken": "view box\nbox.width == \n"]

    @Test("scenes, frame, frame --json and --model, run, step, settle, diagnostics, reload")
    func commands() async throws {
        try await LocalDaemon.with(scenes: Self.scenes) { daemon, _ in
            let scenes = try Self.run(["scenes"], on: daemon)
            #expect(scenes.status == 0)
            #expect(
                scenes.stdout.contains("Box     1           ok      0       0         Box.layout"), "\(scenes.stdout)")
            #expect(scenes.stdout.contains("Broken  0           error   1"))

            #expect(try Self.run(["run", "Box", "slide"], on: daemon).status == 0)
            #expect(try Self.run(["step", "0.25"], on: daemon).status == 0)
            let frame = try Self.run(["frame", "Box"], on: daemon)
            #expect(
                frame.stdout.hasPrefix("Box  generation 1  t = 0.25  moving  canvas 200 × 200\n"), "\(frame.stdout)")
            #expect(frame.stdout.contains("box   view  25  0  50     50      1"), "\(frame.stdout)")
            let json = try Self.run(["frame", "Box", "--json"], on: daemon)
            #expect(json.stdout.hasPrefix(#"{"event":"frame","scene":"Box","generation":1,"#))
            #expect(json.stdout.contains(#""name":"box","kind":"view","parent":"root","x":25,"#))
            let model = try Self.run(["frame", "Box", "--json", "--model"], on: daemon)
            #expect(model.stdout.contains(#""x":100,"#))

            let settled = try Self.run(["settle", "Box", "--json"], on: daemon)
            #expect(settled.status == 0 && settled.stdout.contains(#""settled":true"#))
            #expect(settled.stdout.contains(#""x":100,"#))

            let diagnostics = try Self.run(["diagnostics", "Broken"], on: daemon)
            #expect(diagnostics.status == 1)
            #expect(diagnostics.stdout.contains("Broken.layout:2:14: error:"), "\(diagnostics.stdout)")
            #expect(try Self.run(["diagnostics", "Box"], on: daemon).status == 0)

            let reload = try Self.run(["reload", "Box"], on: daemon)
            #expect(reload.status == 0 && reload.stdout == "Box: generation 2\n")
            let broken = try Self.run(["reload", "Broken"], on: daemon)
            #expect(broken.status == 1 && broken.stderr.contains("'Broken' has errors"))
        }
    }

    @Test("exec runs statements; a source with errors shows them and exits with 1")
    func exec() async throws {
        try await LocalDaemon.with(scenes: Self.scenes) { daemon, client in
            #expect(try Self.run(["exec", "Box", "boxX.constant = 30; layout"], on: daemon).status == 0)
            #expect(try await client.frame(of: "Box").view(named: "box")?.x == 30)
            let bad = try Self.run(["exec", "Box", "bx.alpha = 0"], on: daemon)
            #expect(bad.status == 1)
            #expect(bad.stderr.contains("did you mean 'box'?"), "\(bad.stderr)")
        }
    }

    @Test("watch --until-settled prints NDJSON frames, the first now and the last settled")
    func watch() async throws {
        try await LocalDaemon.with(scenes: Self.scenes) { daemon, client in
            try await client.run("slide", in: "Box")
            // The manual clock moves only when asked: a second client settles the scene while watch reads.
            let watcher = try ChildProcess(
                try Self.layoutctl(), ["watch", "Box", "--until-settled", "--socket", daemon.socketPath])
            let first = try #require(watcher.readLine(until: .now + .seconds(30)), "no frame from watch")
            #expect(String(decoding: first, as: UTF8.self).contains(#""time":0,"settled":false"#))
            _ = try await client.settle("Box")
            #expect(watcher.waitForExit(timeout: .seconds(30)) == .exited(0))
            // The lines after the first (a slow reader may miss frames in between, never the latest).
            let lines = watcher.stdout.split(separator: "\n")
            #expect(!lines.isEmpty)
            #expect(lines.last?.contains(#""settled":true"#) == true)
            #expect(lines.allSatisfy { $0.hasPrefix(#"{"event":"frame","scene":"Box""#) })
        }
    }

    @Test("assert: passes on stdout, failures on stderr as the issue reads them, exit 0, 1 or 2")
    func assert() async throws {
        try await LocalDaemon.with(scenes: Self.scenes) { daemon, _ in
            let now = try Self.run(["assert", "Box", "box.leading == 0", "box inside root"], on: daemon)
            #expect(now.status == 0, "\(now.stderr)")
            #expect(
                now.stdout == "box.leading == 0 held at t = 0.0: 0.0 vs 0.0\nbox inside root held at t = 0.0: "
                    + "(0.0, 0.0, 50.0, 50.0) is inside (0.0, 0.0, 200.0, 200.0)\n")

            let at = try Self.run(
                ["assert", "Box", "--run", "slide", "--at", "0.25", "box.leading == 40 ± 0.5"], on: daemon)
            #expect(at.status == 1)
            #expect(at.stderr == "box.leading == 40 ± 0.5 failed at t = 0.25: 25.0 vs 40.0 (off by 15.0)\n")

            let past = try Self.run(["assert", "Box", "--at", "0.1", "box visible"], on: daemon)
            #expect(past.status == 2 && past.stderr.contains("t = 0.1 has passed: 'Box' is at t = 0.25"))

            let throughout = try Self.run(["assert", "Box", "--throughout", "box.leading <= 60.5"], on: daemon)
            #expect(throughout.status == 1)
            #expect(throughout.stderr == "box.leading <= 60.5 failed at t = 0.617: 61.667 vs 60.5 (off by 1.167)\n")

            let eventually = try Self.run(["assert", "Box", "--eventually", "box.leading == 100"], on: daemon)
            #expect(eventually.status == 0 && eventually.stdout.hasPrefix("box.leading == 100 held at t = 1.0"))

            let typo = try Self.run(["assert", "Box", "box.widht == 50"], on: daemon)
            #expect(typo.status == 2)
            #expect(typo.stderr.contains("unknown attribute 'widht'; did you mean 'width'?"), "\(typo.stderr)")
            #expect(typo.stderr.contains("\n  box.widht == 50\n      ^~~~~\n"), "\(typo.stderr)")

            let unknownScene = try Self.run(["assert", "Bx", "box visible"], on: daemon)
            #expect(unknownScene.status == 1 && unknownScene.stderr.contains("did you mean 'Box'?"))

            let both = try Self.run(["assert", "Box", "--throughout", "--eventually", "box visible"], on: daemon)
            #expect(both.status == 2 && both.stderr.contains("do not go together"))
        }
    }

    @Test("plot on a daemon's scene writes the SVG of the action's frames")
    func plot() async throws {
        try await LocalDaemon.with(scenes: Self.scenes) { daemon, _ in
            let svg = daemon.folder + "/slide.svg"
            let result = try Self.run(["plot", "Box", "slide", "--svg", svg], on: daemon)
            #expect(result.status == 0, "\(result.stderr)")
            let text = try String(contentsOfFile: svg, encoding: .utf8)
            #expect(text.hasPrefix("<svg") || text.hasPrefix("<?xml"))
            #expect(text.contains("Box: slide") && text.contains("box"))
        }
    }

    @Test("Without a daemon: exit status 3 and a message naming the socket")
    func noDaemon() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("no-daemon-\(getpid()).sock").path
        for arguments in [["scenes"], ["frame", "Quiz"], ["assert", "Quiz", "question visible"], ["step", "0.5"]] {
            let result = try ChildProcess.run(try Self.layoutctl(), arguments + ["--socket", path])
            #expect(result.status == 3, "\(arguments)")
            #expect(
                result.stderr
                    == "layoutctl: error: no daemon answers at \(path) (no such file or directory); start one "
                    + "with 'layoutd Playgrounds', or give --socket or LAYOUTD_SOCKET\n")
        }
        // LAYOUTD_SOCKET chooses the socket as --socket does.
        let viaEnvironment = try ChildProcess.run(
            try Self.layoutctl(), ["scenes"], environment: ["LAYOUTD_SOCKET": path])
        #expect(viaEnvironment.status == 3 && viaEnvironment.stderr.contains(path))
    }

    @Test("A wrong command line exits with 2", arguments: [["step", "-1"], ["frame"], ["assert", "Box"], ["bogus"]])
    func usage(arguments: [String]) throws {
        let result = try ChildProcess.run(try Self.layoutctl(), arguments + ["--socket", "/nonexistent.sock"])
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
    }
}
