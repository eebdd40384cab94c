import TestSupport
import Testing

@testable import SceneLanguage

func kinds(_ text: String) -> [Token.Kind] {
    Lexer.tokenize(SourceFile(name: "t.layout", text: text)).tokens.map(\.kind)
}

/// The rendered diagnostics of a text, joined.
func renderedDiagnostics(_ text: String, name: String = "t.layout") -> String {
    let file = SourceFile(name: name, text: text)
    return Lexer.tokenize(file).diagnostics.map { $0.rendered }.joined()
}

@Suite struct LexerTests {
    @Test("A view declaration and a constraint lex into the expected tokens")
    func basics() {
        #expect(
            kinds("view card color blue # comment\ntitle.top == card.bottom + 3 * system @high")
                == [
                    .identifier("view"), .identifier("card"), .identifier("color"), .identifier("blue"), .newline,
                    .identifier("title"), .dot, .identifier("top"), .equalEqual, .identifier("card"), .dot,
                    .identifier("bottom"), .plus, .number(3), .star, .identifier("system"), .at,
                    .identifier("high"), .endOfFile,
                ])
    }

    @Test("Numbers, strings with escapes, operators and ±")
    func literals() {
        #expect(
            kinds(#"canvas 375 x 667; a.text = "say \"hi\"\\\n" x += 0.5 y -= 2 z >= 1 w <= 2 c: a == b ± 0.5"#)
                == [
                    .identifier("canvas"), .number(375), .identifier("x"), .number(667), .semicolon,
                    .identifier("a"), .dot, .identifier("text"), .equal, .string("say \"hi\"\\\n"),
                    .identifier("x"), .plusEqual, .number(0.5), .identifier("y"), .minusEqual, .number(2),
                    .identifier("z"), .greaterEqual, .number(1), .identifier("w"), .lessEqual, .number(2),
                    .identifier("c"), .colon, .identifier("a"), .equalEqual, .identifier("b"), .plusMinus,
                    .number(0.5), .endOfFile,
                ])
    }

    @Test("A hex colour after 'color' is a colour; elsewhere '#' starts a comment")
    func colours() {
        #expect(
            kinds("view a color #ff8800") == [
                .identifier("view"), .identifier("a"), .identifier("color"), .color(0xFF8800), .endOfFile,
            ])
        #expect(
            kinds("a.color = #00ff00") == [
                .identifier("a"), .dot, .identifier("color"), .equal, .color(0x00FF00), .endOfFile,
            ])
        #expect(kinds("view a #beaded") == [.identifier("view"), .identifier("a"), .endOfFile])
    }

    @Test("Each lexical error renders like swiftc, with a caret under the range")
    func goldenDiagnostics() {
        #expect(
            renderedDiagnostics("label t \"Bankey\nview b") == """
                t.layout:1:9: error: unterminated string; add '"' before the end of the line [unterminated-string]
                label t "Bankey
                        ^~~~~~~

                """)
        #expect(
            renderedDiagnostics(#"label t "a\tb""#) == #"""
                t.layout:1:11: error: invalid escape '\t' in a string; use '\"', '\\' or '\n' [invalid-escape]
                label t "a\tb"
                          ^~

                """#)
        #expect(
            renderedDiagnostics("view a color #ff00") == """
                t.layout:1:14: error: '#ff00' is not a colour; expected '#' and six hex digits, as '#ff8800' [invalid-color]
                view a color #ff00
                             ^~~~~

                """)
        #expect(
            renderedDiagnostics("a.width == 99999999999") == """
                t.layout:1:12: error: number '99999999999' is too large; numbers are at most 1000000000 [too-large]
                a.width == 99999999999
                           ^~~~~~~~~~~

                """)
        #expect(
            renderedDiagnostics("a.left > b.right") == """
                t.layout:1:8: error: '>' is not a relation; constraints use '>=', '==' (Auto Layout has no strict inequalities) [invalid-character]
                a.left > b.right
                       ^

                """)
        #expect(
            renderedDiagnostics("\tview a $$ b") == """
                t.layout:1:9: error: unexpected character '$' (and 1 more) [invalid-character]
                \tview a $$ b
                \t       ^~

                """)
    }

    @Test("Bytes that are not UTF-8 are reported once and read as U+FFFD")
    func invalidUTF8() {
        let file = SourceFile(name: "bin.layout", bytes: Array("view a\n".utf8) + [0xFF, 0xFE] + Array(" b".utf8))
        let (tokens, diagnostics) = Lexer.tokenize(file)
        #expect(diagnostics.map(\.code) == [.invalidUTF8, .invalidCharacter])
        #expect(file.location(of: diagnostics[0].range.start) == SourcePosition(line: 2, column: 1))
        #expect(tokens.map(\.kind).suffix(2) == [.identifier("b"), .endOfFile])
    }

    @Test("Bytes that are not UTF-8 are repaired as a decoder scalar by scalar repairs them, on 4,000 random files")
    func invalidUTF8AsDecoded() {
        // The oracle: each scalar the standard decoder reads kept, each error it reports one U+FFFD.
        func decoded(_ bytes: [UInt8]) -> (text: String, firstInvalid: Int?) {
            var iterator = bytes.makeIterator()
            var decoder = UTF8()
            var scalars = String.UnicodeScalarView()
            var offset = 0
            var firstInvalid: Int?
            while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar):
                    scalars.append(scalar)
                    offset += UTF8.width(scalar)
                case .error:
                    if firstInvalid == nil { firstInvalid = offset }
                    scalars.append("\u{FFFD}")
                    offset += 3
                case .emptyInput:
                    return (String(scalars), firstInvalid)
                }
            }
        }
        var rng = SplitMix(state: 0x0BAD_BEEF)
        // Pieces that make well-formed and ill-formed sequences: lead bytes without their continuations,
        // continuations alone, overlong forms, surrogates, code points past U+10FFFF, and valid scalars.
        let pieces: [[UInt8]] = [
            Array("view a\n".utf8), Array("é".utf8), Array("→".utf8), Array("😀".utf8), Array("\u{FFFD}".utf8),
            [0x80], [0xBF], [0xC0, 0xAF], [0xC2], [0xE0, 0x80, 0x80], [0xE2, 0x82], [0xED, 0xA0, 0x80],
            [0xF0, 0x9F], [0xF4, 0x90, 0x80, 0x80], [0xF8], [0xFF], [0xFE], [0x0A], [0x00],
        ]
        for _ in 0..<4_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 1...12, using: &rng) { bytes += pieces.randomElement(using: &rng)! }
            let file = SourceFile(name: "r.layout", bytes: bytes)
            let expected = decoded(bytes)
            #expect(file.text == expected.text, "\(bytes)")
            #expect(file.firstInvalidByte == expected.firstInvalid, "\(bytes)")
            #expect(file.bytes == Array(expected.text.utf8), "\(bytes)")
        }
    }

    @Test("A 10 MB line is lexed in one pass and its diagnostic shows a window around the caret")
    func hugeLine() {
        let text = "view a " + String(repeating: "x", count: 10_000_000) + " $ end"
        let file = SourceFile(name: "big.layout", text: text)
        let (tokens, diagnostics) = Lexer.tokenize(file)
        #expect(tokens.count == 5)
        let rendered = diagnostics.map { $0.rendered }.joined()
        #expect(rendered.utf8.count < 600)
        #expect(rendered.hasPrefix("big.layout:1:10000009: error: unexpected character '$' [invalid-character]\n…"))
    }
}

@Suite struct LexerLookAlikeTests {
    @Test("Typographic characters pasted from documents are reported and read as the language's own")
    func lookAlikes() {
        let file = SourceFile(name: "t.layout", text: "a – b — c − d × e ≤ f ≥ g")
        let (tokens, diagnostics) = Lexer.tokenize(file)
        #expect(
            tokens.map(\.kind) == [
                .identifier("a"), .minus, .identifier("b"), .minus, .identifier("c"), .minus, .identifier("d"), .star,
                .identifier("e"), .lessEqual, .identifier("f"), .greaterEqual, .identifier("g"), .endOfFile,
            ])
        #expect(diagnostics.map(\.code) == Array(repeating: .invalidCharacter, count: 6))
        #expect(diagnostics.map(\.suggestion) == ["-", "-", "-", "*", "<=", ">="])
    }

    @Test("Curly quotes delimit a string, with one error")
    func curlyQuotes() {
        let file = SourceFile(name: "t.layout", text: "label t “Bankey” font 34")
        let (tokens, diagnostics) = Lexer.tokenize(file)
        #expect(
            tokens.map(\.kind) == [
                .identifier("label"), .identifier("t"), .string("Bankey"), .identifier("font"), .number(34), .endOfFile,
            ])
        #expect(diagnostics.map(\.code) == [.invalidCharacter])
    }

    @Test("Other characters outside the language still form one run per diagnostic")
    func otherCharacters() {
        #expect(kinds("a … § b") == [.identifier("a"), .identifier("b"), .endOfFile])
        #expect(Lexer.tokenize(SourceFile(name: "t", text: "a …€ b")).diagnostics.count == 1)
    }
}

@Suite struct LexerRegressionTests {
    @Test("A lone 0xC2 byte, the first half of '±', is one invalid character, not a stall")
    func loneC2() {
        let file = SourceFile(name: "t.layout", bytes: [0x61, 0x20, 0xC2, 0x20, 0x62])
        let (tokens, diagnostics) = Lexer.tokenize(file)
        #expect(diagnostics.map(\.code) == [.invalidUTF8, .invalidCharacter])
        #expect(tokens.map(\.kind) == [.identifier("a"), .identifier("b"), .endOfFile])
        // Valid UTF-8 starting with 0xC2 that is not '±': '§'.
        #expect(kinds("a § b") == [.identifier("a"), .identifier("b"), .endOfFile])
    }

    @Test("A file with NUL bytes is refused with one diagnostic at the first NUL, and nothing is read from it")
    func binaryFile() {
        var bytes = Array("label a \"x\"\n".utf8)
        bytes += [0x7F, 0x45, 0x4C, 0x46, 0, 0, 0x1B, 0x5B, 0x32, 0x4A] + Array(repeating: 0xFF, count: 300)
        let (tokens, diagnostics) = Lexer.tokenize(SourceFile(name: "a.out", bytes: bytes))
        #expect(tokens.map(\.kind) == [.endOfFile])
        #expect(diagnostics.map(\.code) == [.invalidCharacter])
        #expect(diagnostics.first?.range.location.line == 2)
        #expect(Scene.parse(SourceFile(name: "a.out", bytes: bytes)).diagnostics.count == 1)
    }
}

@Suite struct LexerByteTests {
    @Test("A number reads as the double Double(_:) reads from its text, with 15 digits or more")
    func numbersAsDoubleReadsThem() {
        let texts = [
            "0", "7", "007", "12", "375", "0.5", "0.1", "0.3", "1.25", "3.14159", "999999999", "1000000000",
            "123456789.123456", "0.000000000000001", "0.0000000000000001", "0.30000000000000004",
            "999999999.999999", "999999999.9999999999", "100000000.000000000000001", "0.123456789012345",
            "0.1234567890123456", "00000000000000000000001", "1.000000000000000000001", "42.000", "8.88", "0.070",
        ]
        for text in texts {
            let tokens = kinds(text)
            guard case .number(let value) = tokens.first else {
                Issue.record("\(text) is not a number: \(tokens)")
                continue
            }
            #expect(value.bitPattern == Double(text)!.bitPattern, "\(text)")
            #expect(tokens.count == 2, "\(text)")
        }
    }

    @Test("A number above the limit is too large, with as many digits as it takes")
    func largeNumbers() {
        #expect(kinds("1000000000") == [.number(1e9), .endOfFile])
        for text in ["1000000001", "1000000000.5", "99999999999999999999", "123456789012345"] {
            let (tokens, diagnostics) = Lexer.tokenize(SourceFile(name: "t.layout", text: text))
            #expect(tokens.map(\.kind) == [.number(0), .endOfFile], "\(text)")
            #expect(diagnostics.map(\.code) == [.tooLarge], "\(text)")
        }
    }

    @Test("Identifiers are ASCII: a letter such as 'é' ends one and is reported on its own")
    func nonASCIIIdentifiers() {
        let (tokens, diagnostics) = Lexer.tokenize(SourceFile(name: "t.layout", text: "view café color blue"))
        #expect(
            tokens.map(\.kind) == [
                .identifier("view"), .identifier("caf"), .identifier("color"), .identifier("blue"), .endOfFile,
            ])
        #expect(diagnostics.map(\.message) == ["unexpected character 'é'"])
        #expect(diagnostics.map(\.range.start) == [8])
        #expect(kinds("_a1 Z_9") == [.identifier("_a1"), .identifier("Z_9"), .endOfFile])
    }

    @Test("Strings keep emoji and other characters of several bytes as written, ranges counting bytes")
    func emojiInStrings() {
        let tokens = Lexer.tokenize(SourceFile(name: "t.layout", text: "label a \"🙂 café 👍🏽\" x")).tokens
        #expect(
            tokens.map(\.kind) == [
                .identifier("label"), .identifier("a"), .string("🙂 café 👍🏽"), .identifier("x"), .endOfFile,
            ])
        #expect(tokens[2].start == 8 && tokens[2].end == 8 + "\"🙂 café 👍🏽\"".utf8.count)
        #expect(tokens[3].start == tokens[2].end + 1)
    }

    @Test("CRLF line ends and tabs are white space, each line end one newline token")
    func crlfAndTabs() {
        #expect(
            kinds("view\ta\r\n\tb.top == a.top\r\n") == [
                .identifier("view"), .identifier("a"), .newline, .identifier("b"), .dot, .identifier("top"),
                .equalEqual, .identifier("a"), .dot, .identifier("top"), .newline, .endOfFile,
            ])
        // A visual format line ends at a tab or a carriage return too.
        #expect(
            kinds("H:|-[a]-|\r\nV:[a]\tx") == [
                .visualFormat("H:|-[a]-|"), .newline, .visualFormat("V:[a]"), .identifier("x"), .endOfFile,
            ])
    }
}

@Suite struct SourceFileLineTests {
    @Test("Each line starts after a new line, wherever they fall: none, first, last, doubled, CRLF, invalid UTF-8")
    func lineStarts() {
        var random = SplitMix(state: 0x11E5_7A27)
        let pieces: [[UInt8]] = [[0x0A], [0x0D, 0x0A], Array("ab".utf8), [0x20], Array("é".utf8), [0xFF], [0xC3]]
        var texts: [[UInt8]] = [[], [0x0A], [0x0A, 0x0A], Array("a".utf8), Array("a\n".utf8), Array("\na".utf8)]
        for _ in 0..<500 {
            texts.append((0..<Int(random.next() % 40)).flatMap { _ in pieces[Int(random.next() % 7)] })
        }
        for bytes in texts {
            let file = SourceFile(name: "t.layout", bytes: bytes)
            // The bytes may have been repaired: the starts are of the text the file keeps.
            let expected = [0] + file.bytes.indices.filter { file.bytes[$0] == 0x0A }.map { $0 + 1 }
            #expect(file.lineStarts == expected, "\(bytes)")
            if let last = file.bytes.indices.last {
                #expect(file.location(of: last).line == expected.count(where: { $0 <= last }))
            }
        }
    }
}
