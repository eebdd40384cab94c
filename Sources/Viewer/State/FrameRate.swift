import PlaygroundProtocol

/// The frame rate on the status line: how many new frames of the scene shown
/// were drawn in the last second. Drawing the same frame again (after a key,
/// a resize, or the once-a-second redraw) is not a frame, so the figure falls
/// to 0 when nothing moves; showing another scene counts once.
///
/// ```swift
/// var rate = FrameRate()
/// state.drawnPerSecond = rate.count(state, at: clock.now)
/// let grid = ScreenComposer.compose(state, columns: columns, rows: rows)
/// ```
package struct FrameRate: Sendable {
    /// When each frame counted in the last second was drawn, oldest first.
    private var drawn: [ContinuousClock.Instant] = []
    /// The scene and the sequence number of the frame drawn last.
    private var last: (scene: String?, seq: Int)?

    package init() {}

    /// Counts a drawing of the state's frame at `now`: the frames drawn in
    /// the second up to `now`.
    package mutating func count(_ state: ViewerState, at now: ContinuousClock.Instant) -> Int {
        drawn.removeAll { now - $0 > .seconds(1) }
        let key = (scene: state.current, seq: state.frame?.seq ?? -1)
        if last.map({ $0.scene != key.scene || $0.seq != key.seq }) ?? true {
            drawn.append(now)
            last = key
        }
        return drawn.count
    }
}
