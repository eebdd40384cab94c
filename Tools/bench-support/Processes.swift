// The processes, files and socket the daemon's benchmarks need (reload-bench, stream-bench), on plain POSIX calls.

import HostSystem
import LayoutValues

#if canImport(Glibc)
    public import Glibc
#endif

public struct BenchError: Error, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// A process the bench started: stopped with SIGTERM and reaped by ``stop()``.
public struct ChildProcess {
    private let process: Subprocess
    public var pid: pid_t { process.pid }
    /// The read end of a pipe on its standard output, when one was asked for.
    public let output: CInt?

    /// Starts `executable` (looked up on `PATH` when it has no `/`): standard input from `input` (else /dev/null),
    /// standard output into a new pipe when `captureOutput` (else /dev/null), standard error the bench's own.
    public static func start(
        _ executable: String, _ arguments: [String], input: CInt? = nil, captureOutput: Bool = false
    ) throws -> ChildProcess {
        do {
            let process = try Subprocess(
                executable, arguments, standardInput: input.map { .descriptor($0) } ?? .null,
                standardOutput: captureOutput ? .pipe : .null, standardError: .inherit)
            return ChildProcess(process: process, output: process.standardOutput)
        } catch {
            throw BenchError(error.description)
        }
    }

    /// Whether it has ended (reaping it then).
    public var hasEnded: Bool { process.ending != nil }

    /// Asks it to end (SIGTERM), kills it if it has not ended within 10 s, and reaps it.
    public func stop() {
        process.stop(grace: .seconds(10))
        if let output { close(output) }
    }
}

/// A pipe whose two ends close on exec: one end goes to a child with ``ChildProcess/start(_:_:input:captureOutput:)``.
public func makePipe() throws -> (read: CInt, write: CInt) {
    do {
        return try Subprocess.makePipe()
    } catch {
        throw BenchError(error.description)
    }
}

/// The folder of this executable: `swift build` puts layoutd, layout-watch and layoutctl beside it.
public func executableFolder() throws -> String {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBufferPointer { raw in
        raw.withMemoryRebound(to: CChar.self) { readlink("/proc/self/exe", $0.baseAddress!, $0.count - 1) }
    }
    let path = String(decoding: buffer[..<max(0, count)], as: UTF8.self)
    guard count > 0, let slash = path.lastIndex(of: "/") else { throw BenchError("cannot read /proc/self/exe") }
    return String(path[..<slash])
}

/// An executable built beside this one.
public func builtTool(_ name: String) throws -> String {
    let path = try executableFolder() + "/" + name
    guard access(path, X_OK) == 0 else {
        throw BenchError("\(path) is missing: build it in the same configuration (swift build --product \(name))")
    }
    return path
}

/// A new, empty folder under /tmp.
public func makeTemporaryFolder(_ prefix: String) throws -> String {
    var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw BenchError("cannot make a folder in /tmp") }
    return String(cString: made)
}

/// Removes a folder made by ``makeTemporaryFolder(_:)`` and the files in it.
public func removeFolder(_ folder: String) {
    guard let directory = opendir(folder) else { return }
    while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name != "." && name != ".." { unlink(folder + "/" + name) }
    }
    closedir(directory)
    rmdir(folder)
}

public func writeFile(_ path: String, _ text: String) throws {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw BenchError("cannot write \(path): \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    try writeAll(Array(text.utf8), to: fd)
}

public func writeAll(_ bytes: [UInt8], to fd: CInt) throws {
    var written = 0
    while written < bytes.count {
        let count = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { throw BenchError("write failed: \(String(cString: strerror(errno)))") }
        written += count
    }
}

/// Saves as an editor does: the text into a new file, then a rename over the old one.
/// - Returns: The instants just before `rename()` was called and just after it returned.
public func save(
    _ text: String, to path: String
) throws -> (called: ContinuousClock.Instant, returned: ContinuousClock.Instant) {
    try writeFile(path + ".tmp~", text)
    let called = ContinuousClock.now
    guard rename(path + ".tmp~", path) == 0 else { throw BenchError("cannot rename over \(path)") }
    return (called, .now)
}

/// A connection to a Unix-domain socket, or nil when nobody listens on it.
public func connect(to socketPath: String) -> CInt? {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { return nil }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let path = Array(socketPath.utf8.prefix(MemoryLayout.size(ofValue: address.sun_path) - 1))
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path) }
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
    }
    guard connected == 0 else {
        close(fd)
        return nil
    }
    return fd
}

/// Waits until `layoutd` answers on its socket (it binds once every scene has loaded): a connection to it.
public func waitForDaemon(on socketPath: String, process: ChildProcess, seconds: Int = 30) throws -> CInt {
    for _ in 0..<(seconds * 100) {
        if let fd = connect(to: socketPath) { return fd }
        guard !process.hasEnded else { throw BenchError("layoutd exited at start") }
        usleep(10_000)
    }
    throw BenchError("layoutd did not listen on \(socketPath) within \(seconds) s")
}

/// Milliseconds from one instant to another.
public func milliseconds(from start: ContinuousClock.Instant, to end: ContinuousClock.Instant) -> Double {
    (end - start).seconds * 1e3
}
