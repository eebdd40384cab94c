#if canImport(Glibc)
    import Glibc
#endif

/// Why layout-watch stops, other than a failure of inotify itself.
enum Stop: Error {
    /// Standard output was closed: the daemon no longer reads.
    case outputClosed
    /// SIGTERM or SIGINT, or the parent died.
    case requested
}

/// layout-watch's standard output: one line per event, written at once.
///
/// A line is `KIND\tROOT\tPATH\n`, or `overflow\n` or `ready\n`. `ROOT` is the root's index on the command line,
/// from 0; `PATH` is relative to that root (empty for the root itself), its bytes as they are except for
/// `\\`, `\t`, `\n`, `\r`, other control characters and bytes that are not part of valid UTF-8, which are written
/// as `\\`, `\t`, `\n`, `\r` and `\xNN`. So a line always ends at the first newline, and the exact bytes of any
/// file name can be read back.
///
/// Each line goes to the pipe in one `write`, so the reader never waits for a line that is sitting in a buffer.
struct Output {
    /// Writes one event's line.
    func event(_ kind: String, root: Int, path: [UInt8]) throws(Stop) {
        var line = Array(kind.utf8)
        line.append(UInt8(ascii: "\t"))
        line += String(root).utf8
        line.append(UInt8(ascii: "\t"))
        escape(path, into: &line)
        line.append(UInt8(ascii: "\n"))
        try write(line)
    }

    /// Writes a line without a root or path: `overflow` or `ready`.
    func line(_ word: String) throws(Stop) {
        try write(Array((word + "\n").utf8))
    }

    /// Writes `bytes` to standard output, all of them.
    ///
    /// - Throws: `Stop.outputClosed` when the reader has gone (EPIPE, SIGPIPE being ignored), and `Stop.requested`
    ///   when a stop signal interrupts a write that waits for the reader.
    private func write(_ bytes: [UInt8]) throws(Stop) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                Glibc.write(STDOUT_FILENO, buffer.baseAddress! + written, buffer.count - written)
            }
            if count >= 0 {
                written += count
            } else if errno == EINTR {
                if StopSignal.received { throw .requested }
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                // A pipe the daemon made non-blocking, and full: wait until it can take more.
                var output = pollfd(fd: STDOUT_FILENO, events: Int16(POLLOUT), revents: 0)
                _ = poll(&output, 1, 1_000)
                if StopSignal.received || StopSignal.parentDied { throw .requested }
            } else {
                // EPIPE, or any other reason the line cannot reach the daemon.
                throw .outputClosed
            }
        }
    }
}

/// Appends `bytes` to `line`, escaped as `Output` describes.
func escape(_ bytes: [UInt8], into line: inout [UInt8]) {
    let hex = Array("0123456789abcdef".utf8)
    var index = 0
    while index < bytes.count {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\\"): line += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
        case UInt8(ascii: "\t"): line += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
        case UInt8(ascii: "\n"): line += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
        case UInt8(ascii: "\r"): line += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
        case 0x20..<0x7F:
            line.append(byte)
        default:
            let length = byte >= 0x80 ? utf8SequenceLength(bytes, at: index) : 0
            if length > 0 {
                line += bytes[index..<index + length]
                index += length
                continue
            }
            // A control character, DEL, or a byte that does not start a valid UTF-8 sequence.
            line += [UInt8(ascii: "\\"), UInt8(ascii: "x"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
        }
        index += 1
    }
}

/// The length of the valid UTF-8 sequence of two to four bytes that starts at `index`, or 0 if there is none
/// (a stray continuation byte, an overlong form, a surrogate, a code point above U+10FFFF, or a cut sequence).
private func utf8SequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
    let lead = bytes[index]
    let length: Int
    var low: UInt8 = 0x80  // the range of the second byte, narrower after some leads
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0: (length, low) = (3, 0xA0)
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: (length, high) = (3, 0x9F)
    case 0xF0: (length, low) = (4, 0x90)
    case 0xF1...0xF3: length = 4
    case 0xF4: (length, high) = (4, 0x8F)
    default: return 0
    }
    guard index + length <= bytes.count else { return 0 }
    guard (low...high).contains(bytes[index + 1]) else { return 0 }
    for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) {
        return 0
    }
    return length
}
