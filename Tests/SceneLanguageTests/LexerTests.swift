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
