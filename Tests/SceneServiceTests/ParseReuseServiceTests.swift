import PlaygroundProtocol
import SceneLanguage
import SceneService
import Testing

/// A save's parse reuses the lines of the scene's last parse (``Scene/parse(_:reusing:)``): the registry keeps
/// that parse for the scenes saved last, and what loads is what a load from nothing makes.
@Suite struct ParseReuseServiceTests {
    /// Labels in rows of ten, each after the one before; `inset` is the first one's, the number a save changes.
    static func labels(_ count: Int, inset: Int) -> String {
        var lines = ["canvas 375 x 667"]
        for i in 0..<count { lines.append("label v\(i) \"item \(i)\"") }
        lines.append("v0.leading == root.margins.leading + \(inset); v0.top == root.safeArea.top")
        for i in 1..<count {
            lines.append(
                i % 10 == 0
                    ? "v\(i).leading == root.margins.leading; v\(i).top == v\(i - 10).bottom + system"
                    : "v\(i).leading == v\(i - 1).trailing + system; v\(i).firstBaseline == v\(i - 1).firstBaseline")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("A save that changes one number reuses every other line, and shows what a load from nothing shows")
    func saveReuses() async throws {
        var harness = ServiceHarness()
        await harness.save("Rows.layout", Self.labels(40, inset: 0))
        await harness.save("Rows.layout", Self.labels(40, inset: 12))
        let reuse = try #require(harness.service.registry.entries["Rows"]?.parseReuse)
        // 1 + 40 + 40 lines: the changed one is parsed again, and so is the setting (`canvas`), which is never kept.
        #expect(reuse.reusedLineCount == 79)
        _ = harness.step(1)
        var fresh = ServiceHarness()
        await fresh.save("Rows.layout", Self.labels(40, inset: 12))
        _ = fresh.step(1)
        let shown = harness.frame("Rows")
        let expectedFrame = fresh.frame("Rows")
        let frame = try #require(shown)
        let expected = try #require(expectedFrame)
        #expect(frame.views == expected.views)
        let x = try #require(frame.view(named: "v0")?.x)
        #expect(abs(x - (16 + 12)) < 1e-9)
    }

    @Test("A save with an error keeps the scene's last good generation, and the fix reuses the lines around it")
    func errorThenFix() async throws {
        var harness = ServiceHarness()
        await harness.save("Rows.layout", Self.labels(20, inset: 0))
        await harness.save("Rows.layout", Self.labels(20, inset: 0) + "v3.widht == 4\n")
        #expect(harness.scenes.first?.status == .error && harness.scenes.first?.generation == 1)
        await harness.save("Rows.layout", Self.labels(20, inset: 4))
        #expect(harness.scenes.first?.status == .ok && harness.scenes.first?.generation == 2)
        #expect(try #require(harness.service.registry.entries["Rows"]?.parseReuse).reusedLineCount == 39)
        #expect(harness.diagnostics("Rows").isEmpty)
    }

    @Test("Only the scenes saved last keep their parse")
    func fewScenesKeepTheirParse() async {
        var harness = ServiceHarness()
        let limit = SceneRegistry.reuseKeptLimit
        for i in 0...limit { await harness.save("S\(i).layout", Self.labels(3, inset: i)) }
        let kept = (0...limit).filter { harness.service.registry.entries[SceneName("S\($0)")]?.parseReuse != nil }
        #expect(kept == Array(1...limit))
        // Saved again, the first scene keeps its parse once more, and the one saved longest ago lets its go.
        await harness.save("S0.layout", Self.labels(3, inset: 50))
        #expect(harness.service.registry.entries["S0"]?.parseReuse != nil)
        #expect(harness.service.registry.entries["S1"]?.parseReuse == nil)
    }

    @Test("The generation a reload replaced waits to be freed until the daemon has sent the new one's frame")
    func retiredGeneration() async {
        var harness = ServiceHarness()
        await harness.save("Rows.layout", Self.labels(5, inset: 0))
        harness.service.registry.releaseRetired()
        #expect(!harness.service.registry.hasRetired)
        await harness.save("Rows.layout", Self.labels(5, inset: 3))
        #expect(harness.service.registry.hasRetired)
        harness.service.registry.releaseRetired()
        #expect(!harness.service.registry.hasRetired)
        #expect(harness.frame("Rows")?.generation == 2)
    }
}
