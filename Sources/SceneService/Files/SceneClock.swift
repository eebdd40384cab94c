/// The time a ``SceneService`` counts removal graces in: the system's monotonic clock in the daemon, a clock
/// that moves only when told in tests, so that a grace passes without anyone sleeping through it.
package protocol SceneClock: Sendable {
    /// Now.
    func now() -> ContinuousClock.Instant
}

/// The system's monotonic clock.
package struct SystemSceneClock: SceneClock {
    package init() {}

    package func now() -> ContinuousClock.Instant { .now }
}
