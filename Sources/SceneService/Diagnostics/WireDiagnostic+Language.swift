import PlaygroundProtocol
import SceneLanguage
import SceneRuntime

extension WireDiagnostic {
    /// A diagnostic of a scene file (or an `exec`'s source), resolved to its
    /// file's name, line and column for the wire.
    /// A diagnostic of a scene imported from Swift is at the Swift line that made it.
    init(_ written: Diagnostic, time: Double? = nil) {
        let diagnostic = written.inOriginalSource
        let position = diagnostic.range.location
        self.init(
            severity: diagnostic.severity, code: diagnostic.code.rawValue, message: diagnostic.message,
            file: diagnostic.range.file.name,
            line: position.line, column: position.column, rendered: diagnostic.rendered, time: time)
    }

    /// A diagnostic of a running scene.
    init(_ diagnostic: RuntimeDiagnostic) {
        self.init(diagnostic.diagnostic, time: diagnostic.time)
    }
}
