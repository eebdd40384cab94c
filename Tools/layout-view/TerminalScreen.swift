import Viewer

#if canImport(Glibc)
    import Glibc
#endif

/// The terminal the viewer draws on: raw mode and the alternate screen on
/// the way in, and everything as it was on every way out.
///
/// Raw mode here means no echo, no line editing, and no signals from keys
/// (Ctrl-C arrives as a byte, so the viewer quits the same way for `q` and
/// Ctrl-C); output processing stays on. ``restore()`` uses only `write` and
/// `tcsetattr`, so a signal handler or an `atexit` hook may call it.
enum TerminalScreen {
    /// The settings found on entry; nil when the terminal is not ours now.
    nonisolated(unsafe) private static var saved: termios?

    /// Whether standard input and output are a terminal.
    static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    /// Raw mode, the alternate screen, the cursor hidden.
    static func enter() -> Bool {
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return false }
        saved = settings
        var raw = settings
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | IGNCR)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { return false }
        atexit { TerminalScreen.restore() }
        write(Escape.enterAlternateScreen + Escape.hideCursor + Escape.clearScreen)
        return true
    }

    /// The terminal as it was: colours reset, cursor shown, the main screen back, cooked mode.
    static func restore() {
        guard var settings = saved else { return }
        saved = nil
        write(Escape.endSynchronized + Escape.reset + Escape.showCursor + Escape.leaveAlternateScreen)
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
    }

    /// The terminal's size in cells, when standard output is a terminal.
    static func size() -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
            return nil
        }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Writes all of `bytes` to standard output, waiting as the terminal reads them.
    @discardableResult
    static func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        return bytes.withUnsafeBytes { buffer in
            while offset < buffer.count {
                let written = Glibc.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }
}
