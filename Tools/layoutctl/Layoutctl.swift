import ArgumentParser
import HostSystem
import SceneLanguage

#if canImport(Glibc)
    import Glibc
#endif

struct Layoutctl: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layoutctl",
        abstract: "Drive and test Layout Playground scenes: on a daemon's socket, or offline on files.",
        discussion: """
            On a daemon (layoutd): scenes, frame, run, exec, step, settle, watch, diagnostics, reload, \
            assert, and plot on a scene's name. Offline, on files: check, solve, frames, plot on a file, export (a UIKit view controller in Swift) and import (one read back into a scene). \
            Each subcommand's help has examples: layoutctl help assert.

            Exit status: 0 done; 1 an assertion failed, the scene has errors or the daemon refused; 2 the \
            command line is wrong (an assertion that does not parse included); 3 no daemon listens.
            """,
        version: "layoutctl \(version)",
        subcommands: [
            Scenes.self, FrameCommand.self, Run.self, Exec.self, Step.self, Settle.self, Watch.self,
            Diagnostics.self, Reload.self, Assert.self, Plot.self, Check.self, Solve.self, Frames.self, Export.self,
            Import.self,
        ]
    )

    /// The version that `--version` prints.
    static let version = "0.1.0"
}

/// Runs layoutctl: ArgumentParser's own handling, but a wrong command line exits with 2, as documented, not 64.
@main
enum Main {
    static func main() async {
        do {
            var command = try Layoutctl.parseAsRoot()
            if var asynchronous = command as? any AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch {
            if Layoutctl.exitCode(for: error) == .validationFailure {
                printError(escapedForTerminal(Layoutctl.fullMessage(for: error)))
                exit(Status.usage)
            }
            Layoutctl.exit(withError: error)
        }
    }
}
