public import SceneLanguage

extension PlaybackSession {
    /// What a session runs at a time, from outside the scene.
    public enum Input: Sendable {
        /// One of the scene's actions, by name.
        case action(String)
        /// Statements already parsed and checked against the scene
        /// (``SceneLanguage/Scene/parseStatements(_:)``), run as an action;
        /// their ranges keep the file they were parsed from.
        case statements([Statement])
    }

    /// Schedules an input to run at a scene time: when time reaches it, it
    /// runs at that time, before the frame for that time is made. Inputs
    /// due at the same time run in the order they were scheduled.
    ///
    /// - Parameters:
    ///   - input: An action or statements.
    ///   - time: Seconds since the scene loaded. A time already past is the
    ///     current time: the input runs at the next move or frame.
    /// - Throws: ``PlaybackError/unknownAction(_:)`` when the scene has no
    ///   action of that name (its message names the scene and the nearest
    ///   action, as a daemon's `unknown-action` error says it);
    ///   ``PlaybackError/invalidTime(_:)`` when `time` is not finite.
    ///   Nothing is scheduled then.
    public mutating func schedule(_ input: Input, at time: Double) throws(PlaybackError) {
        guard time.isFinite else { throw .invalidTime(time) }
        if case .action(let name) = input, scene.scene.action(named: name) == nil {
            throw .unknownAction(UnknownAction(name, among: scene.scene.actions.map(\.name.name), scene: scene.name))
        }
        let at = max(time, self.time)
        let index = queue.firstIndex { $0.time > at } ?? queue.endIndex
        queue.insert(ScheduledInput(time: at, input: input), at: index)
    }
}

/// An input waiting in a ``PlaybackSession`` for its time.
public struct ScheduledInput: Sendable {
    /// Seconds since the scene loaded.
    public var time: Double
    public var input: PlaybackSession.Input
}

/// Why a ``PlaybackSession`` refused an input.
public enum PlaybackError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The scene has no action of this name.
    case unknownAction(UnknownAction)
    /// A time that is not finite.
    case invalidTime(Double)

    /// `'Quiz' has no action 'nxet'; did you mean 'next'?`, `the time inf is not finite`.
    public var description: String {
        switch self {
        case .unknownAction(let unknown): unknown.description
        case .invalidTime(let time): "the time \(time) is not finite"
        }
    }
}
