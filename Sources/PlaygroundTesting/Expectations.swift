@_exported public import LayoutAssertions
@_exported public import PlaygroundClient
@_exported public import PlaygroundProtocol
public import Testing

extension PlaygroundScene {
    /// Checks an assertion and, when it fails, records a Swift Testing issue
    /// at the caller's line with the message `layoutctl assert` prints:
    ///
    /// ```swift
    /// try await quiz.expect("question.centerX == root.centerX ± 0.5", .at(0.25))
    /// // question.centerX == root.centerX ± 0.5 failed at t = 0.25: 324.0 vs 187.5 (off by 136.5)
    /// try await messaging.expect("toolbar.top >= message3.centerY", .throughout)
    /// ```
    ///
    /// An assertion that does not parse, or names a view the scene lacks,
    /// is recorded the same way, with its caret and "did you mean".
    /// - Returns: Whether it held.
    /// - Throws: ``ClientError`` when the daemon cannot be asked (no such scene, a closed connection, a time
    ///   already past).
    @discardableResult
    public func expect(
        _ assertion: String, _ timing: AssertionTiming = .now, timeout: Double = Request.defaultSettleTimeout,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Bool {
        try await expect([assertion], timing, timeout: timeout, sourceLocation: sourceLocation)
    }

    /// Checks several assertions together (over time, on the same frames); an issue for each that fails.
    @discardableResult
    public func expect(
        _ assertions: [String], _ timing: AssertionTiming = .now, timeout: Double = Request.defaultSettleTimeout,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Bool {
        let report: AssertionReport
        do {
            report = try await client.check(assertions, in: name, timing: timing, timeout: timeout)
        } catch let error as AssertionError {
            Issue.record(Comment(rawValue: "invalid assertion: \(error)"), sourceLocation: sourceLocation)
            return false
        }
        for failure in report.failures { Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation) }
        return report.passed
    }
}
