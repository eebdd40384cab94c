import BenchSupport

#if canImport(Glibc)
    import Glibc
#endif

/// One scene size's two subjects, each on a folder of its own holding `bench.layout`: a real `layoutd`
/// (real clock) with a subscriber on its socket, and `entr` re-running `layoutctl solve` on every save.
/// Neither sees the other's saves, and a save of either starts once the other's processes are done.
final class ReloadTrial {
    private let daemonFolder: String
    private let entrFolder: String
    private let daemon: ChildProcess
    private let subscriber: CInt
    private let entr: ChildProcess?
    private var generation = 0
    private var subscription = LineHeads()
    private var entrOutput = LineHeads()
    private var buffer = [UInt8](repeating: 0, count: 1 << 18)

    init(text: String, layoutd: String, layoutctl: String, entr entrPath: String?) throws {
        daemonFolder = try makeTemporaryFolder("reload-bench")
        entrFolder = try makeTemporaryFolder("reload-bench-entr")
        try writeFile(daemonFolder + "/bench.layout", text)
        try writeFile(entrFolder + "/bench.layout", text)
        let socketPath = daemonFolder + "/layoutd.sock"
        daemon = try ChildProcess.start(layoutd, [daemonFolder, "--socket", socketPath, "--log-level", "warning"])
        subscriber = try waitForDaemon(on: socketPath, process: daemon)
        try writeAll(Array("{\"id\":1,\"cmd\":\"subscribe\",\"scene\":\"bench\"}\n".utf8), to: subscriber)
        var first = 0
        _ = try Self.waitForLine(subscriber, &subscription, &buffer, "the subscription's first frame") { head, _ in
            first = head.isFrame ? head.generation ?? 0 : 0
            return first > 0
        }
        generation = first
        // The shell loop a user would write instead. It runs the command once at start (no -p): its output
        // says entr has set its watches.
        guard let entrPath else {
            entr = nil
            return
        }
        let file = entrFolder + "/bench.layout"
        let list = try makePipe()
        entr = try ChildProcess.start(
            entrPath, ["-n", layoutctl, "solve", file], input: list.read, captureOutput: true)
        close(list.read)
        try writeAll(Array((file + "\n").utf8), to: list.write)
        close(list.write)
        _ = try Self.waitForLine(entr!.output!, &entrOutput, &buffer, "entr's first run") { _, _ in true }
    }

    func stop() {
        entr?.stop()
        close(subscriber)
        daemon.stop()
        removeFolder(daemonFolder)
        removeFolder(entrFolder)
    }

    /// Saves `text` over the daemon's scene. Waits for the new generation's first frame, then for the end
    /// of its reload transition, so that each save starts from a settled scene.
    /// - Returns: Milliseconds from the `rename()` call to the first frame's last byte arriving, and how long
    ///   `rename()` took: when the watcher it wakes preempts the bench, all of the daemon's work can happen
    ///   before it returns.
    func saveForDaemon(_ text: String) throws -> (latency: Double, rename: Double) {
        let before = generation
        let saved = try save(text, to: daemonFolder + "/bench.layout")
        var arrived: ContinuousClock.Instant?
        _ = try Self.waitForLine(subscriber, &subscription, &buffer, "a frame of generation \(before + 1)") {
            head, now in
            guard head.isFrame, let new = head.generation, new > before else { return false }
            if arrived == nil {
                arrived = now
                generation = new
            }
            return head.settled == true
        }
        return (milliseconds(from: saved.called, to: arrived!), milliseconds(from: saved.called, to: saved.returned))
    }

    /// Saves `text` over entr's copy of the scene.
    /// - Returns: Milliseconds from the `rename()` call to the last byte of `layoutctl solve`'s line arriving.
    func saveForEntr(_ text: String) throws -> Double {
        guard let output = entr?.output else { throw BenchError("entr is not running") }
        // Anything left over is from a run nothing waits for.
        var poller = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        while poll(&poller, 1, 0) > 0, buffer.withUnsafeMutableBytes({ read(output, $0.baseAddress, $0.count) }) > 0 {
            entrOutput = LineHeads()
        }
        let saved = try save(text, to: entrFolder + "/bench.layout")
        let arrived = try Self.waitForLine(output, &entrOutput, &buffer, "layoutctl solve's output") { _, _ in true }
        try waitForEntrsChild()
        return milliseconds(from: saved.called, to: arrived)
    }

    /// Waits, for at most 10 s, until the `layoutctl` entr ran has exited (entr has no child left): it exits
    /// after its output has arrived, and would otherwise share the machine with the daemon's next save.
    private func waitForEntrsChild() throws {
        guard let pid = entr?.pid else { return }
        let path = "/proc/\(pid)/task/\(pid)/children"
        let deadline = ContinuousClock.now + .seconds(10)
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw BenchError("cannot read \(path): entr has ended") }
            let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            close(fd)
            if count == 0 { return }
            guard ContinuousClock.now < deadline else { throw BenchError("entr's layoutctl did not exit within 10 s") }
            usleep(100)
        }
    }

    /// Reads `fd` until a line satisfies `done`, for at most 10 s.
    /// - Returns: The instant the read that brought that line returned.
    private static func waitForLine(
        _ fd: CInt, _ heads: inout LineHeads, _ buffer: inout [UInt8], _ what: String,
        _ done: (LineHead, ContinuousClock.Instant) -> Bool
    ) throws -> ContinuousClock.Instant {
        let deadline = ContinuousClock.now + .seconds(10)
        var finished: ContinuousClock.Instant?
        while finished == nil {
            guard ContinuousClock.now < deadline else { throw BenchError("no \(what) within 10 s") }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            let now = ContinuousClock.now
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw BenchError("the connection closed while waiting for \(what)") }
            buffer.withUnsafeBytes { bytes in
                heads.feed(UnsafeRawBufferPointer(rebasing: bytes[..<count])) { head in
                    if finished == nil && done(head, now) { finished = now }
                }
            }
        }
        return finished!
    }
}
