import FileWatching
import Foundation
import HostSystem
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// When the real `layout-watch` stops, and how it fails.
@Suite struct LayoutWatchLifecycleTests {
    @Test("It exits with 0 when its output pipe is closed, even with no event to write")
    func exitsWhenOutputCloses() throws {
        try withTemporaryFolder { folder in
            let watch = try LayoutWatchProcess([folder.path])
            try watch.waitFor("ready")
            try watch.closeOutput()
            #expect(watch.waitForExit() == 0)
        }
    }

    @Test("It exits with 0 on SIGTERM and on SIGINT", arguments: [SIGTERM, SIGINT])
    func exitsOnSignal(signal: Int32) throws {
        try withTemporaryFolder { folder in
            let watch = try LayoutWatchProcess([folder.path])
            try watch.waitFor("ready")
            watch.process.signal(signal)
            #expect(watch.waitForExit() == 0, "it ended with \(watch.process.ending.map { "\($0)" } ?? "nothing yet")")
        }
    }

    @Test("It exits when its parent dies, though its output pipe is still open")
    func exitsWhenParentDies() throws {
        try withTemporaryFolder { folder in
            // The parent is a shell that prints layout-watch's process id and waits; this test keeps the pipe open.
            let shell = try LayoutWatchShell(folder: folder)
            let child = shell.child
            shell.watch.process.signal(SIGKILL)
            let deadline = ContinuousClock.now + .seconds(10)
            while isAlive(child), ContinuousClock.now < deadline { usleep(10_000) }
            #expect(!isAlive(child), "layout-watch \(child) still runs 10 s after its parent died")
        }
    }

    @Test(
        "A root that does not exist or is not a folder: status 2 and one line on standard error",
        arguments: [("missing", "no such file or directory"), ("file.txt", "not a folder")])
    func badRoot(name: String, reason: String) throws {
        try withTemporaryFolder { folder in
            try folder.entry("file.txt").write("x")
            let watch = try LayoutWatchProcess([folder.path, folder.entry(name).path])
            #expect(watch.waitForExit() == 2)
            #expect(
                watch.standardError == "layout-watch: error: cannot watch '\(folder.entry(name).path)': \(reason)\n")
        }
    }

    @Test("No root, or an unknown option: status 2")
    func badCommandLine() throws {
        for arguments in [[], ["--bogus", "/"]] {
            let watch = try LayoutWatchProcess(arguments)
            #expect(watch.waitForExit() == 2)
            #expect(watch.standardError.hasPrefix("layout-watch: error: "))
        }
    }

    @Test("A root deleted is reported once, and its scenes are removed")
    func rootDeleted() throws {
        try withTemporaryFolder { outside in
            let root = outside.entry("root")
            try FileManager.default.createDirectory(at: root.entry("sub"), withIntermediateDirectories: true)
            try root.entry("sub/One.layout").write("x")
            let watch = try LayoutWatchProcess([root.path])
            try watch.waitFor("ready")
            try FileManager.default.removeItem(at: root)
            try watch.waitFor("delete_self\t0\t")
            try watch.passDeadlines()
            #expect(
                watch.actions == [.changed(root: 0, path: "sub/One.layout"), .removed(root: 0, path: "sub/One.layout")])
        }
    }

    @Test("An overflow is reported, every root listed again, ready said again, and the scenes not found removed")
    func overflow() throws {
        try withTemporaryFolder { folder in
            try folder.entry("Gone.layout").write("x")
            try folder.entry("Kept.layout").write("x")
            let watch = try LayoutWatchProcess([folder.path])
            try watch.waitFor("ready")
            // Stopped, it cannot read, and the kernel's queue (fs.inotify.max_queued_events) fills up: each file
            // makes two events, create and close_write. The deletion after that is lost.
            let pid = watch.process.pid
            kill(pid, SIGSTOP)
            let limit =
                (try? String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8))
                .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 16_384
            for index in 0..<(limit / 2 + 10) {
                try folder.entry("f\(index)").write("")
            }
            try FileManager.default.removeItem(at: folder.entry("Gone.layout"))
            kill(pid, SIGCONT)
            try watch.waitFor("overflow")
            try watch.waitFor("ready")
            try watch.passDeadlines()
            #expect(!watch.events.contains(WatchEvent(.delete, path: "Gone.layout")))
            // The first listing's order is the folder's.
            #expect(
                Set(watch.actions.prefix(2)) == [
                    .changed(root: 0, path: "Gone.layout"), .changed(root: 0, path: "Kept.layout"),
                ])
            #expect(
                Array(watch.actions.dropFirst(2)) == [
                    .rescanAll, .changed(root: 0, path: "Kept.layout"), .removed(root: 0, path: "Gone.layout"),
                ])
        }
    }
}

/// Whether process `pid` runs: it exists and is not a zombie (an orphan's zombie may never be reaped here).
private func isAlive(_ pid: pid_t) -> Bool {
    guard kill(pid, 0) == 0 else { return false }
    let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
    // "PID (NAME) STATE …": the state follows the last ')'.
    guard let close = stat.lastIndex(of: ")") else { return false }
    return !stat[close...].dropFirst().trimmingCharacters(in: .whitespaces).hasPrefix("Z")
}

/// layout-watch started by a shell, so that the shell can die as its parent; started when it has said `ready`.
private struct LayoutWatchShell {
    /// The shell, as a `LayoutWatchProcess`: its output is layout-watch's and a line `pid N` from the shell.
    let watch: LayoutWatchProcess
    /// layout-watch's process id.
    let child: pid_t

    init(folder: URL) throws {
        let script = "\"$0\" \"$1\" & echo \"pid $!\"; wait"
        watch = try LayoutWatchProcess.shell(["-c", script, LayoutWatchProcess.executable.path, folder.path])
        var child: pid_t?
        var ready = false
        let deadline = ContinuousClock.now + .seconds(20)
        while child == nil || !ready {
            let line = String(decoding: try #require(try watch.readRawLine(until: deadline)), as: UTF8.self)
            if line.hasPrefix("pid ") { child = pid_t(line.dropFirst(4)) } else { ready = ready || line == "ready" }
        }
        self.child = try #require(child)
    }
}
