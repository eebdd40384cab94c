import Testing

@testable import LanguageServer

@Suite struct LineIndexTests {
    /// `é` is 2 UTF-8 bytes and 1 UTF-16 unit; `—` 3 bytes and 1 unit; `🎉` 4 bytes and 2 units.
    static let text = "# café — 🎉x\nview card\n"

    @Test(
        "Byte offsets become UTF-16 positions, and back",
        arguments: [
            (0, 0, 0), (3, 0, 3), (5, 0, 5), (7, 0, 6), (8, 0, 7), (11, 0, 8), (12, 0, 9), (16, 0, 11), (17, 0, 12),
            (18, 1, 0), (22, 1, 4), (28, 2, 0),
        ])
    func roundTrip(offset: Int, line: Int, character: Int) {
        let index = LineIndex(Array(Self.text.utf8))
        #expect(index.position(of: offset) == Position(line: line, character: character))
        #expect(index.offset(of: Position(line: line, character: character)) == offset)
    }

    @Test("A position inside a surrogate pair is the start of its character; past a line's end, its end")
    func clamping() {
        let index = LineIndex(Array(Self.text.utf8))
        #expect(index.offset(of: Position(line: 0, character: 10)) == 12)
        #expect(index.offset(of: Position(line: 0, character: 99)) == 17)
        #expect(index.offset(of: Position(line: 1, character: 99)) == 27)
        #expect(index.offset(of: Position(line: 9, character: 0)) == 28)
    }

    @Test("Incremental changes splice the text at UTF-16 ranges, in order")
    func incrementalChanges() {
        var document = TextDocument(uri: "file:///a/Scene.layout", languageID: "layout", version: 1, text: Self.text)
        document.apply(
            [
                .init(
                    range: TextRange(start: .init(line: 0, character: 9), end: .init(line: 0, character: 11)), text: "🙂"
                ),
                .init(
                    range: TextRange(start: .init(line: 1, character: 5), end: .init(line: 1, character: 9)),
                    text: "panel"),
                .init(
                    range: TextRange(start: .init(line: 2, character: 0), end: .init(line: 2, character: 0)), text: "é"),
            ], version: 2)
        #expect(document.text == "# café — 🙂x\nview panel\né")
        #expect(document.version == 2)
        document.apply([.init(range: nil, text: "view a\n")], version: 3)
        #expect(document.text == "view a\n")
    }

    @Test("file URIs name their paths, percent-encoded characters decoded")
    func uris() {
        #expect(
            DocumentURI.path(of: "file:///home/me/My%20Scenes/Caf%C3%A9.layout") == "/home/me/My Scenes/Café.layout")
        #expect(
            DocumentURI.uri(ofPath: "/home/me/My Scenes/Café.layout") == "file:///home/me/My%20Scenes/Caf%C3%A9.layout")
        #expect(DocumentURI.path(of: "untitled:Untitled-1") == "untitled:Untitled-1")
    }
}
