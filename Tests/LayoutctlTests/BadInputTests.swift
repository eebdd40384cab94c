import Foundation
import Testing

/// The real `layoutctl` on broken, huge and hostile files: it always finishes (each run is killed after
/// ``BadInputTests/timeout``), never dies of a signal, exits with 1 exactly when there are errors, and reports
/// them on standard error as `file:line:column: error: message [code]` with the expected codes.
@Suite struct BadInputTests {
    /// Generous, for a debug build on a slow machine; a hang fails instead of blocking the suite.
    static let timeout = Duration.seconds(60)

    /// A bad input: its file's bytes, the exit status `check` must give, and codes its diagnostics must include.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var status: Int32
        var codes: [String]
        /// Whether `solve` runs on it too (not on the 10 MB files, whose frame would be as large).
        var solve = true
        var bytes: @Sendable () -> [UInt8]

        var testDescription: String { name }

        /// A case whose file is a text.
        init(
            _ name: String, status: Int32 = 1, codes: [String], solve: Bool = true,
            text: @escaping @Sendable () -> String
        ) {
            self.init(name, status: status, codes: codes, solve: solve) { Array(text().utf8) }
        }

        /// A case whose file is any bytes.
        init(
            _ name: String, status: Int32 = 1, codes: [String], solve: Bool = true,
            bytes: @escaping @Sendable () -> [UInt8]
        ) {
            self.name = name
            self.status = status
            self.codes = codes
            self.solve = solve
            self.bytes = bytes
        }
    }

    static let cases: [Case] = [
        Case("an empty file", status: 0, codes: []) { "" },
        Case("only comments", status: 0, codes: []) { "# a comment\n   # another one\n#\n\n# { ( \"\n" },
        Case("garbage that is not UTF-8 (without NUL bytes, which would make it binary)", codes: ["invalid-utf8"]) {
            garbage(count: 65_536)
        },
        Case("100,000 nested '{'", codes: ["expected-token"]) { String(repeating: "{", count: 100_000) },
        Case("a view and 100,000 nested '{'", codes: ["expected-token", "unterminated-block"]) {
            "view a " + String(repeating: "{", count: 100_000)
        },
        Case("100,000 nested views", codes: ["too-deep", "unterminated-block"]) {
            String(repeating: "view v {\n", count: 100_000)
        },
        Case("100,000 nested animations", codes: ["too-deep", "unterminated-block"]) {
            "view a\naction go {\n" + String(repeating: "animate 1 { a.alpha = 0\n", count: 100_000)
        },
        Case("100,000 nested '('", codes: ["too-deep"]) {
            "view a\na.width == " + String(repeating: "(", count: 100_000) + "1"
                + String(repeating: ")", count: 100_000) + "\n"
        },
        Case("a 10 MB line: an unterminated string", codes: ["unterminated-string"], solve: false) {
            "label a \"" + String(repeating: "Bankey ", count: 1_500_000) + "\nlabel b \"fine\"\n"
        },
        Case("a 10 MB comment line, then an error on line 2", codes: ["invalid-value"], solve: false) {
            "# " + String(repeating: "x", count: 10_000_000) + "\nview a alpha 2\n"
        },
        Case("a 100,000-term sum", codes: ["too-deep"]) {
            "view a\na.width == " + Array(repeating: "1", count: 100_000).joined(separator: "+") + "\n"
        },
        Case("100,000 minus signs", codes: ["too-deep"]) {
            "view a\na.width == " + String(repeating: "-", count: 100_000) + "1\n"
        },
        Case("unknown names", codes: ["unknown-name"]) {
            "view card\ncrad.width == 10\ncard.widht == 10\nview title color bleu\naction go { run og }\n"
        },
        Case("thousands of declarations and misspellings (did-you-mean is linear per name)", codes: ["unknown-name"]) {
            (0..<5000).map { "view v\($0)\n" }.joined() + (0..<5000).map { "w\($0).width == 10\n" }.joined()
        },
        Case("a cycle of constraints", codes: ["unsatisfiable-constraints"]) {
            "view a\nview b\na.left == b.left + 10; b.left == a.left + 10\n"
        },
        Case("conflicting required constraints", codes: ["unsatisfiable-constraints"]) {
            "view a\na.left == 0; a.top == 0; a.height == 10\na.width == 10\na.width == 20\n"
        },
        Case("a number above 1000000000", codes: ["too-large"]) { "view a\na.width == 999999999999\n" },
        Case("a product out of range", codes: ["out-of-range"]) {
            "view a\na.width == 1000000000 * 1000000000 * 1000000000\n"
        },
        Case("multipliers compounding to infinity", codes: ["out-of-range"]) {
            (0...40).map { "view v\($0)\n" }.joined() + "v0.width == 1000000000\n"
                + (1...40).map { "v\($0).width == 1000000000 * v\($0 - 1).width\n" }.joined()
        },
        Case("division by zero", codes: ["invalid-value"]) {
            "view a\na.width == 10 / 0\na.height == 10 / (1 - 1)\n"
        },
    ]

    @Test(
        "A bad file: diagnostics with the expected codes, status 1 only with errors, no crash, no hang",
        arguments: cases)
    func badFile(_ input: Case) throws {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("bad.layout")
            let bytes = input.bytes()
            try Data(bytes).write(to: file)
            let lines = bytes.count { $0 == UInt8(ascii: "\n") } + 1
            let checked = try Layoutctl.run(["check", file.path], timeout: Self.timeout)
            Self.expect(checked, file: file.path, lines: lines, status: input.status, codes: input.codes)
            guard input.solve else { return }
            let solved = try Layoutctl.run(["solve", file.path], timeout: Self.timeout)
            Self.expect(solved, file: file.path, lines: lines, status: input.status, codes: input.codes)
            let frame = try? JSONSerialization.jsonObject(with: Data(solved.stdout.utf8)) as? [String: Any]
            #expect(frame?["views"] is [Any], "solve prints the frame as JSON: \(solved.stdout.prefix(200))")
        }
    }

    @Test("A valid scene cut at many points: never a crash, status 1 exactly when an error is reported")
    func truncatedScenes() throws {
        let scene = Array(Self.validScene.utf8)
        try withTemporaryFolder { folder in
            var cuts = Set(stride(from: 0, through: scene.count, by: max(1, scene.count / 40)))
            for (i, byte) in scene.enumerated() where byte == UInt8(ascii: "{") || byte == UInt8(ascii: "(") {
                cuts.formUnion([i, i + 1])
            }
            for cut in cuts.sorted() {
                let file = folder.appendingPathComponent("cut\(cut).layout")
                try Data(scene[..<cut]).write(to: file)
                let result = try Layoutctl.run(["check", file.path], timeout: Self.timeout)
                let hasErrors = result.stderr.contains(": error: ")
                Self.expect(
                    result, file: file.path, lines: scene[..<cut].count { $0 == UInt8(ascii: "\n") } + 1,
                    status: hasErrors ? 1 : 0, codes: [])
            }
        }
    }

    @Test("A binary file (a NUL among its first 8000 bytes) is refused in one line by each command that reads one")
    func binaryFiles() throws {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("image.layout")
            try Data(Array("view a\n".utf8) + [0] + Self.garbage(count: 65_536)).write(to: file)
            let svg = folder.appendingPathComponent("out.svg").path
            let runs = [
                ["check", file.path], ["solve", file.path], ["frames", file.path],
                ["plot", file.path, "go", "--svg", svg],
                // A real executable, as the docs show (layoutctl's own debug build is over the 16 MiB limit).
                ["check", "/bin/ls"],
            ]
            for arguments in runs {
                let result = try Layoutctl.run(arguments, timeout: Self.timeout)
                #expect(result.status == 1 && !result.signaled, "\(arguments)")
                #expect(result.stdout.isEmpty)
                #expect(
                    result.stderr
                        == "layoutctl: error: '\(arguments[1])' is not a text file (it holds NUL bytes); "
                        + "scene files are UTF-8 text\n")
            }
            #expect(!FileManager.default.fileExists(atPath: svg))
        }
    }

    @Test("A path that does not exist, and a folder given to 'solve', are errors that name the path")
    func unreadablePaths() throws {
        try withTemporaryFolder { folder in
            let missing = folder.appendingPathComponent("missing.layout").path
            for arguments in [["check", missing], ["solve", missing]] {
                let result = try Layoutctl.run(arguments, timeout: Self.timeout)
                #expect(result.status == 1 && !result.signaled)
                #expect(result.stderr == "layoutctl: error: '\(missing)': no such file or directory\n")
            }
            let result = try Layoutctl.run(["solve", folder.path], timeout: Self.timeout)
            #expect(result.status == 1 && !result.signaled)
            #expect(
                result.stderr
                    == "layoutctl: error: '\(folder.path)' is a folder; solve takes one file, check takes folders\n")
        }
    }

    @Test("'check' on a folder checks every .layout file under it and fails when one has errors")
    func folder() throws {
        try withTemporaryFolder { folder in
            let sub = folder.appendingPathComponent("sub")
            try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
            try "view a\na.width == 10 / 0\n".write(
                to: sub.appendingPathComponent("bad.layout"), atomically: true, encoding: .utf8)
            try Self.validScene.write(
                to: folder.appendingPathComponent("good.layout"), atomically: true, encoding: .utf8)
            try "not a scene {".write(to: folder.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
            let result = try Layoutctl.run(["check", folder.path], timeout: Self.timeout)
            Self.expect(
                result, file: sub.appendingPathComponent("bad.layout").path, lines: 3, status: 1,
                codes: ["invalid-value"])
            #expect(!result.stderr.contains("good.layout") && !result.stderr.contains("notes.txt"))
            let empty = folder.appendingPathComponent("empty")
            try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
            // An editor's lock file is hidden, and not a scene.
            try FileManager.default.createSymbolicLink(
                atPath: empty.appendingPathComponent(".#draft.layout").path, withDestinationPath: "nowhere")
            let none = try Layoutctl.run(["check", empty.path], timeout: Self.timeout)
            #expect(none.status == 1 && !none.signaled)
            #expect(none.stderr == "layoutctl: error: '\(empty.path)': no .layout files in this folder\n")
        }
    }

    /// Expects a run that finished by itself with `status`, whose standard error holds only diagnostics of
    /// `file` in the `file:line:column: severity: message [code]` form, at lines inside the file, including
    /// every code of `codes`, and an error exactly when the status is 1.
    static func expect(
        _ result: Layoutctl.Result, file: String, lines: Int, status: Int32, codes: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(!result.timedOut, "layoutctl ran past \(timeout)", sourceLocation: sourceLocation)
        #expect(!result.signaled, "signal \(result.status) ended layoutctl", sourceLocation: sourceLocation)
        #expect(result.status == status, "\(result.stderr.prefix(2000))", sourceLocation: sourceLocation)
        var found: Set<String> = []
        var errors = 0
        for line in result.stderr.split(separator: "\n") where line.hasPrefix(file + ":") {
            let parts = line.dropFirst(file.count + 1).split(separator: ":", maxSplits: 2)
            let position = parts.prefix(2).compactMap { Int($0) }
            #expect(
                parts.count == 3 && position.count == 2 && position[0] >= 1 && position[0] <= lines
                    && position[1] >= 1, "a diagnostic outside the file: \(line.prefix(300))",
                sourceLocation: sourceLocation)
            guard parts.count == 3 else { continue }
            let rest = parts[2]
            if rest.hasPrefix(" note: ") { continue }
            #expect(rest.hasPrefix(" error: ") || rest.hasPrefix(" warning: "), sourceLocation: sourceLocation)
            if rest.hasPrefix(" error: ") { errors += 1 }
            guard rest.hasSuffix("]"), let open = rest.lastIndex(of: "[") else {
                Issue.record("no [code] at the end: \(line.prefix(300))", sourceLocation: sourceLocation)
                continue
            }
            found.insert(String(rest[rest.index(after: open)..<rest.index(before: rest.endIndex)]))
        }
        #expect((errors > 0) == (status == 1), "errors: \(errors)", sourceLocation: sourceLocation)
        #expect(Set(codes).isSubset(of: found), "codes found: \(found.sorted())", sourceLocation: sourceLocation)
        if status == 0 { #expect(!result.stderr.contains(": error: "), sourceLocation: sourceLocation) }
    }

    /// Bytes from a fixed-seed generator: mostly invalid UTF-8, with some of the language's characters, and no
    /// NUL (a file with one is binary, refused before it is read).
    static func garbage(count: Int) -> [UInt8] {
        var state: UInt64 = 0x1234_5678_9ABC_DEF0
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let byte = UInt8(truncatingIfNeeded: state >> 56)
            let language = Array("{}()\n.=@".utf8)
            return byte % 7 == 0 ? language[Int(byte) % language.count] : max(byte, 1)
        }
    }

    /// A scene without errors, for cutting short and for folders.
    static let validScene = """
        canvas 375 x 667
        safearea 44 0 34 0
        view card color #3366ff alpha 0.5 {
          label title "Bankey \\"quoted\\"" font 34
          title.leading == card.leading + 8; title.top == card.top + system
        }
        button go "Go"
        card.leading == root.margins.leading; card.trailing == root.margins.trailing
        card.top == root.safeArea.top + 2 * system @high; card.height == 200
        go.centerX == root.centerX; go.top == card.bottom + (3 * system) / 2
        inactive pinned: card.top == root.safeArea.top + 100
        constraints wide inactive {
          card.width == 0.9 * root.width
        }
        action next {
          activate pinned
          animate 0.5 delay 0.1 spring damping 0.6 velocity 1 { title.alpha = 0 } completion { layout }
        }
        """
}
