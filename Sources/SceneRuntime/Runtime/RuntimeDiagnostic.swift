public import SceneLanguage

/// A diagnostic that running a scene gave: an illegal animator transition,
/// a constraint that could not be activated, a value out of range, with the
/// scene time it happened at. Its range keeps the file it points into (the
/// scene's, or the source of an `exec`).
public struct RuntimeDiagnostic: Sendable {
    public var diagnostic: Diagnostic
    /// Seconds since the scene loaded.
    public var time: Double

    public init(_ diagnostic: Diagnostic, time: Double) {
        self.diagnostic = diagnostic
        self.time = time
    }

    /// The text form, like the language's diagnostics.
    public var rendered: String { diagnostic.rendered }
}
