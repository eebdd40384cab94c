import PropertyBased
import Testing

@testable import SceneLanguage

/// Random and mutated scene texts through the lexer and the renderer: never a
/// trap, always an end-of-file token, every range inside the file.
@Suite struct LexerFuzzTests {
    static let seed = Array(
        """
        canvas 375 x 667
        safearea 44 0 34 0
        view card color #3366ff alpha 0.5 {
          label title "Bankey\\n\\"hi\\"" font 34
        }
        inactive pinned: card.top == root.safeArea.top + 2 * system @high
        action next {
          animate 0.5 curve bezier(0.42, 0, 0.58, 1) { title.alpha = 0 } completion { swap a b }
        }
        """.utf8)

    static func check(_ bytes: [UInt8]) {
        let file = SourceFile(name: "fuzz.layout", bytes: bytes)
        let (tokens, diagnostics) = Lexer.tokenize(file)
        #expect(tokens.last?.kind == .endOfFile)
        for token in tokens { #expect(token.start <= token.end && token.end <= file.bytes.count) }
        for diagnostic in diagnostics {
            #expect(diagnostic.range.end <= file.bytes.count)
            _ = diagnostic.rendered
        }
    }

    @Test("Random bytes")
    func randomBytes() async {
        await propertyCheck(count: 500, input: Gen.uint8(in: 0...255).array(of: 0...400)) { Self.check($0) }
    }

    @Test("Mutations of a valid scene: flipped, inserted and deleted bytes")
    func mutations() async {
        let mutation = zip(Gen.int(in: 0...2), Gen.int(in: 0...10_000), Gen.uint8(in: 0...255)).array(of: 1...12)
        await propertyCheck(count: 1000, input: mutation) { edits in
            var bytes = Self.seed
            for (kind, position, value) in edits {
                let at = position % (bytes.count + 1)
                switch kind {
                case 0 where at < bytes.count: bytes[at] = value
                case 1: bytes.insert(value, at: at)
                default: if at < bytes.count { bytes.remove(at: at) }
                }
            }
            Self.check(bytes)
        }
    }
}
