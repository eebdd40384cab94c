import PlaygroundProtocol
import Testing

/// Requests decoded once at the edge: every command's JSON form, and the
/// error response each kind of bad line gets.
@Suite struct RequestTests {
    static func decode(_ text: String) -> Result<IdentifiedRequest, RequestError> {
        IdentifiedRequest.decode(Array(text.utf8))
    }

    static let every: [Request] = [
        .hello, .scenes, .subscribe(.all), .subscribe(.named("Quiz")), .subscribe(.all, delta: true),
        .unsubscribe(.named("Sub/Quiz")),
        .frame(scene: "Quiz", layer: .presentation), .frame(scene: "Quiz", layer: .model),
        .run(scene: "Quiz", action: "next"), .exec(scene: "Quiz", source: "nextX.constant = 0\nlayout"),
        .step(seconds: 0.25), .settle(scene: "Quiz", timeout: 3), .diagnostics(scene: "Quiz"), .reload(scene: "Quiz"),
    ]

    @Test("Every request survives its JSON form, with its id", arguments: every)
    func roundTrip(request: Request) throws {
        for id: JSONValue? in [.number(7), .string("a\"b"), nil] {
            let line = IdentifiedRequest(id: id, request: request)
            let decoded = try Self.decode(line.json).get()
            #expect(decoded == line, "\(line.json)")
        }
    }

    @Test("The specification's examples read as written")
    func examples() throws {
        #expect(try Self.decode(#"{"id":1,"cmd":"hello"}"#).get().request == .hello)
        #expect(try Self.decode(#"{"id":2,"cmd":"subscribe","scene":"*"}"#).get().request == .subscribe(.all))
        #expect(
            try Self.decode(#"{"id":3,"cmd":"frame","scene":"Quiz"}"#).get().request
                == .frame(scene: "Quiz", layer: .presentation))
        #expect(
            try Self.decode(#"{"cmd":"settle","scene":"Quiz"}"#).get()
                == IdentifiedRequest(id: nil, request: .settle(scene: "Quiz", timeout: 10)))
    }

    @Test(
        "Each bad line gets its stable code, and the id when it could be read",
        arguments: [
            ("hello", ErrorCode.invalidJSON, nil), ("[1,2]", .notAnObject, nil), (#"{"id":4}"#, .missingCommand, 4),
            (#"{"id":5,"cmd":7}"#, .missingCommand, 5), (#"{"id":6,"cmd":"dance"}"#, .unknownCommand, 6),
            (#"{"id":7,"cmd":"run","scene":"Quiz"}"#, .invalidArgument, 7),
            (#"{"id":8,"cmd":"run","scene":3,"action":"next"}"#, .invalidArgument, 8),
            (#"{"id":9,"cmd":"step","seconds":-1}"#, .invalidArgument, 9),
            (#"{"id":10,"cmd":"step","seconds":"1"}"#, .invalidArgument, 10),
            (#"{"id":11,"cmd":"frame","scene":"Quiz","layer":"paint"}"#, .invalidArgument, 11),
            (#"{"id":12,"cmd":"settle","scene":"Quiz","timeout":1e9}"#, .invalidArgument, 12),
            (#"{"id":13,"cmd":"subscribe","scene":""}"#, .invalidArgument, 13),
            (#"{"id":14,"cmd":"subscribe","scene":"Quiz","delta":"yes"}"#, .invalidArgument, 14),
        ] as [(String, ErrorCode, Double?)])
    func errors(line: String, code: ErrorCode, id: Double?) {
        guard case .failure(let error) = Self.decode(line) else {
            Issue.record("\(line) decoded")
            return
        }
        #expect(error.code == code, "\(error.message)")
        #expect(error.id == id.map(JSONValue.number))
        #expect(!error.message.isEmpty)
    }

    @Test("A line over 1 MiB is refused without being read")
    func tooLong() {
        let line = [UInt8](repeating: UInt8(ascii: " "), count: ProtocolLimits.maximumLineLength + 1)
        guard case .failure(let error) = IdentifiedRequest.decode(line) else {
            Issue.record("decoded")
            return
        }
        #expect(error.code == .lineTooLong)
    }

    @Test("An unknown command's message is bounded and escaped")
    func unknownCommandMessage() {
        let name = "\u{1B}[2J" + String(repeating: "x", count: 10_000)
        guard case .failure(let error) = Self.decode(#"{"cmd":"\#(name)"}"#.replacingEscape()) else {
            Issue.record("decoded")
            return
        }
        #expect(error.message.count < 300)
        #expect(!error.message.unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test("The error response carries the code, the message and the id")
    func errorResponse() {
        guard case .failure(let error) = Self.decode(#"{"id":"x","cmd":"dance"}"#) else { return }
        let json = IdentifiedResponse(error).json
        #expect(json.hasPrefix(#"{"id":"x","ok":false,"error":{"code":"unknown-command","message":"#))
    }
}

extension String {
    /// ESC written as JSON's escape, so the line itself stays valid JSON.
    fileprivate func replacingEscape() -> String {
        var out = ""
        for scalar in unicodeScalars {
            if scalar == "\u{1B}" { out += "\\u001b" } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
