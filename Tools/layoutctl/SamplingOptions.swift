import ArgumentParser

/// `--until` and `--fps`, for `frames` and `plot`: how long and how often a scene is sampled. How far `--until`
/// may go is each command's (``Times/check(_:option:limit:)``).
struct SamplingOptions: ParsableArguments {
    /// The most ticks per second, as for `layoutd --fps`: a tick a millisecond.
    static let fpsLimit = 1000.0

    // `.unconditional`: a value that looks like an option, as `-1`, is the
    // option's value, and is then refused with a reason instead of being
    // reported as missing.
    @Option(
        parsing: .unconditional, help: "Every tick up to this time, in seconds, instead of until the scene settles.")
    var until: Double?

    @Option(
        parsing: .unconditional,
        help: "Ticks per second, above 0 and at most \(seconds(SamplingOptions.fpsLimit)).")
    var fps: Double = 60

    func validate() throws {
        guard fps.isFinite, fps > 0, fps <= Self.fpsLimit else {
            throw ValidationError(
                "--fps must be above 0 and at most \(seconds(Self.fpsLimit)), not \(seconds(fps))")
        }
    }
}
