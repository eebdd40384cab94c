import ArgumentParser

@main
struct Layoutctl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layoutctl",
        abstract: "Check and solve Layout Playground scenes offline.",
        subcommands: [Check.self, Solve.self, Frames.self, Plot.self]
    )
}
