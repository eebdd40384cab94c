/// Time as the protocol and scene time count it: seconds, as a `Double`
/// (`"seconds":0.25`, a frame's `time`). A `Duration` from a clock becomes
/// seconds here, and seconds become a `Duration` with `.seconds(_:)`.
extension Duration {
    /// This duration in seconds: `Duration.milliseconds(250).seconds` is 0.25.
    public var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}
