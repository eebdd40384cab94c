import Testing

@testable import SceneLanguage

/// Goldens of what a diagnostic shows of hostile text: control characters
/// and bidirectional overrides escaped as `\u{1B}` with the caret still under
/// the mistake, a megabyte-long name cut, a byte-order mark skipped.
/// ``DiagnosticGolden`` says how they are checked.
@Suite struct DiagnosticEscapingGoldenTests {
    @Test(
        "Text that could act on the terminal is shown escaped, and long names are cut",
        arguments: DiagnosticGolden.escaping)
    func escaping(_ golden: DiagnosticGolden) {
        golden.check()
    }

    @Test("A quoted name is cut after 40 characters with '…', and its control characters are escaped")
    func quotedNames() {
        let forty = String(repeating: "x", count: 40)
        #expect(quoted(forty) == "'\(forty)'")
        #expect(quoted(forty + "y") == "'\(forty)…'")
        #expect(quoted(String(repeating: "é", count: 1_000_000)) == "'\(String(repeating: "é", count: 40))…'")
        #expect(quoted("a\u{1B}[2J\u{202E}b\u{85}\u{0}") == #"'a\u{1B}[2J\u{202E}b\u{85}\u{00}'"#)
        // A character of many scalars counts once, but at most 80 scalars are shown.
        let stacked = "e" + String(repeating: "\u{301}", count: 1000)
        #expect(quoted(stacked).unicodeScalars.count == 1 + 80 + 2)
    }

    @Test("A megabyte-long name gives a message of a few hundred bytes, and lines of bounded length")
    func hugeNames() {
        let huge = String(repeating: "q", count: 1_000_000)
        let file = SourceFile(name: "Scene.layout", text: "view \(huge)\nview b\nb.width == \(huge)z.width\n")
        let diagnostics = Scene.parse(file).diagnostics
        #expect(!diagnostics.isEmpty)
        for diagnostic in diagnostics {
            #expect(diagnostic.message.utf8.count < 300)
            for line in diagnostic.rendered.split(separator: "\n") { #expect(line.utf8.count < 600) }
        }
        // The near name a megabyte long is still found, in linear time.
        #expect(diagnostics.first?.suggestion == huge)
    }

    @Test("A byte-order mark is skipped: the scene reads as without it")
    func byteOrderMark() {
        let text = "view card\ncard.width == 10\n"
        let marked = Scene.parse(SourceFile(name: "Scene.layout", bytes: [0xEF, 0xBB, 0xBF] + Array(text.utf8)))
        #expect(marked.diagnostics.isEmpty)
        #expect(marked.views.map(\.name.name) == ["card"])
        #expect(SourceFile(name: "Scene.layout", text: "\u{FEFF}" + text).line(1) == "view card")
        // Elsewhere it is an invisible character, reported by its code point.
        #expect(renderedDiagnostics("view card\n\u{FEFF}view b").contains("unexpected character U+FEFF"))
    }

    @Test("A file with a NUL byte among its first 8000 is binary; text that is not UTF-8 is not")
    func binaryFiles() {
        #expect(SourceFile.looksBinary([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00]))
        #expect(SourceFile.looksBinary([UInt8](repeating: 0x20, count: 7999) + [0]))
        #expect(!SourceFile.looksBinary([UInt8](repeating: 0x20, count: 8000) + [0]))
        #expect(!SourceFile.looksBinary(Array("view card\n".utf8)))
        #expect(!SourceFile.looksBinary([0x43, 0x61, 0x66, 0xE9]))
        #expect(!SourceFile.looksBinary([]))
    }
}

extension DiagnosticGolden {
    /// Control characters, bidirectional overrides, huge names and a byte-order mark.
    static let escaping: [DiagnosticGolden] = [
        DiagnosticGolden(
            .unknownName, "escape sequences in a text before the mistake",
            "label title \"\u{1B}[2J\u{1B}[31mHi\" alpah 0", suggesting: "alpha",
            #"""
            Scene.layout:1:27: error: unknown property 'alpah'; did you mean 'alpha'? [unknown-name]
            label title "\u{1B}[2J\u{1B}[31mHi" alpah 0
                                                ^~~~~

            """#),
        DiagnosticGolden(
            .unknownName, "a tab, DEL and a C1 control before the mistake",
            "\tlabel t \"\u{7F}\u{9B}2J\" alpah 0", suggesting: "alpha",
            "Scene.layout:1:18: error: unknown property 'alpah'; did you mean 'alpha'? [unknown-name]\n"
                + #"\#tlabel t "\u{7F}\u{9B}2J" alpah 0"# + "\n"
                + "\t" + String(repeating: " ", count: 25) + "^~~~~\n"),
        DiagnosticGolden(
            .invalidCharacter, "a right-to-left override outside a text",
            "view card\u{202E} alpha 0.5",
            #"""
            Scene.layout:1:10: error: unexpected character U+202E [invalid-character]
            view card\u{202E} alpha 0.5
                     ^~~~~~~~

            """#),
        DiagnosticGolden(
            .invalidEscape, "a backslash before a control character",
            "label title \"a\\\u{7}b\"",
            #"""
            Scene.layout:1:15: error: invalid escape '\\u{07}' in a string; use '\"', '\\' or '\n' [invalid-escape]
            label title "a\\u{07}b"
                          ^~~~~~~

            """#),
        DiagnosticGolden(
            .unknownName, "a name a megabyte long",
            "view a\na.leading == root." + String(repeating: "x", count: 1_000_000) + "\n",
            """
            Scene.layout:2:19: error: unknown attribute '\(String(repeating: "x", count: 40))…' [unknown-name]
            a.leading == root.\(String(repeating: "x", count: 142))…
            \(String(repeating: " ", count: 18))^\(String(repeating: "~", count: 141))

            """),
        DiagnosticGolden(
            .unknownName, "a byte-order mark before the first line",
            bytes: [0xEF, 0xBB, 0xBF] + Array("view card alpah 0.5".utf8), suggesting: "alpha",
            """
            Scene.layout:1:14: error: unknown property 'alpah'; did you mean 'alpha'? [unknown-name]
            view card alpah 0.5
                      ^~~~~

            """),
    ]
}
