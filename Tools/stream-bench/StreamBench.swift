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
            moves and fades every view for ever, subscribes 8 clients, measures the idle daemon's CPU, runs the \
            action, and reports the frames each reading client receives per second, the frames it missed, and \
            the daemon's CPU (utime+stime) and resident memory (VmRSS) as time goes on. Build in release: \
            swift build -c release --product stream-bench, and likewise layoutd and layout-watch.
            """
    )

    @Flag(help: "A smoke run: 5 s of animation, 2 s idle.")
    var quick = false

    @Option(help: "Seconds of animation (default 60; 5 with --quick).")
    var seconds: Int?

    @Option(help: "Seconds of the idle daemon's CPU (default 10; 2 with --quick).")
    var idleSeconds: Int?

    @Option(help: "Views in the scene.")
    var views = 2000

    @Option(help: "Subscribers; the last one never reads.")
    var clients = 8

    mutating func run() throws {
        let (running, idle) = (seconds ?? (quick ? 5 : 60), idleSeconds ?? (quick ? 2 : 10))
        let layoutd = try builtTool("layoutd")
        _ = try builtTool("layout-watch")
        let folder = try makeTemporaryFolder("stream-bench")
        defer { removeFolder(folder) }
        try writeFile(folder + "/Stream.layout", streamScene(views: views))
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
        let subscribe = #"{"id":1,"cmd":"subscribe","scene":"Stream"}"# + "\n"
        for fd in sockets { try writeAll(Array(subscribe.utf8), to: fd) }
        let readers = Readers(sockets: Array(sockets.dropLast()))
        try readers.pump(until: .now + .milliseconds(500))

        let idleStart = try DaemonUsage(pid: daemon.pid)
        try readers.pump(until: .now + .seconds(idle))
        let idleCPU = try DaemonUsage(pid: daemon.pid).cpuSeconds - idleStart.cpuSeconds
        print("idle daemon (\(views) views, \(clients) subscribers): \(format(idleCPU * 1000)) ms of CPU in \(idle) s")
        print()

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
        print()
        print(pad("client", 8) + pad("frames/s", 10) + "missed frames")
        for (index, counts) in readers.counts.enumerated() {
            print(pad("\(index + 1)", 8) + pad(format(Double(counts.frames) / elapsed), 10) + "\(counts.missed)")
        }
        print(pad("\(sockets.count)", 8) + "never reads")
        let (slowest, missed) = (readers.counts.map(\.frames).min() ?? 0, readers.counts.map(\.missed).reduce(0, +))
        print(
            "stream \(views) views at 120 fps: \(format(Double(lastSeq - firstSeq) / elapsed)) frames/s made, "
                + "slowest reader \(format(Double(slowest) / elapsed)) frames/s, \(missed) missed; "
                + "daemon CPU \(format((last.cpuSeconds - first.cpuSeconds) / elapsed * 100)) % of a core, "
                + "RSS \(format(first.rssMegabytes)) → \(format(last.rssMegabytes)) MB; idle CPU \(format(idleCPU * 1000)) ms"
        )
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
