/// Save detection: `layout-watch`'s events and the time in, scene reloads and removals out. Pure: no I/O, no clock.
///
/// Editors save in many ways: in place (truncate, write, close), by writing a temporary file and renaming it over
/// the scene, by renaming the scene to a backup first, by deleting and re-creating it (`git checkout`). All lead to
/// exactly one ``Action/changed(root:path:)``, when the new content is complete:
/// - at `close_write` or `moved_to` of a scene file, or when a listing finds one (`exists`): reloaded at once,
///   with no debounce;
/// - never at `create` or `modify`: a truncated file is empty until it is written and closed.
///
/// A scene file is a name ending in `.layout` with no hidden component: no name in its path starts with `.`. So
/// the files editors leave beside a scene never count: vim's `4913` probe, `name.layout~` backup and
/// `.name.layout.swp` swap file, emacs's `.#name.layout` lock link and `#name.layout#` auto-save, `sed -i`'s
/// `sedXXXXXX`, JetBrains' `name.layout___jb_tmp___` and `name.layout___jb_old___`, rsync's `.name.layout.XXXXXX`.
///
/// A scene is removed (``Action/removed(root:path:)``) only after `removalGrace` without its file coming back, so
/// that a scene does not flicker away while an editor or `git checkout` replaces its file. A folder deleted or
/// moved away removes every scene under it after the same grace; a root deleted or moved away, all of its scenes.
/// After an `overflow`, ``Action/rescanAll`` says events were lost; `layout-watch` lists every root again, which
/// reloads every scene found, and at the `ready` that ends the listing the scenes not found are removed (after the
/// grace).
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
public struct SaveDetector: Sendable {
    /// What the daemon should do.
    public enum Action: Hashable, Sendable {
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

        /// Whether this scene is inside the folder `path` of `root` (every scene of the root for an empty path).
        func isInside(root: Int, folder: String) -> Bool {
            self.root == root && (folder.isEmpty || path.hasPrefix(folder + "/"))
        }
    }

    /// How long a scene file may be gone before its scene is removed.
    public let removalGrace: Duration
    /// The scene files reported by `.changed` and not removed since.
    private(set) var scenes: Set<Scene> = []
    /// The scenes to remove, and when.
    private var removals: [Scene: ContinuousClock.Instant] = [:]
    /// After an `overflow`, the scenes not seen since; nil otherwise.
    private var unconfirmed: Set<Scene>?

    /// A detector that knows no scene yet.
    ///
    /// - Parameter removalGrace: how long a scene file may be gone before its scene is removed: long enough for a
    ///   `git checkout` or an editor to put the file back.
    public init(removalGrace: Duration = .milliseconds(200)) {
        self.removalGrace = removalGrace
    }

    /// The scene files known to exist, by root and path, sorted.
    public var knownScenes: [(root: Int, path: String)] {
        scenes.sorted().map { ($0.root, $0.path) }
    }

    /// When `tick(at:)` has something to do: the earliest pending removal, or nil.
    public var nextDeadline: ContinuousClock.Instant? { removals.values.min() }

    /// Whether `path` names a scene file: it ends in `.layout`, and none of its names starts with a dot.
    public static func isSceneFile(_ path: String) -> Bool {
        path.hasSuffix(".layout")
            && !path.split(separator: "/", omittingEmptySubsequences: false).contains {
                $0.isEmpty || $0.hasPrefix(".")
            }
    }

    /// Takes one event; returns what to do now.
    ///
    /// Removals due by `now` come first, as if `tick(at:)` had run on time.
    ///
    /// - Parameters:
    ///   - event: a line of `layout-watch`, parsed.
    ///   - now: the time of the event.
    /// - Returns: the actions, in order.
    public mutating func handle(_ event: WatchEvent, at now: ContinuousClock.Instant) -> [Action] {
        var actions = tick(at: now)
        switch event.kind {
        case .overflow:
            unconfirmed = scenes.subtracting(removals.keys)
            actions.append(.rescanAll)
        case .ready:
            for scene in (unconfirmed ?? []).sorted() { scheduleRemoval(of: scene, at: now) }
            unconfirmed = nil
        case .deleteSelf, .moveSelf:
            removeScenes(inside: event.root, folder: "", at: now)
        case .exists, .create, .closeWrite, .movedTo, .movedFrom, .delete, .modify, .attrib:
            guard event.hasExactPath else { break }
            if event.isDirectory {
                if event.kind == .delete || event.kind == .movedFrom {
                    removeScenes(inside: event.root, folder: event.path, at: now)
                }
            } else if Self.isSceneFile(event.path) {
                actions += handleFile(event, scene: Scene(root: event.root, path: event.path), at: now)
            }
        }
        return actions
    }

    private mutating func handleFile(_ event: WatchEvent, scene: Scene, at now: ContinuousClock.Instant) -> [Action] {
        switch event.kind {
        case .exists, .closeWrite, .movedTo:
            unconfirmed?.remove(scene)
            removals[scene] = nil
            scenes.insert(scene)
            return [.changed(root: scene.root, path: scene.path)]
        case .create:
            // Back (an editor or git re-creating it); its content comes at close_write.
            unconfirmed?.remove(scene)
            removals[scene] = nil
        case .delete, .movedFrom:
            unconfirmed?.remove(scene)
            scheduleRemoval(of: scene, at: now)
        case .modify, .attrib, .deleteSelf, .moveSelf, .overflow, .ready:
            break
        }
        return []
    }

    /// Fires the removals due by `now`.
    ///
    /// - Parameter now: the time.
    /// - Returns: a `.removed` for each scene whose file has been gone for `removalGrace`, in the order they were
    ///   due.
    public mutating func tick(at now: ContinuousClock.Instant) -> [Action] {
        let due = removals.filter { $0.value <= now }.sorted { ($0.value, $0.key) < ($1.value, $1.key) }
        var actions: [Action] = []
        for (scene, _) in due {
            removals[scene] = nil
            if scenes.remove(scene) != nil { actions.append(.removed(root: scene.root, path: scene.path)) }
        }
        return actions
    }

    private mutating func scheduleRemoval(of scene: Scene, at now: ContinuousClock.Instant) {
        guard scenes.contains(scene), removals[scene] == nil else { return }
        removals[scene] = now + removalGrace
    }

    private mutating func removeScenes(inside root: Int, folder: String, at now: ContinuousClock.Instant) {
        for scene in scenes.sorted() where scene.isInside(root: root, folder: folder) {
            unconfirmed?.remove(scene)
            scheduleRemoval(of: scene, at: now)
        }
    }
}
