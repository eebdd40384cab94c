import Foundation
import HostSystem
import SceneLanguage
import TestSupport
import Testing

/// The diagnostics about a scene file as a whole, from the real file reader on real files: a FIFO, a file whose
/// reads fail, a 200 MB file. `docs/diagnostics.md` shows these texts.
@Suite struct FileDiagnosticTests {
    /// The codes only a file's reading produces: their goldens are here, not among the language's.
    static let fileCodes: Set<DiagnosticCode> = [.notAFile, .unreadable]

    /// Each problem as `layoutctl` and the daemon render it for a file named `Scene.layout`.
    static func renderedGoldens() throws -> [(code: DiagnosticCode, text: String)] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("file-goldens-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let huge = folder.appendingPathComponent("huge").path
        try makeSparseFile(huge, size: 200 << 20)
        // Reads of the process's own memory at address 0 fail with EIO, as a failing disk's would.
        var goldens: [(DiagnosticCode, String)] = []
        for path in [fifo, "/proc/self/mem", huge] {
            do {
                _ = try FileReader.read(path)
                Issue.record("\(path) was read")
            } catch {
                let code = try #require(DiagnosticCode(rawValue: error.code))
                goldens.append((code, Diagnostic.file("Scene.layout", code: code, reason: "\(error)").rendered))
            }
        }
        return goldens
    }

    @Test("A FIFO, an input/output error and a 200 MB file: one header line each, with its code")
    func goldens() throws {
        let goldens = try Self.renderedGoldens()
        #expect(
            goldens.map(\.text) == [
                "Scene.layout:1:1: error: cannot load 'Scene.layout': it is a FIFO (named pipe), not a regular file [not-a-file]\n",
                "Scene.layout:1:1: error: cannot load 'Scene.layout': it cannot be read: input/output error [unreadable]\n",
                "Scene.layout:1:1: error: cannot load 'Scene.layout': it is 200 MiB; a scene file is at most 16 MiB [too-large]\n",
            ])
        #expect(goldens.map(\.code) == [.notAFile, .unreadable, .tooLarge])
    }
}
