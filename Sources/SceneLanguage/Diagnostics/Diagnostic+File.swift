extension Diagnostic {
    /// An error about a scene file as a whole, not its text: it could not be read (``DiagnosticCode/notAFile``,
    /// ``DiagnosticCode/tooLarge``, ``DiagnosticCode/unreadable``). It points at the start of an empty file of that
    /// name, and renders as its header line alone.
    ///
    /// ```
    /// Victim.layout:1:1: error: cannot load 'Victim.layout': it is a FIFO (named pipe), not a regular file [not-a-file]
    /// ```
    ///
    /// - Parameters:
    ///   - name: the file's name as diagnostics show it.
    ///   - code: why it could not be read.
    ///   - reason: the reason in words, as the file reader gives it ("it is a FIFO (named pipe), not a regular file").
    public static func file(_ name: String, code: DiagnosticCode, reason: String) -> Diagnostic {
        let file = SourceFile(name: name, text: "")
        return .error(code, "cannot load '\(name)': \(reason)", at: .at(0, in: file))
    }
}
