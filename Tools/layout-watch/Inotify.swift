import CInotifyTools

#if canImport(Glibc)
    import Glibc
#endif

/// libinotifytools, the few calls layout-watch makes.
///
/// The library's state is process-global and not thread-safe: layout-watch calls it from its one thread. It keeps
/// the inotify descriptor to itself, so waiting goes through `nextEvent(timeout:)`.
enum Inotify {
    /// One event, copied out of the library's static buffer, which the next call overwrites.
    struct Event {
        /// The watch descriptor, -1 for `IN_Q_OVERFLOW`.
        var descriptor: Int32
        /// `IN_*` bits.
        var mask: UInt32
        /// The name of the entry in the watched folder, empty for an event on the folder itself.
        var name: [UInt8]

        func has(_ bit: Int32) -> Bool { mask & UInt32(bitPattern: bit) != 0 }
    }

    /// The errno of the last call that failed.
    ///
    /// The corresponding C function is `inotifytools_error`.
    static var error: Int32 { inotifytools_error() }

    /// Starts inotify; returns whether it could.
    ///
    /// The corresponding C function is `inotifytools_initialize`.
    static func initialize() -> Bool {
        inotifytools_initialize() != 0
    }

    /// Stops inotify and frees the library's tables.
    ///
    /// The corresponding C function is `inotifytools_cleanup`.
    static func cleanup() {
        inotifytools_cleanup()
    }

    /// Adds a watch on one file or folder; returns whether it could (else see `error`).
    ///
    /// The library does not say which watch descriptor the kernel gave: see `descriptor(named:)`.
    ///
    /// The corresponding C function is `inotifytools_watch_file`.
    static func watch(_ path: [UInt8], events: UInt32) -> Bool {
        cString(path) { inotifytools_watch_file($0, Int32(bitPattern: events)) != 0 }
    }

    /// The descriptor of the watch made with `path`, or nil.
    ///
    /// Stale for a folder the kernel unwatched itself (a deleted folder): the library keeps its entry, as it cannot
    /// remove a watch that the kernel has already dropped.
    ///
    /// The corresponding C function is `inotifytools_wd_from_filename`.
    static func descriptor(named path: [UInt8]) -> Int32? {
        let descriptor = cString(path) { inotifytools_wd_from_filename($0) }
        return descriptor > 0 ? descriptor : nil
    }

    /// The path a watch was made with, or nil for a descriptor the library does not know (for which it gives "").
    ///
    /// The corresponding C function is `inotifytools_filename_from_wd`.
    static func path(ofDescriptor descriptor: Int32) -> [UInt8]? {
        guard let name = inotifytools_filename_from_wd(descriptor), name.pointee != 0 else { return nil }
        return Array(UnsafeRawBufferPointer(start: name, count: strlen(name)))
    }

    /// Removes a watch; returns whether it could (else see `error`).
    ///
    /// The corresponding C function is `inotifytools_remove_watch_by_wd`.
    static func removeWatch(descriptor: Int32) -> Bool {
        inotifytools_remove_watch_by_wd(descriptor) != 0
    }

    /// Removes a watch that the kernel may have dropped already (its folder deleted, its `IN_IGNORED` still to
    /// come, or a new folder with the same inode number under the old path), without the line the library then
    /// prints on standard error ("Failed to remove watch on …"), which it prints whatever its verbosity: that
    /// failure is expected and tells a user nothing. Standard error points at `/dev/null` for the call only;
    /// layout-watch has one thread, so no message of its own can be lost meanwhile. Returns whether the watch was
    /// removed.
    static func removeWatchIfThere(descriptor: Int32) -> Bool {
        let saved = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 0)
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        defer {
            if saved >= 0 { close(saved) }
            if null >= 0 { close(null) }
        }
        guard saved >= 0, null >= 0, dup2(null, STDERR_FILENO) >= 0 else { return removeWatch(descriptor: descriptor) }
        let removed = removeWatch(descriptor: descriptor)
        _ = dup2(saved, STDERR_FILENO)
        return removed
    }

    /// The next event, or nil after `timeout` seconds without one or when a signal interrupts the wait (`error`
    /// then says `EINTR`; it is 0 after a timeout).
    ///
    /// Reads one event at a time: asked for more, the library spins on `FIONREAD` until that many bytes have
    /// arrived, ignoring the timeout. (`inotifytools_next_event` is this with one event, but it takes a timeout of
    /// 0 for "wait forever"; here 0 means "do not wait".)
    ///
    /// The corresponding C function is `inotifytools_next_events`.
    static func nextEvent(timeout: Int) -> Event? {
        guard let event = inotifytools_next_events(timeout, 1) else { return nil }
        let name = layout_watch_event_name(event)!
        return Event(
            descriptor: event.pointee.wd, mask: event.pointee.mask,
            name: Array(UnsafeRawBufferPointer(start: name, count: strnlen(name, Int(event.pointee.len)))))
    }

    /// How many watches the user may have: `fs.inotify.max_user_watches`.
    ///
    /// The corresponding C function is `inotifytools_get_max_user_watches`.
    static var maximumUserWatches: Int { Int(inotifytools_get_max_user_watches()) }

    private static func cString<T>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T {
        (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }
}
