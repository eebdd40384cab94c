import Foundation
import HostSystem
import TestSupport
import Testing

/// What `layoutctl export --swift` writes, checked by the Swift compiler and by an independent solver: every
/// playground's export parses and type-checks against UIKitStub.swift (UIKit's signatures, compiled as a
/// module named UIKit), and its constraints, laid out by kiwisolver through kiwi_export.py's reading of the
/// Swift, give the frames `layoutctl solve` gives. The random scenes of the solve differential test
/// (kiwi_scenes.py) are exported and checked the same way, against kiwi's frames for the scene itself.
@Suite(.serialized) struct ExportCompileTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// `swiftc` on PATH (the toolchain's, beside `swift`), or nil.
    static let swiftc: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { "\($0)/swiftc" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }()

    static let playgrounds: [URL] = {
        let folder = repositoryRoot.appendingPathComponent("Playgrounds")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".layout") }.sorted().map { folder.appendingPathComponent($0) }
    }()

    /// Exports each scene into `folder` as NAME.swift; records a failed export.
    static func export(_ scenes: [URL], into folder: URL) throws -> [URL] {
        var files: [URL] = []
        for scene in scenes {
            let result = try Layoutctl.run(["export", scene.path, "--swift"])
            #expect(result.status == 0, "\(scene.lastPathComponent): exit status \(result.status)\n\(result.stderr)")
            #expect(result.stderr == "", "\(scene.lastPathComponent): \(result.stderr)")
            let file = folder.appendingPathComponent(scene.deletingPathExtension().lastPathComponent + ".swift")
            try result.stdout.write(to: file, atomically: true, encoding: .utf8)
            files.append(file)
        }
        return files
    }

    /// Compiles UIKitStub.swift into `folder` as the module UIKit.
    static func buildStub(in folder: URL, swiftc: String) throws {
        let stub = Self.folder.appendingPathComponent("UIKitStub.swift")
        let result = try ChildProcess.run(
            swiftc,
            [
                "-emit-module", "-module-name", "UIKit", "-parse-as-library", stub.path, "-emit-module-path",
                folder.appendingPathComponent("UIKit.swiftmodule").path,
            ], directory: folder.path, timeout: .seconds(300))
        try #require(result.status == 0, "the UIKit stub does not compile:\n\(result.stderr)")
    }

    /// Type-checks files against the stub in `folder`, in Swift 5 mode as most UIKit apps are built;
    /// `-enable-objc-interop` lets `@objc` through on Linux.
    static func typecheck(_ files: [URL], stubIn folder: URL, swiftc: String) throws -> ChildProcess.Result {
        try ChildProcess.run(
            swiftc,
            ["-typecheck", "-I", folder.path, "-swift-version", "5", "-Xfrontend", "-enable-objc-interop"]
                + files.map(\.path), directory: folder.path, timeout: .seconds(600))
    }

    @Test(
        "Every playground's export parses as Swift and type-checks against UIKit's signatures",
        .enabled(if: swiftc != nil, "needs swiftc on PATH"))
    func playgroundsCompile() throws {
        let swiftc = try #require(Self.swiftc)
        try withTemporaryFolder { folder in
            let clock = ContinuousClock()
            var files: [URL] = []
            let exporting = try clock.measure { files = try Self.export(Self.playgrounds, into: folder) }
            #expect(files.count == Self.playgrounds.count && files.count >= 7)
            var parsed = 0
            for file in files {
                let result = try ChildProcess.run(swiftc, ["-parse", file.path], timeout: .seconds(120))
                #expect(result.status == 0, "\(file.lastPathComponent) does not parse:\n\(result.stderr)")
                if result.status == 0 { parsed += 1 }
            }
            try Self.buildStub(in: folder, swiftc: swiftc)
            let checked = try Self.typecheck(files, stubIn: folder, swiftc: swiftc)
            #expect(checked.status == 0, "an export does not type-check:\n\(checked.stderr)")
            #expect(!checked.stderr.contains("warning:"), "warnings:\n\(checked.stderr)")
            print(
                "export: \(files.count) playgrounds in \(exporting) (one layoutctl each); \(parsed) parse, "
                    + "\(checked.status == 0 ? files.count : 0) type-check")
        }
    }

    static let kiwiAvailable = pythonCanImport(["kiwisolver"])

    /// Each view's `[x, y, width, height]` by its scene name, from kiwi_export.py, one entry a file.
    static func kiwiFrames(_ files: [URL]) throws -> [[String: [Double]]] {
        let script = Self.folder.appendingPathComponent("kiwi_export.py")
        let result = try runPython([script.path] + files.map(\.path))
        try #require(result.ending == .exited(0), "kiwi_export.py failed:\n\(result.stderr)")
        let decoded = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
        return try #require(decoded).map { entry in
            if let error = entry["error"] { Issue.record("kiwi_export.py cannot read an export: \(error)") }
            return (entry["frames"] as? [String: Any] ?? [:]).compactMapValues { $0 as? [Double] }
        }
    }

    @Test(
        "Every playground's exported constraints, laid out by kiwisolver, give the frames of 'layoutctl solve'",
        .enabled(if: kiwiAvailable, "needs kiwisolver in Tools/python3's Python (Tools/setup.sh installs it)"))
    func playgroundGeometry() throws {
        try withTemporaryFolder { folder in
            var files = try Self.export(Self.playgrounds, into: folder)
            var scenes = Self.playgrounds
            // UIStackView makes the constraints of its arranged subviews itself; kiwi_export.py reads only the
            // constraints written in the Swift, so it cannot lay out a scene with stacks.
            let stacked = try files.indices.filter {
                try String(contentsOf: files[$0], encoding: .utf8).contains("UIStackView(")
            }
            let skipped = stacked.map { scenes[$0].lastPathComponent }
            for index in stacked.reversed() {
                files.remove(at: index)
                scenes.remove(at: index)
            }
            let frames = try Self.kiwiFrames(files)
            try #require(frames.count == files.count)
            var worst = 0.0
            var views = 0
            for (scene, kiwi) in zip(scenes, frames) {
                let solved = try Layoutctl.run(["solve", scene.path])
                let frame = try JSONDecoder().decode(SolvedFrame.self, from: Data(solved.stdout.utf8))
                #expect(Set(frame.views.map(\.name)) == Set(kiwi.keys), "\(scene.lastPathComponent): the views")
                for view in frame.views {
                    guard let theirs = kiwi[view.name] else { continue }
                    let ours = [view.x, view.y, view.width, view.height]
                    let difference = zip(ours, theirs).map { abs($0 - $1) }.max() ?? 0
                    worst = max(worst, difference)
                    views += 1
                    #expect(
                        difference <= 1e-6,
                        "\(scene.lastPathComponent), \(view.name): solve \(ours), the export in kiwi \(theirs)")
                }
            }
            print(
                "export geometry: \(files.count) playgrounds, \(views) views, largest difference \(worst); "
                    + "not evaluated (stack views): \(skipped.isEmpty ? "none" : skipped.joined(separator: ", "))")
        }
    }

    struct Case: Decodable {
        var text: String
        var expected: [String: [Double]]
    }

    @Test(
        "200 random scenes export to Swift that type-checks and whose constraints give kiwi's frames of the scene",
        .enabled(
            if: kiwiAvailable && pythonCanImport(["kiwisolver", "scipy", "numpy"]),
            "needs kiwisolver, scipy and numpy in Tools/python3's Python (Tools/setup.sh installs them)"))
    func randomScenes() throws {
        let script = Self.folder.appendingPathComponent("kiwi_scenes.py")
        let generated = try runPython([script.path, "200", "20261122"])
        try #require(generated.ending == .exited(0), "kiwi_scenes.py failed:\n\(generated.stderr)")
        let cases = try JSONDecoder().decode([Case].self, from: Data(generated.stdout.utf8))
        try withTemporaryFolder { folder in
            var scenes: [URL] = []
            for (n, scene) in cases.enumerated() {
                let file = folder.appendingPathComponent("Scene\(n).layout")
                try scene.text.write(to: file, atomically: true, encoding: .utf8)
                scenes.append(file)
            }
            let exports = folder.appendingPathComponent("swift")
            try FileManager.default.createDirectory(at: exports, withIntermediateDirectories: true)
            let files = try Self.export(scenes, into: exports)
            let frames = try Self.kiwiFrames(files)
            try #require(frames.count == cases.count)
            var worst = 0.0
            for (n, (scene, kiwi)) in zip(cases, frames).enumerated() {
                #expect(Set(scene.expected.keys) == Set(kiwi.keys), "scene \(n): the views\n\(scene.text)")
                for (name, expected) in scene.expected {
                    guard let theirs = kiwi[name] else { continue }
                    let difference = zip(expected, theirs).map { abs($0 - $1) }.max() ?? 0
                    worst = max(worst, difference)
                    #expect(difference <= 1e-6, "scene \(n), \(name): \(expected), the export \(theirs)\n\(scene.text)")
                }
            }
            var typechecked = "not type-checked (no swiftc on PATH)"
            if let swiftc = Self.swiftc {
                try Self.buildStub(in: exports, swiftc: swiftc)
                let checked = try Self.typecheck(files, stubIn: exports, swiftc: swiftc)
                #expect(checked.status == 0, "an export does not type-check:\n\(checked.stderr)")
                typechecked = checked.status == 0 ? "all type-check" : "some do not type-check"
            }
            print("export of random scenes: \(cases.count), largest difference \(worst); \(typechecked)")
        }
    }
}
