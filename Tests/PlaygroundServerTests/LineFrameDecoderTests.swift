import NIOCore
import NIOEmbedded
import PlaygroundProtocol
import Testing

@testable import PlaygroundServer

/// The socket's framing (protocol page, "Framing"): one message a line, ending in `\n`, a `\r` before it ignored,
/// at most 1 MiB without its newline; a longer line is not kept, it gets one `line-too-long` and is skipped to its
/// end, and the connection goes on. On an EmbeddedChannel: bytes in as reads arrive, lines out.
@Suite struct LineFrameDecoderTests {
    /// What came out of the decoder: a line as text, or `<too long>`.
    static func drain(_ channel: EmbeddedChannel) throws -> [String] {
        var out: [String] = []
        while let line = try channel.readInbound(as: InboundLine.self) {
            switch line {
            case .line(let bytes): out.append(String(buffer: bytes))
            case .tooLong: out.append("<too long>")
            }
        }
        return out
    }

    /// What comes out of `text` read next.
    static func feed(_ channel: EmbeddedChannel, _ text: String) throws -> [String] {
        try channel.writeInbound(ByteBuffer(string: text))
        return try drain(channel)
    }

    /// What comes out once the client shuts its side.
    static func atEnd(_ channel: EmbeddedChannel) throws -> [String] {
        _ = try channel.finish()
        return try drain(channel)
    }

    static func channel(maximumLength: Int = ProtocolLimits.maximumLineLength) -> EmbeddedChannel {
        EmbeddedChannel(handler: ByteToMessageHandler(LineFrameDecoder(maximumLength: maximumLength)))
    }

    @Test("The limit is the protocol's: 1 MiB without the newline")
    func limit() {
        #expect(LineFrameDecoder().maximumLength == 1 << 20)
    }

    @Test("Several lines in one read, each its own; CRLF ends a line as LF does; a \\r inside one stays")
    func lines() throws {
        let channel = Self.channel()
        #expect(
            try Self.feed(channel, "{\"cmd\":\"hello\"}\n{\"cmd\":\"scenes\"}\r\na\rb\n\n") == [
                #"{"cmd":"hello"}"#, #"{"cmd":"scenes"}"#, "a\rb", "",
            ])
        #expect(try channel.finish().isClean)
    }

    @Test("A line split across reads, even byte by byte and between \\r and \\n, comes out once, whole")
    func split() throws {
        let channel = Self.channel()
        #expect(try Self.feed(channel, "{\"id\":1,").isEmpty)
        for byte in "\"cmd\":\"hello\"}\r".utf8 { try channel.writeInbound(ByteBuffer(bytes: [byte])) }
        #expect(try Self.drain(channel).isEmpty)
        #expect(try Self.feed(channel, "\nnext") == [#"{"id":1,"cmd":"hello"}"#])
        // The last line, without its newline, is still a line when the client shuts its side.
        #expect(try Self.atEnd(channel) == ["next"])
    }

    @Test("A line of exactly the limit is a line; one byte more is too long, reported once, and the next goes on")
    func atTheLimit() throws {
        let channel = Self.channel(maximumLength: 8)
        #expect(try Self.feed(channel, "12345678\n123456789\nok\n") == ["12345678", "<too long>", "ok"])
        #expect(try Self.feed(channel, "1234567\r\n") == ["1234567"])
    }

    @Test("An over-long line in many reads is reported once, as soon as it passes the limit, and skipped to its end")
    func overLongAcrossReads() throws {
        let channel = Self.channel(maximumLength: 8)
        #expect(try Self.feed(channel, "12345").isEmpty)
        #expect(try Self.feed(channel, "6789") == ["<too long>"], "reported before its end comes")
        for _ in 0..<100 { try channel.writeInbound(ByteBuffer(string: String(repeating: "x", count: 1000))) }
        #expect(try Self.drain(channel).isEmpty)
        #expect(try Self.feed(channel, "xx\nnext\n") == ["next"])
        // Skipping ended with the newline: a short partial line at the end is a line again.
        try channel.writeInbound(ByteBuffer(string: "tail"))
        #expect(try Self.atEnd(channel) == ["tail"])
    }

    @Test("An over-long line cut off by the end of input is not a line")
    func overLongAtEnd() throws {
        let channel = Self.channel(maximumLength: 4)
        try channel.writeInbound(ByteBuffer(string: "123456"))
        #expect(try Self.atEnd(channel) == ["<too long>"])
    }
}
