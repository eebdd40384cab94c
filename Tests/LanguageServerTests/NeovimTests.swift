import Foundation
import HostSystem
import TestSupport
import Testing

/// Real Neovim, headless, with the configuration the repository ships (Tools/editors/nvim/init.lua), on a copy of
/// the Quiz playground with a wrong name: the diagnostics it received are printed, then what a user does is played
/// (typing another wrong name, hovering a view for its frame, renaming a constraint, jumping to an action) by
/// nvim_diagnostics.lua.
@Suite struct NeovimTests {
    static func hasNeovim() -> Bool {
        (try? ChildProcess.run("nvim", ["--version"], timeout: .seconds(30)))?.stdout.hasPrefix("NVIM") == true
    }

    @Test(
        "Neovim with the shipped configuration shows the diagnostics, hovers, renames and jumps",
        .enabled(if: hasNeovim(), "Neovim is not installed (Tools/setup.sh installs it)"),
        .timeLimit(.minutes(2))
    )
    func headlessEditing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-nvim-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let quiz = try String(
            contentsOf: repositoryRoot.appendingPathComponent("Playgrounds/Quiz.layout"), encoding: .utf8)
        let mistaken = quiz.replacingOccurrences(
            of: "\nnextButton.centerX == root.centerX", with: "\nnextButon.centerX == root.centerX")
        #expect(mistaken != quiz)
        let scene = folder.appendingPathComponent("Quiz.layout")
        try mistaken.write(to: scene, atomically: true, encoding: .utf8)
        let script = LayoutLSP.folder.appendingPathComponent("nvim_diagnostics.lua")
        let result = try ChildProcess.run(
            "nvim",
            [
                "--headless", "-u", repositoryRoot.appendingPathComponent("Tools/editors/nvim/init.lua").path,
                "-c", "luafile \(script.path)", scene.path,
            ],
            environment: ["LAYOUT_LSP": LayoutLSP.executable.path, "HOME": folder.path, "XDG_STATE_HOME": folder.path],
            timeout: .seconds(90))
        print(result.stdout)
        #expect(result.ending == .exited(0), "nvim:\n\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("unknown view 'nextButon'; did you mean 'nextButton'? [unknown-name]"))
        #expect(result.stdout.contains("frame: x 128.75, y 337.2, width 117.5, height 32.4"))
        #expect(result.stdout.contains(" passed, 0 failed"), "\(result.stdout)")
    }
}
