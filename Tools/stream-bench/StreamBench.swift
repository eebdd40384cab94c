import ArgumentParser
import BenchSupport

#if canImport(Glibc)
    import Glibc
#endif

@main
struct StreamBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stream-bench",
        abstract: "A real layoutd streaming a 2,000-view animation at 120 fps to 8 subscribers, one never reading.",
        discussion: """
            Starts layoutd (from beside this executable; real clock, --fps 120) on a generated scene whose action \
            moves and fades some of its views for ever (--moving; all by default), subscribes 8 clients, \
            measures the idle daemon's CPU, runs the action, and reports the frames each reading client \
            receives per second, the bytes, the frames it missed, and the daemon's CPU (utime+stime) and \
            resident memory (VmRSS) as time goes on. It does so twice, with a fresh daemon each time: the \
            subscribers taking whole frames, then delta frames ("delta": true: only the views that changed), \
            and prints both side by side. Build in release: swift build -c release --product stream-bench, and \
            likewise layoutd and layout-watch.

            Examples:
              stream-bench                      # every view moving
              stream-bench --moving 10          # 10 of 2,000 views moving: what deltas are for
              stream-bench --quick --only delta
            """
    )

    @Flag(help: "A smoke run: 5 s of animation, 2 s idle, each way.")
    var quick = false

    @Option(help: "Seconds of animation (default 60; 5 with --quick).")
    var seconds: Int?

    @Option(help: "Seconds of the idle daemon's CPU (default 10; 2 with --quick).")
    var idleSeconds: Int?

    @Option(help: "Views in the scene.")
    var views = 2000

    @Option(help: "Views that move (default: all).")
    var moving: Int?

    @Option(help: "Subscribers; the last one never reads.")
    var clients = 8

    @Option(help: "Run one way only: whole or delta.")
    var only: Mode?

    enum Mode: String, ExpressibleByArgument, CaseIterable {
        case whole, delta
    }

    mutating func run() throws {
        let (running, idle) = (seconds ?? (quick ? 5 : 60), idleSeconds ?? (quick ? 2 : 10))
        let movingViews = min(moving ?? views, views)
        var summaries: [(Mode, Summary)] = []
        for mode in only.map({ [$0] }) ?? Mode.allCases {
            print("— \(mode == .delta ? "delta frames (\"delta\": true)" : "whole frames") —")
            let summary = try measure(mode: mode, moving: movingViews, running: running, idle: idle)
            summaries.append((mode, summary))
            print()
        }
        print("stream \(views) views (\(movingViews) moving) at 120 fps to \(clients) subscribers, one never reading:")
        print(
            pad("frames", 8) + pad("made/s", 9) + pad("slowest reader/s", 18) + pad("missed", 8)
                + pad("KB/s a reader", 15) + pad("daemon CPU", 12) + pad("RSS", 16) + "idle CPU")
        for (mode, s) in summaries {
            print(
                pad(mode.rawValue, 8) + pad(format(s.made), 9) + pad(format(s.slowest), 18) + pad("\(s.missed)", 8)
                    + pad(format(s.kilobytesPerReader), 15) + pad("\(format(s.cpuPercent)) %", 12)
                    + pad("\(format(s.rss.0)) → \(format(s.rss.1)) MB", 16) + "\(format(s.idleMilliseconds)) ms")
        }
    }

    struct Summary {
        var made: Double
        var slowest: Double
        var missed: Int
        var kilobytesPerReader: Double
        var cpuPercent: Double
        var rss: (Double, Double)
        var idleMilliseconds: Double
    }

    /// One run with a fresh daemon: the subscribers take whole frames or deltas.
    func measure(mode: Mode, moving: Int, running: Int, idle: Int) throws -> Summary {
        let layoutd = try builtTool("layoutd")
        _ = try builtTool("layout-watch")
        let folder = try makeTemporaryFolder("stream-bench")
        defer { removeFolder(folder) }
        try writeFile(folder + "/Stream.layout", streamScene(views: views, moving: moving))
        let socketPath = folder + "/layoutd.sock"
        let daemon = try ChildProcess.start(
            layoutd, [folder, "--socket", socketPath, "--fps", "120", "--log-level", "warning"])
        defer { daemon.stop() }
        var sockets = [try waitForDaemon(on: socketPath, process: daemon)]
        for _ in 1..<max(2, clients) {
            guard let fd = connect(to: socketPath) else { throw BenchError("cannot connect to \(socketPath)") }
            sockets.append(fd)
        }
        defer { for fd in sockets { close(fd) } }
        let delta = mode == .delta ? #","delta":true"# : ""
        let subscribe = #"{"id":1,"cmd":"subscribe","scene":"Stream""# + delta + "}\n"
        for fd in sockets { try writeAll(Array(subscribe.utf8), to: fd) }
        let readers = Readers(sockets: Array(sockets.dropLast()))
        try readers.pump(until: .now + .milliseconds(500))

        let idleStart = try DaemonUsage(pid: daemon.pid)
        try readers.pump(until: .now + .seconds(idle))
        let idleCPU = try DaemonUsage(pid: daemon.pid).cpuSeconds - idleStart.cpuSeconds
        print("idle daemon (\(views) views, \(clients) subscribers): \(format(idleCPU * 1000)) ms of CPU in \(idle) s")

        try writeAll(Array((#"{"id":2,"cmd":"run","scene":"Stream","action":"wave"}"# + "\n").utf8), to: sockets[0])
        readers.resetCounts()
        let start = ContinuousClock.now
        let (first, firstSeq) = (try DaemonUsage(pid: daemon.pid), readers.latestSeq)
        var (last, lastSeq, lastTime) = (first, firstSeq, start)
        print(pad("time", 8) + pad("frames made/s", 15) + pad("daemon CPU", 12) + "daemon RSS")
        print(pad("0 s", 8) + pad("-", 15) + pad("-", 12) + "\(format(first.rssMegabytes)) MB")
        let interval = max(1, running / 6)
        for end in stride(from: interval, through: running, by: interval) {
            try readers.pump(until: start + .seconds(end))
            let (now, usage, seq) = (ContinuousClock.now, try DaemonUsage(pid: daemon.pid), readers.latestSeq)
            let elapsed = elapsedSeconds(from: lastTime, to: now)
            print(
                pad("\(end) s", 8) + pad(format(Double(seq - lastSeq) / elapsed), 15)
                    + pad("\(format((usage.cpuSeconds - last.cpuSeconds) / elapsed * 100)) %", 12)
                    + "\(format(usage.rssMegabytes)) MB")
            (last, lastSeq, lastTime) = (usage, seq, now)
        }
        let elapsed = elapsedSeconds(from: start, to: lastTime)
        print(pad("client", 8) + pad("frames/s", 10) + pad("KB/s", 10) + "missed frames")
        for (index, counts) in readers.counts.enumerated() {
            print(
                pad("\(index + 1)", 8) + pad(format(Double(counts.frames) / elapsed), 10)
                    + pad(format(Double(counts.bytes) / 1024 / elapsed), 10) + "\(counts.missed)")
        }
        print(pad("\(sockets.count)", 8) + "never reads")
        let counts = readers.counts
        return Summary(
            made: Double(lastSeq - firstSeq) / elapsed,
            slowest: Double(counts.map(\.frames).min() ?? 0) / elapsed,
            missed: counts.map(\.missed).reduce(0, +),
            kilobytesPerReader: Double(counts.map(\.bytes).reduce(0, +)) / Double(max(1, counts.count)) / 1024
                / elapsed,
            cpuPercent: (last.cpuSeconds - first.cpuSeconds) / elapsed * 100,
            rss: (first.rssMegabytes, last.rssMegabytes), idleMilliseconds: idleCPU * 1000)
    }
}

func elapsedSeconds(from start: ContinuousClock.Instant, to end: ContinuousClock.Instant) -> Double {
    milliseconds(from: start, to: end) / 1000
}

/// One decimal.
func format(_ value: Double) -> String {
    "\((value * 10).rounded() / 10)"
}

func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
}
