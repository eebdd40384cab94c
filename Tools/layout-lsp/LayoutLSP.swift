import ArgumentParser
import HostSystem
import JSONRPC
import LanguageServer
import SceneLanguage
import SwiftImport

#if canImport(Glibc)
    import Glibc
#endif

@main
struct LayoutLSP: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout-lsp",
        abstract: "A language server for Layout Playground scene files, over standard input and output.",
        discussion: """
            Speaks the Language Server Protocol (JSON-RPC 2.0 with Content-Length framing) on standard \
            input and output; an editor starts it. Diagnostics as you type (parsed, checked, solved and \
            dry-run in memory), hover with solved frames, go to definition, references, rename, document \
            symbols and completion, for .layout files; diagnostics for UIKit .swift scenes. Log lines go \
            to standard error. See docs/editors.md for the editors' set-up.
            """,
        version: "layout-lsp 1.0"
    )

    @Option(
        name: .customLong("debounce"),
        help: "Milliseconds without a change before diagnostics are published (0: as soon as no input waits).")
    var debounceMilliseconds = 0

    @Option(
        name: .customLong("docs"),
        help:
            "The diagnostics page's URL, which each code's link adds '#code' to (default: the repository's docs/diagnostics.md, found from the executable)."
    )
    var documentation: String?

    @Flag(name: .customLong("no-dry-run"), help: "Do not run the scene's actions for the runtime's warnings.")
    var noDryRun = false

    func validate() throws {
        guard debounceMilliseconds >= 0 && debounceMilliseconds <= 60_000 else {
            throw ValidationError("--debounce takes 0 to 60000 milliseconds")
        }
    }

    func run() throws {
        let server = LanguageServer(
            configuration: .init(
                documentation: documentation ?? DiagnosticsPage.located(), importSwift: importSwift,
                dryRun: !noDryRun))
        var loop = StdioLoop(server: server, debounce: .milliseconds(debounceMilliseconds))
        throw ExitCode(loop.run())
    }
}

/// SwiftImport's reading of a UIKit Swift file, as the daemon serves one.
@Sendable func importSwift(_ file: SourceFile) -> ImportedScene {
    let result = SwiftImporter.import(file, sceneName: file.name + ".layout")
    return ImportedScene(scene: result.scene, diagnostics: result.diagnostics)
}
