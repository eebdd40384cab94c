import SceneLanguage

/// The hover of a diagnostic: its severity and code, linked to the code's section of the diagnostics page, the
/// message, and what the code means and how to fix it (``texts``).
enum DiagnosticExplanation {
    static func markdown(for diagnostic: Diagnostic, documentation: String?) -> String {
        let code = diagnostic.code.rawValue
        let linked = documentation.map { "[`\(code)`](\($0)#\(code))" } ?? "`\(code)`"
        var lines = ["**\(diagnostic.severity)** \(linked): \(diagnostic.message)"]
        if let (meaning, fix) = texts[diagnostic.code] {
            lines.append(meaning)
            if let fix { lines.append(fix) }
        }
        return lines.joined(separator: "\n\n")
    }
}
