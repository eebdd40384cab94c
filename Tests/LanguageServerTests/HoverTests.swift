import LanguageServer
import PlaygroundProtocol
import Testing

@Suite struct HoverTests {
    static let scene = """
        canvas 375 x 667
        label title "Bankey" font 34
        view card size 100 x 50
        title.top == root.safeArea.top + 20
        titleX: title.centerX == root.centerX
        card.top == title.bottom + system; card.leading == 16
        tooWide: card.width == 500 @high
        card.width <= root.width - 32
        action show {
          animate 0.5 delay 0.1 curve easeIn {
            layout
          }
          animate 1 spring damping 0.6 velocity 1 {
            layout
          }
        }

        """

    @Test("A view's hover gives its solved frame, its intrinsic size and the constraints that hold it")
    func view() throws {
        var server = ServerHarness.initialized()
        _ = server.open(Self.scene)
        let hover = try server.result("textDocument/hover", ServerHarness.at(position(of: "title.top", in: Self.scene)))
        let text = hover.hoverText
        #expect(text.contains("**label** `title` — \"Bankey\""))
        #expect(text.contains("frame: x 136.5, y 20, width 102, height 40.8"))
        #expect(text.contains("intrinsic size: 102 × 40.8"))
        #expect(text.contains("held by 3 constraints:"))
        #expect(text.contains("`titleX: title.centerX == root.centerX` (line 5)"))
        #expect(hover["range"]?.start ?? (0, 0) == position(of: "title.top", in: Self.scene))
    }

    @Test("A constraint's hover gives its priority, and by how much the solved layout misses it")
    func constraint() throws {
        var server = ServerHarness.initialized()
        _ = server.open(Self.scene)
        let missed = try server.result("textDocument/hover", ServerHarness.at(position(of: "tooWide", in: Self.scene)))
            .hoverText
        #expect(missed.contains("**constraint** `tooWide`"))
        #expect(missed.contains("priority: 750 (high)"))
        #expect(missed.contains("**not satisfied** in the solved layout: missed by 157 points"))
        #expect(missed.contains("left side 343, right side 500"))
        // Off any view's name, inside an unnamed constraint's text.
        let held = try server.result(
            "textDocument/hover", ServerHarness.at(position(of: "<= root.width", in: Self.scene, offset: 1))
        ).hoverText
        #expect(held.contains("**constraint** (unnamed)"))
        #expect(held.contains("satisfied in the solved layout: 343 <= 343"))
    }

    @Test("An animation header's hover gives the curve's progress, or the spring's constants and settling")
    func animationHeaders() throws {
        var server = ServerHarness.initialized()
        _ = server.open(Self.scene)
        let curve = try server.result(
            "textDocument/hover", ServerHarness.at(position(of: "animate 0.5", in: Self.scene))
        )
        .hoverText
        #expect(curve.contains("**animate** 0.5 s, after 0.1 s"))
        #expect(curve.contains("curve: easeIn, cubic-bezier(0.42, 0, 1, 1)"))
        #expect(curve.contains("| 0.25 s (50 %) | 0.315 |"))
        let spring = try server.result(
            "textDocument/hover", ServerHarness.at(position(of: "animate 1 spring", in: Self.scene))
        )
        .hoverText
        #expect(spring.contains("spring: damping ratio 0.6, initial velocity 1; ω₀ 11.033 rad/s"))
        #expect(spring.contains("settles at 1 s"))
        #expect(spring.contains("overshoots to"))
    }

    @Test("A diagnostic's hover explains its code and links to its section")
    func diagnosticCode() throws {
        var server = ServerHarness.initialized()
        let text = "view card alpah 0.5\n"
        _ = server.open(text)
        let hover = try server.result(
            "textDocument/hover", ServerHarness.at(position(of: "alpah", in: text, offset: 2))
        )
        .hoverText
        #expect(hover.contains("**error** [`unknown-name`](https://example.test/diagnostics.md#unknown-name)"))
        #expect(hover.contains("did you mean 'alpha'?"))
        #expect(hover.contains("Fix:"))
    }

    @Test("Nothing to say is a null hover")
    func nothing() throws {
        var server = ServerHarness.initialized()
        _ = server.open("# a comment\n")
        #expect(try server.result("textDocument/hover", ServerHarness.at((0, 3))) == .null)
    }
}
