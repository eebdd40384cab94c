import LayoutValues

/// Save detection: `layout-watch`'s events and the time in, scene reloads and removals out. Pure: no I/O, no clock.
///
/// Editors save in many ways: in place (truncate, write, close), by writing a temporary file and renaming it over
/// the scene, by renaming the scene to a backup first, by deleting and re-creating it (`git checkout`). All lead to
/// exactly one ``Action/changed(root:path:)``, when the new content is complete:
/// - at `close_write` or `moved_to` of a scene file, or when a listing finds one (`exists`): reloaded at once,
///   with no debounce;
/// - never at `create` or `modify`: a truncated file is empty until it is written and closed.
///
/// A scene file is what ``SceneName/isSceneFile(_:)`` says: a name ending in `.layout` with no hidden component
/// (no name in its path starts with `.`), so the files editors leave beside a scene never count.
///
/// A scene is removed (``Action/removed(root:path:)``) only after `removalGrace` without its file coming back, so
/// that a scene does not flicker away while an editor or `git checkout` replaces its file. A folder deleted or
/// moved away removes every scene under it after the same grace; a root deleted or moved away (`delete_self`,
/// `move_self`), all of its scenes. When such a root is back (`rewatch`), its listing reloads every scene it finds,
/// which cancels their removal, and at the `ready` that ends the listing the root's scenes not found are removed
/// (after the grace, counted from when the root went). After an `overflow`, ``Action/rescanAll`` says events were
/// lost; `layout-watch` lists every root again, which reloads every scene found, and at the `ready` that ends the
/// listing the scenes not found are removed (after the grace).
///
/// The cost of an event does not grow with the number of scenes: removals wait in a queue in the order they fall
/// due, and the scenes are indexed by folder, so that a folder's removal looks only at the scenes inside it.
///
/// The detector does not read files. A `.changed` is also reported when a file is saved without change (`touch`,
/// a save of an unmodified buffer) or found again by a listing, so the daemon, which reads the file on `.changed`,
/// skips the reload when the content has not changed since the last time.
///
/// Usage, with the daemon's timer:
///
/// ```swift
/// var detector = SaveDetector()
/// for action in detector.handle(try WatchEvent(parsing: line), at: .now) { apply(action) }
/// // and whenever detector.nextDeadline passes:
/// for action in detector.tick(at: .now) { apply(action) }
/// ```
///
/// A value type: one owner feeds it, from one task.
package struct SaveDetector: Sendable {
    /// What the daemon should do.
    package enum Action: Hashable, Sendable {
        /// A scene file's save is complete (or a listing found it): read it and reload the scene.
        case changed(root: Int, path: String)
        /// A scene file is gone: drop the scene.
        case removed(root: Int, path: String)
        /// Events were lost. Nothing to do but log it: `.changed` follows for every scene file found again, and
        /// `.removed` for those that are gone.
        case rescanAll
    }

    /// A scene file: its root's index and its path under that root.
    struct Scene: Hashable, Comparable {
        var root: Int
        var path: String

        static func < (left: Scene, right: Scene) -> Bool { (left.root, left.path) < (right.root, right.path) }

        /// The folder the file is in, relative to the root: empty for a file at the top of the root.
        var folder: Folder { Folder(root: root, path: Folder.parent(of: path)) }
    }

    /// A folder of a root: empty `path` for the root itself.
    struct Folder: Hashable {
        var root: Int
        var path: String

        /// The folder that holds `path`: what comes before its last `/`, or empty.
        static func parent(of path: String) -> String {
            guard let slash = path.lastIndex(of: "/") else { return "" }
            return String(path[..<slash])
        }
    }

    /// How long a scene file may be gone before its scene is removed.
    package let removalGrace: Duration
    /// The scene files reported by `.changed` and not removed since.
    private(set) var scenes: Set<Scene> = []
    /// The same scenes by folder.
    private var index = SceneIndex()
    /// The scenes to remove, and when.
    private var removals: [Scene: ContinuousClock.Instant] = [:]
    /// The same removals in the order they fall due, with entries for removals cancelled since (an entry counts only
    /// while `removals` holds its deadline for its scene). Its first entry always counts.
    private var queue = RemovalQueue()
    /// During a listing that ends at `ready` (after an `overflow` or a `rewatch`), the scenes it has not found yet.
    private var unconfirmed: Set<Scene> = []

    /// A detector that knows no scene yet.
    ///
    /// - Parameter removalGrace: how long a scene file may be gone before its scene is removed: long enough for a
    ///   `git checkout` or an editor to put the file back.
    package init(removalGrace: Duration = .milliseconds(200)) {
        self.removalGrace = removalGrace
    }

    /// The scene files known to exist, by root and path, sorted.
    package var knownScenes: [(root: Int, path: String)] {
        scenes.sorted().map { ($0.root, $0.path) }
    }

    /// When `tick(at:)` has something to do: the earliest pending removal, or nil.
    package var nextDeadline: ContinuousClock.Instant? { queue.first?.deadline }

    /// Whether `path` names a scene file: ``SceneName/isSceneFile(_:)``, the one rule.
    package static func isSceneFile(_ path: String) -> Bool {
        SceneName.isSceneFile(path)
    }

    /// Takes one event; returns what to do now.
    ///
    /// Removals due by `now` come first, as if `tick(at:)` had run on time.
    ///
    /// - Parameters:
    ///   - event: a line of `layout-watch`, parsed.
    ///   - now: the time of the event.
    /// - Returns: the actions, in order.
    package mutating func handle(_ event: WatchEvent, at now: ContinuousClock.Instant) -> [Action] {
        var actions = tick(at: now)
        switch event.kind {
        case .overflow:
            unconfirmed = scenes.filter { removals[$0] == nil }
            actions.append(.rescanAll)
        case .rewatch:
            // The root's scenes that are not on their way out already must be found by the listing that follows.
            for scene in index.scenes(inside: Folder(root: event.root, path: "")) where removals[scene] == nil {
                unconfirmed.insert(scene)
            }
        case .ready:
            for scene in unconfirmed.sorted() { scheduleRemoval(of: scene, at: now) }
            unconfirmed = []
        case .deleteSelf, .moveSelf:
            removeScenes(inside: Folder(root: event.root, path: ""), at: now)
        case .exists, .create, .closeWrite, .movedTo, .movedFrom, .delete, .modify, .attrib:
            guard event.hasExactPath else { break }
            if event.isDirectory {
                if event.kind == .delete || event.kind == .movedFrom {
                    removeScenes(inside: Folder(root: event.root, path: event.path), at: now)
                }
            } else if Self.isSceneFile(event.path) {
                actions += handleFile(event, scene: Scene(root: event.root, path: event.path), at: now)
            }
        }
        dropCancelledRemovals()
        return actions
    }

    private mutating func handleFile(_ event: WatchEvent, scene: Scene, at now: ContinuousClock.Instant) -> [Action] {
        switch event.kind {
        case .exists, .closeWrite, .movedTo:
            unconfirmed.remove(scene)
            removals[scene] = nil
            if scenes.insert(scene).inserted { index.insert(scene) }
            return [.changed(root: scene.root, path: scene.path)]
        case .create:
            // Back (an editor or git re-creating it); its content comes at close_write.
            unconfirmed.remove(scene)
            removals[scene] = nil
        case .delete, .movedFrom:
            unconfirmed.remove(scene)
            scheduleRemoval(of: scene, at: now)
        case .modify, .attrib, .deleteSelf, .moveSelf, .rewatch, .overflow, .ready:
            break
        }
        return []
    }

    /// Fires the removals due by `now`.
    ///
    /// - Parameter now: the time.
    /// - Returns: a `.removed` for each scene whose file has been gone for `removalGrace`, in the order they were
    ///   due (scenes due at the same time by root and path).
    package mutating func tick(at now: ContinuousClock.Instant) -> [Action] {
        var actions: [Action] = []
        while let deadline = queue.first?.deadline, deadline <= now {
            var due: [Scene] = []
            while let entry = queue.first, entry.deadline == deadline {
                queue.removeFirst()
                guard removals[entry.scene] == deadline else { continue }
                removals[entry.scene] = nil
                due.append(entry.scene)
            }
            for scene in due.sorted() where scenes.remove(scene) != nil {
                index.remove(scene)
                actions.append(.removed(root: scene.root, path: scene.path))
            }
            dropCancelledRemovals()
        }
        return actions
    }

    private mutating func scheduleRemoval(of scene: Scene, at now: ContinuousClock.Instant) {
        guard scenes.contains(scene), removals[scene] == nil else { return }
        let deadline = now + removalGrace
        removals[scene] = deadline
        queue.insert(deadline: deadline, scene: scene)
    }

    private mutating func removeScenes(inside folder: Folder, at now: ContinuousClock.Instant) {
        for scene in index.scenes(inside: folder).sorted() {
            unconfirmed.remove(scene)
            scheduleRemoval(of: scene, at: now)
        }
    }

    /// Takes the entries of cancelled removals off the front of the queue, so that its first entry counts.
    private mutating func dropCancelledRemovals() {
        while let entry = queue.first, removals[entry.scene] != entry.deadline { queue.removeFirst() }
    }
}

/// The scenes of a ``SaveDetector`` by folder: the scenes inside a folder are found without looking at the others.
struct SceneIndex: Sendable {
    /// A folder that holds scenes, directly or further down.
    private struct Node: Sendable {
        /// The paths of the scenes directly in the folder.
        var files: Set<String> = []
        /// The paths of its folders that hold scenes.
        var folders: Set<String> = []

        var isEmpty: Bool { files.isEmpty && folders.isEmpty }
    }

    private var nodes: [SaveDetector.Folder: Node] = [:]

    /// Adds a scene that is not in the index.
    mutating func insert(_ scene: SaveDetector.Scene) {
        var folder = scene.folder
        nodes[folder, default: Node()].files.insert(scene.path)
        // Links each folder up to the root into its parent, until one that was linked already.
        while !folder.path.isEmpty {
            let parent = SaveDetector.Folder(root: folder.root, path: SaveDetector.Folder.parent(of: folder.path))
            guard nodes[parent, default: Node()].folders.insert(folder.path).inserted else { break }
            folder = parent
        }
    }

    /// Removes a scene, and the folders left without scenes.
    mutating func remove(_ scene: SaveDetector.Scene) {
        var folder = scene.folder
        nodes[folder]?.files.remove(scene.path)
        while let node = nodes[folder], node.isEmpty {
            nodes[folder] = nil
            guard !folder.path.isEmpty else { break }
            let parent = SaveDetector.Folder(root: folder.root, path: SaveDetector.Folder.parent(of: folder.path))
            nodes[parent]?.folders.remove(folder.path)
            folder = parent
        }
    }

    /// The scenes inside `folder`, at any depth (every scene of the root for the root itself), in no order.
    func scenes(inside folder: SaveDetector.Folder) -> [SaveDetector.Scene] {
        var found: [SaveDetector.Scene] = []
        var pending = [folder.path]
        while let path = pending.popLast() {
            guard let node = nodes[SaveDetector.Folder(root: folder.root, path: path)] else { continue }
            for file in node.files { found.append(SaveDetector.Scene(root: folder.root, path: file)) }
            pending += node.folders
        }
        return found
    }
}

/// Pending removals in the order they fall due: a queue that takes from the front in O(1).
///
/// Deadlines are the time of an event plus a constant grace, so they come in order, and a new one goes at the back;
/// one that comes earlier than the last (a caller whose times go back) is put in its place.
struct RemovalQueue: Sendable {
    struct Entry: Sendable {
        var deadline: ContinuousClock.Instant
        var scene: SaveDetector.Scene
    }

    private var entries: [Entry] = []
    /// The index of the first entry still queued: those before it were taken.
    private var head = 0

    var first: Entry? { head < entries.count ? entries[head] : nil }

    mutating func insert(deadline: ContinuousClock.Instant, scene: SaveDetector.Scene) {
        let entry = Entry(deadline: deadline, scene: scene)
        guard let last = entries.last, head < entries.count, last.deadline > deadline else {
            entries.append(entry)
            return
        }
        // After every entry due at or before it, so that entries due together stay in the order they came.
        var low = head
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].deadline <= deadline { low = middle + 1 } else { high = middle }
        }
        entries.insert(entry, at: low)
    }

    mutating func removeFirst() {
        guard head < entries.count else { return }
        head += 1
        if head == entries.count {
            entries.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1_024, head * 2 >= entries.count {
            entries.removeFirst(head)
            head = 0
        }
    }
}
