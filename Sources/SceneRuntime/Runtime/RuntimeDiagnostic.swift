public import SceneLanguage

/// A diagnostic that running a scene gave: an illegal animator transition,
/// a constraint that could not be activated, a value out of range. It keeps
/// the file its range points into (the scene's, or the source of an `exec`)
/// and the scene time it happened at.
public struct RuntimeDiagnostic: Sendable {
    public var diagnostic: Diagnostic
    public var file: SourceFile
    /// Seconds since the scene loaded.
    public var time: Double

    public init(_ diagnostic: Diagnostic, file: SourceFile, time: Double) {
        self.diagnostic = diagnostic
        self.file = file
        self.time = time
    }

    /// The text form, like the language's diagnostics.
    public var rendered: String { diagnostic.rendered(in: file) }
}
