import BenchSupport

#if canImport(Glibc)
    import Glibc
#endif

/// What a process has used so far, from /proc: its CPU time (user and system) and its resident memory.
struct DaemonUsage {
    var cpuSeconds: Double
    var rssMegabytes: Double

    init(pid: pid_t) throws {
        // /proc/PID/stat: "pid (comm) state …", utime and stime the 14th and 15th fields, in clock ticks.
        let stat = try Self.read("/proc/\(pid)/stat")
        guard let end = stat.lastIndex(of: ")") else { throw BenchError("cannot read /proc/\(pid)/stat") }
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else {
            throw BenchError("cannot read /proc/\(pid)/stat")
        }
        cpuSeconds = (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
        let status = try Self.read("/proc/\(pid)/status")
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
        guard let kilobytes = line?.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else {
            throw BenchError("cannot read VmRSS in /proc/\(pid)/status")
        }
        rssMegabytes = kilobytes / 1024
    }

    private static func read(_ path: String) throws -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw BenchError("cannot open \(path)") }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 8192)
        let count = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        return String(decoding: bytes[..<max(0, count)], as: UTF8.self)
    }
}
