import FileWatching
import Foundation
import HostSystem
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The real `layout-watch`, started on folders, its lines read with bounded waits and fed to a `SaveDetector` in
/// real time.
final class LayoutWatchProcess {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The `layout-watch` executable in the build folder that holds the tests.
    static let executable: URL = {
        let tests = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = tests.deletingLastPathComponent()
        // `swift test` runs `.build/debug/X.xctest` (a file on Linux, a bundle on macOS).
        while !FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("layout-watch").path),
            folder.path != "/"
        {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("layout-watch")
    }()

    let process: ChildProcess
    /// Every line read so far, parsed.
    private(set) var events: [WatchEvent] = []
    /// Every line read so far, as written.
    private var lines: [String] = []
    var detector = SaveDetector(removalGrace: .milliseconds(200))
    /// Every action the detector gave so far.
    var actions: [SaveDetector.Action] = []

    /// Starts `layout-watch ARGUMENTS…`, or another program.
    init(_ arguments: [String], executable: URL = LayoutWatchProcess.executable) throws {
        process = try ChildProcess(executable.path, arguments)
    }

    /// Starts `/bin/sh ARGUMENTS…`.
    static func shell(_ arguments: [String]) throws -> LayoutWatchProcess {
        try LayoutWatchProcess(arguments, executable: URL(fileURLWithPath: "/bin/sh"))
    }

    deinit {
        process.stop()
    }

    /// The process's standard error, once it has exited.
    var standardError: String {
        process.readToEnd(until: .now + .seconds(10))
        return process.stderr
    }

    /// What the process has written on standard error so far, without waiting.
    var standardErrorSoFar: String {
        process.readAvailable()
        return process.stderr
    }

    /// Reads one line, waiting until `deadline` at most, and feeds it to the detector; nil when none came by then.
    ///
    /// - Throws: `Failure` when the output ends, `WatchLineError` when a line is malformed.
    func readLine(until deadline: ContinuousClock.Instant) throws -> WatchEvent? {
        guard let line = try readRawLine(until: deadline) else { return nil }
        lines.append(String(decoding: line, as: UTF8.self))
        let event = try WatchEvent(parsing: line)
        events.append(event)
        actions += detector.handle(event, at: .now)
        return event
    }

    /// Reads one line, waiting until `deadline` at most; nil when none came by then.
    ///
    /// - Throws: `Failure` when the output ends.
    func readRawLine(until deadline: ContinuousClock.Instant) throws -> [UInt8]? {
        if let line = process.readLine(until: deadline) { return line }
        if process.outputEnded { throw Failure(description: "layout-watch's output ended; \(recentLines)") }
        return nil
    }

    /// Reads lines until one is `line`.
    ///
    /// - Throws: `Failure` when `timeout` passes first, saying what was awaited and what came.
    func waitFor(_ line: String, timeout: Duration = .seconds(20)) throws {
        let expected = try WatchEvent(parsing: line)
        let deadline = ContinuousClock.now + timeout
        while let event = try readLine(until: deadline) {
            if event == expected { return }
        }
        throw Failure(description: "no '\(line)' from layout-watch within \(timeout); \(recentLines)")
    }

    /// The last lines read, for messages.
    private var recentLines: String {
        "last lines (of \(lines.count)):\n" + lines.suffix(30).joined(separator: "\n")
    }

    /// Reads every line that the file operations done so far cause: creates a marker file in `folder` (a root, or
    /// a folder in one, at `path` under root `root`) and reads up to its `create` line, which comes after theirs.
    func settle(folder: URL, root: Int = 0, path: String = "") throws {
        let name = "marker-\(UUID().uuidString)"
        // Not FileManager.createFile, which writes a hidden temporary file and renames it.
        try folder.entry(name).write("")
        try waitFor("create\t\(root)\t\(path.isEmpty ? name : path + "/" + name)")
    }

    /// Reads lines until the detector has no deadline left, ticking it at each: every pending removal done.
    func passDeadlines() throws {
        while let deadline = detector.nextDeadline {
            _ = try readLine(until: deadline)
            actions += detector.tick(at: .now)
        }
    }

    /// Waits until the process exits; returns its exit status, or nil if it still runs after `timeout` or a
    /// signal ended it.
    func waitForExit(timeout: Duration = .seconds(10)) -> Int32? {
        guard case .exited(let status)? = process.waitForExit(timeout: timeout) else { return nil }
        return status
    }

    /// Closes the reading end of the output pipe, as a daemon that stops reading.
    func closeOutput() throws {
        process.closeOutput()
    }
}

/// A temporary folder, removed when `body` returns.
func withTemporaryFolder<T>(_ body: (URL) throws -> T) throws -> T {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layout-watch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder.resolvingSymlinksInPath())
}

extension URL {
    /// Writes `text` into the file in place: opened (created if need be), truncated, written and closed, as shell
    /// `>` and VS Code do.
    func write(_ text: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw LayoutWatchProcess.Failure(description: "cannot open \(path)") }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        guard Glibc.write(descriptor, bytes, bytes.count) == bytes.count else {
            throw LayoutWatchProcess.Failure(description: "cannot write \(path)")
        }
    }

    /// The entry `name` in this folder.
    func entry(_ name: String) -> URL { appendingPathComponent(name) }
}
