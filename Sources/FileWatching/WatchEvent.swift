/// One line of `layout-watch`'s output: something that happened under one of the folders it watches.
///
/// `layout-watch ROOT…` prints one line per event, `KIND\tROOT\tPATH`, or `overflow` or `ready` alone:
///
/// ```
/// exists	0	Quiz.layout
/// create_dir	0	more
/// exists	0	more/Bankey.layout
/// ready
/// close_write	0	Quiz.layout
/// moved_to	1	tab\there.layout
/// ```
///
/// `ROOT` is the index of the watched folder on its command line, and `PATH` is relative to it, with `\\`, `\t`,
/// `\n`, `\r`, `\xNN` escapes for a backslash, a tab, a newline, a carriage return and any other byte that is a
/// control character or not part of valid UTF-8. A `_dir` suffix on the kind marks a folder. A root deleted or moved
/// away is reported with an empty path (`delete_self\t0\t`, `move_self\t0\t`), and when its path is a folder
/// again it is watched again: `rewatch\t0\t`, then its listing (`exists` lines), then `ready`. Use
/// `WatchEvent(parsing:)` to read a line, and ``SaveDetector`` to turn events into reloads.
package struct WatchEvent: Hashable, Sendable {
    /// What happened.
    package enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A listing found the entry: at start, in a folder that appeared, or after an overflow; or a symbolic
        /// link, FIFO or socket was just made (after its `create`), which no write completes.
        case exists
        /// An entry was created. A file's content comes later, at `closeWrite`.
        case create
        /// A file opened for writing was closed: a save by writing in place is complete.
        case closeWrite = "close_write"
        /// An entry was renamed or moved to this path: a save by writing a temporary file and renaming it.
        case movedTo = "moved_to"
        /// An entry was renamed or moved away from this path.
        case movedFrom = "moved_from"
        /// An entry was deleted.
        case delete
        /// A file was written to. Reported only with `layout-watch --all-events`; a save is not complete yet.
        case modify
        /// Metadata changed. Reported only with `layout-watch --all-events`.
        case attrib
        /// The root itself was deleted (or its file system unmounted). It is no longer watched; `layout-watch`
        /// watches for its path to be a folder again, and then says `rewatch`.
        case deleteSelf = "delete_self"
        /// The root itself was moved away. It is no longer watched, even where it went; `layout-watch` watches for
        /// its path to be a folder again, and then says `rewatch`.
        case moveSelf = "move_self"
        /// The root, after `deleteSelf` or `moveSelf`, is a folder again (created, moved back, replaced by a copy)
        /// and watched. Its listing follows (`exists` lines; a file written into it meanwhile may come as events
        /// instead, or as both), then `ready`; the root's scenes found by neither are gone.
        case rewatch
        /// The kernel's queue overflowed and events were lost. `layout-watch` lists every root again, then says
        /// `ready`.
        case overflow
        /// Every folder is watched and listed: once at start, again after each `overflow`, and after each
        /// `rewatch` at the end of that root's listing.
        case ready

        /// Whether the kind takes a root and a path, and so may have a `_dir` form.
        var hasPath: Bool { self != .overflow && self != .ready }
        /// Whether the kind is about a root, always a folder (no `_dir` form).
        var isAboutRoot: Bool { self == .deleteSelf || self == .moveSelf || self == .rewatch }
    }

    package var kind: Kind
    /// The index of the root on `layout-watch`'s command line; 0 for `overflow` and `ready`, which concern all.
    package var root: Int
    /// The path relative to the root, `/`-separated; empty for the root itself. Bytes of ``rawPath`` that are not
    /// valid UTF-8 appear as U+FFFD, so two such names can look alike here: see ``hasExactPath``.
    package var path: String
    /// The exact bytes of the path.
    package var rawPath: [UInt8]
    /// Whether the entry is a folder (the kind's `_dir` form; always for `deleteSelf`, `moveSelf` and `rewatch`).
    package var isDirectory: Bool

    /// An event with a path given as text.
    package init(_ kind: Kind, root: Int = 0, path: String = "", isDirectory: Bool = false) {
        self.kind = kind
        self.root = root
        self.path = path
        self.rawPath = Array(path.utf8)
        self.isDirectory = isDirectory || kind.isAboutRoot
    }

    /// An event with a path given as bytes.
    package init(_ kind: Kind, root: Int, rawPath: [UInt8], isDirectory: Bool) {
        self.kind = kind
        self.root = root
        self.path = String(decoding: rawPath, as: UTF8.self)
        self.rawPath = rawPath
        self.isDirectory = isDirectory || kind.isAboutRoot
    }

    /// Whether ``path`` spells ``rawPath`` exactly, that is whether the path is valid UTF-8.
    package var hasExactPath: Bool { path.utf8.elementsEqual(rawPath) }
}
