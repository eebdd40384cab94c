#if canImport(Glibc)
    import Glibc
#endif

/// A listening Unix-domain socket made by hand, so that it is close-on-exec from its first instant (SwiftNIO's
/// sockets are not) and its listen queue is the system's largest.
package enum UnixSocket {
    /// Why a socket could not be made to listen.
    package struct Failure: Error, CustomStringConvertible, Sendable {
        package var description: String
    }

    /// The listen queue: the system's largest (`net.core.somaxconn`, read from /proc; `SOMAXCONN` when it
    /// cannot be read). Connections beyond it are refused with `EAGAIN`, which clients retry.
    package static var backlog: Int32 {
        if let bytes = try? FileReader.read("/proc/sys/net/core/somaxconn", limit: 64),
            let value = Int32(String(decoding: bytes, as: UTF8.self).filter { !$0.isWhitespace }), value > 0
        {
            return value
        }
        return Int32(SOMAXCONN)
    }

    /// A new socket bound to `path` and listening, with mode 0600 from the start (bind(2) creates the file under
    /// a umask of 0177, with no window in which it is more open), non-blocking and close-on-exec: its descriptor.
    package static func listen(at path: String) throws(Failure) -> CInt {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else {
            throw Failure(description: "the path is \(bytes.count) bytes; a socket's path is at most \(capacity - 1)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let descriptor = socket(
            AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: systemReason(errno)) }
        let previous = umask(0o177)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        let code = errno
        umask(previous)
        guard bound == 0 else {
            close(descriptor)
            throw Failure(description: systemReason(code))
        }
        guard Glibc.listen(descriptor, backlog) == 0 else {
            let code = errno
            close(descriptor)
            unlink(path)
            throw Failure(description: systemReason(code))
        }
        return descriptor
    }
}

/// A folder only this user can write to, for a socket: made with mode 0700 when missing; when there, refused
/// unless it is a real folder (not a link) that this user owns and that no one else can write to, since another
/// user who owns it, or can write to it, could put their own socket where clients look.
package enum PrivateFolder {
    package struct Unsafe: Error, CustomStringConvertible, Sendable {
        package var description: String
    }

    /// Makes or checks the folder at `path`.
    package static func prepare(_ path: String) throws(Unsafe) {
        if mkdir(path, 0o700) == 0 { return }
        let code = errno
        guard code == EEXIST else {
            throw Unsafe(description: "cannot make the folder \(path): \(systemReason(code))")
        }
        var info = stat()
        guard lstat(path, &info) == 0 else {
            throw Unsafe(description: "cannot look at the folder \(path): \(systemReason(errno))")
        }
        let kind = FileKind(mode: info.st_mode)
        guard kind == .folder else {
            throw Unsafe(description: "\(path) is \(kind.described), not a folder this user made")
        }
        guard info.st_uid == getuid() else {
            throw Unsafe(
                description: "the folder \(path) belongs to uid \(info.st_uid), not to this user (uid \(getuid())): "
                    + "another user may be trying to pose as layoutd")
        }
        guard info.st_mode & 0o022 == 0 else {
            let mode = String(info.st_mode & 0o777, radix: 8)
            throw Unsafe(
                description: "the folder \(path) has mode \(mode): other users can write to it and could put their "
                    + "own socket there; make it private with 'chmod 700 \(path)'")
        }
    }
}
