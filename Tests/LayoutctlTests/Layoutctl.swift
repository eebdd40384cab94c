import Dispatch
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the real `layoutctl` built next to the test bundle.
struct Layoutctl {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Whether a signal ended the process (a crash, or the timeout's kill) instead of an exit.
        var signaled = false
        /// Whether the process ran past its timeout and was killed.
        var timedOut = false
    }

    /// The `layoutctl` executable in the build folder that holds the tests.
    static let executable: URL = {
        let tests = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = tests.deletingLastPathComponent()
        // `swift test` runs `.build/debug/X.xctest` (a file on Linux, a bundle on macOS).
        while !FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("layoutctl").path),
            folder.path != "/"
        {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("layoutctl")
    }()

    /// Runs `layoutctl ARGUMENTS…` to its end, or until `timeout` has passed,
    /// when it is killed (so that a hang fails a test instead of blocking it).
    static func run(_ arguments: [String], timeout: Duration? = nil) throws -> Result {
        // Standard error goes to a file, so that neither stream can fill up
        // while the other is read.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("layoutctl-\(UUID()).err")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        let errorHandle = try FileHandle(forWritingTo: errorFile)
        defer { try? errorHandle.close() }
        process.standardError = errorHandle
        try process.run()
        let started = ContinuousClock.now
        let pid = process.processIdentifier
        let killer = DispatchWorkItem { kill(pid, SIGKILL) }
        if let timeout {
            let (seconds, attoseconds) = timeout.components
            let nanoseconds = Int(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds), execute: killer)
        }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        killer.cancel()
        let stderr = try Data(contentsOf: errorFile)
        let signaled = process.terminationReason == .uncaughtSignal
        return Result(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self), signaled: signaled,
            timedOut: signaled && process.terminationStatus == SIGKILL
                && timeout.map { ContinuousClock.now - started >= $0 } == true)
    }
}

/// A temporary folder, removed when the test's closure returns.
func withTemporaryFolder<T>(_ body: (URL) throws -> T) throws -> T {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layoutctl-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
}
