extension Scene {
    /// Lexes, parses and checks statements written apart from the scene
    /// file, against the scene's names: what `exec` runs as an action.
    ///
    /// The source holds statements as an action's body does, without the
    /// braces, separated by new lines or `;`. Its diagnostics point into
    /// `file`, so they render with its name:
    ///
    /// ```swift
    /// let source = SourceFile(name: "<exec 1>", text: "toolbarTop.constant = 0; layout")
    /// let (statements, diagnostics) = scene.parseStatements(source)
    /// for diagnostic in diagnostics { print(diagnostic.rendered, terminator: "") }
    /// ```
    ///
    /// - Parameter file: The statements' source.
    /// - Returns: The statements that could be read, and every diagnostic;
    ///   without an error among them, the statements are ready to run.
    public func parseStatements(_ file: SourceFile) -> (statements: [Statement], diagnostics: [Diagnostic]) {
        let lexed = Lexer.lex(file, reusing: nil)
        var parser = Parser(lexed)
        let statements = parser.parseStatementSource()
        let checked = Checker.check(statements, against: self)
        return (statements, lexed.diagnostics + parser.diagnostics + checked)
    }
}

/// A scene's names, declared once, to check statements from other sources against: `exec` after `exec` on the
/// same scene reads its file once, not once for each.
///
/// ```swift
/// let context = StatementContext(scene)
/// let (statements, diagnostics) = context.parseStatements(SourceFile(name: "<exec 1>", text: "layout"))
/// ```
package struct StatementContext: Sendable {
    private let checker: Checker

    package init(_ scene: Scene) {
        checker = Checker.namesDeclared(by: scene)
    }

    /// Whether this is the context of `scene`, read from the same file.
    package func isContext(of scene: Scene) -> Bool {
        checker.scene.file.isSameFile(as: scene.file)
    }

    /// ``Scene/parseStatements(_:)`` against this context's scene.
    package func parseStatements(_ file: SourceFile) -> (statements: [Statement], diagnostics: [Diagnostic]) {
        let lexed = Lexer.lex(file, reusing: nil)
        var parser = Parser(lexed)
        let statements = parser.parseStatementSource()
        return (statements, lexed.diagnostics + parser.diagnostics + checker.checking(statements))
    }
}
