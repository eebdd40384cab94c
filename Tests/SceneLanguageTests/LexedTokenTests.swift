import PropertyBased
import Testing

@testable import SceneLanguage

/// The parser's tokens (``LexedToken``) hold no text: an identifier's name and a string's value are in its file's
/// tables (``LexedFile``). Each identifier must index its own text, and the package's ``Token``s, made from the
/// same tokens, must agree with them.
@Suite struct LexedTokenTests {
    static func check(_ file: SourceFile) {
        let lexed = Lexer.lex(file, reusing: nil)
        for token in lexed.tokens where token.kind == .identifier {
            #expect(lexed.names[token.index] == String(file.text(of: token.range(in: file))))
        }
        let tokens = Lexer.tokenize(file).tokens
        #expect(tokens.map(\.start) == lexed.tokens.map(\.start))
        #expect(tokens.map(\.end) == lexed.tokens.map(\.end))
        for (token, lexedToken) in zip(tokens, lexed.tokens) {
            switch token.kind {
            case .identifier(let name): #expect(name == lexed.names[lexedToken.index])
            case .string(let value): #expect(value == lexed.strings[lexedToken.index])
            case .number(let value): #expect(value == lexedToken.number)
            default: #expect(lexedToken.kind != .identifier && lexedToken.kind != .string)
            }
        }
    }

    @Test("Thousands of names, repeated")
    func manyNames() {
        var lines: [String] = []
        for i in 0..<3000 {
            lines.append("label v\(i) \"item \(i)\" color systemBlue")
            if i > 0 { lines.append("v\(i).leading == v\(i - 1).trailing + system; v\(i).top == v\(i - 1).top") }
        }
        let file = SourceFile(name: "t.layout", text: lines.joined(separator: "\n"))
        Self.check(file)
    }

    @Test("Names of every length around the short-name table's two words, and at the end of the file")
    func nameLengths() {
        // Lengths 1 to 20 in several spellings each (prefixes of each other, differing in the last byte or the
        // ninth), each twice; the file ends in names closer to its end than the table's two words.
        var words: [String] = []
        for length in 1...20 {
            let base = String(repeating: "a", count: length - 1)
            words += [base + "b", base + "c", "b" + base, base + "b", base + "c"]
            if length > 9 { words.append("aaaaaaaab" + String(repeating: "a", count: length - 9)) }
        }
        for ending in ["x", "xy", "v12", "leading", "trailing", "firstBaseline", "abcdefghijklmnop", "q"] {
            let file = SourceFile(name: "t.layout", text: words.joined(separator: " ") + "\n" + ending)
            Self.check(file)
            let lexed = Lexer.lex(file, reusing: nil)
            var indices: [String: Int] = [:]
            for token in lexed.tokens where token.kind == .identifier {
                let name = lexed.names[token.index]
                // A short name read again is the same entry; a long one may be entered again, with its own text.
                if name.utf8.count <= ShortNameTable.longest, let first = indices[name] {
                    #expect(first == token.index, "\(name)")
                }
                indices[name] = indices[name] ?? token.index
            }
        }
    }

    @Test("Names among CRLF, tabs, non-ASCII letters, look-alikes, comments, strings and colours")
    func oddText() {
        let texts = [
            "view café color blue\r\n\tcafé.top == caf.top\r\n", "a\tb\ta\r\nb", "x–y − z × x ≤ y ≥ z",
            "label t \"v1 v1\" textcolor #ff8800 # v1 comment\nv1.top == t.top", "H:|-[a]-[b]-| a b", "é", "",
            "_ __ _a a_ A a", "\u{FEFF}view bom", "color #zzzzzz color", "x\"unterminated x\nx",
        ]
        for text in texts { Self.check(SourceFile(name: "t.layout", text: text)) }
    }

    @Test("Random bytes, ASCII letters among them")
    func randomBytes() async {
        let byte = Gen.oneOf(Gen.uint8(in: 0...255), Gen.uint8(in: 97...100), Gen.uint8(in: 32...32))
        await propertyCheck(count: 300, input: byte.array(of: 0...300)) { bytes in
            Self.check(SourceFile(name: "t.layout", bytes: bytes))
        }
    }

    @Test("The view words the lexer counts are at least the views a scene declares, so reserving for them is enough")
    func viewWordCount() {
        var texts = ParseReuseTests.scenes.map(\.text)
        // Views nested in views and stacks, a view named after a kind's word, and the words in strings and
        // comments, which are not identifiers.
        texts.append(
            """
            view card { label title "view label" # a view in a comment
              stack row horizontal { button ok "OK"; guide gap } }
            label stack "x"
            stack.top == card.bottom
            """)
        for text in texts {
            let file = SourceFile(name: "t.layout", text: text)
            let declared = Scene.parse(file).views.count
            #expect(declared > 0)
            #expect(Lexer.lex(file, reusing: nil).viewWordCount >= declared, "\(text.prefix(60))")
        }
        // Words that are not identifiers are not counted.
        let quoted = SourceFile(name: "t.layout", text: "label a \"view label stack\" # view guide\n")
        #expect(Lexer.lex(quoted, reusing: nil).viewWordCount == 1)
    }

    /// The byte-at-a-time test that ``Lexer/identifierBytes(in:)`` does eight at a time.
    static func leadingIdentifierBytes(of word: UInt64) -> Int {
        for k in 0..<8 where !Lexer.isIdentifierByte(UInt8(truncatingIfNeeded: word >> (8 * UInt64(k)))) { return k }
        return 8
    }

    @Test("Eight bytes at a time: every byte value at every place, between identifier bytes and others")
    func identifierBytesOfEveryByte() {
        // Each fill byte stands for a class: a letter of each case, a digit, '_', and bytes just outside
        // their ranges, a space, and bytes with the top bit set.
        let fills: [UInt8] = [0x61, 0x5A, 0x30, 0x5F, 0x2F, 0x3A, 0x40, 0x5B, 0x60, 0x7B, 0x20, 0x80, 0xC3, 0xFF]
        for fill in fills {
            for place in 0..<8 {
                for byte in 0...255 {
                    var word: UInt64 = 0
                    for k in 0..<8 { word |= UInt64(k == place ? UInt8(byte) : fill) << (8 * UInt64(k)) }
                    #expect(
                        Lexer.identifierBytes(in: word) == Self.leadingIdentifierBytes(of: word),
                        "byte \(byte) at \(place) among \(fill)")
                }
            }
        }
    }

    @Test("Eight bytes at a time: random words of identifier bytes and others")
    func identifierBytesOfRandomWords() async {
        let alphabet: [UInt8] =
            Array("azAZ09_".utf8) + [0x2F, 0x3A, 0x40, 0x5B, 0x60, 0x7B, 0x7F, 0x80, 0xE2, 0x0A, 0x2E]
        let byte = Gen.int(in: 0...(alphabet.count - 1)).map { alphabet[$0] }
        await propertyCheck(count: 2000, input: byte.array(of: 8...8)) { bytes in
            let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
            #expect(Lexer.identifierBytes(in: word) == Self.leadingIdentifierBytes(of: word))
            // And where a name ends in a file, past the last whole word too.
            let buffer = bytes + bytes + [0x61, 0x62, 0x63]
            buffer.withUnsafeBufferPointer { buffer in
                var end = 0
                while end < buffer.count && Lexer.isIdentifierByte(buffer[end]) { end += 1 }
                #expect(Lexer.identifierEnd(in: buffer, from: 0) == end)
            }
        }
    }
}
