import CSpawnShims

/// The process's heap.
package enum Memory {
    /// Gives the pages malloc holds free back to the system (`malloc_trim(0)`), after much was freed at once: glibc
    /// keeps them otherwise, and a daemon's resident size would stay at its peak after the thousands of scenes a
    /// checkout brought are gone.
    package static func returnFreePages() {
        _ = spawn_shims_malloc_trim()
    }
}
