// The paths the checker resolves (`card.top`, `root.safeArea.top`), as statements and constraint syntax hold them,
// and what resolving constraints keeps of the names the parse lexed.

/// Names joined by dots as the checker reads a path (`card.top`, `root.safeArea.top`): identifiers as a statement
/// holds them, or a constraint's compact path where it stands (``ConstraintPath``). A name is made an
/// ``Identifier``, with its range, only for a message.
protocol DottedNames {
    var count: Int { get }
    func name(_ index: Int) -> String
    func identifier(_ index: Int) -> Identifier
    /// Name `index`'s index in the names this parse lexed, if the checker may key what it finds of the name by it
    /// (``LexedNameFacts``); -1 if not.
    func lexedIndex(_ index: Int) -> Int
}

extension Array: DottedNames where Element == Identifier {
    func name(_ index: Int) -> String { self[index].name }
    func identifier(_ index: Int) -> Identifier { self[index] }
    func lexedIndex(_ index: Int) -> Int { -1 }
}

/// A path of a constraint's syntax, read in place, where the constraint stands in `file`. `isReadHere`: the
/// syntax was read by this parse, not taken from the last one's lines, so its names index this parse's.
struct ConstraintPath: DottedNames {
    let constraint: ConstraintSyntax
    let role: ConstraintSyntax.PathRole
    let file: SourceFile
    let isReadHere: Bool

    init(_ constraint: ConstraintSyntax, _ role: ConstraintSyntax.PathRole, in file: SourceFile, isReadHere: Bool) {
        self.constraint = constraint
        self.role = role
        self.file = file
        self.isReadHere = isReadHere
    }

    var count: Int { constraint.count(of: role) }
    func name(_ index: Int) -> String { constraint.name(index, of: role) }
    func identifier(_ index: Int) -> Identifier { constraint.identifier(index, of: role, in: file) }
    func lexedIndex(_ index: Int) -> Int { isReadHere ? constraint.lexedIndex(index, of: role) : -1 }
}

/// What resolving constraints found of the names the parse lexed, by their index (``LexedFile/names``): whether a
/// name a path starts with is a view's, and which attribute a name is. A scene's constraints name the same views
/// and attributes thousands of times; each is looked up by its text once.
struct LexedNameFacts {
    /// A view's index; ``unknown`` until looked up; ``other`` for a name that is not a view's (looked up by its
    /// text each time, as what it is may need a message).
    private var views: [Int32]
    /// An attribute's index in ``attributeCases``; ``unknown``; ``other`` for a name that is no attribute.
    private var attributes: [Int8]
    /// Not looked up yet, or a name that is not kept here (another parse's, or an identifier's): look it up.
    static let unknown = -2
    static let other = -1
    static let attributeCases = Attribute.allCases

    init(count: Int) {
        views = Array(repeating: Int32(Self.unknown), count: count)
        attributes = Array(repeating: Int8(Self.unknown), count: count)
    }

    /// The view `lexed` names (an index), ``other``, or ``unknown``.
    func view(_ lexed: Int) -> Int { lexed >= 0 && lexed < views.count ? Int(views[lexed]) : Self.unknown }

    mutating func setView(_ lexed: Int, _ view: Int?) {
        guard lexed >= 0 && lexed < views.count else { return }
        views[lexed] = view.flatMap { Int32(exactly: $0) } ?? Int32(Self.other)
    }

    /// The attribute `lexed` names (an index into ``attributeCases``), ``other``, or ``unknown``.
    func attribute(_ lexed: Int) -> Int {
        lexed >= 0 && lexed < attributes.count ? Int(attributes[lexed]) : Self.unknown
    }

    mutating func setAttribute(_ lexed: Int, _ attribute: Attribute?) {
        guard lexed >= 0 && lexed < attributes.count else { return }
        attributes[lexed] = Int8(attribute.flatMap { Self.attributeCases.firstIndex(of: $0) } ?? Self.other)
    }
}

extension Checker {
    /// What a path's first name stands for: `symbols[name]`, found once for a view's name this parse lexed.
    @inline(__always)
    mutating func headSymbol(of path: some DottedNames) -> Symbol? {
        let lexed = path.lexedIndex(0)
        let view = nameFacts.view(lexed)
        if view >= 0 { return .view(view) }
        let symbol = symbols[path.name(0)]
        if view == LexedNameFacts.unknown {
            if case .view(let index)? = symbol {
                nameFacts.setView(lexed, index)
            } else {
                nameFacts.setView(lexed, nil)
            }
        }
        return symbol
    }

    /// `Attribute(word:)` of a path's name `index`, found once for a name this parse lexed.
    @inline(__always)
    mutating func attribute(named path: some DottedNames, at index: Int) -> Attribute? {
        let lexed = path.lexedIndex(index)
        let found = nameFacts.attribute(lexed)
        if found >= 0 { return LexedNameFacts.attributeCases[found] }
        if found == LexedNameFacts.other { return nil }
        let attribute = Attribute(word: path.name(index))
        nameFacts.setAttribute(lexed, attribute)
        return attribute
    }
}
