#if canImport(Glibc)
    import Glibc
#endif

/// A blocking Unix-socket client on bare system calls, for tests that open
/// hundreds of connections or misbehave in ways a well-made client cannot.
/// Every read waits until a deadline at most.
final class UnixSocket {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let fd: Int32
    private var buffer: [UInt8] = []

    /// Connects to `path`; `nonBlocking`, a full listen queue throws (EAGAIN) instead of waiting.
    init(_ path: String, nonBlocking: Bool = false) throws {
        let flags = nonBlocking ? Int32(SOCK_NONBLOCK.rawValue) : 0
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | flags, 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(fd)
            throw Failure(description: "socket path too long: \(path)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard status == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw Failure(description: "connect \(path): \(reason)")
        }
    }

    deinit { close(fd) }

    /// Sends every byte (blocking).
    func send(_ bytes: [UInt8]) throws {
        var rest = bytes[...]
        while !rest.isEmpty {
            let sent = rest.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { throw Failure(description: "send: \(String(cString: strerror(errno)))") }
            rest = rest.dropFirst(sent)
        }
    }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Closes the sending side, keeping the receiving one.
    func shutdownWriting() { shutdown(fd, Int32(SHUT_WR)) }

    /// The next line, or nil when the connection ended or `seconds` passed.
    func readLine(seconds: Double = 10) -> String? {
        let deadline = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            let left = deadline - .now
            guard left > .zero else { return nil }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(min(left / .milliseconds(1), 1000))) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = recv(fd, &chunk, chunk.count, 0)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            buffer += chunk[..<count]
        }
    }

    /// Reads lines until one starts with `prefix`; nil when the connection ended or `seconds` passed.
    func readLine(startingWith prefix: String, seconds: Double = 10) -> String? {
        let deadline = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
        while ContinuousClock.now < deadline {
            guard let line = readLine(seconds: max(0.001, Double((deadline - .now) / .milliseconds(1)) / 1000)) else {
                return nil
            }
            if line.hasPrefix(prefix) { return line }
        }
        return nil
    }

    /// Whether the daemon has closed the connection, waiting up to `seconds` (discarding what it sends).
    func waitForClose(seconds: Double) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while ContinuousClock.now < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let count = recv(fd, &chunk, chunk.count, 0)
            if count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN) { return true }
        }
        return false
    }
}

/// What a process holds, from /proc: open descriptors and resident memory.
enum ProcessUsage {
    static func descriptors(of pid: Int32) -> Int {
        guard let directory = opendir("/proc/\(pid)/fd") else { return -1 }
        defer { closedir(directory) }
        var count = 0
        while readdir(directory) != nil { count += 1 }
        return count - 2
    }

    /// What each descriptor is (`socket:[123]`, `pipe:[45]`, `anon_inode:[eventpoll]`, a path), to say which
    /// ones a failure left behind.
    static func descriptorKinds(of pid: Int32) -> [String] {
        guard let directory = opendir("/proc/\(pid)/fd") else { return [] }
        defer { closedir(directory) }
        var kinds: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != ".." else { continue }
            var buffer = [CChar](repeating: 0, count: 512)
            let count = readlink("/proc/\(pid)/fd/\(name)", &buffer, buffer.count - 1)
            let target =
                count > 0 ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
            kinds.append("\(name) → \(target)")
        }
        return kinds
    }

    /// VmRSS in KiB.
    static func residentKiB(of pid: Int32) -> Int {
        guard let file = fopen("/proc/\(pid)/status", "r") else { return -1 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix("VmRSS:") {
                return Int(text.dropFirst(6).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "") ?? -1
            }
        }
        return -1
    }

    /// Waits up to `seconds` for the daemon's descriptors to come back to `baseline`; the count at the end.
    static func waitForDescriptors(of pid: Int32, atMost baseline: Int, seconds: Double = 20) -> Int {
        let deadline = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
        var count = descriptors(of: pid)
        while count > baseline && ContinuousClock.now < deadline {
            usleep(20_000)
            count = descriptors(of: pid)
        }
        return count
    }
}
