import NIOCore
import NIOPosix
import PlaygroundProtocol
import SceneLanguage
import SceneService
import Testing

@testable import PlaygroundServer

/// Lines in, bytes out, without a socket: what the daemon answers a client's line, and what it posts to the
/// client's mailbox, byte for byte as the protocol page shows it.
@Suite(.timeLimit(.minutes(1))) struct DaemonLineTests {
    struct NoFiles: SceneFileReading {
        func read(path: String) async -> SceneFileRead { .missing }
    }

    static let box = """
        view box color #000000
        box.left == root.left; box.top == 0; box.width == 10; box.height == 10
        """

    /// One client of a daemon on the manual clock that serves Box.
    struct Connection {
        let daemon: Daemon
        let mailbox: Mailbox
        let id: Int

        /// Sends a line; returns what the client is sent.
        func send(_ line: String) async -> String {
            await daemon.handle(line: ByteBuffer(string: line), from: id)
            return received()
        }

        /// What the client is sent once it sent a line too long to keep.
        func sendTooLong() async -> String {
            await daemon.refuseLongLine(from: id)
            return received()
        }

        private func received() -> String {
            mailbox.take().items.map { String(buffer: $0) }.joined()
        }
    }

    static func withConnection(_ body: (Connection) async throws -> Void) async throws {
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let turn = try await SocketTurn.make(on: loop)
        defer { turn.close() }
        var service = SceneService(roots: [], fps: 60, removalGrace: .zero, reader: NoFiles())
        _ = service.registry.load(name: "Box", path: "/s/Box.layout", source: SourceFile(name: "Box.layout", text: box))
        let daemon = Daemon(
            configuration: ServerConfiguration(paths: [], socketPath: "/nowhere", clock: .manual),
            executor: EventLoopExecutor(loop), service: service, turn: turn)
        let mailbox = Mailbox()
        let id = await daemon.connect(mailbox: mailbox) {}
        try await body(Connection(daemon: daemon, mailbox: mailbox, id: id))
        await daemon.disconnect(id)
        await daemon.shutDown()
    }

    @Test("hello, answered as the protocol page's session shows it")
    func hello() async throws {
        try await Self.withConnection { client in
            let answer =
                #"{"id":1,"ok":true,"server":"layoutd","version":"0.1.0","protocol":1,"clock":"manual","fps":60}"#
            #expect(await client.send(#"{"id":1,"cmd":"hello"}"#) == answer + "\n")
        }
    }

    @Test("A line that is no request gets its error, with the id when one could be read; the next is answered")
    func badLines() async throws {
        try await Self.withConnection { client in
            #expect(await client.send(#"{"id":2,"#).contains(#""ok":false,"error":{"code":"invalid-json""#))
            #expect(await client.send(#"{"id":3}"#).hasPrefix(#"{"id":3,"ok":false,"error":{"code":"missing-cmd""#))
            #expect(await client.send(#"[1]"#).contains(#""code":"not-an-object""#))
            let unknown =
                #"{"id":4,"ok":false,"error":{"code":"unknown-scene","#
                + #""message":"no scene 'Bx'; did you mean 'Box'?"}}"# + "\n"
            #expect(await client.send(#"{"id":4,"cmd":"frame","scene":"Bx"}"#) == unknown)
            #expect(await client.send(#"{"id":5,"cmd":"hello"}"#).hasPrefix(#"{"id":5,"ok":true"#))
        }
    }

    @Test("A line too long to keep is answered line-too-long, with no id")
    func tooLong() async throws {
        try await Self.withConnection { client in
            let refusal = #"{"id":null,"ok":false,"error":{"code":"line-too-long","#
            let message = #""message":"a line is at most 1048576 bytes; it was skipped"}}"#
            #expect(await client.sendTooLong() == refusal + message + "\n")
            #expect(await client.send(#"{"id":6,"cmd":"hello"}"#).hasPrefix(#"{"id":6,"ok":true"#))
        }
    }

    @Test("subscribe: the response, then the frame at once; the id comes back as it was written")
    func subscribe() async throws {
        try await Self.withConnection { client in
            let sent = await client.send(#"{"id":1.50,"cmd":"subscribe","scene":"Box"}"#)
            let lines = sent.split(separator: "\n").map(String.init)
            #expect(lines.first == #"{"id":1.50,"ok":true}"#)
            #expect(lines.count == 2)
            #expect(lines.last?.hasPrefix(#"{"event":"frame","scene":"Box","generation":1,"seq":0,"#) == true)
        }
    }
}
