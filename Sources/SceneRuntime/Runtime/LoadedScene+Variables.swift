import PlaygroundProtocol
import SceneLanguage

extension LoadedScene {
    /// The current value of a variable (`var NAME = E`); nil if the scene
    /// declares none of that name.
    public func variable(named name: String) -> Double? {
        scene.variableIndices[name].map { variables[$0] }
    }

    /// `NAME = E`, `+= E`, `-= E`. A value that is not finite or beyond
    /// ±1000000000 (``SceneLanguage/NumberLimits``) is reported, and the
    /// variable keeps its value.
    mutating func setVariable(
        _ name: Identifier, _ op: AssignmentOperator, _ expr: Expr, at statement: Statement
    ) {
        guard let index = scene.variableIndices[name.name] else {
            report(.error(.unknownName, "unknown variable \(quoted(name.name))", at: name.range))
            return
        }
        guard let value = evaluate(expr) else { return }
        let current = variables[index]
        let new =
            switch op {
            case .assign: value
            case .add: current + value
            case .subtract: current - value
            }
        guard NumberLimits.contains(new) else {
            report(
                .error(
                    .outOfRange,
                    "\(quoted(name.name)) would be \(format(new)), out of range "
                        + "(at most ±\(NumberLimits.largestText)); "
                        + "it keeps \(format(current))", at: statement.range))
            return
        }
        variables[index] = new
    }

    /// A property's value with a text list's entry (`LIST[E]`) replaced by
    /// its text; nil, with a diagnostic, when there is no entry to take.
    mutating func resolved(_ value: PropertyValue) -> PropertyValue? {
        guard case .textEntry(let name, let index) = value else { return value }
        guard let list = scene.textListIndices[name.name].map({ scene.textLists[$0] }) else {
            report(.error(.unknownName, "unknown text list \(quoted(name.name))", at: name.range))
            return nil
        }
        guard let index else {
            report(
                .error(.typeMismatch, "\(quoted(name.name)) is a text list, not a text", at: name.range))
            return nil
        }
        guard let position = evaluate(index) else { return nil }
        guard let text = list.text(at: position) else {
            report(.error(.invalidValue, "the text list \(quoted(name.name)) is empty", at: name.range))
            return nil
        }
        return .text(text)
    }
}
