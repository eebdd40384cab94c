import Foundation
import Testing

/// `layoutctl frames`: the real binary loads a scene, runs actions at time
/// 0 and prints presentation frames as NDJSON.
@Suite struct FramesTests {
    struct Frame: Decodable {
        struct View: Decodable {
            var name: String
            var x: Double
            var alpha: Double
        }
        var seq: Int
        var time: Double
        var settled: Bool
        var views: [View]
    }

    static let scene = """
        view box
        boxX: box.left == root.left
        box.top == 0; box.width == 10; box.height == 10
        action move { animate 1 curve linear { boxX.constant = 100; layout } }
        action later { animate 1 delay 1 curve linear { box.alpha = 0 } }
        animator idle 1 { layout }
        action broken { start idle }
        """

    /// Runs `frames` on the scene with arguments; the decoded frames and the result.
    static func frames(_ arguments: [String]) throws -> ([Frame], Layoutctl.Result) {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("Box.layout")
            try scene.write(to: file, atomically: true, encoding: .utf8)
            let result = try Layoutctl.run(["frames", file.path] + arguments, timeout: .seconds(60))
            let frames = try result.stdout.split(separator: "\n").map {
                try JSONDecoder().decode(Frame.self, from: Data($0.utf8))
            }
            return (frames, result)
        }
    }

    @Test("--at prints the frame at each time, numbered from 0")
    func at() throws {
        let (frames, result) = try Self.frames(["--run", "move", "--at", "0,0.5,1"])
        #expect(result.status == 0 && result.stderr == "")
        #expect(frames.map(\.time) == [0, 0.5, 1] && frames.map(\.seq) == [0, 1, 2])
        #expect(frames.map { $0.views[0].x } == [0, 50, 100])
        #expect(frames.map(\.settled) == [false, false, true])
    }

    @Test("--until prints every tick up to the time, at --fps")
    func until() throws {
        let (frames, _) = try Self.frames(["--run", "move", "--until", "0.5", "--fps", "10"])
        #expect(frames.count == 6)
        #expect(frames.map { $0.views[0].x } == [0, 10, 20, 30, 40, 50])
    }

    @Test("With neither, it prints every tick until no animation runs")
    func untilSettled() throws {
        let (frames, _) = try Self.frames(["--run", "move", "--run", "later", "--fps", "4"])
        #expect(frames.last?.time == 2 && frames.last?.settled == true)
        #expect(frames.dropLast().allSatisfy { !$0.settled })
        #expect(frames.count == 9)
    }

    @Test("An unknown action is an error that names the scene's actions; a runtime error exits with 1")
    func errors() throws {
        let (_, unknown) = try Self.frames(["--run", "jump"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.hasSuffix("has no action 'jump'; it has: 'move', 'later', 'broken'\n"))
        let (frames, broken) = try Self.frames(["--run", "broken", "--at", "0"])
        #expect(broken.status == 1 && frames.count == 1)
        #expect(broken.stderr.contains("[nothing-to-animate]"))
    }
}
