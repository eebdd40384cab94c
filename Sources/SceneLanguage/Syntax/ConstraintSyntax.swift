/// A constraint as written: `[NAME:] ITEM.ATTR REL EXPR [@PRIORITY]`.
///
/// The parser makes these; the checker resolves them into ``LayoutConstraint``s.
///
/// Compact, as a scene holds thousands: its parts are one object, shared by its copies, that holds its names
/// and offsets but no ``SourceFile``, and no array or expression tree for the shapes most constraints are
/// written in (``LinearSide``). A copy adds `shift` to the parts' offsets, and whoever reads a range says the
/// file it points into (the checker: the scene's). So a reused line's constraints move to where the line now
/// stands as a copy of two words each, and a parse makes one object for each constraint it reads.
struct ConstraintSyntax: Sendable {
    /// A name as written, at offsets of the parts'. It takes 32 bytes, as its name and range did before its index
    /// was kept: a path of such names is copied in place, where a path of larger ones was copied by a call.
    struct Name: Sendable {
        let text: String
        let start: Int
        private let length: UInt32
        /// Its index in the names the parse that read it lexed (``LexedFile/names``), which the checker of that
        /// parse's syntax keys what it found of the name by (``LexedNameFacts``); -1 for none.
        let lexed: Int32

        init(text: String, start: Int, end: Int, lexed: Int32 = -1) {
            self.text = text
            self.start = start
            length = UInt32(clamping: end - start)
            self.lexed = lexed
        }

        var end: Int { start + Int(length) }
    }

    /// `card.top`, `root.safeArea.leading`: a dotted path of names, up to three of them in place. A longer one,
    /// which the checker reports, keeps the rest in an array.
    struct Path: Sendable {
        let head: Name
        let second: Name?
        let third: Name?
        let rest: [Name]
        /// Stored: counting by the optional names would copy them.
        let count: Int

        /// `third` only after `second`, `rest` only after `third`.
        init(head: Name, second: Name?, third: Name?, rest: [Name]) {
            self.head = head
            self.second = second
            self.third = third
            self.rest = rest
            count = second == nil ? 1 : third == nil ? 2 : 3 + rest.count
        }

        var last: Name { self[count - 1] }

        subscript(index: Int) -> Name {
            switch index {
            case 0: head
            case 1: second!
            case 2: third!
            default: rest[index - 3]
            }
        }
    }

    /// A right side of the shape `ANCHOR [* FACTOR] [± CONSTANT]`, or a constant alone: factors and constants are
    /// number literals (or `system`, for a constant), as most constraints are written. The checker reduces it as it
    /// reduces the same expression's tree (``Checker/linearForm(_:)``), in the same order of operations.
    struct LinearSide: Sendable {
        /// Nil for a constant alone.
        let anchor: Path?
        let factor: Double?
        /// The constant added (subtracted when `subtracts`), or the constant alone.
        let constant: Double?
        let subtracts: Bool
        /// The whole side.
        let start: Int
        let end: Int
    }

    /// Which of a constraint's paths: the first, or the anchor of a linear right side.
    enum PathRole { case first, anchor }

    /// The parts, a linear right side's stored field by field: the checker reads them in place, where a
    /// ``LinearSide`` read whole is a copy of every name in it (kept whole, as `let side: LinearSide?`, the
    /// parse of 2,000 views took 42.96 M instructions, against 41.27 M).
    private final class Parts: Sendable {
        let name: Name?
        let isInactive: Bool
        let group: GroupID?
        let first: Path
        let relation: ConstraintRelation
        /// The right side: an expression, or the fields of a ``LinearSide``.
        let expression: Expr?
        let anchor: Path?
        let factor: Double?
        let constant: Double?
        let subtracts: Bool
        let sideStart: Int
        let sideEnd: Int
        let priority: Double?
        let start: Int
        let end: Int

        /// `side` or `expression` is the right side, the other nil.
        init(
            name: consuming Name?, isInactive: Bool, group: GroupID?, first: consuming Path,
            relation: ConstraintRelation, side: consuming LinearSide?, expression: consuming Expr?,
            priority: Double?, start: Int, end: Int
        ) {
            self.name = name
            self.isInactive = isInactive
            self.group = group
            self.first = first
            self.relation = relation
            if let side {
                (anchor, factor, constant) = (side.anchor, side.factor, side.constant)
                (subtracts, sideStart, sideEnd) = (side.subtracts, side.start, side.end)
                self.expression = nil
            } else {
                (anchor, factor, constant, subtracts) = (nil, nil, nil, false)
                (sideStart, sideEnd) = (expression?.range.start ?? start, expression?.range.end ?? start)
                self.expression = expression
            }
            self.priority = priority
            self.start = start
            self.end = end
        }

        /// The same parts with an expression side pointing into no file.
        func detached() -> Parts {
            guard let expression, !expression.range.file.isSameFile(as: .detached) else { return self }
            return Parts(
                name: name, isInactive: isInactive, group: group, first: first, relation: relation, side: nil,
                expression: expression.rebased(by: 0, in: .detached), priority: priority, start: start, end: end)
        }

        @inline(__always)
        func count(of role: PathRole) -> Int {
            switch role {
            case .first: first.count
            case .anchor: anchor?.count ?? 0
            }
        }

        /// Name `index` of a path.
        @inline(__always)
        func name(_ index: Int, of role: PathRole) -> Name {
            switch role {
            case .first: first[index]
            case .anchor: anchor![index]
            }
        }
    }

    private let parts: Parts
    /// How far this copy's ranges lie from the parts' offsets.
    private let shift: Int

    /// A constraint as the parser read it: its right side is `side`, or else `expression`.
    init(
        name: consuming Name?, isInactive: Bool, group: GroupID?, first: consuming Path, relation: ConstraintRelation,
        side: consuming LinearSide?, expression: consuming Expr?, priority: Double?, start: Int, end: Int
    ) {
        parts = Parts(
            name: name, isInactive: isInactive, group: group, first: first, relation: relation, side: side,
            expression: expression, priority: priority, start: start, end: end)
        shift = 0
    }

    private init(parts: Parts, shift: Int) {
        self.parts = parts
        self.shift = shift
    }

    /// Where the declaration starts, its name included.
    var start: Int { parts.start + shift }
    /// Whether it has a name.
    var isNamed: Bool { parts.name != nil }
    /// `inactive` was written before it.
    var isInactive: Bool { parts.isInactive }
    /// The group it is declared in.
    var group: GroupID? { parts.group }
    var relation: ConstraintRelation { parts.relation }
    /// Its priority, if one was written (`@high`, `@750`).
    var priority: Double? { parts.priority }

    /// The right side's expression, where this copy stands in `file`; nil for a linear side.
    func expression(in file: SourceFile) -> Expr? {
        guard let expr = parts.expression else { return nil }
        return shift == 0 && expr.range.file.isSameFile(as: file) ? expr : expr.rebased(by: shift, in: file)
    }

    /// Whether a linear side has an anchor; its factor and constant.
    var hasAnchor: Bool { parts.anchor != nil }
    var factor: Double? { parts.factor }
    /// The constant added (negated when it is subtracted), or the constant alone.
    var signedConstant: Double? { parts.constant.map { parts.subtracts ? -$0 : $0 } }

    /// The right side's range.
    func sideRange(in file: SourceFile) -> SourceRange { range(parts.sideStart, parts.sideEnd, in: file) }

    func count(of role: PathRole) -> Int { parts.count(of: role) }
    func name(_ index: Int, of role: PathRole) -> String { parts.name(index, of: role).text }
    func lexedIndex(_ index: Int, of role: PathRole) -> Int { Int(parts.name(index, of: role).lexed) }
    func identifier(_ index: Int, of role: PathRole, in file: SourceFile) -> Identifier {
        identifier(parts.name(index, of: role), in: file)
    }

    /// A linear side's anchor, from its first name to its last: what an expression's reference spans.
    func anchorRange(in file: SourceFile) -> SourceRange {
        let count = parts.count(of: .anchor)
        return range(parts.name(0, of: .anchor).start, parts.name(count - 1, of: .anchor).end, in: file)
    }

    /// A range of the parts', `start..<end`, where this copy stands in `file`.
    func range(_ start: Int, _ end: Int, in file: SourceFile) -> SourceRange {
        SourceRange(start: start + shift, end: end + shift, in: file)
    }

    func identifier(_ name: Name, in file: SourceFile) -> Identifier {
        Identifier(name.text, range(name.start, name.end, in: file))
    }

    /// The whole declaration, its name included.
    func range(in file: SourceFile) -> SourceRange { range(parts.start, parts.end, in: file) }

    func name(in file: SourceFile) -> Identifier? { parts.name.map { identifier($0, in: file) } }

    /// The first path's names as identifiers, for messages.
    func firstIdentifiers(in file: SourceFile) -> [Identifier] {
        (0..<parts.first.count).map { identifier($0, of: .first, in: file) }
    }

    /// The same constraint `offset` bytes further on (back, when negative).
    func shifted(by offset: Int) -> ConstraintSyntax { ConstraintSyntax(parts: parts, shift: shift + offset) }

    /// The syntax with its offsets counted from `lineStart`, its line's start, and pointing into no file: what a
    /// parse that reused lines keeps of the lines it read itself (``KeptSyntax``). Only an expression side points
    /// into a file, and is copied into ``SourceFile/detached``; the rest is shared.
    func detached(from lineStart: Int) -> ConstraintSyntax {
        ConstraintSyntax(parts: parts.detached(), shift: shift - lineStart)
    }

    /// The file its expression side points into, if it has one: none once it is detached.
    var fileHeld: SourceFile? {
        guard let expr = parts.expression, !expr.range.file.isSameFile(as: .detached) else { return nil }
        return expr.range.file
    }
}

/// `form.spacing after name = 16` as written, for the checker to resolve.
struct CustomSpacingSyntax: Sendable {
    var stack: Identifier
    var view: Identifier
    var spacing: Located<Double>
    var range: SourceRange
}
