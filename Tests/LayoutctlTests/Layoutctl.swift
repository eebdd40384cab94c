import Foundation
import HostSystem
import TestSupport
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
    static func run(_ arguments: [String], environment: [String: String] = [:], timeout: Duration? = nil) throws
        -> Result
    {
        let result = try ChildProcess.run(
            executable.path, arguments, environment: environment, timeout: timeout ?? .seconds(300))
        return Result(
            status: result.status, stdout: result.stdout, stderr: result.stderr, signaled: result.signaled,
            timedOut: result.timedOut)
    }
}

/// A temporary folder, removed when the test's closure returns.
func withTemporaryFolder<T>(_ body: (URL) throws -> T) throws -> T {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layoutctl-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
}

/// The part of `layoutctl solve`'s frame that comparisons with kiwisolver read.
struct SolvedFrame: Decodable {
    struct View: Decodable {
        var name: String
        var x: Double
        var y: Double
        var width: Double
        var height: Double
    }
    var views: [View]
}
