extension Checker {
    /// Checks statements from a source of their own (an `exec`) against the
    /// names that `scene` declares, as the statements of an action are
    /// checked: the same rules, the same messages.
    ///
    /// The scene's file is parsed and checked again to rebuild its names
    /// (its own diagnostics were reported when it loaded, and are dropped
    /// here); then the animators the statements create are declared, so that
    /// later statements of theirs may drive them, and the statements are
    /// checked. The diagnostics returned point into the statements' file.
    static func check(_ statements: [Statement], against scene: Scene) -> [Diagnostic] {
        namesDeclared(by: scene).checking(statements)
    }

    /// A checker of `scene`'s file with its names declared and nothing reported: what statements from another
    /// source are checked against (``checking(_:)``).
    static func namesDeclared(by scene: Scene) -> Checker {
        var parser = Parser(Lexer.lex(scene.file, reusing: nil))
        parser.parseFile()
        var checker = Checker(
            scene: parser.scene, constraints: parser.constraints, customSpacings: parser.customSpacings,
            visualFormats: parser.visualFormats, strayBodies: parser.strayBodies)
        let suggestions = checker.suggestionsLeft
        checker.check()
        checker.diagnostics = []
        checker.reported = 0
        checker.suggestionsLeft = suggestions
        return checker
    }

    /// The diagnostics of statements from another source, checked against the names this checker declared
    /// (``namesDeclared(by:)``), which stays as it is for the next statements.
    func checking(_ statements: [Statement]) -> [Diagnostic] {
        var checker = self
        checker.declareAnimators(in: statements)
        checker.check(statements)
        return checker.diagnostics
    }

    /// Enters the animators that statements create. A name the scene gives
    /// to something else is reported without a note: its declaration lies
    /// in another file.
    private mutating func declareAnimators(in statements: [Statement]) {
        var names: [Identifier] = []
        forEachStatement(in: statements) { statement in
            if case .animator(let declaration) = statement.kind { names.append(declaration.name) }
        }
        for name in names {
            if name.name == "root" || name.name == "system" {
                let meaning = name.name == "root" ? "the root view" : "the standard spacing"
                error(.reservedName, "\(quoted(name.name)) is \(meaning); choose another name", at: name.range)
                continue
            }
            switch symbols[name.name] {
            case nil:
                symbols[name.name] = .animator(name.range)
            case .animator?:
                continue
            case let existing?:
                error(
                    .duplicateName,
                    "\(quoted(name.name)) is already declared in the scene as \(describe(existing)); choose another name",
                    at: name.range)
            }
        }
    }
}
