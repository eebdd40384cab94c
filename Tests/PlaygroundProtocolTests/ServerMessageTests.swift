import Foundation
import PlaygroundProtocol
import Testing

/// Responses and events: each one's JSON form read back by the client's
/// reader, and checked against Foundation's decoder for the shapes the
/// specification gives.
@Suite struct ServerMessageTests {
    static let frame = Frame(
        scene: "Quiz", generation: 2, seq: 57, time: 0.95, settled: false, canvas: Size(width: 375, height: 667),
        views: [
            ViewFrame(
                name: "question", kind: .label, parent: "root", x: -187.5, y: 120, width: 126, height: 20.4,
                alpha: 0.1, text: "What is 7+7?", font: 17, color: Color(rgb: 0x007AFF)),
            ViewFrame(name: "gap", kind: .guide, parent: "root", x: 0, y: 120, width: 375, height: 0, hidden: true),
            ViewFrame(name: "card", kind: .view, parent: "root", x: 1, y: 2, width: 3, height: 4, color: .clear),
        ])

    static let diagnostic = WireDiagnostic(
        severity: .warning, code: "missing-layout", message: "this animation block has no 'layout'",
        file: "Quiz.layout", line: 12, column: 3, rendered: "Quiz.layout:12:3: warning: …\n", time: 0.5)

    static let messages: [ServerMessage] = [
        .response(
            IdentifiedResponse(
                id: .number(1),
                response: .hello(ServerInfo(server: "layoutd", version: "0.1.0", clock: .manual, fps: 60)))
        ),
        .response(
            IdentifiedResponse(
                id: .string("s"),
                response: .scenes([
                    SceneSummary(name: "Quiz", file: "Quiz.layout", generation: 2, status: .ok, errors: 0, warnings: 1)
                ]))),
        .response(IdentifiedResponse(id: .number(3), response: .frame(frame))),
        .response(IdentifiedResponse(id: .number(4), response: .diagnostics([diagnostic]))),
        .response(IdentifiedResponse(id: nil, response: .done)),
        .response(IdentifiedResponse(id: .number(6), response: .error(.unknownScene, "no scene 'Quz'"))),
        .response(
            IdentifiedResponse(
                id: .number(7), response: .error(.invalidSource, "the source has errors", diagnostics: [diagnostic]))),
        .event(.frame(frame)),
        .event(.diagnostics(scene: "Quiz", generation: 2, [diagnostic])),
        .event(.diagnostics(scene: "Quiz", generation: 3, [])),
        .event(.reload(scene: "Quiz", generation: 3)),
        .event(.removed(scene: "Sub/Quiz")),
    ]

    @Test("Every response and event reads back as written", arguments: messages)
    func roundTrip(message: ServerMessage) throws {
        let line = message.json
        #expect(!line.contains("\n"))
        #expect(try ServerMessage.decode(Array(line.utf8)) == message, "\(line)")
        // Foundation reads it as one JSON object too.
        #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any])
    }

    @Test("hello's response has the fields of the specification")
    func hello() throws {
        let line = Self.messages[0].json
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["ok"] as? Bool == true && object["id"] as? Int == 1)
        #expect(object["server"] as? String == "layoutd" && object["protocol"] as? Int == 1)
        #expect(object["clock"] as? String == "manual" && object["fps"] as? Int == 60)
    }

    @Test("A frame event is exactly the frame's JSON, and a frame response nests it")
    func frames() {
        #expect(ServerMessage.event(.frame(Self.frame)).json == Self.frame.json)
        #expect(Self.messages[2].json == #"{"id":3,"ok":true,"frame":"# + Self.frame.json + "}")
    }

    @Test(
        "Lines that are not messages are refused with a reason",
        arguments: [
            "", "[]", #"{"id":1}"#, #"{"event":"dance"}"#, #"{"event":"frame","scene":"Q"}"#,
            #"{"ok":false,"error":{"code":"nope","message":"x"}}"#, #"{"ok":true,"frame":{"scene":1}}"#,
        ])
    func refused(line: String) {
        #expect(throws: MessageError.self) { try ServerMessage.decode(Array(line.utf8)) }
    }
}
