import JSONRPC
import PlaygroundProtocol
import Testing

@Suite struct MessageFramerTests {
    @Test("A framed message reads back whole, however the stream splits it")
    func roundTripInPieces() throws {
        let message = Message.request(
            id: .number(7), method: "textDocument/hover", params: .object(["text": .string("café 🎉")]))
        let stream = message.framed + message.framed
        for size in [1, 2, 3, 7, 64, stream.count] {
            var framer = MessageFramer()
            var bodies: [[UInt8]] = []
            var index = 0
            while index < stream.count {
                framer.append(stream[index..<min(index + size, stream.count)])
                index += size
                while let next = framer.next() { bodies.append(try next.get()) }
            }
            #expect(bodies.count == 2, "pieces of \(size) bytes")
            for body in bodies { #expect(try Message.decode(body).get() == message) }
            #expect(framer.bufferedCount == 0)
        }
    }

    @Test("Header names ignore case; Content-Type is read and ignored; a lone LF ends a line")
    func headers() throws {
        var framer = MessageFramer()
        framer.append(Array("content-length: 2\nContent-Type: application/vscode-jsonrpc; charset=utf-8\n\n{}".utf8))
        #expect(try framer.next()?.get() == Array("{}".utf8))
    }

    @Test("Bad header blocks are reported and skipped, and the next message still reads")
    func badHeaders() throws {
        let good = Array("Content-Length: 2\r\n\r\n{}".utf8)
        let cases: [(String, MessageFramer.FramingError)] = [
            ("Content-Type: x\r\n\r\n", .missingContentLength),
            ("Content-Length: twelve\r\n\r\n", .invalidContentLength("twelve")),
            ("Content-Length: -1\r\n\r\n", .invalidContentLength("-1")),
            ("garbage\r\n\r\n", .invalidHeader("garbage")),
        ]
        for (header, error) in cases {
            var framer = MessageFramer()
            framer.append(Array(header.utf8) + good)
            #expect(framer.next() == .failure(error), "\(header)")
            #expect(try framer.next()?.get() == Array("{}".utf8), "after \(header)")
        }
    }

    @Test("A body above the limit is dropped as it comes, never buffered")
    func tooLong() throws {
        var framer = MessageFramer()
        let length = MessageFramer.maximumBodyLength + 1
        framer.append(Array("Content-Length: \(length)\r\n\r\n".utf8))
        #expect(framer.next() == .failure(.bodyTooLong(length)))
        let chunk = [UInt8](repeating: 0x20, count: 1 << 20)
        var left = length
        while left > 0 {
            let count = min(left, chunk.count)
            framer.append(chunk[..<count])
            left -= count
            #expect(framer.next() == nil)
            #expect(framer.bufferedCount == 0)
        }
        framer.append(Array("Content-Length: 2\r\n\r\n{}".utf8))
        #expect(try framer.next()?.get() == Array("{}".utf8))
    }

    @Test("An endless header is cut at its limit")
    func endlessHeader() {
        var framer = MessageFramer()
        framer.append([UInt8](repeating: UInt8(ascii: "a"), count: MessageFramer.maximumHeaderLength + 10))
        #expect(framer.next() == .failure(.headerTooLong))
        #expect(framer.bufferedCount < 8)
    }

    @Test(
        "Bodies that are not JSON-RPC are errors with the request's id when it could be read",
        arguments: [
            (#"{"jsonrpc":"2.0","id":3,"method":5}"#, -32600, RequestID.number(3)),
            (#"{"jsonrpc":"1.0","id":"a","method":"x"}"#, -32600, RequestID.string("a")),
            (#"[1,2]"#, -32600, nil),
            (#"{"jsonrpc":"2.0","id":3,"#, -32700, nil),
            (#"{"jsonrpc":"2.0","id":1.5,"method":"x"}"#, -32600, nil),
            (#"{"jsonrpc":"2.0","id":4,"method":"x","params":3}"#, -32600, RequestID.number(4)),
        ])
    func badBodies(body: String, code: Int, id: RequestID?) {
        guard case .failure(let failure) = Message.decode(Array(body.utf8)) else {
            Issue.record("\(body) decoded")
            return
        }
        #expect(failure.error.code == code)
        #expect(failure.id == id)
    }

    @Test("Responses and notifications decode and encode")
    func kinds() throws {
        let messages: [Message] = [
            .notification(method: "initialized", params: .object([:])),
            .response(id: .string("x"), .success(.null)),
            .response(id: .number(2), .failure(ResponseError(code: -32601, message: "no method 'x'"))),
        ]
        for message in messages { #expect(try Message.decode(message.encoded).get() == message) }
        #expect(
            String(decoding: Message.response(id: .number(1), .success(.null)).encoded, as: UTF8.self)
                == #"{"id":1,"jsonrpc":"2.0","result":null}"#)
    }
}
