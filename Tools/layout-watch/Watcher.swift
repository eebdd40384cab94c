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
    mutating func watchTree(_ folder: Folder, rescan: Bool = false) throws(Stop) {
        var pending = [folder]
        var outOfWatches = false
        while let folder = pending.popLast() {
            if StopSignal.received { throw .requested }
            if !outOfWatches {
                switch addWatch(folder) {
                case .added: break
                case .alreadyWatched: if !rescan { continue }
                case .failed(ENOENT), .failed(ENOTDIR): continue
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
            case .failed(ENOENT), .failed(ENOTDIR): continue
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
    }

    /// Removes the watches on `folder` and every folder inside it: it has moved away, so its watches would report
    /// under its old name.
    mutating func unwatchTree(_ folder: Folder) {
        for (descriptor, watched) in folders where folder.contains(watched) {
            _ = Inotify.removeWatch(descriptor: descriptor)
            folders[descriptor] = nil
        }
    }

    private enum WatchResult: Equatable {
        case added
        case alreadyWatched
        case failed(Int32)
        case unknownDescriptor
    }

    private mutating func addWatch(_ folder: Folder) -> WatchResult {
        let path = systemPath(of: folder)
        guard Inotify.watch(path, events: events) else { return .failed(Inotify.error) }
        // The library does not return the descriptor. Its name-to-descriptor table can be stale: when the kernel
        // drops a watch itself (a deleted folder), the library cannot remove it, and keeps the name. Its
        // descriptor-to-name table is right for a new watch, and the kernel hands descriptors out in increasing order.
        var candidate = newestDescriptor + 1
        while let name = Inotify.path(ofDescriptor: candidate) {
            newestDescriptor = candidate
            if name == path {
                folders[candidate] = folder
                return .added
            }
            candidate += 1
        }
        // The folder was watched already (the kernel gave its descriptor again), under this name or, for a folder
        // inside two roots, another one: then the first stays.
        if let descriptor = Inotify.descriptor(named: path), !droppedDescriptors.contains(descriptor),
            folders[descriptor] != nil
        {
            return .alreadyWatched
        }
        return .unknownDescriptor
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
            // Events were lost, among them perhaps new folders: list everything again, watching what is not.
            try output.line("overflow")
            for root in roots.indices { try watchTree(Folder(root: root, path: []), rescan: true) }
            try output.line("ready")
            return
        }
        if event.has(IN_IGNORED) {
            folders[event.descriptor] = nil
            droppedDescriptors.insert(event.descriptor)
            return
        }
        // Events still queued for a watch removed since are dropped: a listing covers that folder.
        guard let folder = folders[event.descriptor] else { return }
        if event.has(IN_DELETE_SELF) || event.has(IN_MOVE_SELF) || event.has(IN_UNMOUNT) {
            // For a folder inside a root, its parent's event says it already.
            guard folder.path.isEmpty else { return }
            if event.has(IN_MOVE_SELF) {
                unwatchTree(folder)
                try output.event("move_self", root: folder.root, path: [])
            } else {
                try output.event("delete_self", root: folder.root, path: [])
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
            if event.has(IN_ISDIR) { try watchTree(child) }
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
