import PropertyBased
import SceneLanguage
import Testing

/// Hostile bytes (control characters, escape sequences, bidirectional
/// overrides, C1 controls, huge names, invalid UTF-8) through the parser, the
/// checker and the renderer: what a diagnostic prints can never act on a
/// terminal, and no line of it is long.
@Suite struct RenderingFuzzTests {
    /// The longest line a rendered diagnostic may have, in Unicode scalars: a
    /// message is cut at 500, a source line at a window of about 160.
    static let longestLine = 600

    /// Pieces that hostile files are made of, and some of the language's own.
    static let pieces: [[UInt8]] = [
        [0x1B], Array("\u{1B}[2J".utf8), Array("\u{1B}]0;title\u{7}".utf8), Array("\u{1B}[31m".utf8), [0x07],
        [0x08], [0x0D], [0x00], [0x7F], [0x09], [0x0A], [0xC2, 0x9B], [0xC2, 0x85], [0xC2, 0x80],
        Array("\u{202E}".utf8), Array("\u{202A}".utf8), Array("\u{2066}".utf8), Array("\u{2069}".utf8),
        Array("\u{200F}".utf8), Array("\u{2028}".utf8), [0xEF, 0xBB, 0xBF], [0xFF], [0xE2, 0x80],
        Array("view ".utf8), Array("label t \"".utf8), Array("\"".utf8), Array("\\".utf8), Array(".".utf8),
        Array(" == ".utf8), Array("root.".utf8), Array("alpah ".utf8), Array("a.width == ".utf8), Array("{".utf8),
        Array("}".utf8), Array("action go { ".utf8), Array("#".utf8), Array("color #".utf8), Array(" ".utf8),
        Array(String(repeating: "x", count: 300).utf8), Array(String(repeating: "é", count: 100).utf8),
        Array(String(repeating: "\u{1B}", count: 200).utf8), Array("9999999999999999999999999999999999999999999".utf8),
    ]

    /// Expects every line of a rendered diagnostic to be safe to print: no
    /// C0 control but the newline (and a tab only where the source has one),
    /// no DEL, no C1 control, no bidirectional control, no line separator,
    /// and no line longer than ``longestLine``.
    static func expectSafe(
        _ rendered: String, sourceHasTabs: Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for line in rendered.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(line.unicodeScalars.count <= longestLine, "a line of \(line.unicodeScalars.count) scalars")
            for scalar in line.unicodeScalars {
                let value = scalar.value
                let isControl = value < 0x20 || (0x7F...0x9F).contains(value)
                let isBidi =
                    (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
                    || [0x200E, 0x200F, 0x061C, 0x2028, 0x2029].contains(value)
                let allowed = value == 0x09 && sourceHasTabs
                if (isControl || isBidi) && !allowed {
                    Issue.record(
                        "U+\(String(value, radix: 16, uppercase: true)) printed in \(line.debugDescription.prefix(300))",
                        sourceLocation: sourceLocation)
                    return
                }
            }
        }
    }

    static func check(_ bytes: [UInt8]) {
        let file = SourceFile(name: "fuzz.layout", bytes: bytes)
        let scene = Scene.parse(file)
        let statements = scene.parseStatements(file)
        for diagnostic in scene.diagnostics + statements.diagnostics {
            expectSafe(diagnostic.rendered, sourceHasTabs: bytes.contains(0x09))
        }
    }

    @Test("Random sequences of hostile pieces render safely")
    func hostilePieces() async {
        await propertyCheck(count: 400, input: Gen.int(in: 0...(Self.pieces.count - 1)).array(of: 0...60)) { picks in
            Self.check(picks.flatMap { Self.pieces[$0] })
        }
    }

    @Test("Random bytes render safely")
    func randomBytes() async {
        await propertyCheck(count: 400, input: Gen.uint8(in: 0...255).array(of: 0...400)) { Self.check($0) }
    }

    @Test("A line holding the screen-clearing sequence shows it escaped, and the file's name is escaped too")
    func clearScreen() {
        let file = SourceFile(name: "evil\u{1B}[2J.layout", text: "view card alpah 0 # \u{1B}[2J\u{1B}[H\n")
        let rendered = Scene.parse(file).diagnostics.map { $0.rendered }.joined()
        #expect(rendered.hasPrefix(#"evil\u{1B}[2J.layout:1:11: error: unknown property 'alpah'"#))
        #expect(rendered.contains(#"view card alpah 0 # \u{1B}[2J\u{1B}[H"#))
        Self.expectSafe(rendered, sourceHasTabs: false)
    }
}
