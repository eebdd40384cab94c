import ArgumentParser

@main
struct Layoutctl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layoutctl",
        abstract: "Check, solve, play and plot Layout Playground scenes offline.",
        discussion: """
            'check' prints a scene's diagnostics, 'solve' its frame as declared, 'frames' its frames \
            over time while actions run, and 'plot' an SVG of how its views move. Each subcommand's \
            help has examples: layoutctl help frames.
            """,
        version: "layoutctl \(version)",
        subcommands: [Check.self, Solve.self, Frames.self, Plot.self]
    )

    /// The version that `--version` prints.
    static let version = "0.1.0"
}
