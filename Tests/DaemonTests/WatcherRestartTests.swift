import PlaygroundClient
import PlaygroundProtocol
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `layout-watch` killed under the daemon: the one started in its place holds nothing of the daemon's (no listening
/// socket, no client's connection), so a client the daemon lets go sees the end of its connection at once.
@Suite(.timeLimit(.minutes(2))) struct WatcherRestartTests {
    @Test("A layout-watch started again after kill -9 inherits no socket; a client let go then sees EOF")
    func restartedWatcherHoldsNoSocket() async throws {
        try await LocalDaemon.with(scenes: ["Box": DaemonTests.box]) { daemon, client in
            // Connected, and answered, before the kill: the daemon holds its connection when it starts the new one.
            let early = try UnixSocket(daemon.socketPath)
            try early.send(#"{"id":1,"cmd":"hello"}"# + "\n")
            let hello = try #require(
                early.readLine(startingWith: #"{"id":1"#), "no answer to hello on a new connection")
            #expect(hello.contains(#""ok":true"#), "\(hello)")

            let first = try #require(
                Proc.waitForChild(of: daemon.pid, named: "layout-watch", other: nil, seconds: 20),
                "no layout-watch child of layoutd (pid \(daemon.pid)) within 20 s")
            #expect(kill(first, SIGKILL) == 0)
            let second = try #require(
                Proc.waitForChild(of: daemon.pid, named: "layout-watch", other: first, seconds: 20),
                "layoutd (pid \(daemon.pid)) started no new layout-watch within 20 s of the old one (\(first)) dying")

            let descriptors = Proc.descriptors(of: second)
            #expect(!descriptors.isEmpty, "no descriptors of layout-watch (pid \(second)) in /proc")
            let sockets = descriptors.filter { $0.target.hasPrefix("socket:") }
            #expect(sockets.isEmpty, "the new layout-watch holds sockets: \(Proc.describe(sockets))")
            // Beside 0–2: its inotify instance and pipes, and a folder of the daemon's it may be listing right now.
            let others = descriptors.filter { descriptor in
                descriptor.fd > 2 && descriptor.target != "anon_inode:inotify" && !descriptor.target.hasPrefix("pipe:")
                    && !descriptor.target.hasPrefix(daemon.folder)
            }
            #expect(others.isEmpty, "the new layout-watch holds descriptors not its own: \(Proc.describe(others))")

            // The daemon still serves, and lets the early client go once it has said all it will (half-closed).
            #expect(try await client.hello().server == "layoutd")
            early.shutdownWriting()
            #expect(
                early.waitForClose(seconds: 10),
                "a client that shut its sending side saw no EOF within 10 s: another process holds its connection")
        }
    }
}

/// What /proc says of other processes.
enum Proc {
    struct Descriptor: CustomStringConvertible {
        var fd: Int32
        var target: String
        var description: String { "\(fd) → \(target)" }
    }

    /// A child of `parent` running `name` (its `comm`) that has not ended, other than `other`; waits up to `seconds`
    /// for one to appear, nil when none did.
    static func waitForChild(of parent: Int32, named name: String, other: Int32?, seconds: Int) -> Int32? {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while true {
            if let child = children(of: parent, named: name).first(where: { $0 != other }) { return child }
            guard ContinuousClock.now < deadline else { return nil }
            usleep(20_000)
        }
    }

    /// The live (not zombie) children of `parent` whose `comm` is `name`.
    static func children(of parent: Int32, named name: String) -> [Int32] {
        guard let directory = opendir("/proc") else { return [] }
        defer { closedir(directory) }
        var found: [Int32] = []
        while let entry = readdir(directory) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let pid = Int32(entryName), let stat = read("/proc/\(pid)/stat") else { continue }
            // "pid (comm) state ppid …": comm may hold spaces and parentheses, so it ends at the last ')'.
            guard let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { continue }
            let comm = String(stat[stat.index(after: open)..<close])
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, comm == name, fields[0] != "Z", Int32(fields[1]) == parent else { continue }
            found.append(pid)
        }
        return found
    }

    /// The open descriptors of `pid` and what each is (`readlink` of `/proc/PID/fd/N`).
    static func descriptors(of pid: Int32) -> [Descriptor] {
        guard let directory = opendir("/proc/\(pid)/fd") else { return [] }
        defer { closedir(directory) }
        var found: [Descriptor] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let fd = Int32(name) else { continue }
            var buffer = [CChar](repeating: 0, count: 4096)
            let count = readlink("/proc/\(pid)/fd/\(fd)", &buffer, buffer.count - 1)
            guard count > 0 else { continue }
            let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            found.append(Descriptor(fd: fd, target: target))
        }
        return found.sorted { $0.fd < $1.fd }
    }

    static func describe(_ descriptors: [Descriptor]) -> String {
        descriptors.map(\.description).joined(separator: ", ")
    }

    /// A small /proc file's text; nil when it cannot be read (the process has gone).
    private static func read(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
