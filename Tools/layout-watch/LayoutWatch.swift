// layout-watch: libinotifytools in a process of its own, for layoutd. GPL-2.0-only (see LICENSE in this folder),
// because it links libinotifytools; it uses nothing else of the project, and talks to layoutd only through its
// standard output.

#if canImport(Glibc)
    import Glibc
#endif

/// `layout-watch [--all-events] [--] ROOT…`: watches folders recursively and prints one line per event.
///
/// Lines (see `Output` for the escaping of paths):
/// - `exists\tR\tPATH`: a file (or anything but a folder) found by a listing: at start, in a folder that appears,
///   and after an overflow; and, after its `create`, a symbolic link, FIFO or socket just made, which no write
///   completes;
/// - `create`, `close_write`, `moved_to`, `moved_from`, `delete` (`\tR\tPATH`), and `create_dir`, `moved_to_dir`,
///   `moved_from_dir`, `delete_dir` for folders; with `--all-events` also `modify` and `attrib`/`attrib_dir`;
/// - `delete_self\tR\t` and `move_self\tR\t`: root R itself was deleted (or its file system unmounted) or moved
///   away; it is no longer watched, and layout-watch waits for its path to be a folder again;
/// - `rewatch\tR\t`: root R, gone before, is a folder again (made again, moved back, or a copy put in its place)
///   and is watched again; its listing follows (`exists` lines), and then comes `ready`;
/// - `overflow`: the kernel's queue overflowed and events were lost; every root is listed again (`exists` lines,
///   and `rewatch` before those of a root that is back, `delete_self` for a root found gone), and then comes `ready`;
/// - `ready`: every folder is watched and listed (once at start, after each overflow, and after each `rewatch`'s
///   listing).
///
/// Folders that appear are watched and listed at once, as files may land in them before their watch exists.
/// A root that goes is waited for through a watch on its parent folder, for a folder made or moved in under the
/// root's name (this watch reports nothing else, and is removed once the root is back), and each second by a
/// `stat` of its path, for a parent that is gone too or cannot be watched, and for a root given as a symbolic link
/// whose target comes back. A root that does not exist at start is an error (status 2), not waited for.
/// Problems that leave a folder unwatched (no permission, `ENOSPC` when `fs.inotify.max_user_watches` is reached)
/// go to standard error as `layout-watch: error: …` lines, and watching goes on.
///
/// It stops, with status 0, on SIGTERM or SIGINT, when its parent dies (`PR_SET_PDEATHSIG`, and a check each
/// second), and when its standard output is closed (the next write fails, or a check each second finds no
/// reader). Status 1: inotify failed; 2: a bad command line, or a root that does not exist or is not a folder (one
/// line on standard error).
@main
enum LayoutWatch {
    static func main() {
        var allEvents = false
        var roots: [[UInt8]] = []
        var options = true
        // The bytes as given: a root's name need not be UTF-8.
        let arguments = UnsafeBufferPointer(start: CommandLine.unsafeArgv, count: Int(CommandLine.argc))
        for case let argument? in arguments.dropFirst() {
            let bytes = Array(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
            let text = String(decoding: bytes, as: UTF8.self)
            if options, text == "--" {
                options = false
            } else if options, text == "--all-events" {
                allEvents = true
            } else if options, text == "-h" || text == "--help" {
                print("usage: layout-watch [--all-events] [--] ROOT…")
                exit(0)
            } else if options, text.hasPrefix("-"), text != "-" {
                fail("unknown option '\(text)'; usage: layout-watch [--all-events] [--] ROOT…", status: 2)
            } else {
                roots.append(bytes)
            }
        }
        if roots.isEmpty { fail("no folder to watch; usage: layout-watch [--all-events] [--] ROOT…", status: 2) }
        StopSignal.install()
        if StopSignal.parentDied { exit(0) }
        for root in roots { checkFolder(root) }
        guard Inotify.initialize() else {
            let code = Inotify.error
            let hint = code == EMFILE ? " (the limit of inotify instances, fs.inotify.max_user_instances)" : ""
            fail("cannot start inotify: \(reason(code))\(hint)", status: 1)
        }
        let output = Output()
        var watcher = Watcher(roots: roots.map(withoutTrailingSlashes), allEvents: allEvents, output: output)
        var status: Int32 = 0
        do throws(Stop) {
            for root in roots.indices { try watcher.watchTree(Folder(root: root, path: [])) }
            try output.line("ready")
            status = try watch(&watcher)
        } catch {
            status = 0
        }
        Inotify.cleanup()
        exit(status)
    }

    /// Prints events until it should stop; returns the exit status.
    private static func watch(_ watcher: inout Watcher) throws(Stop) -> Int32 {
        let clock = ContinuousClock()
        var lookedForRoots = clock.now
        while !StopSignal.received {
            if let event = Inotify.nextEvent(timeout: 1) {
                try watcher.handle(event)
            } else {
                switch Inotify.error {
                case 0, EINTR:
                    // A second without events, or a signal (SIGUSR1: the parent may have died): is anyone still there?
                    if StopSignal.parentDied || outputClosed() { return 0 }
                case let code:
                    printError("cannot read inotify events: \(reason(code))")
                    return 1
                }
            }
            // Roots that have gone are looked for once a second, even while events keep coming.
            if watcher.hasMissingRoots, clock.now - lookedForRoots >= .seconds(1) {
                try watcher.lookForMissingRoots()
                lookedForRoots = clock.now
            }
        }
        return 0
    }

    /// Whether standard output is a pipe whose reader has gone (`poll` says `POLLERR` for it).
    private static func outputClosed() -> Bool {
        var output = pollfd(fd: STDOUT_FILENO, events: 0, revents: 0)
        return poll(&output, 1, 0) == 1 && output.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0
    }

    /// Exits with 2 unless `path` is a folder (or a symbolic link to one).
    private static func checkFolder(_ path: [UInt8]) {
        var info = stat()
        let found = (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { stat($0.baseAddress!, &info) == 0 }
        }
        var shown: [UInt8] = []
        escape(path, into: &shown)
        let name = "'" + String(decoding: shown, as: UTF8.self) + "'"
        if !found { fail("cannot watch \(name): \(reason(errno))", status: 2) }
        if info.st_mode & S_IFMT != S_IFDIR { fail("cannot watch \(name): not a folder", status: 2) }
    }

    private static func withoutTrailingSlashes(_ path: [UInt8]) -> [UInt8] {
        var path = path
        while path.last == UInt8(ascii: "/") { path.removeLast() }
        return path
    }

    private static func fail(_ message: String, status: Int32) -> Never {
        printError(message)
        exit(status)
    }
}

/// Writes `layout-watch: error: MESSAGE` on standard error.
func printError(_ message: String) {
    let line = Array("layout-watch: error: \(message)\n".utf8)
    line.withUnsafeBytes { _ = write(STDERR_FILENO, $0.baseAddress!, $0.count) }
}

/// The system's reason for an errno, in lower case as a message goes on.
func reason(_ code: Int32) -> String {
    let text = String(cString: strerror(code))
    return text.prefix(1).lowercased() + text.dropFirst()
}
