// The syntax a reused line added (see `ParseReuse`), moved to where the line stands in a new file: each range
// shifted by the same offset and pointed into that file.

extension SourceRange {
    /// The range `offset` bytes further on (back, when negative), in `file`.
    func rebased(by offset: Int, in file: SourceFile) -> SourceRange {
        SourceRange(start: start + offset, end: end + offset, in: file)
    }
}

extension Identifier {
    func rebased(by offset: Int, in file: SourceFile) -> Identifier {
        Identifier(name, range.rebased(by: offset, in: file))
    }
}

extension Located {
    func rebased(by offset: Int, in file: SourceFile) -> Located {
        Located(value, range.rebased(by: offset, in: file))
    }
}

extension Expr {
    /// Recursive, as the expression's other walks are: an expression holds at most
    /// ``Parser/maximumOperations`` operators.
    func rebased(by offset: Int, in file: SourceFile) -> Expr {
        let kind: Kind =
            switch self.kind {
            case .number, .system: self.kind
            case .reference(let path): .reference(path.map { $0.rebased(by: offset, in: file) })
            case .negate(let operand): .negate(operand.rebased(by: offset, in: file))
            case .binary(let op, let lhs, let rhs):
                .binary(op, lhs.rebased(by: offset, in: file), rhs.rebased(by: offset, in: file))
            }
        return Expr(kind, range.rebased(by: offset, in: file))
    }
}

extension ViewDeclaration {
    /// In place: a declaration is a dozen references, and each copy of it counts them all.
    mutating func rebase(by offset: Int, in file: SourceFile) {
        name = name.rebased(by: offset, in: file)
        range = range.rebased(by: offset, in: file)
        // Its properties' ranges are counted from its start, and move with it.
        if var moved = stack, !moved.customSpacings.isEmpty {
            for k in moved.customSpacings.indices {
                moved.customSpacings[k].range = moved.customSpacings[k].range.rebased(by: offset, in: file)
            }
            stack = moved
        }
    }
}

extension CustomSpacingSyntax {
    func rebased(by offset: Int, in file: SourceFile) -> CustomSpacingSyntax {
        CustomSpacingSyntax(
            stack: stack.rebased(by: offset, in: file), view: view.rebased(by: offset, in: file),
            spacing: spacing.rebased(by: offset, in: file), range: range.rebased(by: offset, in: file))
    }
}

extension VisualFormatSyntax {
    func rebased(by offset: Int, in file: SourceFile) -> VisualFormatSyntax {
        var line = self
        line.name = name?.rebased(by: offset, in: file)
        line.leadingEdge = leadingEdge?.rebased(by: offset, in: file)
        line.views = views.map { $0.rebased(by: offset, in: file) }
        line.connections = connections.map { $0.rebased(by: offset, in: file) }
        line.trailingEdge = trailingEdge?.rebased(by: offset, in: file)
        line.alignments = alignments.map { alignment in
            Alignment(attribute: alignment.attribute, range: alignment.range.rebased(by: offset, in: file))
        }
        line.format = format.rebased(by: offset, in: file)
        line.range = range.rebased(by: offset, in: file)
        return line
    }
}

extension VisualFormatSyntax.Predicate {
    func rebased(by offset: Int, in file: SourceFile) -> Self {
        var predicate = self
        if case .view(let name) = object { predicate.object = .view(name.rebased(by: offset, in: file)) }
        predicate.range = range.rebased(by: offset, in: file)
        return predicate
    }
}

extension VisualFormatSyntax.Connection {
    func rebased(by offset: Int, in file: SourceFile) -> Self {
        var connection = self
        if case .predicates(let predicates) = kind {
            connection.kind = .predicates(predicates.map { $0.rebased(by: offset, in: file) })
        }
        connection.range = range.rebased(by: offset, in: file)
        return connection
    }
}

extension VisualFormatSyntax.View {
    func rebased(by offset: Int, in file: SourceFile) -> Self {
        VisualFormatSyntax.View(
            name: name.rebased(by: offset, in: file), predicates: predicates.map { $0.rebased(by: offset, in: file) },
            predicatesRange: predicatesRange?.rebased(by: offset, in: file),
            range: range.rebased(by: offset, in: file))
    }
}

extension VisualFormatSyntax.Edge {
    func rebased(by offset: Int, in file: SourceFile) -> Self {
        VisualFormatSyntax.Edge(
            bar: bar.rebased(by: offset, in: file), connection: connection.rebased(by: offset, in: file))
    }
}
