import NIOCore

/// Runs tasks on one NIO event loop: the loop that owns the daemon's
/// sockets and the watcher's pipe.
///
/// The daemon's state (the ``Daemon`` actor) and every task that feeds it
/// run here, so a line read from the watcher or a client reaches the daemon,
/// and the bytes it posts reach the sockets, without waking another thread:
/// each hop between threads costs tens to hundreds of microseconds, which
/// would be most of a reload's latency budget.
///
/// ```swift
/// let executor = EventLoopExecutor(loop)
/// await withTaskExecutorPreference(executor) { await serve() }
/// ```
final class EventLoopExecutor: TaskExecutor, SerialExecutor {
    let loop: any EventLoop

    init(_ loop: any EventLoop) {
        self.loop = loop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute {
            job.runSynchronously(isolatedTo: self.asUnownedSerialExecutor(), taskExecutor: self.asUnownedTaskExecutor())
        }
    }

    func isSameExclusiveExecutionContext(other: EventLoopExecutor) -> Bool {
        loop === other.loop
    }

    func checkIsolated() {
        loop.preconditionInEventLoop()
    }
}
