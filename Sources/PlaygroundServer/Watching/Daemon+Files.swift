import FileWatching
import Logging
import SceneService

/// What the daemon made of a file change, for the watcher: the reads to start, how many scenes went, when the
/// next removal falls due, and whether reads are still under way or waiting.
struct FileProgress: Sendable {
    var reads: [SceneRead] = []
    var removed = 0
    var nextRemoval: ContinuousClock.Instant?
    var isReading = false
}

extension Daemon {
    /// How long the daemon applies file changes at most before it lets the event loop serve clients.
    static let slice = Duration.milliseconds(2)

    /// A line of `layout-watch`: its changes applied to the scenes.
    func watched(_ event: WatchEvent) async -> FileProgress {
        await apply(service.changes(after: event))
    }

    /// The removal timer fired: the removals due now.
    func removalsDue() async -> FileProgress {
        await apply(service.dueRemovals())
    }

    /// `layout-watch` started again: what fell due while it was away.
    func watcherRestarted() async -> FileProgress {
        await apply(service.watcherRestarted())
    }

    /// A save's read ended.
    func finished(_ result: SceneReadResult) -> FileProgress {
        var progress = FileProgress()
        take(service.finishSave(result), into: &progress)
        releaseRetiredLater()
        return noted(progress)
    }

    /// Frees the generation a reload replaced in a job of its own, queued after the writers its frame woke: the
    /// frame goes out first.
    func releaseRetiredLater() {
        guard service.registry.hasRetired else { return }
        Task { self.releaseRetired() }
    }

    private func releaseRetired() {
        service.registry.releaseRetired()
    }

    /// Applies changes in order; a checkout's thousands of removals come in one tick, so clients are served
    /// between slices of them.
    private func apply(_ actions: [SaveDetector.Action]) async -> FileProgress {
        var progress = FileProgress()
        var lastTurn = ContinuousClock.now
        for action in actions {
            if ContinuousClock.now - lastTurn > Self.slice {
                await turn.wait()
                lastTurn = .now
            }
            take(service.apply(action), into: &progress)
        }
        return noted(progress)
    }

    private func take(_ step: FileStep, into progress: inout FileProgress) {
        for notice in step.notices {
            switch notice {
            case .eventsLost:
                logger.notice("the inotify queue overflowed; every watched folder is listed again")
            case .cannotRead(let path, let message):
                logger.warning("cannot load \(shown(path)): \(message)")
            case .goneBeforeRead(let path):
                logger.debug("\(shown(path)) went before it was read; its removal follows")
            }
        }
        publish(step.events)
        progress.reads += step.reads
        progress.removed += step.removed.count
    }

    private func noted(_ progress: FileProgress) -> FileProgress {
        var progress = progress
        progress.nextRemoval = service.nextRemoval
        progress.isReading = service.isReading
        return progress
    }
}
