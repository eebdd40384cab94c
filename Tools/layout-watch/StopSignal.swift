import CInotifyTools
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The signal that asked layout-watch to stop, set by a signal handler.
///
/// An atomic is all a handler may touch. It is created before any handler is installed, so the handler never runs
/// a global's lazy initialisation.
private let receivedSignal = Atomic<Int32>(0)

/// How layout-watch learns that it should stop: SIGTERM, SIGINT, or the death of its parent.
enum StopSignal {
    /// The process that started layout-watch, as it was at start.
    nonisolated(unsafe) private static var parent: pid_t = 0

    /// Whether SIGTERM or SIGINT has arrived.
    static var received: Bool { receivedSignal.load(ordering: .relaxed) != 0 }

    /// Ignores SIGPIPE (a closed pipe then fails the write with EPIPE instead of killing the process), turns
    /// SIGTERM and SIGINT into `received`, and asks for SIGUSR1 when the parent dies.
    ///
    /// The handlers are installed without `SA_RESTART`, so that a signal also ends a wait in `select` or `write`.
    ///
    /// The death signal is SIGUSR1, not SIGTERM, and only wakes layout-watch up to check `parentDied`: the kernel
    /// sends it when the *thread* that started layout-watch ends, which in a daemon with a thread pool can happen
    /// while the daemon lives on.
    static func install() {
        _ = receivedSignal.load(ordering: .relaxed)
        signal(SIGPIPE, SIG_IGN)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in receivedSignal.store(signal, ordering: .relaxed) }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGTERM, &action, nil)
        sigaction(SIGINT, &action, nil)
        var wakeUp = sigaction()
        wakeUp.__sigaction_handler.sa_handler = { _ in }
        sigemptyset(&wakeUp.sa_mask)
        wakeUp.sa_flags = 0
        sigaction(SIGUSR1, &wakeUp, nil)
        // A blocked mask is inherited through exec: unblock what stops layout-watch.
        var stopping = sigset_t()
        sigemptyset(&stopping)
        for signal in [SIGTERM, SIGINT, SIGUSR1] { sigaddset(&stopping, signal) }
        sigprocmask(SIG_UNBLOCK, &stopping, nil)
        parent = getppid()
        _ = layout_watch_set_parent_death_signal(SIGUSR1)
    }

    /// Whether the parent has died. Checked when the death signal interrupts a wait, and after each second without
    /// events, which also covers a parent that died before the death signal was asked for (layout-watch then has
    /// a new parent: the init process or a subreaper).
    static var parentDied: Bool { getppid() != parent }
}
