import Foundation
import HostSystem
import PlaygroundProtocol
import SceneLanguage
import SceneRuntime
import SwiftExport
import SwiftImport
import TestSupport
import Testing

/// `layoutctl export --swift` then `layoutctl import`: the scene that comes back plays as the original does. Every
/// view's frame (x, y, width, height, alpha, text, hidden, transform, lines) is the same at every tick through
/// `on load` and through each playground's action runs, and through the layout of generated scenes.
///
/// A view controller takes its size, safe area and size class from the device, so the export writes the scene's
/// canvas and safe area only in a comment and the import gives the language's defaults. The round trip is played
/// on the original's device: its `canvas` (without its `rtl`: the direction is the views'
/// `semanticContentAttribute`, which the export writes and the import reads), `safearea` and `sizeclass` lines are
/// put at the top of the imported text. Names come back as the scene's: the export writes `// the scene's 'title'`
/// beside a property it renames, and the import reads it.
@Suite struct RoundTripTests {
    /// The actions run on each playground, each `ACTION@TIME` (time 0 when no time is given): those of the
    /// playground frames tests (`Tests/LayoutctlTests/PlaygroundFramesTests.swift`), and `on load` alone.
    static let runs: [(playground: String, actions: [String])] = [
        ("Form", ["usePhone", "useEmail@0.4"]),
        ("Form", ["usePhoneNow", "useEmail@0.1"]),
        ("Nesting", ["slide"]),
        ("Nesting", ["slideOwnTiming"]),
        ("Nesting", ["movePanel", "reset@0.6"]),
        ("Quiz", ["next"]),
        ("Quiz", ["next", "next@0.6", "next@1.2", "next@1.8"]),
        ("Quiz", ["nextLinear"]),
        ("Quiz", ["nextEaseIn"]),
        ("Quiz", ["nextEaseOut"]),
        ("Quiz", ["nextSpring"]),
        ("Quiz", ["wobble"]),
        ("Quiz", ["next", "showAnswer@0.6"]),
        ("Quiz", ["nextWithoutLayout"]),
        ("Quiz", ["nextWithoutFirstLayout"]),
        ("Quiz", ["landscape", "portrait@0.4"]),
        ("QuizGuide", ["landscape", "next@0.4", "showAnswer@1", "portrait@1"]),
        ("Messaging", ["showToolbar", "hideToolbar@1.2"]),
        ("Messaging", ["showToolbarOnFirst"]),
        ("Messaging", ["showToolbarWithoutLayout"]),
        ("Messaging", ["showToolbarUnderLast", "hideToolbarFromUnderLast@1.2"]),
        ("BankeyRTL", ["replay@2", "reset@4", "replayTogether@4.1", "signInFailed@5"]),
        ("BankeyRTL", ["replayWithoutLayout@2"]),
        ("Bankey", ["replay@2", "reset@4", "replayTogether@4.1", "signInFailed@5"]),
        ("Bankey", ["replayWithoutLayout@2"]),
        ("Burger", ["scrub"]),
        ("Burger", ["scrub", "release@0.1"]),
        ("Burger", ["scrub", "close@0.1"]),
        ("Burger", ["scrub", "cancel@0.1"]),
        ("Burger", ["scrub", "close@0.1", "scrub@0.2"]),
        ("Burger", ["scrubTidy", "closeTidy@0.1", "scrubTidy@0.2", "releaseTidy@0.3"]),
        ("Burger", ["scrubTidy", "cancelTidy@0.1"]),
        ("Burger", ["convergeWithoutLayout"]),
        ("Burger", ["scrubTidy", "releaseTidy@0.1", "unfold@1"]),
        ("Burger", ["formX", "unfold@0.5"]),
        ("Card", ["pop", "shake@0.6", "dismiss@1.1", "reset@1.6"]),
        ("VisualFormat", ["showError", "hideError@0.5"]),
    ]

    static let playgrounds =
        (try? FileManager.default.contentsOfDirectory(
            atPath: repositoryRoot.appendingPathComponent("Playgrounds").path))?.filter { $0.hasSuffix(".layout") }
        .map { String($0.dropLast(".layout".count)) }.sorted() ?? []

    /// The settings a device gives a view controller, as lines of the original scene.
    static func deviceLines(of text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { line in
            ["canvas ", "safearea ", "sizeclass "].contains { line.hasPrefix($0) }
        }.map { line in
            // `canvas W x H rtl`: the size only.
            line.hasPrefix("canvas ") && line.hasSuffix(" rtl") ? String(line.dropLast(" rtl".count)) : line
        }
    }

    /// The scene exported as Swift, imported back, and played on the original's device.
    static func roundTrip(_ original: Scene, text: String, name: String) -> (
        swift: String, back: SwiftImport, scene: Scene
    ) {
        let swift = SwiftExporter.export(scene: original, className: name + "ViewController")
        let back = SwiftImporter.import(SourceFile(name: name + "ViewController.swift", text: swift))
        let device = deviceLines(of: text).joined(separator: "\n")
        let scene = Scene.parse(SourceFile(name: name + ".layout", text: device + "\n" + back.text))
        return (swift, back, scene)
    }

    /// What one frame's view shows, to compare.
    struct Shown: Equatable, CustomStringConvertible {
        var numbers: [Double]
        var text: String?
        var hidden: Bool
        var lines: [String]?
        var transform: [Double]?

        init(_ view: ViewFrame) {
            numbers = [view.x, view.y, view.width, view.height, view.alpha]
            text = view.text
            hidden = view.hidden
            lines = view.lines
            transform = view.transform.map { [$0.a, $0.b, $0.c, $0.d, $0.tx, $0.ty] }
        }

        /// The largest difference of the numbers, or infinity when something else differs.
        func difference(from other: Shown) -> Double {
            guard text == other.text, hidden == other.hidden, lines == other.lines,
                (transform == nil) == (other.transform == nil)
            else { return .infinity }
            let pairs = Array(zip(numbers, other.numbers)) + Array(zip(transform ?? [], other.transform ?? []))
            return pairs.map { abs($0 - $1) }.max() ?? 0
        }

        var description: String {
            "\(numbers) \(text.map { "\"\($0)\"" } ?? "") hidden \(hidden) lines \(lines ?? []) transform "
                + "\(transform ?? [])"
        }
    }

    /// The tally of a comparison.
    struct Tally {
        var scenes = 0
        var frames = 0
        var views = 0
        var largest = 0.0
    }

    /// Plays both scenes with the same actions at the same times, one frame every 1/30 s until 3 s after the last
    /// action, and expects every view of the original to show the same in the round trip, to 1e-9.
    static func compare(
        _ original: Scene, _ back: Scene, actions: [String], what: String, tally: inout Tally,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var sessions = [
            PlaybackSession(loading: original, name: "original"), PlaybackSession(loading: back, name: "back"),
        ]
        var last = 0.0
        for action in actions {
            let parts = action.split(separator: "@")
            let time = parts.count > 1 ? Double(parts[1]) ?? 0 : 0
            last = max(last, time)
            for index in sessions.indices {
                do {
                    try sessions[index].schedule(.action(String(parts[0])), at: time)
                } catch {
                    Issue.record("\(what): no action '\(parts[0])' in the round trip", sourceLocation: sourceLocation)
                    return
                }
            }
        }
        let ticks = Int(((last + 3) * 30).rounded())
        for tick in 0...ticks {
            let time = Double(tick) / 30
            let a = sessions[0].frame(at: time).views
            let b = sessions[1].frame(at: time).views
            let codes = sessions.indices.map { sessions[$0].takeDiagnostics().map(\.diagnostic.code) }
            if codes[0] != codes[1] {
                Issue.record(
                    "\(what) at \(time): diagnostics \(codes[0]) became \(codes[1])", sourceLocation: sourceLocation)
                return
            }
            guard a.map(\.name).sorted() == b.map(\.name).sorted() else {
                Issue.record(
                    "\(what) at \(time): the views \(a.map(\.name).sorted()) became \(b.map(\.name).sorted())",
                    sourceLocation: sourceLocation)
                return
            }
            let byName = Dictionary(b.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            for view in a {
                guard let other = byName[view.name] else { continue }
                let difference = Shown(view).difference(from: Shown(other))
                tally.largest = max(tally.largest, difference)
                tally.views += 1
                if !(difference <= 1e-9) {
                    Issue.record(
                        "\(what) at \(time): '\(view.name)' was \(Shown(view)), is \(Shown(other))",
                        sourceLocation: sourceLocation)
                    return
                }
            }
            tally.frames += 1
        }
    }

    /// A scene whose import skipped something (an `import-skipped` warning: a construct of the export that the
    /// import does not read) is not compared, as its frames differ where the skipped construct acts: it is
    /// counted in `lossy`, and the tests print how many there are, so that the property's reach shows in every
    /// run. Every playground and every generated scene is read whole today, and the tests require it: a scene the
    /// import reads whole must round-trip exactly.
    static func compareKnowingSkips(
        _ original: Scene, _ back: SwiftImport, _ scene: Scene, actions: [String], what: String,
        tally: inout Tally, lossy: inout Tally
    ) {
        let skipped = back.diagnostics.filter { $0.code == .importSkipped }
        guard skipped.isEmpty && !breaksOnlyAtNewlines(original) else { return }
        compare(original, scene, actions: actions, what: what, tally: &tally)
    }

    /// A scene with a text that holds a line break where its label has one line (`lines 1`, the default) cannot
    /// round-trip: the scene breaks such a text at its line breaks only, UIKit has no label that does (one line
    /// shows the first line; `numberOfLines = 0` also wraps a line too wide), so the export gives those labels
    /// `numberOfLines = 0` with a comment saying so, and the import reads `lines 0`.
    static func breaksOnlyAtNewlines(_ scene: Scene) -> Bool {
        scene.views.contains { $0.text.contains("\n") }
            || scene.textLists.contains { $0.texts.contains { $0.contains("\n") } }
    }

    /// Whether a run's actions resize the canvas (`canvas W x H` in an action, a rotation): UIKit has no code for
    /// it, only the device rotates, so the export writes a comment and the round trip cannot keep it.
    static func resizesCanvas(_ scene: Scene, actions: [String]) -> Bool {
        actions.contains { run in
            let name = String(run.split(separator: "@").first ?? "")
            guard let action = scene.action(named: name) else { return false }
            return scene.text(of: action.range).split(separator: "\n").contains {
                $0.trimmingCharacters(in: .whitespaces).hasPrefix("canvas ")
            }
        }
    }

    @Test("Every playground exported and imported back plays as the original through on load and every action run")
    func playgrounds() throws {
        #expect(Self.playgrounds.count >= 10)
        var tally = Tally()
        var lossy = Tally()
        for name in Self.playgrounds {
            let url = repositoryRoot.appendingPathComponent("Playgrounds/\(name).layout")
            let text = try String(contentsOf: url, encoding: .utf8)
            let original = Scene.parse(SourceFile(name: "\(name).layout", text: text))
            #expect(!original.diagnostics.hasErrors)
            let (_, back, scene) = Self.roundTrip(original, text: text, name: name)
            let errors = (back.diagnostics + scene.diagnostics).filter { $0.severity == .error }
            guard errors.isEmpty else {
                Issue.record("\(name): \(errors.map(\.rendered).joined())\n\(back.text)")
                continue
            }
            let skipped = back.diagnostics.filter { $0.code == .importSkipped }
            if skipped.isEmpty { tally.scenes += 1 } else { lossy.scenes += 1 }
            let runs = [[]] + Self.runs.filter { $0.playground == name }.map(\.actions)
            for actions in runs where !Self.resizesCanvas(original, actions: actions) {
                Self.compareKnowingSkips(
                    original, back, scene, actions: actions, what: "\(name) \(actions.joined(separator: ", "))",
                    tally: &tally, lossy: &lossy)
            }
        }
        #expect(tally.scenes == Self.playgrounds.count, "the playgrounds the import reads whole")
        print(
            "round trip of the playgrounds: \(tally.scenes) imported whole, \(tally.frames) frames and "
                + "\(tally.views) view frames equal, largest difference \(tally.largest); \(lossy.scenes) not "
                + "compared, with constructs the import skips")
    }

    struct Generated: Decodable {
        var text: String
    }

    static let generatedCount = 100
    static let seed = 20_261_122

    @Test(
        "100 generated scenes exported and imported back lay out as the originals",
        .enabled(
            if: pythonCanImport(["kiwisolver", "scipy", "numpy"]),
            "needs kiwisolver, scipy and numpy in Tools/python3's Python (Tools/setup.sh installs them)")
    )
    func generated() throws {
        let script = repositoryRoot.appendingPathComponent("Tests/LayoutctlTests/kiwi_scenes.py")
        let result = try runPython([script.path, String(Self.generatedCount), String(Self.seed)])
        try #require(result.ending == .exited(0), "\(result.stderr)")
        let scenes = try JSONDecoder().decode([Generated].self, from: Data(result.stdout.utf8))
        #expect(scenes.count == Self.generatedCount)
        var tally = Tally()
        var lossy = Tally()
        for (n, generated) in scenes.enumerated() {
            let original = Scene.parse(SourceFile(name: "Scene\(n).layout", text: generated.text))
            #expect(!original.diagnostics.hasErrors, "scene \(n)")
            let (_, back, scene) = Self.roundTrip(original, text: generated.text, name: "Scene\(n)")
            let errors = (back.diagnostics + scene.diagnostics).filter { $0.severity == .error }
            guard errors.isEmpty else {
                Issue.record("scene \(n): \(errors.map(\.rendered).joined())\n\(generated.text)\n\(back.text)")
                continue
            }
            let skipped = back.diagnostics.filter { $0.code == .importSkipped }
            if skipped.isEmpty { tally.scenes += 1 } else { lossy.scenes += 1 }
            Self.compareKnowingSkips(
                original, back, scene, actions: [], what: "scene \(n)\n\(generated.text)\n\(back.text)\n",
                tally: &tally, lossy: &lossy)
        }
        print(
            "round trip of generated scenes: \(tally.scenes) imported whole, \(tally.frames) frames and "
                + "\(tally.views) view frames equal, largest difference \(tally.largest); \(lossy.scenes) not "
                + "compared, with constructs the import skips")
        #expect(tally.scenes == Self.generatedCount, "the generated scenes the import reads whole")
    }
}
