import Foundation
import TestSupport
import Testing

/// docs/testing.md shows the example that CI compiles and runs
/// (Guide/Card.layout and Guide/CardTests.swift) exactly as it is.
@Suite struct GuideTests {
    @Test(
        "The testing guide's scene and test are the files CI runs, to the byte",
        arguments: ["Card.layout", "CardTests.swift"])
    func guideShowsTheExample(file: String) throws {
        let guide = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/testing.md"), encoding: .utf8)
        let example = try String(
            contentsOf: repositoryRoot.appendingPathComponent("Tests/PlaygroundTestingTests/Guide/\(file)"),
            encoding: .utf8)
        #expect(guide.contains("```\(file.hasSuffix(".swift") ? "swift" : "")\n\(example)```\n"))
    }
}
