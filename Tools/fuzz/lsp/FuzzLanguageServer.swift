// libFuzzer entry point for the language server's input: any bytes as layout-lsp reads them from its standard
// input, cut by the JSON-RPC framer into message bodies, decoded, and handled by a language server that has a
// playground open (Quiz), its replies and diagnostics published as they would be sent. Nothing may trap, and:
//
// - the framer never holds more than a header block's limit, or a body's;
// - every body it gives, framed again, reads back as itself;
// - every message the server sends encodes as valid JSON that decodes as the same message;
// - a body that is not a message gets an error response with a JSON-RPC code, unless it was a notification.
//
// The first byte chooses how the input is cut into reads (1 to 256 bytes each), so that headers and bodies
// split at every place.

import FuzzSupport
import JSONRPC
import LanguageServer
import PlaygroundProtocol
import SceneLanguage

#if canImport(Glibc)
    import Glibc
#endif

/// A server with the Quiz playground open, made once: each input starts from a copy.
let openServer: LanguageServer = {
    var server = LanguageServer(configuration: .init(documentation: "https://example.test/diagnostics.md"))
    _ = server.handle(.request(id: .number(0), method: "initialize", params: .object([:])))
    guard let bytes = readAll("Playgrounds/Quiz.layout") else {
        fatalError("fuzz: cannot read Playgrounds/Quiz.layout; run from the repository's root")
    }
    let text = String(decoding: bytes, as: UTF8.self)
    _ = server.handle(
        .notification(
            method: "textDocument/didOpen",
            params: .object([
                "textDocument": .object([
                    "uri": .string("file:///fuzz/Quiz.layout"), "languageId": .string("layout"),
                    "version": .number(1), "text": .string(text),
                ])
            ])))
    _ = server.publishPendingDiagnostics()
    return server
}()

@_cdecl("LLVMFuzzerInitialize")
public func initialize(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    _ = openServer
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLanguageServer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let readSize = Int(bytes[0]) + 1
    var framer = MessageFramer()
    var server = openServer
    var handled = 0
    var index = 1
    while index < size {
        framer.append(bytes[index..<min(index + readSize, size)])
        index += readSize
        precondition(
            framer.bufferedCount <= MessageFramer.maximumHeaderLength + MessageFramer.maximumBodyLength,
            "the framer holds more than a message")
        while let next = framer.next(), handled < 32 {
            guard case .success(let body) = next else { continue }
            handled += 1
            var again = MessageFramer()
            again.append(MessageFramer.frame(body))
            guard case .success(let read)? = again.next(), read == body else {
                preconditionFailure("a body framed again does not read back as itself")
            }
            switch Message.decode(body) {
            case .success(let message):
                checkSent(server.handle(message))
                if server.hasPendingDiagnostics { checkSent(server.publishPendingDiagnostics()) }
            case .failure(let failure):
                precondition((-32700)...(-32000) ~= failure.error.code, "a decoding error without a JSON-RPC code")
                if failure.expectsResponse { checkSent([.response(id: failure.id, .failure(failure.error))]) }
            }
        }
    }
    return 0
}

/// Every message sent encodes as JSON that decodes as the same message.
func checkSent(_ messages: [Message]) {
    for message in messages {
        let encoded = message.encoded
        var checker = JSONChecker(encoded)
        precondition(checker.isValid(), "a message that is not valid JSON: \(String(decoding: encoded, as: UTF8.self))")
        guard case .success(let decoded) = Message.decode(encoded), decoded == message || isNullIDResponse(message)
        else { preconditionFailure("a message that does not decode as itself") }
    }
}

/// A response to a request whose id could not be read goes out with a null id, which decodes as no id.
func isNullIDResponse(_ message: Message) -> Bool {
    if case .response(nil, _) = message { return true }
    return false
}
