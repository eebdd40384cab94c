package import SceneLanguage

/// A name the scene declares: views, guides, constraints, groups, animators,
/// variables and text lists share one namespace; actions have their own
/// (the language's rule, `duplicate-name`).
package struct Symbol: Hashable, Sendable, CustomStringConvertible {
    package enum Kind: String, Hashable, Sendable {
        case view, guide, constraint, group, animator, variable, textList = "text list", action
    }

    package var name: String
    package var kind: Kind

    package var description: String { "\(kind.rawValue) '\(name)'" }

    /// Whether two symbols could not both have a name: the same namespace.
    func sharesNamespace(with other: Kind) -> Bool { (kind == .action) == (other == .action) }
}

/// Every place a document names one of its symbols, found from its tokens
/// and resolved against the checked scene: what definition, references,
/// rename and hover stand on.
///
/// A name is resolved as the language resolves it: after `action` and `run`
/// it is an action; after a `.` it is a member (an attribute, a property),
/// never a symbol; after `color` (and `color =`), `curve` and `at` it is a
/// value; otherwise it is the view, constraint, group, animator, variable or
/// text list of that name, if there is one. Names inside a visual format line
/// (`H:|-[title]-|`) are views. Declarations are where the scene says each
/// symbol was declared (an animator only an action creates: its first
/// `animator` statement).
package struct SymbolIndex: Sendable {
    /// A name in the text: its byte offsets, its symbol, and whether it declares it.
    package struct Occurrence: Hashable, Sendable {
        package var start: Int
        package var end: Int
        package var symbol: Symbol
        package var isDeclaration: Bool

        package var offsets: Range<Int> { start..<end }
    }

    /// In the order of the text.
    package private(set) var occurrences: [Occurrence] = []
    /// Where each symbol is declared.
    package private(set) var declarations: [Symbol: Range<Int>] = [:]
    /// The kind of each name of the shared namespace.
    package private(set) var kinds: [String: Symbol.Kind] = [:]
    /// The actions' names.
    package private(set) var actions: Set<String> = []

    /// An index of nothing: a document without a scene of its own (a Swift file's import).
    package init() {}

    package init(scene: Scene) {
        let file = scene.file
        for view in scene.views {
            declare(view.name, as: view.kind == .guide ? .guide : .view)
        }
        for constraint in scene.constraints {
            if let name = constraint.name { declare(name, as: .constraint) }
        }
        for group in scene.groups {
            if let name = group.name { declare(name, as: .group) }
        }
        for animator in scene.animators { declare(animator.name, as: .animator) }
        for variable in scene.variables { declare(variable.name, as: .variable) }
        for list in scene.textLists { declare(list.name, as: .textList) }
        for action in scene.actions { declare(action.name, as: .action) }

        let tokens = Lexer.tokenize(file).tokens
        // Animators that only actions create, wherever they are first used.
        for (before, token) in zip(tokens, tokens.dropFirst()) where before.kind == .identifier("animator") {
            if case .identifier(let name) = token.kind, kinds[name] == nil { kinds[name] = .animator }
        }
        var previous: Token.Kind = .newline
        var beforePrevious: Token.Kind = .newline
        for token in tokens {
            defer { (beforePrevious, previous) = (previous, token.kind) }
            switch token.kind {
            case .identifier(let name):
                // `V.color = NAME`: a colour.
                if previous == .equal && beforePrevious == .identifier("color") { continue }
                guard let kind = resolve(name, after: previous) else { continue }
                // An animator created only in actions is declared by its first `animator` statement.
                if kind == .animator, previous == .identifier("animator") {
                    let symbol = Symbol(name: name, kind: .animator)
                    if declarations[symbol] == nil { declarations[symbol] = token.start..<token.end }
                }
                add(name, kind, token.start, token.end)
            case .visualFormat(let text):
                addViews(inVisualFormat: text, at: token.start)
            default:
                continue
            }
        }
        for index in occurrences.indices {
            let occurrence = occurrences[index]
            occurrences[index].isDeclaration = declarations[occurrence.symbol] == occurrence.offsets
        }
    }

    private mutating func declare(_ name: Identifier, as kind: Symbol.Kind) {
        let symbol = Symbol(name: name.name, kind: kind)
        if kind == .action {
            actions.insert(name.name)
        } else if kinds[name.name] == nil {
            kinds[name.name] = kind
        }
        if declarations[symbol] == nil { declarations[symbol] = name.range.start..<name.range.end }
    }

    /// What a name stands for, given the token before it.
    private func resolve(_ name: String, after previous: Token.Kind) -> Symbol.Kind? {
        switch previous {
        case .dot: return nil
        case .identifier("action"), .identifier("run"): return .action
        case .identifier("color"), .identifier("curve"), .identifier("at"): return nil
        default: return kinds[name]
        }
    }

    private mutating func add(_ name: String, _ kind: Symbol.Kind, _ start: Int, _ end: Int) {
        occurrences.append(
            Occurrence(start: start, end: end, symbol: Symbol(name: name, kind: kind), isDeclaration: false))
    }

    /// The views a visual format line names: the identifiers in it (after its `H:` or `V:`) that are views.
    private mutating func addViews(inVisualFormat text: String, at start: Int) {
        let bytes = Array(text.utf8)
        var index = 2
        while index < bytes.count {
            guard Self.startsIdentifier(bytes[index]), !Self.continuesIdentifier(bytes[index - 1]) else {
                index += 1
                continue
            }
            var end = index
            while end < bytes.count && Self.continuesIdentifier(bytes[end]) { end += 1 }
            let name = String(decoding: bytes[index..<end], as: UTF8.self)
            if let kind = kinds[name], kind == .view || kind == .guide {
                add(name, kind, start + index, start + end)
            }
            index = end
        }
    }

    private static func startsIdentifier(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
    }

    private static func continuesIdentifier(_ byte: UInt8) -> Bool {
        startsIdentifier(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// The occurrence at a byte offset: the name it is in, or that ends there (the cursor just after a word).
    package func occurrence(at offset: Int) -> Occurrence? {
        var low = 0
        var high = occurrences.count
        while low < high {
            let middle = (low + high) / 2
            if occurrences[middle].end < offset { low = middle + 1 } else { high = middle }
        }
        guard low < occurrences.count, occurrences[low].start <= offset else { return nil }
        return occurrences[low]
    }

    /// Every occurrence of a symbol, in the order of the text.
    package func occurrences(of symbol: Symbol) -> [Occurrence] {
        occurrences.filter { $0.symbol == symbol }
    }

    /// The symbol a name would clash with in a kind's namespace, if any.
    package func symbol(named name: String, sharingNamespaceWith kind: Symbol.Kind) -> Symbol? {
        if kind == .action { return actions.contains(name) ? Symbol(name: name, kind: .action) : nil }
        return kinds[name].map { Symbol(name: name, kind: $0) }
    }
}
