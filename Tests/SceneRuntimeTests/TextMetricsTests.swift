import PlaygroundProtocol
import SceneLanguage
import SceneRuntime
import Testing

@Suite struct TextMetricsTests {
    @Test("A label's size is 0.5 × font per character and 1.2 × font per line")
    func labelSize() {
        let metrics = TextMetrics(text: "What is 7+7?", font: 17, kind: .label)
        #expect(metrics.size == Size(width: 12 * 8.5, height: 20.4))
        #expect(abs(metrics.firstBaseline - 13.6) < 1e-12)
        #expect(metrics.lastBaseline == metrics.firstBaseline)
    }

    @Test("Lines break only at newlines; the widest line sets the width")
    func multiline() {
        let metrics = TextMetrics(text: "ab\nabcd\n", font: 10, kind: .label)
        #expect(metrics.size == Size(width: 20, height: 36))
        #expect(metrics.firstBaseline == 8)
        #expect(metrics.lastBaseline == 8 + 24)
    }

    @Test("A character is a grapheme cluster: an emoji with a skin tone counts once")
    func graphemes() {
        #expect(TextMetrics(text: "👍🏽é", font: 20, kind: .label).size.width == 20)
    }

    @Test("A button pads 12 on each side and 6 on top and bottom; its baselines move down 6")
    func button() {
        let metrics = TextMetrics(text: "Sign In", font: 17, kind: .button)
        #expect(metrics.size == Size(width: 7 * 8.5 + 24, height: 20.4 + 12))
        #expect(abs(metrics.firstBaseline - (6 + 13.6)) < 1e-12)
    }

    @Test("Empty text has no lines")
    func empty() {
        #expect(TextMetrics(text: "", font: 17, kind: .label).size == .zero)
        #expect(TextMetrics(text: "", font: 17, kind: .button).size == Size(width: 24, height: 12))
    }
}
