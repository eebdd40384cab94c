import Foundation
import HostSystem
import TestSupport
import Testing

/// The real `layout-lsp` built next to the test bundle.
enum LayoutLSP {
    static let executable: URL = {
        let tests = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = tests.deletingLastPathComponent()
        // `swift test` runs `.build/debug/X.xctest` (a file on Linux, a bundle on macOS).
        while !FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("layout-lsp").path),
            folder.path != "/"
        {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("layout-lsp")
    }()

    /// This folder, where the scripts are.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
}

/// The real layout-lsp over stdio from Python, with pygls's LanguageClient, as an editor drives it: every feature
/// (diagnostics as you type, UTF-16 ranges with non-ASCII text, hover, definition, references, rename, symbols,
/// completion, the quick fix, a Swift scene, shutdown and exit). The script prints a line per check.
@Suite struct EndToEndTests {
    static let pyglsAvailable = pythonCanImport(["pygls", "lsprotocol"])

    @Test(
        "layout-lsp serves every feature to pygls's client over stdio",
        .enabled(if: pyglsAvailable, "needs pygls in Tools/python3's Python (Tools/setup.sh installs it)"),
        .timeLimit(.minutes(5))
    )
    func pyglsClient() throws {
        let script = LayoutLSP.folder.appendingPathComponent("lsp_e2e.py")
        let result = try runPython(
            [script.path, LayoutLSP.executable.path, repositoryRoot.path], timeout: .seconds(240))
        let failures = result.stdout.split(separator: "\n").filter { $0.hasPrefix("FAILED") }
        #expect(result.ending == .exited(0), "lsp_e2e.py:\n\(result.stdout)\n\(result.stderr)")
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(result.stdout.contains(" passed, 0 failed"), "\(result.stdout)")
    }
}
