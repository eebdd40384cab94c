import HostSystem

#if canImport(Glibc)
    import Glibc
#endif

/// Makes a file of `size` bytes at `path` without writing them (a sparse file): what tests of files too large
/// to read use, in no time and no disk space.
package func makeSparseFile(_ path: String, size: Int) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw ChildProcess.Failure("cannot make \(path): \(systemReason(errno))") }
    defer { close(descriptor) }
    guard ftruncate(descriptor, off_t(size)) == 0 else {
        throw ChildProcess.Failure("cannot size \(path): \(systemReason(errno))")
    }
}
