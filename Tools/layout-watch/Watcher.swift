import CInotifyTools

#if canImport(Glibc)
    import Glibc
#endif

/// A watched folder: which root it is under and its path relative to that root.
struct Folder: Equatable {
    var root: Int
    /// `/`-separated, without a trailing `/`; empty for the root itself.
    var path: [UInt8]

    /// The path of the entry `name` in this folder, relative to the root.
    func child(_ name: [UInt8]) -> [UInt8] {
        path.isEmpty ? name : path + [UInt8(ascii: "/")] + name
    }

    /// Whether `other` is this folder or inside it.
    func contains(_ other: Folder) -> Bool {
        other.root == root
            && (path.isEmpty || other.path == path
                || (other.path.starts(with: path) && other.path.dropFirst(path.count).first == UInt8(ascii: "/")))
    }
}

/// The watches on every folder under the roots, and what layout-watch prints for each event.
///
/// Watches are set folder by folder (`inotifytools_watch_recursively` would not see folders created later and
/// reports nothing of what it finds), each before its folder is listed, so that an entry that appears meanwhile is
/// either listed or reported by an event, possibly both.
///
/// A root that goes (deleted, moved away, its file system unmounted) is waited for until its path is a folder again:
/// its parent folder is watched for folders made or moved in under the root's name (a parent watch, which reports
/// nothing else), and each missing root is looked for once a second too (`lookForMissingRoots()`), for a parent that
/// is gone as well or cannot be watched, and for a root given as a symbolic link, whose target may come back where
/// the parent does not see it. When the root is back, layout-watch says `rewatch`, watches and lists it, and says
/// `ready`.
struct Watcher {
    /// The roots as given, without trailing slashes.
    let roots: [[UInt8]]
    /// Whether to report `modify` and `attrib` too.
    let allEvents: Bool
    let output: Output
    /// The folder of each live watch.
    private(set) var folders: [Int32: Folder] = [:]
    /// Watches the kernel has dropped (`IN_IGNORED`), whose stale names the library keeps.
    private var droppedDescriptors: Set<Int32> = []
    /// The highest watch descriptor seen so far: the kernel hands them out in increasing order.
    private var newestDescriptor: Int32 = 0
    /// The roots that have gone and are waited for.
    private var missingRoots: Set<Int> = []
    /// The parent watches, by descriptor. A descriptor may also be in `folders` (the parent is a folder under
    /// another root), and then its watch is that folder's, which the parent watch only borrows.
    private var parentWatches: [Int32: ParentWatch] = [:]
    /// The parent watch of each missing root that has one.
    private var parentWatchOfRoot: [Int: Int32] = [:]

    /// A watch on a folder that held missing roots.
    private struct ParentWatch {
        /// The missing roots waited for in it; none for a watch that could not be removed safely (see
        /// `unwatchParent(of:)`), which only waits for the kernel to drop it.
        var roots: Set<Int>
        /// The folder watched, as it was when the watch was set.
        var identity: FileIdentity?
    }

    /// The events of a parent watch: entries made or moved in. `IN_MASK_ADD`, so that a folder watched for itself
    /// keeps every event it has.
    private static let parentEvents = UInt32(IN_CREATE | IN_MOVED_TO | IN_ONLYDIR | IN_MASK_ADD)

    init(roots: [[UInt8]], allEvents: Bool, output: Output) {
        self.roots = roots
        self.allEvents = allEvents
        self.output = output
    }

    var events: UInt32 {
        var events = IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF
        events |= IN_MOVE_SELF | IN_ONLYDIR | IN_EXCL_UNLINK
        if allEvents { events |= IN_MODIFY | IN_ATTRIB }
        return UInt32(events)
    }

    /// The path to give the system for `folder`, with a trailing slash (a root given as a symbolic link to a folder
    /// is then followed).
    func systemPath(of folder: Folder) -> [UInt8] {
        var path = roots[folder.root]
        if !folder.path.isEmpty { path += [UInt8(ascii: "/")] + folder.path }
        return path + [UInt8(ascii: "/")]
    }

    /// Watches `folder` and every folder inside it, and prints an `exists` line for every other entry in them.
    ///
    /// A folder that is watched already is skipped with what is inside it, unless `rescan`: it was listed when its
    /// watch was set. A folder that has vanished meanwhile is skipped silently (its events say so).
    ///
    /// - Parameters:
    ///   - firstWatch: what adding the watch on `folder` gave, when the caller has added it.
    /// - Returns: false when `folder` itself has vanished.
    @discardableResult
    mutating func watchTree(_ folder: Folder, rescan: Bool = false, firstWatch: WatchResult? = nil) throws(Stop)
        -> Bool
    {
        var pending = [folder]
        var outOfWatches = false
        var firstWatch = firstWatch
        var isFirst = true
        while let folder = pending.popLast() {
            defer { isFirst = false }
            if StopSignal.received { throw .requested }
            if !outOfWatches {
                let result = firstWatch ?? addWatch(folder)
                firstWatch = nil
                switch result {
                case .added: break
                case .alreadyWatched: if !rescan { continue }
                case .failed(ENOENT), .failed(ENOTDIR):
                    if isFirst { return false }
                    continue
                case .failed(let code):
                    // After ENOSPC every other watch would fail too: one message, and listings only.
                    report(code, watching: folder)
                    outOfWatches = code == ENOSPC
                case .unknownDescriptor:
                    printError("cannot watch \(display(folder)): the library did not tell its watch descriptor")
                }
            }
            let entries: [FolderEntry]
            switch listFolder(systemPath(of: folder)) {
            case .entries(let listed): entries = listed
            case .failed(ENOENT), .failed(ENOTDIR):
                if isFirst { return false }
                continue
            case .failed(let code):
                report(code, listing: folder)
                continue
            }
            for entry in entries {
                let path = folder.child(entry.name)
                if entry.isFolder {
                    pending.append(Folder(root: folder.root, path: path))
                } else {
                    try output.event("exists", root: folder.root, path: path)
                }
            }
        }
        return true
    }

    /// Removes the watches on `folder` and every folder inside it: it has moved away, so its watches would report
    /// under its old name. A watch that a parent watch borrows stays, for it.
    mutating func unwatchTree(_ folder: Folder) {
        for (descriptor, watched) in folders where folder.contains(watched) {
            folders[descriptor] = nil
            guard parentWatches[descriptor] == nil else { continue }
            // It fails when the kernel has dropped the watch already (its IN_IGNORED still to come, or lost in an
            // overflow): the library then keeps its name.
            if !Inotify.removeWatchIfThere(descriptor: descriptor) { droppedDescriptors.insert(descriptor) }
        }
    }

    enum WatchResult: Equatable {
        case added
        case alreadyWatched
        case failed(Int32)
        case unknownDescriptor
    }

    private mutating func addWatch(_ folder: Folder) -> WatchResult {
        switch addWatch(path: systemPath(of: folder), events: events) {
        case .new(let descriptor):
            folders[descriptor] = folder
            return .added
        case .existing(let descriptor):
            // A folder inside two roots: the first stays.
            if folders[descriptor] != nil { return .alreadyWatched }
            // A parent watch's folder, now watched for itself (its events replace the parent watch's, which they
            // include).
            folders[descriptor] = folder
            return .added
        case .failed(let code): return .failed(code)
        case .unknownDescriptor: return .unknownDescriptor
        }
    }

    private enum AddedWatch {
        /// A new watch.
        case new(Int32)
        /// A watch the folder had already, as a watched folder or a parent watch.
        case existing(Int32)
        case failed(Int32)
        case unknownDescriptor
    }

    /// Adds a watch on `path`, or changes the events of the watch it has; which watch it is.
    private mutating func addWatch(path: [UInt8], events: UInt32) -> AddedWatch {
        guard Inotify.watch(path, events: events) else { return .failed(Inotify.error) }
        // The library does not return the descriptor. Its name-to-descriptor table can be stale: when the kernel
        // drops a watch itself (a deleted folder), the library cannot remove it, and keeps the name. Its
        // descriptor-to-name table is right for a new watch, and the kernel hands descriptors out in increasing order.
        var candidate = newestDescriptor + 1
        while let name = Inotify.path(ofDescriptor: candidate) {
            newestDescriptor = candidate
            if name == path { return .new(candidate) }
            candidate += 1
        }
        // The folder was watched already (the kernel gave its descriptor again), under this name or, for a folder
        // inside two roots or a parent watch's, another one.
        if let descriptor = Inotify.descriptor(named: path), !droppedDescriptors.contains(descriptor),
            folders[descriptor] != nil || parentWatches[descriptor] != nil
        {
            return .existing(descriptor)
        }
        return .unknownDescriptor
    }

    // MARK: Roots that go and come back

    /// Whether some root has gone and is waited for.
    var hasMissingRoots: Bool { !missingRoots.isEmpty }

    /// Root `root` has gone: says `kind` (`delete_self` or `move_self`), forgets its watches, and waits for its path
    /// to be a folder again, which it may be already.
    ///
    /// - Parameters:
    ///   - dropped: whether the kernel drops its watches itself (the root was deleted or unmounted); otherwise (moved
    ///     away) they are removed, as they would report the folder where it went.
    ///   - sayReady: whether a listing of the root, if it is back already, ends with `ready` (not after an
    ///     overflow, whose listing ends with one).
    mutating func rootGone(_ root: Int, kind: String, dropped: Bool, sayReady: Bool = true) throws(Stop) {
        let folder = Folder(root: root, path: [])
        if dropped {
            for (descriptor, watched) in folders where folder.contains(watched) {
                folders[descriptor] = nil
                droppedDescriptors.insert(descriptor)
            }
        } else {
            unwatchTree(folder)
        }
        try output.event(kind, root: root, path: [])
        missingRoots.insert(root)
        watchParent(of: root)
        // Checked once the parent watch is set: the folder may have come back before it.
        try rewatchIfBack(root, sayReady: sayReady)
    }

    /// Watches missing root `root` again if its path is a folder now: says `rewatch`, watches and lists it, and says
    /// `ready` unless told not to; whether it did.
    @discardableResult
    mutating func rewatchIfBack(_ root: Int, sayReady: Bool = true) throws(Stop) -> Bool {
        let folder = Folder(root: root, path: [])
        guard missingRoots.contains(root), isFolder(systemPath(of: folder)) else { return false }
        let watch = addWatch(folder)
        // Gone again already: still waited for.
        if watch == .failed(ENOENT) || watch == .failed(ENOTDIR) { return false }
        missingRoots.remove(root)
        unwatchParent(of: root)
        try output.event("rewatch", root: root, path: [])
        // A root inside another root's folder is that root's (`alreadyWatched`), and not listed, as at start.
        try watchTree(folder, firstWatch: watch)
        if sayReady { try output.line("ready") }
        return true
    }

    /// Looks for every missing root, each second: a root whose path is a folder again is watched again, and a root
    /// without a parent watch (its parent was gone, or its watch dropped) gets another try at one.
    mutating func lookForMissingRoots() throws(Stop) {
        for root in missingRoots.sorted() {
            watchParent(of: root)
            try rewatchIfBack(root)
        }
    }

    /// The folder that holds root `root`, as a path to give the system (with a trailing slash), and the root's name
    /// in it; nil for a root whose parent cannot be watched for its name: `/`, or a name `.` or `..`.
    func parent(ofRoot root: Int) -> (path: [UInt8], name: [UInt8])? {
        let slash = UInt8(ascii: "/")
        let dot = UInt8(ascii: ".")
        let path = roots[root]
        let last = path.lastIndex(of: slash)
        let name = Array(last.map { path[($0 + 1)...] } ?? path[...])
        guard !name.isEmpty, name != [dot], name != [dot, dot] else { return nil }
        var parent = last.map { Array(path[..<$0]) } ?? [dot]
        while parent.last == slash { parent.removeLast() }
        return (parent + [slash], name)
    }

    /// Sets a parent watch for missing root `root`, unless it has one; when it cannot (the parent is gone too, or
    /// cannot be watched), the root is looked for each second only.
    private mutating func watchParent(of root: Int) {
        guard parentWatchOfRoot[root] == nil, let parent = parent(ofRoot: root) else { return }
        let descriptor: Int32
        switch addWatch(path: parent.path, events: Self.parentEvents) {
        case .new(let new): descriptor = new
        case .existing(let existing): descriptor = existing
        case .failed, .unknownDescriptor: return
        }
        if parentWatches[descriptor] == nil {
            parentWatches[descriptor] = ParentWatch(roots: [], identity: FileIdentity(of: parent.path))
        }
        parentWatches[descriptor]?.roots.insert(root)
        parentWatchOfRoot[root] = descriptor
    }

    /// Removes root `root` from its parent watch, and the watch when no other root needs it.
    ///
    /// A watch the kernel has dropped cannot be removed (the library would complain on standard error, which
    /// ``Inotify/removeWatchIfThere(descriptor:)`` keeps quiet). A watch is dropped only when its folder is deleted
    /// or unmounted; so while the parent's path still names the folder the watch was set on (the same inode, which
    /// a new folder can reuse), the watch is there to remove. Otherwise the folder was deleted (its `IN_IGNORED` is on its
    /// way) or moved elsewhere (then its watch stays, reporting nothing).
    private mutating func unwatchParent(of root: Int) {
        guard let descriptor = parentWatchOfRoot.removeValue(forKey: root), var watch = parentWatches[descriptor]
        else { return }
        watch.roots.remove(root)
        parentWatches[descriptor] = watch
        guard watch.roots.isEmpty, folders[descriptor] == nil else {
            // Still needed, or borrowed from a watched folder, which keeps it.
            if watch.roots.isEmpty { parentWatches[descriptor] = nil }
            return
        }
        guard let parent = parent(ofRoot: root), let identity = watch.identity,
            FileIdentity(of: parent.path) == identity
        else { return }
        parentWatches[descriptor] = nil
        // The identity can match a new folder that took the old one's inode number: then the watch is gone.
        _ = Inotify.removeWatchIfThere(descriptor: descriptor)
    }

    /// A parent watch's event: a folder made or moved in under a missing root's name may be that root back.
    private mutating func handleParentEvent(_ event: Inotify.Event) throws(Stop) {
        guard let watch = parentWatches[event.descriptor], event.has(IN_CREATE) || event.has(IN_MOVED_TO) else {
            return
        }
        // A symbolic link to a folder counts too: `rewatchIfBack` follows it.
        for root in watch.roots.sorted() where parent(ofRoot: root)?.name == event.name {
            try rewatchIfBack(root)
        }
    }

    private func report(_ code: Int32, watching folder: Folder) {
        var message = "cannot watch \(display(folder)): \(reason(code))"
        if code == ENOSPC {
            message += " (the limit of watches, fs.inotify.max_user_watches, is \(Inotify.maximumUserWatches));"
            message += " its files are listed but changes are not seen"
        }
        printError(message)
    }

    private func report(_ code: Int32, listing folder: Folder) {
        printError("cannot list \(display(folder)): \(reason(code))")
    }

    /// How messages show a folder: the root as given, then the path, escaped as the lines' paths are.
    func display(_ folder: Folder) -> String {
        var bytes: [UInt8] = []
        escape(systemPath(of: folder), into: &bytes)
        return "'" + String(decoding: bytes, as: UTF8.self) + "'"
    }
}

extension Watcher {
    /// Prints the line of one event and follows folders that come and go.
    mutating func handle(_ event: Inotify.Event) throws(Stop) {
        if event.has(IN_Q_OVERFLOW) {
            // Events were lost, among them perhaps new folders, and roots that went or came back: list everything
            // again, watching what is not.
            try output.line("overflow")
            for root in roots.indices {
                if missingRoots.contains(root) {
                    try rewatchIfBack(root, sayReady: false)
                } else if try !watchTree(Folder(root: root, path: []), rescan: true) {
                    // Gone, and the events that said so lost: deleted or moved, it is gone all the same.
                    try rootGone(root, kind: "delete_self", dropped: false, sayReady: false)
                }
            }
            try output.line("ready")
            return
        }
        if event.has(IN_IGNORED) {
            let folder = folders.removeValue(forKey: event.descriptor)
            droppedDescriptors.insert(event.descriptor)
            if let watch = parentWatches.removeValue(forKey: event.descriptor) {
                // Its roots are looked for each second, and get a new parent watch if they can.
                for root in watch.roots { parentWatchOfRoot[root] = nil }
            }
            // A root's watch dropped with no delete_self, move_self or unmount before it: the root is gone anyway.
            if let folder, folder.path.isEmpty { try rootGone(folder.root, kind: "delete_self", dropped: true) }
            return
        }
        // Events still queued for a watch removed since find neither, and are dropped: a listing covers that folder.
        // A descriptor can be both: a watched folder that is also the parent of a missing root.
        if let folder = folders[event.descriptor] { try handle(event, in: folder) }
        if parentWatches[event.descriptor] != nil { try handleParentEvent(event) }
    }

    /// Prints the line of one event in a watched folder, and follows folders that come and go.
    private mutating func handle(_ event: Inotify.Event, in folder: Folder) throws(Stop) {
        if event.has(IN_DELETE_SELF) || event.has(IN_MOVE_SELF) || event.has(IN_UNMOUNT) {
            // For a folder inside a root, its parent's event says it already.
            guard folder.path.isEmpty else { return }
            if event.has(IN_MOVE_SELF) {
                try rootGone(folder.root, kind: "move_self", dropped: false)
            } else {
                try rootGone(folder.root, kind: "delete_self", dropped: true)
            }
            return
        }
        // An event on a folder itself (`attrib_dir`): the parent reports it for a folder inside a root.
        if event.name.isEmpty, !folder.path.isEmpty { return }
        let path = event.name.isEmpty ? folder.path : folder.child(event.name)
        let suffix = event.has(IN_ISDIR) ? "_dir" : ""
        let child = Folder(root: folder.root, path: path)
        if event.has(IN_CREATE) {
            try output.event("create" + suffix, root: folder.root, path: path)
            if event.has(IN_ISDIR) {
                try watchTree(child)
            } else if !isRegularFile(systemPath(of: folder) + event.name) {
                // A symbolic link, a FIFO or a socket is complete once made: no write, and so no close_write,
                // follows. It is there as a listing would find it.
                try output.event("exists", root: folder.root, path: path)
            }
        } else if event.has(IN_MOVED_TO) {
            try output.event("moved_to" + suffix, root: folder.root, path: path)
            if event.has(IN_ISDIR) { try watchTree(child) }
        } else if event.has(IN_MOVED_FROM) {
            if event.has(IN_ISDIR) { unwatchTree(child) }
            try output.event("moved_from" + suffix, root: folder.root, path: path)
        } else if event.has(IN_DELETE) {
            try output.event("delete" + suffix, root: folder.root, path: path)
        } else if event.has(IN_CLOSE_WRITE) {
            try output.event("close_write", root: folder.root, path: path)
        } else if event.has(IN_MODIFY) {
            try output.event("modify" + suffix, root: folder.root, path: path)
        } else if event.has(IN_ATTRIB) {
            try output.event("attrib" + suffix, root: folder.root, path: path)
        }
    }
}

/// Whether `path` is a regular file, not following a symbolic link; false when nothing is there.
func isRegularFile(_ path: [UInt8]) -> Bool {
    var info = stat()
    let found = (path + [0]).withUnsafeBufferPointer { bytes in
        bytes.withMemoryRebound(to: CChar.self) { lstat($0.baseAddress!, &info) == 0 }
    }
    return found && info.st_mode & S_IFMT == S_IFREG
}
