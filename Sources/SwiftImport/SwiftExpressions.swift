import SwiftSyntax

/// Reading the shapes of Swift expressions the importer understands, without types: names, member paths, call
/// arguments and closures.
extension ExprSyntax {
    /// The expression without `?`, `!`, `try` and parentheses around one element: `self.titleLeadingAnchor?` is
    /// `self.titleLeadingAnchor`.
    var unwrapped: ExprSyntax {
        if let optional = self.as(OptionalChainingExprSyntax.self) { return optional.expression.unwrapped }
        if let forced = self.as(ForceUnwrapExprSyntax.self) { return forced.expression.unwrapped }
        if let tried = self.as(TryExprSyntax.self) { return tried.expression.unwrapped }
        if let tuple = self.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
            only.label == nil
        {
            return only.expression.unwrapped
        }
        return self
    }

    /// A member path as names, `self` and optional chaining left in: `self.titleLabel?.alpha` is
    /// `["self", "titleLabel", "alpha"]`, `.systemRed` is `["", "systemRed"]`; nil for anything else.
    var memberPath: [String]? {
        let expression = unwrapped
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return [reference.baseName.text]
        }
        if expression.is(SuperExprSyntax.self) { return ["super"] }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            guard let base = member.base else { return ["", member.declName.baseName.text] }
            guard let basePath = base.memberPath else { return nil }
            return basePath + [member.declName.baseName.text]
        }
        return nil
    }

    /// The member path without a leading `self`: what a property of the class is called.
    var selfPath: [String]? {
        guard let path = memberPath else { return nil }
        return path.first == "self" ? Array(path.dropFirst()) : path
    }
}

extension FunctionCallExprSyntax {
    /// The labels of the arguments, `_` for none, then those of the trailing closures (the first as
    /// `trailing`): `constraint(equalTo:constant:)` has `["equalTo", "constant"]`.
    var argumentLabels: [String] {
        arguments.map { $0.label?.text ?? "_" }
    }

    /// The argument with this label (`_` for an unlabelled one).
    func argument(_ label: String) -> ExprSyntax? {
        arguments.first { ($0.label?.text ?? "_") == label }?.expression
    }

    /// The closure given for the parameter `label`: as an argument, as the first trailing closure when no
    /// argument has the label, or as a labelled additional trailing closure.
    func closure(_ label: String, trailingFirst: Bool = true) -> ClosureExprSyntax? {
        if let argument = argument(label) { return argument.unwrapped.as(ClosureExprSyntax.self) }
        if let additional = additionalTrailingClosures.first(where: { $0.label.text == label }) {
            return additional.closure
        }
        return trailingFirst ? trailingClosure : nil
    }

    /// The called function's path: `UIView.animate` is `["UIView", "animate"]`, `layout()` `["layout"]`.
    var calledPath: [String]? { calledExpression.memberPath }
}

extension StringLiteralExprSyntax {
    /// The string's value when it has no interpolation: escapes read as Swift reads them.
    var value: String? {
        var text = ""
        for segment in segments {
            guard let piece = segment.as(StringSegmentSyntax.self) else { return nil }
            text += piece.content.text
        }
        if openingPounds != nil { return text }
        return Self.unescaped(text)
    }

    /// Swift's escapes in a string literal's source: `\n`, `\t`, `\r`, `\0`, `\"`, `\'`, `\\`, `\u{…}`.
    static func unescaped(_ source: String) -> String? {
        var out = ""
        var characters = source.makeIterator()
        while let character = characters.next() {
            guard character == "\\" else {
                out.append(character)
                continue
            }
            switch characters.next() {
            case "n": out.append("\n")
            case "t": out.append("\t")
            case "r": out.append("\r")
            case "0": out.append("\0")
            case "\"": out.append("\"")
            case "'": out.append("'")
            case "\\": out.append("\\")
            case "u":
                guard characters.next() == "{" else { return nil }
                var hex = ""
                while let digit = characters.next(), digit != "}" { hex.append(digit) }
                guard let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else { return nil }
                out.unicodeScalars.append(scalar)
            default: return nil
            }
        }
        return out
    }
}

extension CodeBlockItemSyntax {
    /// The item as an expression when it is one (an expression statement).
    var expression: ExprSyntax? {
        switch item {
        case .expr(let expression): return expression
        case .stmt(let statement): return statement.as(ExpressionStmtSyntax.self)?.expression
        case .decl: return nil
        }
    }
}

extension ClosureExprSyntax {
    /// The names of the closure's parameters: `{ position in … }` has `["position"]`.
    var parameterNames: [String] {
        guard let clause = signature?.parameterClause else { return [] }
        switch clause {
        case .simpleInput(let names): return names.map(\.name.text)
        case .parameterClause(let parameters): return parameters.parameters.map { ($0.secondName ?? $0.firstName).text }
        }
    }
}
