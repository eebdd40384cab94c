import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The real `layoutctl` on command lines that ask for what cannot be done:
/// it says what is wrong and exits with a failure (2 for a usage error, 1
/// otherwise), or, where it can go on, warns; it never succeeds quietly.
@Suite struct CommandLineTests {
    static let scene = """
        view box
        boxX: box.left == root.left
        box.top == 0; box.width == 10; box.height == 10
        action move { animate 1 curve linear { boxX.constant = 100; layout } }
        action pulse { animate 1 repeat forever { box.alpha = 0 } }
        """

    /// Runs `layoutctl COMMAND Box.layout ARGUMENTS…` on ``scene`` in a temporary folder; the
    /// result, with the folder's path in standard error replaced by `$DIR`.
    static func run(_ command: String, _ arguments: [String]) throws -> Layoutctl.Result {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("Box.layout")
            try scene.write(to: file, atomically: true, encoding: .utf8)
            var result = try Layoutctl.run([command, file.path] + arguments, timeout: .seconds(60))
            result.stderr = result.stderr.replacingOccurrences(of: folder.path, with: "$DIR")
            return result
        }
    }

    /// The first line of a usage error, after `Error: `.
    static func usageError(_ result: Layoutctl.Result) -> Substring? {
        guard result.status == 2, result.stderr.hasPrefix("Error: ") else { return nil }
        return result.stderr.dropFirst("Error: ".count).prefix { $0 != "\n" }
    }

    @Test(
        "Bad times for --at and --until are usage errors that name the bad part",
        arguments: [
            (["--at", "-1"], "--at '-1': -1 is out of range; times are seconds from 0 to 3600"),
            (["--at=-1"], "--at '-1': -1 is out of range; times are seconds from 0 to 3600"),
            (["--at", "0,-0.5"], "--at '0,-0.5': -0.5 is out of range; times are seconds from 0 to 3600"),
            (["--at", "4000"], "--at '4000': 4000 is out of range; times are seconds from 0 to 3600"),
            (["--at", ",,"], "--at ',,': time 1 of 3 is empty; separate times with single commas, as 0,0.25,0.5"),
            (["--at", "0,,1"], "--at '0,,1': time 2 of 3 is empty; separate times with single commas, as 0,0.25,0.5"),
            (["--at", "0.5,"], "--at '0.5,': time 2 of 2 is empty; separate times with single commas, as 0,0.25,0.5"),
            (["--at", ""], "--at '': no times; write them as 0,0.25,0.5"),
            (["--at", "0,soon"], "--at '0,soon': 'soon' is not a time in seconds; write times as 0,0.25,0.5"),
            (["--at", "0.5,0.25"], "--at '0.5,0.25': times must increase: 0.25 comes after 0.5"),
            (["--at", "0.5,0.5"], "--at '0.5,0.5': 0.5 is given twice; times must increase"),
            (["--until", "-1"], "--until -1 is out of range; times are seconds from 0 to 3600"),
            (["--until=-1"], "--until -1 is out of range; times are seconds from 0 to 3600"),
            (["--fps", "-1"], "--fps must be above 0 and at most 1000, not -1"),
            (
                ["--at", "0", "--until", "1"],
                "--at and --until do not go together: --at prints the frames at the times given, --until every "
                    + "tick up to a time; give one of them"
            ),
            (["--run", "@0.5"], "--run '@0.5': no action's name before the '@'"),
            (["--exec", " "], "--exec ' ': no statements"),
            (["--run", "move@4000"], "--run 'move@4000': 4000 is out of range; times are seconds from 0 to 3600"),
        ])
    func badTimes(arguments: [String], message: String) throws {
        let result = try Self.run("frames", arguments)
        #expect(result.stdout.isEmpty)
        #expect(Self.usageError(result) == Substring(message), "\(result.stderr)")
    }

    @Test("plot refuses a negative --until with a reason, not as a missing value")
    func plotNegativeUntil() throws {
        let result = try Self.run("plot", ["move", "--svg", "/dev/null", "--until", "-1"])
        #expect(Self.usageError(result) == "--until -1 is out of range; times are seconds from 0 to 600")
    }

    @Test("frames and plot share --fps: ticks per second up to 1000, and more refused with the same reason")
    func fpsLimit() throws {
        let refused: Substring = "--fps must be above 0 and at most 1000, not 1001"
        let frames = try Self.run("frames", ["--fps", "1001"])
        #expect(Self.usageError(frames) == refused, "\(frames.stderr)")
        let plot = try Self.run("plot", ["move", "--svg", "/dev/null", "--fps", "1001"])
        #expect(Self.usageError(plot) == refused, "\(plot.stderr)")
        let fastest = try Self.run("frames", ["--run", "move", "--until", "0.01", "--fps", "1000"])
        #expect(fastest.status == 0 && fastest.stderr.isEmpty, "\(fastest.stderr)")
        #expect(fastest.stdout.split(separator: "\n").count == 11)
        try withTemporaryFolder { folder in
            let svg = folder.appendingPathComponent("move.svg").path
            let plot = try Self.run("plot", ["move", "--svg", svg, "--until", "0.01", "--fps", "1000"])
            #expect(plot.status == 0 && plot.stderr.isEmpty, "\(plot.stderr)")
            #expect(try String(contentsOfFile: svg, encoding: .utf8).contains("<svg"))
        }
    }

    @Test("An input after the last frame is warned about: it never runs")
    func inputAfterTheLastFrame() throws {
        for times in [["--at", "0,0.25"], ["--until", "0.25"]] {
            let result = try Self.run("frames", ["--run", "move@0.5", "--exec", "layout@0.25"] + times)
            #expect(result.status == 0 && !result.stdout.isEmpty)
            #expect(
                result.stderr
                    == "layoutctl: warning: --run 'move@0.5' never runs: it comes at 0.5 s, after the last frame at "
                    + "0.25 s\n")
        }
    }

    @Test("A scene still running at the time limit ('repeat forever') is warned about, by frames and plot")
    func stillRunning() throws {
        let warning = "layoutctl: warning: '$DIR/Box.layout' still runs at 10 s; the frames stop there\n"
        let frames = try Self.run("frames", ["--run", "pulse", "--fps", "10"])
        #expect(frames.status == 0 && frames.stderr == warning)
        #expect(frames.stdout.split(separator: "\n").count == 101)
        let later = try Self.run("frames", ["--run", "pulse@0.5", "--fps", "10"])
        #expect(later.stderr == warning.replacingOccurrences(of: "10 s", with: "10.5 s"))
        try withTemporaryFolder { folder in
            let svg = folder.appendingPathComponent("pulse.svg").path
            let plot = try Self.run("plot", ["pulse", "--svg", svg, "--fps", "10"])
            #expect(plot.status == 0 && plot.stderr == warning)
        }
    }

    @Test("A folder given to solve or frames is named as a folder; check takes folders")
    func folderForOneFile() throws {
        try withTemporaryFolder { folder in
            for command in ["solve", "frames"] {
                let result = try Layoutctl.run([command, folder.path], timeout: .seconds(60))
                #expect(result.status == 1)
                #expect(
                    result.stderr
                        == "layoutctl: error: '\(folder.path)' is a folder; \(command) takes one file, check takes folders\n"
                )
            }
        }
    }

    @Test("A file that cannot be opened is an error with the system's reason")
    func unreadable() throws {
        try withTemporaryFolder { folder in
            let loop = folder.appendingPathComponent("loop.layout").path
            try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: loop)
            let notFolder = folder.appendingPathComponent("file.layout")
            try "view a".write(to: notFolder, atomically: true, encoding: .utf8)
            let dangling = folder.appendingPathComponent("dangling.layout").path
            try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: folder.path + "/nowhere")
            let cases = [
                (notFolder.path + "/x.layout", "not a directory"),
                (folder.path + "/missing.layout", "no such file or directory"),
            ]
            for (path, reason) in cases {
                for command in ["check", "solve"] {
                    let result = try Layoutctl.run([command, path], timeout: .seconds(60))
                    #expect(result.status == 1 && result.stderr == "layoutctl: error: '\(path)': \(reason)\n")
                }
            }
            // A file that is there but cannot be read gets the diagnostic the daemon gives its scene. Root reads any
            // file, whatever its mode: a file whose reads fail with EIO stands in, as a bad disk's would.
            // A link that leads nowhere, or round in a loop, is there: it cannot be read.
            var unreadable = [
                (folder.path + "/broken.layout", "input/output error"), (loop, "too many levels of symbolic links"),
                (dangling, "a symbolic link to nothing (no such file or directory)"),
            ]
            try FileManager.default.createSymbolicLink(
                atPath: folder.path + "/broken.layout", withDestinationPath: "/proc/self/mem")
            if geteuid() != 0 {
                let locked = folder.appendingPathComponent("locked.layout").path
                _ = FileManager.default.createFile(atPath: locked, contents: Data("view a".utf8))
                try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: locked)
                unreadable.append((locked, "permission denied"))
            }
            for (path, reason) in unreadable {
                for command in ["check", "solve"] {
                    let result = try Layoutctl.run([command, path], timeout: .seconds(60))
                    #expect(result.status == 1)
                    #expect(
                        result.stderr
                            == "\(path):1:1: error: cannot load '\(path)': it cannot be read: \(reason) [unreadable]\n")
                }
            }
        }
    }

    @Test("A FIFO, a device or a file over 16 MiB is refused with its diagnostic, never opened to wait")
    func notAFile() throws {
        try withTemporaryFolder { folder in
            let fifo = folder.appendingPathComponent("fifo.layout").path
            #expect(mkfifo(fifo, 0o644) == 0)
            let huge = folder.appendingPathComponent("huge.layout").path
            try makeSparseFile(huge, size: 17 << 20)
            let cases = [
                (fifo, "it is a FIFO (named pipe), not a regular file [not-a-file]"),
                ("/dev/zero", "it is a character device, not a regular file [not-a-file]"),
                (huge, "it is 17 MiB; a scene file is at most 16 MiB [too-large]"),
            ]
            for (path, reason) in cases {
                for command in ["check", "solve", "frames"] {
                    let result = try Layoutctl.run([command, path], timeout: .seconds(60))
                    #expect(result.status == 1 && !result.timedOut)
                    #expect(result.stderr == "\(path):1:1: error: cannot load '\(path)': \(reason)\n", "\(command)")
                }
            }
        }
    }

    @Test("plot says why it cannot write the SVG")
    func unwritableSVG() throws {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("Box.layout")
            try Self.scene.write(to: file, atomically: true, encoding: .utf8)
            let cases = [
                (folder.path + "/nowhere/move.svg", "there is no folder '\(folder.path)/nowhere'"),
                (folder.path, "it is a folder"),
                (file.path + "/move.svg", "a part of its path is not a folder"),
            ]
            for (svg, reason) in cases {
                let result = try Layoutctl.run(["plot", file.path, "move", "--svg", svg], timeout: .seconds(60))
                #expect(result.status == 1)
                #expect(result.stderr == "layoutctl: error: cannot write '\(svg)': \(reason)\n")
            }
        }
    }

    @Test("--version prints the version")
    func version() throws {
        let result = try Layoutctl.run(["--version"])
        #expect(result.status == 0 && result.stdout == "layoutctl 0.1.0\n")
    }

    @Test("The help names every subcommand, and each subcommand's help has an example")
    func help() throws {
        let overview = try Layoutctl.run(["--help"])
        #expect(overview.status == 0)
        #expect(overview.stdout.hasPrefix("OVERVIEW: Drive and test Layout Playground scenes"))
        let commands = [
            "scenes", "frame", "run", "exec", "step", "settle", "watch", "diagnostics", "reload", "assert", "plot",
            "check", "solve", "frames",
        ]
        for command in commands {
            #expect(overview.stdout.contains("\n  \(command) "))
            let help = try Layoutctl.run(["help", command])
            #expect(help.status == 0)
            #expect(help.stdout.contains("\n  layoutctl \(command) "), "no example in the help of \(command)")
        }
    }

    @Test("docs/layoutctl.md lists every subcommand the help lists, and every option of each")
    func docsListEverySubcommand() throws {
        let page = try String(
            contentsOf: repositoryRoot.appendingPathComponent("docs/layoutctl.md"), encoding: .utf8)
        let overview = try Layoutctl.run(["--help"]).stdout
        let subcommands = overview.components(separatedBy: "SUBCOMMANDS:").last!
            .components(separatedBy: "\n\n").first!
            .split(separator: "\n").compactMap { line -> String? in
                let words = line.split(separator: " ")
                return line.hasPrefix("  ") && !line.hasPrefix("   ") ? words.first.map(String.init) : nil
            }
            .filter { $0 != "help" }
        #expect(subcommands.count >= 14, "\(subcommands)")
        for command in subcommands {
            #expect(page.contains("| `\(command)"), "docs/layoutctl.md has no row for \(command)")
            let help = try Layoutctl.run(["help", command]).stdout
            // Every long option the help shows is in the page (--socket, --json and --help are general).
            let options = help.split(separator: " ").filter { $0.hasPrefix("--") }.map {
                String($0.prefix { $0 == "-" || $0.isLetter })
            }
            for option in Set(options).subtracting(["--socket", "--help", "--version", "--"]) {
                #expect(page.contains(option), "docs/layoutctl.md does not mention \(option) of \(command)")
            }
        }
    }
}
