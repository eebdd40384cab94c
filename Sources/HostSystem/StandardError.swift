#if canImport(Glibc)
    import Glibc
#endif

/// Writes a message and `terminator` to standard error, unbuffered, so that it is out before the program goes on
/// or exits, however it exits: the one way the command-line programs report a problem. The text is written as it
/// is; text from a daemon, a file or the command line is escaped by the caller first, so that it cannot act on
/// the terminal.
package func printError(_ message: String, terminator: String = "\n") {
    _ = writeAll(Array((message + terminator).utf8)[...], to: STDERR_FILENO)
}

/// Writes all of `bytes` to `fd`, again after an interrupted or partial write; the errno of the failure that
/// stopped it, or nil when all was written.
func writeAll(_ bytes: ArraySlice<UInt8>, to fd: CInt) -> CInt? {
    var rest = bytes
    while !rest.isEmpty {
        let written = rest.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return written < 0 ? errno : EIO }
        rest = rest.dropFirst(written)
    }
    return nil
}
