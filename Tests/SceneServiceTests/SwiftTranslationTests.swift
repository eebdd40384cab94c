import FileWatching
import PlaygroundProtocol
import SceneLanguage
import SceneService
import Testing

/// `.swift` files go through the translator the service is given, with the reload rule of `.layout` files; a
/// service without an importer says so on the scene.
@Suite struct SwiftTranslationTests {
    /// An importer that reads any Swift file as the Box scene, warning at the Swift's first line.
    static let boxImporter = SceneTranslator(importSwift: { source in
        let warning = Diagnostic.warning(.importSkipped, "skipped everything", at: .at(0, in: source))
        if source.text.contains("broken") {
            return (nil, [.error(.invalidSwift, "expected '}'", at: .at(0, in: source))])
        }
        let scene = Scene.parse(SourceFile(name: source.name + ".layout", text: Scenes.box))
        return (scene, [warning] + scene.diagnostics)
    })

    @Test("A Swift file loads through the importer, keeps its extension in its name, and reloads on a change")
    func importsSwift() async {
        var harness = ServiceHarness(translator: Self.boxImporter)
        await harness.save("Login.swift", "class Login: UIViewController {}")
        #expect(
            harness.takeEvents().map(\.summary) == [
                "reload Login.swift 1", "diagnostics Login.swift 1 [import-skipped]", "frame Login.swift 1 #0",
            ])
        #expect(harness.scenes.first?.file == "Login.swift" && harness.scenes.first?.warnings == 1)
        #expect(harness.diagnostics("Login.swift").first?.file == "Login.swift")
        await harness.save("Login.swift", "class Login: UIViewController { }")
        #expect(harness.takeEvents().first?.summary == "reload Login.swift 2")
        await harness.save("Login.swift", "broken")
        #expect(harness.takeEvents().map(\.summary) == ["diagnostics Login.swift 2 [invalid-swift]"])
        #expect(harness.scenes.first?.status == .error && harness.scenes.first?.generation == 2)
    }

    @Test("Without an importer, a Swift file is an error of its scene, and .layout files load as ever")
    func withoutImporter() async {
        var harness = ServiceHarness()
        await harness.save("Login.swift", "class Login: UIViewController {}")
        #expect(harness.takeEvents().map(\.summary) == ["diagnostics Login.swift 0 [invalid-swift]"])
        await harness.save("Box.layout", Scenes.box)
        #expect(harness.takeEvents().first?.summary == "reload Box 1")
    }
}
