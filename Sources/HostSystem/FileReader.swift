import CSpawnShims

#if canImport(Glibc)
    import Glibc
#endif

/// Why a file could not be read: what the daemon and `layoutctl` report on
/// the scene instead of its contents.
package enum FileReadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path leads to no file (`no such file or directory`, `not a directory`, a loop of symbolic links): it
    /// went between the event and the read, or was never there.
    case missing(reason: String)
    /// Something other than a regular file is there, even through a symbolic link: a FIFO, a socket, a device, a
    /// folder. It is never opened in a way that could block or have an effect.
    case notAFile(FileKind)
    /// A regular file larger than the reader's limit, in bytes.
    case tooLarge(size: Int, limit: Int)
    /// The system refused: its reason (`permission denied`, `input/output error`).
    case unreadable(reason: String)

    /// The stable code of the diagnostic that reports it on a scene (docs/diagnostics.md, "The file itself").
    package var code: String {
        switch self {
        case .missing, .unreadable: "unreadable"
        case .notAFile: "not-a-file"
        case .tooLarge: "too-large"
        }
    }

    package var description: String {
        switch self {
        case .missing(let reason): reason
        case .notAFile(let kind): "it is \(kind.described), not a regular file"
        case .tooLarge(let size, let limit): "it is \(Self.bytes(size)); a scene file is at most \(Self.bytes(limit))"
        case .unreadable(let reason): "it cannot be read: \(reason)"
        }
    }

    /// A size as messages give it: bytes, KiB or MiB.
    static func bytes(_ count: Int) -> String {
        if count >= 1 << 20 && count % (1 << 20) == 0 { return "\(count >> 20) MiB" }
        if count >= 1 << 20 {
            let tenths = (count * 10 + (1 << 19)) >> 20
            return "\(tenths / 10).\(tenths % 10) MiB"
        }
        if count >= 1 << 10 { return "\(count >> 10) KiB" }
        return "\(count) bytes"
    }
}

/// What kind of thing is at a path.
package enum FileKind: Hashable, Sendable {
    case regular, folder, fifo, socket, characterDevice, blockDevice, symbolicLink, unknown

    init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .folder
        case S_IFIFO: self = .fifo
        case S_IFSOCK: self = .socket
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFLNK: self = .symbolicLink
        default: self = .unknown
        }
    }

    /// With its article, as a message says it: "a FIFO (named pipe)".
    package var described: String {
        switch self {
        case .regular: "a regular file"
        case .folder: "a folder"
        case .fifo: "a FIFO (named pipe)"
        case .socket: "a socket"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .symbolicLink: "a symbolic link"
        case .unknown: "a special file"
        }
    }
}

/// Reads whole files without ever blocking on what is not a file.
///
/// The one way the project reads a file whose path someone else chose (a scene in a watched folder, a file on
/// `layoutctl`'s command line): opened with `O_PATH` first, which opens nothing, and `fstat` of that, so that a
/// FIFO, a device or a socket is never opened for reading; then opened for reading through that descriptor
/// (`O_NONBLOCK | O_NOCTTY | O_CLOEXEC`) and checked again; then read up to `limit` bytes and one more, so that a
/// file that grows while it is read is refused too rather than read without end.
///
/// ```swift
/// switch Result(catching: { try FileReader.read("Quiz.layout") }) {
/// case .success(let bytes): …
/// case .failure(.notAFile(.fifo)): …
/// }
/// ```
package enum FileReader {
    /// The largest file read by default: 16 MiB, as the scene language's own limit on a file.
    package static let defaultLimit = 16 << 20

    /// The bytes of the regular file at `path` (symbolic links followed).
    ///
    /// The path is first opened with `O_PATH`, which opens nothing (a device is not told, a FIFO not waited
    /// on); that descriptor's `fstat` says what it is; only a regular file within the limit is then opened for
    /// reading, through `/proc/self/fd`, so what is read is what was checked, and checked again.
    /// - Throws: ``FileReadError``.
    package static func read(_ path: String, limit: Int = defaultLimit) throws(FileReadError) -> [UInt8] {
        let handle = open(path, spawn_shims_o_path() | O_CLOEXEC)
        guard handle >= 0 else { throw error(errno, at: path) }
        defer { close(handle) }
        var info = stat()
        guard fstat(handle, &info) == 0 else { throw error(errno, at: path) }
        try check(info, limit: limit)
        var descriptor = open("/proc/self/fd/\(handle)", O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        // Without /proc: the path again, checked again once open.
        if descriptor < 0 && (errno == ENOENT || errno == ENOTDIR) {
            descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        }
        guard descriptor >= 0 else { throw error(errno, at: path) }
        defer { close(descriptor) }
        guard fstat(descriptor, &info) == 0 else { throw error(errno, at: path) }
        try check(info, limit: limit)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size) + 1)
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw error(errno, at: path)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
            guard bytes.count <= limit else { throw .tooLarge(size: bytes.count, limit: limit) }
        }
    }

    /// The bytes of the regular file at `path`, when reading them cannot wait on a disk, as just after a save: every
    /// component of the path in the kernel's lookup cache (`openat2` with `RESOLVE_CACHED`), and all of the file in
    /// the page cache (`preadv2` with `RWF_NOWAIT`). Nil when it might wait, or cannot tell: then
    /// ``read(_:limit:)`` on a thread that may block. So the daemon reads a save on its event loop, without the two
    /// hops to a blocking thread and back (about 0.2 ms), and a slow disk still delays only its own scene.
    ///
    /// A FIFO, a device, a socket or a folder at the path, or a file over `limit`, fails at once, as in
    /// ``read(_:limit:)``; a symbolic link is left to it (nil), as is any other failure, so that it says why.
    /// The path is opened with `O_PATH | O_NOFOLLOW` first and checked, then opened for reading with `O_NOFOLLOW`
    /// (a link put there meanwhile fails) and `O_NONBLOCK`, and read only when it is the file that was checked.
    package static func readIfCached(_ path: String, limit: Int = defaultLimit) -> Result<[UInt8], FileReadError>? {
        let handle = spawn_shims_open_cached(path, spawn_shims_o_path() | O_NOFOLLOW | O_CLOEXEC)
        guard handle >= 0 else { return nil }
        defer { close(handle) }
        var checked = stat()
        guard fstat(handle, &checked) == 0, FileKind(mode: checked.st_mode) != .symbolicLink else { return nil }
        do throws(FileReadError) {
            try check(checked, limit: limit)
        } catch {
            return .failure(error)
        }
        let descriptor = spawn_shims_open_cached(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_dev == checked.st_dev, info.st_ino == checked.st_ino else {
            return nil
        }
        // One byte more than the file holds: a file that grew meanwhile reads on until it ends or passes the limit.
        var bytes: [UInt8] = []
        var capacity = Int(info.st_size) + 1
        while true {
            var ended = false
            var failed = false
            bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                count = bytes.count
                if count > 0 { _ = UnsafeMutableBufferPointer(rebasing: buffer[..<count]).initialize(from: bytes) }
                while count < capacity {
                    let read = spawn_shims_read_cached(
                        descriptor, buffer.baseAddress! + count, capacity - count, off_t(count))
                    if read > 0 {
                        count += read
                    } else if read == 0 {
                        ended = true
                        return
                    } else if errno != EINTR {
                        failed = true
                        return
                    }
                }
            }
            if failed { return nil }
            if bytes.count > limit { return .failure(.tooLarge(size: bytes.count, limit: limit)) }
            if ended { return .success(bytes) }
            capacity = min(limit + 1, 2 * capacity)
        }
    }

    /// What kind of thing is at `path`, without following a symbolic link; nil when nothing is.
    package static func kind(at path: String) -> FileKind? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return FileKind(mode: info.st_mode)
    }

    private static func check(_ info: stat, limit: Int) throws(FileReadError) {
        let kind = FileKind(mode: info.st_mode)
        guard kind == .regular else { throw .notAFile(kind) }
        guard Int(info.st_size) <= limit else { throw .tooLarge(size: Int(info.st_size), limit: limit) }
    }

    /// The error for a call on `path` that failed with `code`: missing only when nothing at all is at the path
    /// itself; a symbolic link that leads nowhere, or in a loop, is there and cannot be read.
    private static func error(_ code: Int32, at path: String) -> FileReadError {
        switch code {
        case ENOENT, ENOTDIR, ELOOP, ENAMETOOLONG:
            var info = stat()
            guard lstat(path, &info) == 0, FileKind(mode: info.st_mode) == .symbolicLink else {
                return .missing(reason: systemReason(code))
            }
            let why = code == ENOENT ? "a symbolic link to nothing (no such file or directory)" : systemReason(code)
            return .unreadable(reason: why)
        default:
            return .unreadable(reason: systemReason(code))
        }
    }
}

/// The system's reason for an errno, in lower case as a message goes on: "permission denied".
package func systemReason(_ code: Int32) -> String {
    let text = String(cString: strerror(code))
    return text.prefix(1).lowercased() + text.dropFirst()
}
