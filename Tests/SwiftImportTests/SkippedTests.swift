import Foundation
import SceneLanguage
import SwiftImport
import Testing

/// What the importer cannot read: left out with a warning at its Swift line and column; only Swift that does not
/// parse fails.
@Suite struct SkippedTests {
    @Test("A guard, a network call and arithmetic on an unknown value are skipped, each at its line and column")
    func locatedWarnings() {
        let result = imported(
            """
            import UIKit
            class V: UIViewController {
                let a = UILabel()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.addSubview(a)
                    URLSession.shared.dataTask(with: url).resume()
                    a.alpha = 0
                }
                @objc func tap() {
                    guard a.isHidden else { return }
                    a.alpha = Double(a.tag) * 2
                    a.alpha = 1
                }
            }
            """, whole: true)
        result.expectClean()
        let warnings = result.diagnostics.filter { $0.code == .importSkipped }.map(\.rendered)
        #expect(
            warnings == [
                """
                Test.swift:7:9: warning: skipped 'URLSession.shared.dataTask(with: url).r…': a call the importer does not know [import-skipped]
                        URLSession.shared.dataTask(with: url).resume()
                        ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

                """,
                """
                Test.swift:11:9: warning: skipped 'guard a.isHidden else { return }': a guard has no counterpart in a scene [import-skipped]
                        guard a.isHidden else { return }
                        ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

                """,
                """
                Test.swift:12:9: warning: skipped 'a.alpha = Double(a.tag) * 2': a value the importer cannot work out [import-skipped]
                        a.alpha = Double(a.tag) * 2
                        ^~~~~~~~~~~~~~~~~~~~~~~~~~~

                """,
            ])
        #expect(result.lines.suffix(3) == ["action tap {", "a.alpha = 1", "}"])
    }

    @Test("Swift that does not parse fails the import at its location, saying what is missing")
    func invalidSwift() {
        let result = imported("import UIKit\nclass V: UIViewController {\n    let a = UILabel(\n}\n", whole: true)
        #expect(result.scene == nil)
        #expect(result.failed)
        let first = result.diagnostics.first
        #expect(first?.code == .invalidSwift)
        #expect(first?.severity == .error)
        #expect(
            first.map { $0.rendered.hasPrefix("Test.swift:3:21: error: expected an expression and ')'") } == true,
            "\(result.diagnostics.map(\.rendered))")
    }

    @Test("Garbled Swift on which swift-syntax's diagnostics generator stops the program is reported, not fatal")
    func garbledSwift() throws {
        // Found by fuzzing the import: `ParseDiagnosticsGenerator` traps making a Fix-It without changes on it.
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/GarbledBadge.swift.txt")
        // Not all UTF-8, as fuzzed bytes are: read as the daemon reads a file, bad bytes as U+FFFD.
        let bytes = [UInt8](try Data(contentsOf: url))
        let result = SwiftImporter.import(SourceFile(name: "Garbled.swift", bytes: bytes))
        #expect(result.failed && result.scene == nil)
        #expect(!result.diagnostics.isEmpty && result.diagnostics.allSatisfy { $0.code == .invalidSwift })
        #expect(result.diagnostics.count <= 20)
        #expect(result.diagnostics.first?.rendered.hasPrefix("Garbled.swift:8:6: error: expected ';'") == true)
    }

    @Test("Square brackets nested deeper than 12 are refused before parsing; in strings and comments they are text")
    func nestedBrackets() throws {
        // Found by fuzzing the import: swift-syntax's parse of 38 nested `[` doubles in time with each level, and
        // did not end.
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/NestedBrackets.swift.txt")
        let fuzzed = SwiftImporter.import(SourceFile(name: "Nested.swift", bytes: [UInt8](try Data(contentsOf: url))))
        #expect(fuzzed.failed && fuzzed.diagnostics.map(\.code) == [.tooDeep])
        #expect(fuzzed.diagnostics.first?.rendered.hasPrefix("Nested.swift:8:") == true)
        let deep = "import UIKit\nfinal class V: UIViewController {\n  let a = " + String(repeating: "[", count: 13)
        let refused = SwiftImporter.import(SourceFile(name: "Deep.swift", text: deep + "\n}\n"))
        #expect(refused.diagnostics.map(\.code) == [.tooDeep])
        #expect(refused.diagnostics.first?.rendered.hasPrefix("Deep.swift:3:23: error: square brackets nest") == true)
        #expect(SwiftImporter.classNames(in: SourceFile(name: "Deep.swift", text: deep)) == [])
        // Twelve are read; brackets in a comment, a string or a multi-line string count for nothing.
        let twelve = String(repeating: "[", count: 12) + "1" + String(repeating: "]", count: 12)
        let text = String(repeating: "[", count: 20)
        let fine = imported(
            withViews(
                setup:
                    "let n = \(twelve)\n// \(text)\n/* \(text) */\nlet s = \"\(text)\\\"\"\nlet m = \"\"\"\n\(text)\n\"\"\"\n"
                    + "a.widthAnchor.constraint(equalToConstant: 10).isActive = true"))
        #expect(!fine.diagnostics.contains { $0.code == .tooDeep }, "\(fine.diagnostics.map(\.rendered))")
        #expect(fine.scene != nil)
    }

    @Test("A file without a view controller or view, or without the class asked for, has nothing to import")
    func nothingToImport() {
        let none = imported("struct S {}\n", whole: true)
        #expect(none.failed)
        #expect(none.diagnostics.first?.message == "no UIViewController or UIView subclass in this file")
        let other = imported("import UIKit\nclass A: UIViewController {}\n", whole: true, className: "B")
        #expect(other.diagnostics.first?.message == "no UIViewController or UIView subclass named 'B' in this file")
        #expect(other.diagnostics.first?.notes.first?.message == "the file has A")
    }

    @Test("A line the language refuses is left out with a warning at the Swift that made it")
    func refusedLine() {
        let result = imported(
            withViews(setup: "b.widthAnchor.constraint(equalTo: a.heightAnchor, constant: 1e10).isActive = true"))
        result.expectClean()
        #expect(!result.text.contains("1e10") && !result.text.contains("10000000000"))
        let warning = result.diagnostics.first { $0.message.contains("is left out:") }
        #expect(warning?.range.location.line == 11)
    }

    @Test("The lines of the scene map back to the Swift that made them")
    func origins() {
        let result = imported(withViews(setup: "a.text = \"x\""))
        let line = result.lines.firstIndex(of: "label a \"x\"")
        let index = result.text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex(of: "label a \"x\"")
        #expect(line != nil)
        #expect(index.flatMap { result.origins[$0] }?.description == "4:9")
    }
}

/// Swift that nests deeper than the importer reads fails with `too-deep`, never a crash: the importer,
/// swift-syntax's visitors and its operator folding recurse once a level, and a daemon serving the file would
/// otherwise run out of stack.
@Suite struct DeepSwiftTests {
    @Test(
        "A hundred thousand members, calls or + in a row: too-deep at the place, and a real file still imports",
        arguments: [".b", "()", " + 1"])
    func deepChains(link: String) {
        let swift = "class A: UIViewController {\n    let k = a" + String(repeating: link, count: 100_000) + "\n}\n"
        let result = SwiftImporter.import(SourceFile(name: "Deep.swift", text: swift))
        #expect(result.scene == nil)
        #expect(result.diagnostics.map(\.code) == [.tooDeep])
        #expect(result.diagnostics.first?.range.location.line == 2)
        #expect(SwiftImporter.classNames(in: SourceFile(name: "Deep.swift", text: swift)) == [])
        // Six hundred operators are well within the limit.
        let shallow =
            "class A: UIViewController {\n    let k: CGFloat = 1" + String(repeating: " + 1", count: 600)
            + "\n}\n"
        #expect(SwiftImporter.import(SourceFile(name: "Shallow.swift", text: shallow)).scene != nil)
    }
}
