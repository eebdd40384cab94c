import ArgumentParser
import BenchSupport

#if canImport(Glibc)
    import Glibc
#endif

@main
struct ReloadBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reload-bench",
        abstract: "Time from a save to the first frame of the new generation at a subscriber of layoutd.",
        discussion: """
            For generated scenes of 10, 100 and 2,000 labels, saves the scene as an editor does (a new file \
            renamed over it), each save changing one constant, and times from the rename() call (not its \
            return: the watcher it wakes can preempt this process) to the new generation's first frame \
            arriving over the socket of a real layoutd (real clock) started from beside this executable; the \
            rename() column is how long the call took. The same saves, on a copy of the file, are watched by entr re-running \
            `layoutctl solve FILE`, the shell loop a user would write instead, and timed to its output \
            arriving. Build in release: swift build -c release --product reload-bench, and likewise layoutd, \
            layout-watch and layoutctl.
            """
    )

    @Flag(help: "A smoke run: 20 saves per scene.")
    var quick = false

    @Option(help: "Saves per scene (default 200; 20 with --quick).")
    var saves: Int?

    @Option(parsing: .upToNextOption, help: "The scenes' sizes, in views.")
    var views: [Int] = [10, 100, 2000]

    mutating func run() throws {
        let count = saves ?? (quick ? 20 : 200)
        let layoutd = try builtTool("layoutd")
        _ = try builtTool("layout-watch")
        let layoutctl = try builtTool("layoutctl")
        let entr = onPath("entr")
        if entr == nil { print("entr is not installed (Debian: apt-get install entr): its columns are left empty") }
        print(
            pad("views", 7) + pad("saves", 7) + pad("rename()", 12) + pad("layoutd median", 16) + pad("p99", 11)
                + pad("entr+layoutctl median", 23) + pad("p99", 11) + "layoutd faster")
        var summary = ""
        for views in views {
            let trial = try ReloadTrial(
                text: benchScene(views: views, constant: 0), layoutd: layoutd, layoutctl: layoutctl, entr: entr)
            defer { trial.stop() }
            var daemon: [Double] = []
            var renames: [Double] = []
            var watcher: [Double] = []
            for save in 0..<count {
                let text = benchScene(views: views, constant: save % 97 + 1)
                let (latency, rename) = try trial.saveForDaemon(text)
                daemon.append(latency)
                renames.append(rename)
                if entr != nil { watcher.append(try trial.saveForEntr(text)) }
            }
            let (median, p99) = (percentile(daemon, 0.5), percentile(daemon, 0.99))
            let entrMedian = percentile(watcher, 0.5)
            print(
                pad("\(views)", 7) + pad("\(count)", 7) + pad(shown(percentile(renames, 0.5)), 12)
                    + pad(shown(median), 16) + pad(shown(p99), 11)
                    + pad(shown(entrMedian), 23) + pad(shown(percentile(watcher, 0.99)), 11)
                    + (watcher.isEmpty ? "" : "\(Int((entrMedian / median).rounded()))×"))
            if views == 100 {
                summary =
                    "reload latency 100 views: median \(number(median)) ms, p99 \(number(p99)) ms, "
                    + "entr+layoutctl \(watcher.isEmpty ? "unavailable" : number(entrMedian) + " ms")"
            }
        }
        if !summary.isEmpty { print(summary) }
    }
}

/// The nearest-rank percentile of `samples` (nan for none).
func percentile(_ samples: [Double], _ fraction: Double) -> Double {
    guard !samples.isEmpty else { return .nan }
    let sorted = samples.sorted()
    return sorted[min(sorted.count - 1, max(0, Int((Double(sorted.count) * fraction).rounded(.up)) - 1))]
}

/// Milliseconds to two decimals.
func number(_ milliseconds: Double) -> String {
    "\((milliseconds * 100).rounded() / 100)"
}

func shown(_ milliseconds: Double) -> String {
    milliseconds.isNaN ? "-" : number(milliseconds) + " ms"
}

func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
}

/// A program's path on `PATH`, or nil.
func onPath(_ name: String) -> String? {
    let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { $0 + "/" + name }.first { access($0, X_OK) == 0 }
}
