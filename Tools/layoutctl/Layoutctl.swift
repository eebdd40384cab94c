import ArgumentParser

@main
struct Layoutctl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layoutctl",
        abstract: "Check, solve and drive Layout Playground scenes.",
        subcommands: [Check.self, Solve.self]
    )
}
