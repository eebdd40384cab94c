import PlaygroundProtocol
import Testing

/// The protocol's framing, as both ends read it: lines however the bytes
/// are split, `\r\n`, empty lines, a line too long, and the last line of a
/// stream without its newline.
@Suite struct LineFramerTests {
    enum Piece: Equatable, CustomStringConvertible {
        case line(String)
        case tooLong

        var description: String {
            switch self {
            case .line(let text): "line(\(text.debugDescription))"
            case .tooLong: "tooLong"
            }
        }
    }

    /// Feeds the chunks one after another, as a reader holding the bytes
    /// would, then ends the stream: the pieces, and the most bytes the
    /// reader held after the framer was asked.
    static func read(_ chunks: [String], maximumLength: Int = 1 << 20) -> (pieces: [Piece], mostHeld: Int) {
        var framer = LineFramer(maximumLength: maximumLength)
        var held: [UInt8] = []
        var pieces: [Piece] = []
        var mostHeld = 0
        func apply(_ step: LineFramer.Step) {
            switch step {
            case .line(let length, _): pieces.append(.line(String(decoding: held.prefix(length), as: UTF8.self)))
            case .tooLong: pieces.append(.tooLong)
            case .skip: break
            }
            held.removeFirst(step.consumed)
        }
        for chunk in chunks {
            held += Array(chunk.utf8)
            while let step = framer.next(in: held) { apply(step) }
            mostHeld = max(mostHeld, held.count)
        }
        if let step = framer.last(in: held) { apply(step) }
        #expect(held.isEmpty, "bytes left over: \(held)")
        return (pieces, mostHeld)
    }

    /// Every way of cutting `text` in two, and byte by byte.
    static func splits(of text: String) -> [[String]] {
        let bytes = Array(text.utf8)
        let halves = (0...bytes.count).map { cut in
            [String(decoding: bytes[..<cut], as: UTF8.self), String(decoding: bytes[cut...], as: UTF8.self)]
        }
        return halves + [bytes.map { String(decoding: [$0], as: UTF8.self) }]
    }

    @Test("Lines come out whole however the bytes are split")
    func split() {
        let text = #"{"id":1,"cmd":"hello"}"# + "\n" + #"{"id":2,"cmd":"scenes"}"# + "\nx\n"
        for chunks in Self.splits(of: text) {
            #expect(
                Self.read(chunks).pieces
                    == [.line(#"{"id":1,"cmd":"hello"}"#), .line(#"{"id":2,"cmd":"scenes"}"#), .line("x")],
                "\(chunks)")
        }
    }

    @Test("A \\r before the newline is not part of the line; one elsewhere is")
    func carriageReturn() {
        for chunks in Self.splits(of: "a\r\nb\nc\rd\r\n\r\ne\r\r\n") {
            #expect(
                Self.read(chunks).pieces == [.line("a"), .line("b"), .line("c\rd"), .line(""), .line("e\r")],
                "\(chunks)")
        }
    }

    @Test("Empty lines are lines")
    func emptyLines() {
        #expect(Self.read(["\n\n", "a\n", "\n"]).pieces == [.line(""), .line(""), .line("a"), .line("")])
    }

    @Test("A line of the maximum length is kept; a longer one is said once and dropped to its newline")
    func tooLong() {
        #expect(Self.read(["abcd\nabcde\nok\n"], maximumLength: 4).pieces == [.line("abcd"), .tooLong, .line("ok")])
        // In pieces, without a newline for a while: said once, as soon as it is known, and never held whole.
        for chunks in [["abc", "de", "fghij", "klm", "\nok\n"], Array("abcdefghijklm\nok\n".map(String.init))] {
            let (pieces, mostHeld) = Self.read(chunks, maximumLength: 4)
            #expect(pieces == [.tooLong, .line("ok")], "\(chunks)")
            #expect(mostHeld <= 4, "\(chunks)")
        }
        // Two long lines in a row are two reports.
        #expect(Self.read(["abcdefg\nhijklmn\n"], maximumLength: 4).pieces == [.tooLong, .tooLong])
    }

    @Test("At the end of the stream, bytes after the last newline are the last line")
    func lastLine() {
        #expect(Self.read(["a\nb"]).pieces == [.line("a"), .line("b")])
        #expect(Self.read(["a\n", "b\r"]).pieces == [.line("a"), .line("b")])
        #expect(Self.read(["a\n"]).pieces == [.line("a")])
        #expect(Self.read([]).pieces == [])
        // The end of a line already said to be too long is nothing more.
        #expect(Self.read(["ok\nabcdefgh"], maximumLength: 4).pieces == [.line("ok"), .tooLong])
    }

    @Test("The default maximum is the protocol's: 1 MiB without the newline")
    func protocolLimit() {
        #expect(LineFramer().maximumLength == ProtocolLimits.maximumLineLength)
        let longest = String(repeating: "x", count: ProtocolLimits.maximumLineLength)
        #expect(Self.read([longest + "\n", "x" + longest + "\n"]).pieces == [.line(longest), .tooLong])
    }
}
