/// What an assertion says, parsed: the grammar is in docs/assertions.md.
indirect enum Condition: Hashable, Sendable {
    /// `a.width == 2 * b.width ± 1`, `toolbar.top >= bubble.centerY`, `label.text == "Hi"`.
    case compare(Operand, Comparison, Operand, tolerance: Double?)
    /// `next visible`, `card offscreen`.
    case state(ViewName, ViewState)
    /// `label inside card`, `a overlaps b`.
    case pair(ViewName, PairRelation, ViewName, tolerance: Double?)
    /// `not …`.
    case not(Condition)
}

/// A comparison between two values.
enum Comparison: String, Hashable, Sendable, CaseIterable {
    case equal = "=="
    case notEqual = "!="
    case lessOrEqual = "<="
    case greaterOrEqual = ">="
    case less = "<"
    case greater = ">"
}

/// What a single view is: the words of `V visible`.
enum ViewState: String, Hashable, Sendable, CaseIterable {
    /// Alpha above 0.01 and not hidden (spec §5).
    case visible
    /// Alpha at most 0.01, or hidden.
    case hidden
    /// Some of its frame is on the canvas.
    case onscreen
    /// None of its frame is on the canvas.
    case offscreen
}

/// How two views' frames lie: the words of `V inside W`.
enum PairRelation: String, Hashable, Sendable, CaseIterable {
    /// Every edge of the first within the second's.
    case inside
    /// Their frames share an area.
    case overlaps
}

/// A view or guide named in an assertion, with where the name is, for messages.
struct ViewName: Hashable, Sendable {
    var name: String
    var range: Range<Int>
}

/// A value in a comparison.
indirect enum Operand: Hashable, Sendable {
    case number(Double)
    case text(String)
    case property(ViewName, Property)
    case negated(Operand)
    case arithmetic(Operand, Operator, Operand)

    enum Operator: Character, Hashable, Sendable {
        case plus = "+"
        case minus = "-"
        case times = "*"
        case divided = "/"
    }

    /// Whether it is text (`V.text` or a string literal) rather than a number.
    var isText: Bool {
        switch self {
        case .text: true
        case .property(_, let property): property == .text
        default: false
        }
    }
}

/// What an assertion can read of a view's frame: Auto Layout's attribute
/// names, `CGRect`'s, and the frame's own fields.
enum Property: String, Hashable, Sendable, CaseIterable {
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
    case minX, midX, maxX, minY, midY, maxY
    case x, y, alpha, text
}
