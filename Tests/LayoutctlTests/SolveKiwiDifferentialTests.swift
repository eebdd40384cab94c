import Foundation
import HostSystem
import TestSupport
import Testing

/// `layoutctl solve` against kiwisolver, an independent Cassowary, on random
/// scenes: `kiwi_scenes.py` writes each scene's text and lays it out with
/// kiwi through its own lowering of the language, keeping only scenes whose
/// layout is unique and where kiwi's weighted strengths agree with Auto
/// Layout's lexicographic priorities (checked with scipy's HiGHS).
@Suite struct SolveKiwiDifferentialTests {
    struct Case: Decodable {
        var text: String
        /// Each view's and guide's `[x, y, width, height]`, by name.
        var expected: [String: [Double]]
    }

    /// One `layoutctl` process per scene: about 10 ms each in a debug build.
    static let sceneCount = 200
    static let seed = 20_261_122

    /// The scenes and the generator's statistics line, or nil when the script fails.
    static func loadCases() throws -> (cases: [Case], statistics: String)? {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("kiwi_scenes.py")
        guard let result = try? runPython([script.path, String(sceneCount), String(seed)]) else { return nil }
        guard result.ending == .exited(0) else {
            Issue.record("kiwi_scenes.py ended with \(result.ending.map { "\($0)" } ?? "a timeout"):\n\(result.stderr)")
            return nil
        }
        let statistics = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
        return (try JSONDecoder().decode([Case].self, from: Data(result.stdout.utf8)), statistics)
    }

    static let kiwiAvailable = pythonCanImport(["kiwisolver", "scipy", "numpy"])

    @Test(
        "'solve' lays out 200 random scenes as kiwisolver does, to 1e-6, without diagnostics",
        .enabled(
            if: kiwiAvailable,
            "needs kiwisolver, scipy and numpy in Tools/python3's Python (Tools/setup.sh installs them)")
    )
    func agreesWithKiwi() throws {
        let (cases, statistics) = try #require(try Self.loadCases(), "kiwi_scenes.py failed")
        #expect(cases.count == Self.sceneCount)
        var worst = 0.0
        try withTemporaryFolder { folder in
            for (n, scene) in cases.enumerated() {
                let file = folder.appendingPathComponent("Scene\(n).layout")
                try scene.text.write(to: file, atomically: true, encoding: .utf8)
                let result = try Layoutctl.run(["solve", file.path])
                #expect(result.status == 0, "scene \(n): exit status \(result.status)\n\(scene.text)")
                #expect(result.stderr == "", "scene \(n): diagnostics\n\(result.stderr)\n\(scene.text)")
                guard let frame = try? JSONDecoder().decode(SolvedFrame.self, from: Data(result.stdout.utf8)) else {
                    Issue.record("scene \(n): no frame on standard output: \(result.stdout)\n\(scene.text)")
                    continue
                }
                #expect(
                    frame.views.map(\.name).sorted() == scene.expected.keys.sorted(),
                    "scene \(n): the frame's views\n\(scene.text)")
                for view in frame.views {
                    guard let expected = scene.expected[view.name] else { continue }
                    let ours = [view.x, view.y, view.width, view.height]
                    let difference = zip(ours, expected).map { abs($0 - $1) }.max() ?? 0
                    worst = max(worst, difference)
                    #expect(
                        difference <= 1e-6,
                        "scene \(n), \(view.name): ours \(ours), kiwi \(expected)\n\(scene.text)")
                }
            }
        }
        print("solve vs kiwi: \(cases.count) scenes, largest difference \(worst) (\(statistics))")
    }
}
