import Foundation
import PlaygroundProtocol
import Testing

/// The hand-written frame writer against Foundation's decoder: every field
/// comes back as written, strings escaped, numbers rounded to 1e-9.
@Suite struct FrameJSONTests {
    struct Decoded: Decodable, Equatable {
        struct Canvas: Decodable, Equatable {
            var width: Double
            var height: Double
        }
        struct View: Decodable, Equatable {
            var name: String
            var kind: String
            var parent: String
            var x, y, width, height, alpha: Double
            var text: String?
            var font: Double?
            var color: String?
            var hidden: Bool?
        }
        var event: String
        var scene: String
        var generation: Int
        var seq: Int
        var time: Double
        var settled: Bool
        var canvas: Canvas
        var views: [View]
    }

    @Test("A frame decodes to what was written, escapes and optional fields included")
    func roundTrip() throws {
        let frame = Frame(
            scene: "Quiz \"2\"\\n", generation: 2, seq: 57, time: 0.95, settled: false,
            canvas: Size(width: 375, height: 667),
            views: [
                ViewFrame(
                    name: "question", kind: .label, parent: "root", x: -187.5, y: 120, width: 126, height: 20.4,
                    alpha: 0.1, text: "Line\n\"two\"\t\u{1}é👍🏽", font: 17, color: Color(rgb: 0x3366FF)),
                ViewFrame(
                    name: "gap", kind: .guide, parent: "panel", x: 0.1 + 0.2, y: -0.0, width: 1e-12, height: 1e7,
                    hidden: true),
            ])
        let decoded = try JSONDecoder().decode(Decoded.self, from: Data(frame.json.utf8))
        #expect(decoded.event == "frame" && decoded.scene == "Quiz \"2\"\\n" && decoded.generation == 2)
        #expect(decoded.seq == 57 && decoded.time == 0.95 && !decoded.settled)
        #expect(decoded.canvas == Decoded.Canvas(width: 375, height: 667))
        #expect(decoded.views.count == 2)
        let question = decoded.views[0]
        #expect(question.text == "Line\n\"two\"\t\u{1}é👍🏽" && question.font == 17 && question.color == "#3366ff")
        #expect(question.x == -187.5 && question.height == 20.4 && question.alpha == 0.1 && question.hidden == nil)
        let gap = decoded.views[1]
        // 0.1 + 0.2 is 0.30000000000000004; rounded to 1e-9 it is written 0.3. -0 is written 0.
        #expect(gap.x == 0.3 && gap.y == 0 && gap.width == 0 && gap.height == 1e7 && gap.hidden == true)
        #expect(gap.text == nil && gap.font == nil && gap.color == nil)
        #expect(!frame.json.contains("-0,") && !frame.json.contains("\n"))
    }
}
