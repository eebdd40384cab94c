import Foundation
import TestSupport
import Testing

/// `layoutctl export --swift` as a user runs it: exit statuses, messages, and the example in docs/layoutctl.md.
@Suite struct ExportCommandTests {
    static let scene = """
        label title "Hello" font 34
        title.centerX == root.centerX
        title.top == root.safeArea.top + 20

        """

    @Test("A file without errors gives Swift on standard output, nothing on standard error, exit 0")
    func exports() throws {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("my-card.layout")
            try Self.scene.write(to: file, atomically: true, encoding: .utf8)
            let result = try Layoutctl.run(["export", file.path, "--swift"])
            #expect(result.status == 0)
            #expect(result.stderr == "")
            #expect(result.stdout.contains("\nimport UIKit\n"))
            #expect(result.stdout.contains("final class MyCardViewController: UIViewController {"))
            #expect(!result.stdout.contains(folder.path), "the output names the file, not where it is")
            let named = try Layoutctl.run(["export", file.path, "--swift", "--class", "CardController"])
            #expect(named.status == 0)
            #expect(named.stdout.contains("final class CardController: UIViewController {"))
        }
    }

    @Test("A file with errors is refused with its diagnostics on standard error and exit 1")
    func refusesErrors() throws {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("Broken.layout")
            try "label title \"Hi\"\ntitle.top == nowhere.bottom\n".write(to: file, atomically: true, encoding: .utf8)
            let result = try Layoutctl.run(["export", file.path, "--swift"])
            #expect(result.status == 1)
            #expect(result.stdout == "")
            #expect(result.stderr.contains("Broken.layout:2:14: error: "), "\(result.stderr)")
        }
    }

    @Test("Without --swift, or with a class name that is not a Swift identifier, the command line is wrong: exit 2")
    func usage() throws {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("Card.layout")
            try Self.scene.write(to: file, atomically: true, encoding: .utf8)
            let missing = try Layoutctl.run(["export", file.path])
            #expect(missing.status == 2)
            #expect(missing.stdout == "")
            #expect(missing.stderr.contains("--swift"), "\(missing.stderr)")
            for name in ["1Card", "my-card", "class", ""] {
                let bad = try Layoutctl.run(["export", file.path, "--swift", "--class", name])
                #expect(bad.status == 2, "--class '\(name)'")
                #expect(bad.stdout == "")
            }
        }
    }

    @Test("A file that is not there, or a folder, is refused as solve refuses it: exit 1")
    func missingFile() throws {
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("Nowhere.layout").path
            let missing = try Layoutctl.run(["export", path, "--swift"])
            #expect(missing.status == 1)
            #expect(missing.stderr == "layoutctl: error: '\(path)': no such file or directory\n")
            let asFolder = try Layoutctl.run(["export", folder.path, "--swift"])
            #expect(asFolder.status == 1)
            #expect(asFolder.stderr.contains("is a folder; export takes one file"), "\(asFolder.stderr)")
        }
    }

    @Test("docs/layoutctl.md's example is what export writes for its scene")
    func documentedExample() throws {
        let page = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/layoutctl.md"), encoding: .utf8)
        let section = try #require(page.components(separatedBy: "## Swift export").last)
        let blocks = section.components(separatedBy: "```")
        // The section's first block is the scene, its second the command, its third the output.
        let scene = try #require(blocks.count > 5 ? blocks[1] : nil).drop { $0 != "\n" }.dropFirst()
        let expected = try #require(blocks.count > 5 ? blocks[5] : nil).drop { $0 != "\n" }.dropFirst()
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("Greeting.layout")
            try String(scene).write(to: file, atomically: true, encoding: .utf8)
            let result = try Layoutctl.run(["export", file.path, "--swift"])
            #expect(result.status == 0 && result.stderr == "")
            #expect(result.stdout == String(expected), "update docs/layoutctl.md's example:\n\(result.stdout)")
        }
    }
}
