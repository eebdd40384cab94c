import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `--run ACTION@T` and `--exec 'STATEMENTS'@T` on `layoutctl frames` and
/// `plot`, through the real binary: inputs at their scene times, in time
/// order, ties in command-line order.
@Suite struct TimedInputTests {
    /// Every `animate` that changes a constraint lays out inside its block.
    static let scene = """
        view box
        boxX: box.left == root.left
        box.top == 0; box.width == 10; box.height == 10
        action move { animate 1 curve linear { boxX.constant = 100; layout } }
        action set10 { boxX.constant = 10; layout }
        action add5 { boxX.constant += 5; layout }
        action nothing { layout }
        """

    /// Runs `layoutctl frames` (or another command) on the scene; the decoded frames and the result.
    static func run(_ arguments: [String], command: String = "frames") throws -> ([FramesTests.Frame], Layoutctl.Result)
    {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("Box.layout")
            try scene.write(to: file, atomically: true, encoding: .utf8)
            let result = try Layoutctl.run([command, file.path] + arguments, timeout: .seconds(60))
            let frames = try result.stdout.split(separator: "\n").map {
                try JSONDecoder().decode(FramesTests.Frame.self, from: Data($0.utf8))
            }
            return (frames, result)
        }
    }

    /// The box's x in each frame.
    static func xs(_ frames: [FramesTests.Frame]) -> [Double] { frames.map { $0.views[0].x } }

    @Test("--run ACTION@T starts the action at T: the frame at T is the one before, a later one has moved")
    func runAt() throws {
        let (frames, result) = try Self.run(["--run", "move@0.5", "--at", "0.25,0.5,0.75,1.5"])
        #expect(result.status == 0 && result.stderr == "")
        #expect(Self.xs(frames) == [0, 0, 25, 100])
        #expect(frames.map(\.settled) == [true, false, false, true])
    }

    @Test("Runs given out of time order on the command line run in time order")
    func timeOrder() throws {
        let (frames, result) = try Self.run(["--run", "add5@0.5", "--run", "set10@0.2", "--at", "0.1,0.3,0.6"])
        #expect(result.status == 0 && result.stderr == "")
        #expect(Self.xs(frames) == [0, 10, 15])
    }

    @Test("Inputs at the same time run in command-line order, --run and --exec together")
    func commandLineOrderAtEqualTimes() throws {
        let set20 = "boxX.constant = 20; layout"
        let (execFirst, _) = try Self.run(["--exec", set20 + "@0.5", "--run", "add5@0.5", "--at", "0.5"])
        #expect(Self.xs(execFirst) == [25])
        let (runFirst, _) = try Self.run(["--run", "add5@0.5", "--exec=" + set20 + "@0.5", "--at", "0.5"])
        #expect(Self.xs(runFirst) == [20])
    }

    @Test("--exec runs statements, separated by ';' or new lines, as an action")
    func exec() throws {
        let (frames, result) = try Self.run([
            "--exec", "boxX.constant = 30; layout@0.2", "--exec", "boxX.constant += 1\nlayout@0.4", "--at",
            "0.1,0.2,0.4",
        ])
        #expect(result.status == 0 && result.stderr == "")
        #expect(Self.xs(frames) == [0, 30, 31])
    }

    @Test("With neither --at nor --until, frames go on until no input waits and the scene has settled")
    func untilSettledWaitsForInputs() throws {
        let (frames, result) = try Self.run(["--run", "move@2", "--fps", "4"])
        #expect(result.status == 0 && result.stderr == "")
        #expect(frames.map(\.time) == (0...12).map { Double($0) / 4 })
        #expect(frames.last?.settled == true && Self.xs(frames).last == 100)
    }

    @Test("An --exec source with an unknown name is a rendered diagnostic, and no frame")
    func execWithUnknownName() throws {
        let (frames, result) = try Self.run(["--run", "move", "--exec", "boxY.constant = 1; layout@0.5"])
        #expect(result.status == 1 && frames.isEmpty)
        #expect(
            result.stderr == """
                <exec 1>:1:1: error: unknown constraint 'boxY'; did you mean 'boxX'? [unknown-name]
                boxY.constant = 1; layout
                ^~~~

                """)
    }

    @Test("An unknown action, at any time, stops it before the first frame")
    func unknownTimedAction() throws {
        let (frames, result) = try Self.run(["--run", "move", "--run", "jump@1"])
        #expect(result.status == 1 && frames.isEmpty)
        #expect(result.stderr.hasSuffix("has no action 'jump'; it has: 'move', 'set10', 'add5', 'nothing'\n"))
    }

    @Test(
        "What follows the last '@' must be a time: otherwise a usage error (exit 2)",
        arguments: ["move@x", "move@", "move@-1", "move@nan"])
    func badTime(_ value: String) throws {
        let (frames, result) = try Self.run(["--run", value])
        #expect(result.status == 2 && frames.isEmpty)
        #expect(result.stderr.hasPrefix("Error: --run '\(value)': "))
        #expect(result.stderr.contains("Usage: layoutctl frames"))
    }

    @Test("A bad '@' on --exec names the option and how to write a time")
    func badExecTime() throws {
        let (_, result) = try Self.run(["--exec", "box.alpha = 0@soon"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("Error: --exec 'box.alpha = 0@soon': 'soon' after the last '@' is not a time"))
    }

    @Test("plot runs --run ACTION@T at T, after its own action at 0")
    func plotWithTimedRun() throws {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("Box.layout")
            try Self.scene.write(to: file, atomically: true, encoding: .utf8)
            let svg = folder.appendingPathComponent("move.svg")
            let result = try Layoutctl.run(
                ["plot", file.path, "nothing", "--svg", svg.path, "--run", "move@0.5"], timeout: .seconds(60))
            #expect(result.status == 0 && result.stderr == "")
            let parser = try #require(XMLParser(contentsOf: svg))
            let texts = PlotTests.Texts()
            parser.delegate = texts
            #expect(parser.parse())
            // The box moves only because of the timed run.
            #expect(texts.texts.contains("box") && texts.texts.contains { $0.contains("Box: nothing") })
            // Sampled until the move, from 0.5 s, had ended.
            #expect(texts.texts.contains { $0.hasPrefix("91 frames from 0 s to 1.5 s") })
        }
    }
}
