import PlaygroundProtocol
import SceneLanguage
import SceneRuntime

extension WireDiagnostic {
    /// A diagnostic of a scene file, resolved to its line and column for the wire.
    init(_ diagnostic: Diagnostic, in file: SourceFile, time: Double? = nil) {
        let position = file.location(of: diagnostic.range.start)
        let severity: Severity =
            switch diagnostic.severity {
            case .error: .error
            case .warning: .warning
            case .note: .note
            }
        self.init(
            severity: severity, code: diagnostic.code.rawValue, message: diagnostic.message, file: file.name,
            line: position.line, column: position.column, rendered: diagnostic.rendered(in: file), time: time)
    }

    /// A diagnostic of a running scene.
    init(_ diagnostic: RuntimeDiagnostic) {
        self.init(diagnostic.diagnostic, in: diagnostic.file, time: diagnostic.time)
    }
}
