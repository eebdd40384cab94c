extension Checker {
    /// A name alone in an action's expression: it must be a variable. Any
    /// other sort is told how to read a number off it.
    mutating func checkVariableRead(_ name: Identifier) {
        guard let symbol = lookUp(name, expecting: "variable", accepting: { $0.isVariable }) else { return }
        let hint: String
        switch symbol {
        case .variable: return
        case .view: hint = "; read a property of its frame, as \(quoted(name.name + ".midY"))"
        case .constraint: hint = "; read its constant, as \(quoted(name.name + ".constant"))"
        case .animator: hint = "; read its fraction, as \(quoted(name.name + ".fraction"))"
        case .textList: hint = "; read its length, as \(quoted(name.name + ".count"))"
        case .group: hint = ""
        }
        error(.typeMismatch, "\(quoted(name.name)) is \(describe(symbol)), not a number" + hint, at: name.range)
    }

    /// `LIST[E]` as a text: a text list, with an index.
    mutating func checkEntry(of list: Identifier, at index: Expr?) {
        let symbol = expect(list, "text list", { $0.isTextList })
        if case .textList? = symbol, index == nil {
            error(
                .typeMismatch,
                "\(quoted(list.name)) is a text list, not a text; show one of its entries, as \(quoted(list.name + "[0]"))",
                at: list.range)
        }
        if let index { check(index) }
    }
}
