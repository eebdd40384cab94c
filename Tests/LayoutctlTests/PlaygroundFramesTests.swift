import Foundation
import TestSupport
import Testing

/// Every playground, end to end through the real `layoutctl frames`: each
/// action a user would run (each pitfall too, at the times the docs give),
/// until the scene settles, with the diagnostics each is there to show.
@Suite struct PlaygroundFramesTests {
    struct Run: Sendable, CustomTestStringConvertible {
        var playground: String
        /// `--run` arguments: an action, or `ACTION@TIME`.
        var actions: [String]
        /// The codes expected on standard error, in order.
        var codes: [String] = []
        var testDescription: String { "\(playground) \(actions.joined(separator: ", "))" }
        /// An error makes `frames` exit with 1.
        var status: Int32 { codes.contains("nothing-to-animate") ? 1 : 0 }
    }

    static let runs: [Run] = [
        Run(playground: "Form", actions: ["usePhone", "useEmail@0.4"]),
        Run(playground: "Form", actions: ["usePhoneNow", "useEmail@0.1"]),
        Run(playground: "Nesting", actions: ["slide"]),
        Run(playground: "Nesting", actions: ["slideOwnTiming"]),
        Run(playground: "Nesting", actions: ["movePanel", "reset@0.6"]),
        Run(playground: "Quiz", actions: ["next"]),
        Run(playground: "Quiz", actions: ["next", "next@0.6", "next@1.2", "next@1.8"]),
        Run(playground: "Quiz", actions: ["nextLinear"]),
        Run(playground: "Quiz", actions: ["nextEaseIn"]),
        Run(playground: "Quiz", actions: ["nextEaseOut"]),
        Run(playground: "Quiz", actions: ["nextSpring"]),
        Run(playground: "Quiz", actions: ["wobble"]),
        Run(playground: "Quiz", actions: ["next", "showAnswer@0.6"]),
        Run(playground: "Quiz", actions: ["nextWithoutLayout"], codes: ["missing-layout"]),
        Run(playground: "Quiz", actions: ["nextWithoutFirstLayout"]),
        Run(playground: "Quiz", actions: ["landscape", "portrait@0.4"]),
        Run(playground: "QuizGuide", actions: ["landscape", "next@0.4", "showAnswer@1", "portrait@1"]),
        Run(playground: "Messaging", actions: ["showToolbar", "hideToolbar@1.2"]),
        Run(playground: "Messaging", actions: ["showToolbarOnFirst"]),
        Run(playground: "Messaging", actions: ["showToolbarWithoutLayout"], codes: ["missing-layout"]),
        Run(playground: "Messaging", actions: ["showToolbarUnderLast", "hideToolbarFromUnderLast@1.2"]),
        Run(playground: "Bankey", actions: []),
        Run(playground: "BankeyRTL", actions: []),
        Run(playground: "BankeyRTL", actions: ["replay@2", "reset@4", "replayTogether@4.1", "signInFailed@5"]),
        Run(
            playground: "BankeyRTL", actions: ["replayWithoutLayout@2"],
            codes: ["nothing-to-animate", "nothing-to-animate"]),
        Run(playground: "Bankey", actions: ["replay@2", "reset@4", "replayTogether@4.1", "signInFailed@5"]),
        Run(
            playground: "Bankey", actions: ["replayWithoutLayout@2"],
            codes: ["nothing-to-animate", "nothing-to-animate"]),
        Run(playground: "Burger", actions: ["scrub"]),
        Run(playground: "Burger", actions: ["scrub", "release@0.1"]),
        Run(playground: "Burger", actions: ["scrub", "close@0.1"], codes: ["unreverted-constraints"]),
        Run(playground: "Burger", actions: ["scrub", "cancel@0.1"], codes: ["unreverted-constraints"]),
        Run(
            playground: "Burger", actions: ["scrub", "close@0.1", "scrub@0.2"],
            codes: ["unreverted-constraints", "nothing-to-animate"]),
        Run(playground: "Burger", actions: ["scrubTidy", "closeTidy@0.1", "scrubTidy@0.2", "releaseTidy@0.3"]),
        Run(playground: "Burger", actions: ["scrubTidy", "cancelTidy@0.1"]),
        Run(playground: "Burger", actions: ["convergeWithoutLayout"], codes: ["nothing-to-animate"]),
        Run(playground: "Burger", actions: ["scrubTidy", "releaseTidy@0.1", "unfold@1"]),
        Run(playground: "Burger", actions: ["formX", "unfold@0.5"]),
        Run(playground: "Card", actions: ["pop", "shake@0.6", "dismiss@1.1", "reset@1.6"]),
        Run(playground: "VisualFormat", actions: ["showError", "hideError@0.5"]),
    ]

    @Test("Every action of every playground is run here")
    func everyAction() throws {
        let folder = repositoryRoot.appendingPathComponent("Playgrounds")
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".layout") {
            let name = String(file.dropLast(".layout".count))
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let declared = text.split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("action ") else { return nil }
                return line.dropFirst("action ".count).split(separator: " ").first.map(String.init)
            }
            let run = Set(
                Self.runs.filter { $0.playground == name }.flatMap(\.actions).map {
                    String($0.split(separator: "@").first ?? "")
                })
            for action in declared where !run.contains(action) {
                Issue.record("\(file): the action '\(action)' is not run by PlaygroundFramesTests")
            }
        }
    }

    struct Frame: Decodable {
        var time: Double
        var settled: Bool
    }

    @Test("Each playground's actions run to the end through layoutctl frames", arguments: runs)
    func playground(_ run: Run) throws {
        let file = repositoryRoot.appendingPathComponent("Playgrounds/\(run.playground).layout")
        let arguments = ["frames", file.path] + run.actions.flatMap { ["--run", $0] }
        let result = try Layoutctl.run(arguments, timeout: .seconds(60))
        #expect(result.status == run.status, "\(result.stderr)")
        let codes = result.stderr.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("/"), let open = line.lastIndex(of: "[") else { return nil }
            return String(line[line.index(after: open)..<line.index(before: line.endIndex)])
        }
        #expect(codes == run.codes)
        let frames = try result.stdout.split(separator: "\n").map {
            try JSONDecoder().decode(Frame.self, from: Data($0.utf8))
        }
        #expect(frames.last?.settled == true, "still animating at \(frames.last?.time ?? -1) s")
    }
}
