import ArgumentParser
import HostSystem
import SceneLanguage

/// `--run ACTION[@T]` and `--exec 'STATEMENTS'[@T]`, for `frames` and `plot`.
struct TimedInputOptions: ParsableArguments {
    @Option(
        name: .customLong("run"),
        help: ArgumentHelp("An action to run, at time T when '@T' follows (repeatable).", valueName: "action[@T]"))
    var actions: [String] = []

    @Option(
        name: .customLong("exec"),
        help: ArgumentHelp(
            "Statements of the scene language, separated by ';' or new lines, to run as an action, at time T when "
                + "'@T' follows (repeatable).", valueName: "statements[@T]"))
    var sources: [String] = []

    func validate() throws {
        for action in actions { _ = try TimedInput.split(action, option: "--run") }
        for source in sources { _ = try TimedInput.split(source, option: "--exec") }
    }

    /// Both options' inputs in command-line order (which ArgumentParser
    /// keeps per option only: the raw arguments give the order of the two
    /// together). The session runs them by time, ties in this order.
    func inputs(arguments: [String] = CommandLine.arguments) throws -> [TimedInput] {
        let runs = try actions.map { value in
            let (name, time) = try TimedInput.split(value, option: "--run")
            return TimedInput(kind: .run(name), time: time, argument: "--run '\(value)'")
        }
        let execs = try sources.enumerated().map { number, value in
            let (source, time) = try TimedInput.split(value, option: "--exec")
            return TimedInput(kind: .exec(source, number: number + 1), time: time, argument: "--exec '\(value)'")
        }
        let order = Self.optionOrder(in: arguments)
        guard order.count(where: { $0 }) == runs.count, order.count(where: { !$0 }) == execs.count else {
            return runs + execs
        }
        var (nextRun, nextExec) = (runs.makeIterator(), execs.makeIterator())
        return order.compactMap { isRun in isRun ? nextRun.next() : nextExec.next() }
    }

    /// For each `--run` (true) and `--exec` (false) among raw arguments, in order.
    static func optionOrder(in arguments: [String]) -> [Bool] {
        var order: [Bool] = []
        var index = 0
        while index < arguments.count, arguments[index] != "--" {
            let argument = arguments[index]
            index += 1
            if argument == "--run" || argument == "--exec" {
                order.append(argument == "--run")
                index += 1  // its value
            } else if argument.hasPrefix("--run=") || argument.hasPrefix("--exec=") {
                order.append(argument.hasPrefix("--run="))
            }
        }
        return order
    }
}

/// An action or statements to run at a scene time, as the command line gave them.
struct TimedInput {
    enum Kind {
        case run(String)
        /// The source and its number among the `--exec` options, from 1.
        case exec(String, number: Int)
    }

    var kind: Kind
    var time: Double
    /// The option and its value, for messages: `--run 'next@0.5'`.
    var argument: String

    /// Splits `VALUE@T` at the last `@` into the value and the time; 0
    /// without an `@`. What follows the `@` must be a time in seconds, and
    /// what comes before it an action's name or statements.
    static func split(_ value: String, option: String) throws -> (String, Double) {
        let at = value.lastIndex(of: "@")
        guard value[..<(at ?? value.endIndex)].contains(where: { !$0.isWhitespace }) else {
            throw ValidationError(
                "\(option) '\(value)': "
                    + (option == "--run" ? "no action's name" : "no statements") + (at == nil ? "" : " before the '@'"))
        }
        guard let at else { return (value, 0) }
        let suffix = String(value[value.index(after: at)...].filter { $0 != " " })
        guard let time = Double(suffix), !time.isNaN else {
            throw ValidationError(
                "\(option) '\(value)': '\(suffix)' after the last '@' is not a time in seconds; write "
                    + "\(option == "--run" ? "ACTION" : "'STATEMENTS'")@T, as @0.5 (end with @0 when the text "
                    + "itself holds an '@')")
        }
        if let problem = Times.rangeProblem(time, shown: suffix) {
            throw ValidationError("\(option) '\(value)': \(problem)")
        }
        return (String(value[..<at]), time)
    }
}

/// Warns about each input that comes after the last frame, and so never runs.
func warnAboutInputs(_ inputs: [TimedInput], after end: Double) {
    for input in inputs where input.time > end + 1e-9 {
        printError(
            escapedForTerminal(
                "layoutctl: warning: \(input.argument) never runs: it comes at \(seconds(input.time)) s, after the last "
                    + "frame at \(seconds(end)) s"))
    }
}
