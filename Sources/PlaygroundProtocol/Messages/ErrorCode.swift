/// The stable codes of error responses (`"error":{"code":…,"message":…}`):
/// clients may match on them, so a code is never renamed or reused.
public enum ErrorCode: String, Hashable, Sendable, CaseIterable {
    /// The line is not JSON.
    case invalidJSON = "invalid-json"
    /// The line is JSON but not an object.
    case notAnObject = "not-an-object"
    /// The object has no `cmd`, or its `cmd` is not a string.
    case missingCommand = "missing-cmd"
    case unknownCommand = "unknown-command"
    /// An argument is missing, of the wrong type, or out of range.
    case invalidArgument = "invalid-argument"
    /// A line longer than ``ProtocolLimits/maximumLineLength``.
    case lineTooLong = "line-too-long"
    case unknownScene = "unknown-scene"
    case unknownAction = "unknown-action"
    /// `exec` source with errors; the response carries its diagnostics.
    case invalidSource = "invalid-source"
    /// `step` on a daemon whose clock is real.
    case manualClockOnly = "manual-clock-only"
    /// `clock` on a daemon whose clock is manual.
    case realClockOnly = "real-clock-only"
    /// `settle` ran out of time before the scene settled.
    case timeout
    /// The scene's file has errors and no good generation ran yet.
    case sceneError = "scene-error"
}

/// The protocol's bounds.
public enum ProtocolLimits {
    /// A message is at most 1 MiB, its newline not counted.
    public static let maximumLineLength = 1 << 20
    /// The protocol's version, as `hello` reports it.
    public static let version = 1
}
