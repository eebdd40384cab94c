/// The scene files being read, by path: one read of a file at a time, at most ``concurrency`` reads at once
/// (the others wait their turn, in order), and no result applied that a later change or a removal made stale.
///
/// The bound matters for a checkout of thousands of files: every read that ends is a task the event loop runs
/// before it looks at its sockets again, so thousands of reads ending together would keep clients waiting.
struct PendingReads: Sendable {
    /// Reads under way at most.
    static let concurrency = 4

    private enum State: Sendable {
        /// Waiting for its turn.
        case queued
        /// Waiting for its turn, and removed meanwhile: skipped when its turn comes, unless it changes again.
        case queuedThenRemoved
        case reading
        /// Changed again while being read: drop what the read under way brings, and read it again.
        case readAgain
        /// Removed while being read: drop what the read brings.
        case dropped
    }

    /// What to do with what a read brought.
    enum Verdict: Equatable, Sendable {
        case apply
        /// Drop it: the file changed since, and is read again, or is gone.
        case drop
    }

    private var states: [String: State] = [:]
    private var waiting: [SceneFile] = []
    private var head = 0
    private var running = 0

    /// Whether no read is under way or waiting.
    var isEmpty: Bool { states.isEmpty }

    /// The file changed: the read to start now, if it is its turn.
    mutating func changed(_ file: SceneFile) -> SceneFile? {
        switch states[file.path] {
        case .queued:
            return nil
        case .queuedThenRemoved:
            states[file.path] = .queued
            return nil
        case .reading, .readAgain, .dropped:
            states[file.path] = .readAgain
            return nil
        case nil:
            guard running < Self.concurrency else {
                states[file.path] = .queued
                waiting.append(file)
                return nil
            }
            states[file.path] = .reading
            running += 1
            return file
        }
    }

    /// The file's scene was removed: a read under way or waiting brings nothing.
    mutating func removed(_ path: String) {
        switch states[path] {
        case .queued, .queuedThenRemoved: states[path] = .queuedThenRemoved
        case .reading, .readAgain, .dropped: states[path] = .dropped
        case nil: break
        }
    }

    /// A read of `file` ended: what to do with its outcome, and the reads to start now.
    mutating func finished(_ file: SceneFile) -> (verdict: Verdict, start: [SceneFile]) {
        running -= 1
        let verdict: Verdict
        switch states.removeValue(forKey: file.path) {
        case .readAgain:
            verdict = .drop
            states[file.path] = .queued
            waiting.append(file)
        case .dropped:
            verdict = .drop
        case .reading, .queued, .queuedThenRemoved, nil:
            verdict = .apply
        }
        var start: [SceneFile] = []
        while running < Self.concurrency && head < waiting.count {
            let next = waiting[head]
            head += 1
            switch states[next.path] {
            case .queued:
                states[next.path] = .reading
                running += 1
                start.append(next)
            case .queuedThenRemoved:
                // Removed while it waited: not read at all.
                states[next.path] = nil
            case .reading, .readAgain, .dropped, nil:
                continue
            }
        }
        if head == waiting.count {
            waiting.removeAll(keepingCapacity: waiting.count < 1024)
            head = 0
        }
        return (verdict, start)
    }
}
