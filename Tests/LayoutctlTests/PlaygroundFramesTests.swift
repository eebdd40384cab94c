import Foundation
import TestSupport
import Testing

/// Every playground, end to end through the real `layoutctl frames`: each
/// action a user would run, until the scene settles, with no error, and the
/// warning the burger menu is there to show.
@Suite struct PlaygroundFramesTests {
    struct Run: Sendable, CustomTestStringConvertible {
        var playground: String
        var actions: [String]
        /// The codes expected on standard error (warnings).
        var warnings: [String] = []
        var testDescription: String { "\(playground) \(actions.joined(separator: ", "))" }
    }

    static let runs: [Run] = [
        Run(playground: "Quiz", actions: ["next"]),
        Run(playground: "Quiz", actions: ["nextLinear"]),
        Run(playground: "Quiz", actions: ["nextSpring"]),
        Run(playground: "Quiz", actions: ["wobble"]),
        Run(playground: "Quiz", actions: ["showAnswer"]),
        Run(playground: "QuizGuide", actions: ["landscape"]),
        Run(playground: "Messaging", actions: ["showToolbar"]),
        Run(playground: "Messaging", actions: ["hideToolbar"]),
        Run(playground: "Bankey", actions: []),
        Run(playground: "Burger", actions: ["openMenu"]),
        Run(playground: "Burger", actions: ["scrub"]),
        Run(playground: "Burger", actions: ["scrub", "close"], warnings: ["unreverted-constraints"]),
        Run(playground: "Burger", actions: ["scrubTidy", "closeTidy"]),
    ]

    struct Frame: Decodable {
        var time: Double
        var settled: Bool
    }

    @Test("Each playground's actions run to the end through layoutctl frames", arguments: runs)
    func playground(_ run: Run) throws {
        let file = repositoryRoot.appendingPathComponent("Playgrounds/\(run.playground).layout")
        let arguments = ["frames", file.path] + run.actions.flatMap { ["--run", $0] }
        let result = try Layoutctl.run(arguments, timeout: .seconds(60))
        #expect(result.status == 0, "\(result.stderr)")
        let codes = result.stderr.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("/"), let open = line.lastIndex(of: "[") else { return nil }
            return String(line[line.index(after: open)..<line.index(before: line.endIndex)])
        }
        #expect(codes == run.warnings)
        let frames = try result.stdout.split(separator: "\n").map {
            try JSONDecoder().decode(Frame.self, from: Data($0.utf8))
        }
        #expect(frames.last?.settled == true, "still animating at \(frames.last?.time ?? -1) s")
    }
}
