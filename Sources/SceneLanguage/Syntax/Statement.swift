public import LayoutValues

/// A statement of an action, `on load` or an animation block.
///
/// Statements keep names as written: `swap` trades names at run time, so the
/// runtime resolves them when it runs them. The checker has made sure that
/// each name is declared and of the right sort.
public struct Statement: Hashable, Sendable {
    public indirect enum Kind: Hashable, Sendable {
        /// `C.constant = E`, `+= E`, `-= E`.
        case setConstant(Identifier, AssignmentOperator, Expr)
        /// `NAME = E`, `+= E`, `-= E`: change a variable.
        case setVariable(Identifier, AssignmentOperator, Expr)
        /// `V.alpha = E`, `V.text = "…"`, `V.text = LIST[E]`, `V.hidden = true`, `V.color = …`, `V.font = E`,
        /// `V.transform = rotate E scale E …`.
        case setProperty(Identifier, Located<AssignableProperty>, PropertyValue)
        /// `S.spacing = E`, `S.spacing after V = E`: a stack's spacing, or
        /// its custom spacing after an arranged subview.
        case setSpacing(Identifier, after: Identifier?, Expr)
        /// `activate C …`: constraints or groups.
        case activate([Identifier])
        case deactivate([Identifier])
        /// `layout`: `layoutIfNeeded()`, every pending change at once, unanimated.
        case layout
        /// `animate OPTIONS { … } [completion { … }]`: `UIView.animate`.
        case animate(AnimationOptions, body: [Statement], completion: [Statement]?)
        /// `animate keyframes OPTIONS { … keyframe START LENGTH { … } … } [completion { … }]`:
        /// `UIView.animateKeyframes`.
        case animateKeyframes(KeyframeAnimation)
        /// `animator A OPTIONS { … } [completion { … }]`: (re)creates a property animator.
        case animator(AnimatorDeclaration)
        /// `start A [after D]`.
        case start(Identifier, after: Double)
        case pause(Identifier)
        case reverse(Identifier)
        /// `A.fraction = E`: `fractionComplete`.
        case setFraction(Identifier, Expr)
        /// `stop A`: `stopAnimation(true)`.
        case stop(Identifier)
        /// `finish A at start|end|current`: `finishAnimation(at:)`.
        case finish(Identifier, Located<FinishPosition>)
        /// `swap X Y`: two views or two constraints trade names.
        case swap(Identifier, Identifier)
        /// `run ACTION`.
        case run(Identifier)
        /// `canvas W x H`: resize the root view, as a rotation would.
        case canvas(Size)
    }

    public var kind: Kind
    /// The statement from its first token to its last (blocks included).
    public var range: SourceRange

    public init(_ kind: Kind, _ range: SourceRange) {
        self.kind = kind
        self.range = range
    }

    /// Structural: the same statement written elsewhere is equal.
    public static func == (lhs: Statement, rhs: Statement) -> Bool { lhs.kind == rhs.kind }
    public func hash(into hasher: inout Hasher) { hasher.combine(kind) }
}

public enum AssignmentOperator: String, Hashable, Sendable {
    case assign = "="
    case add = "+="
    case subtract = "-="
}

/// A view property that an action can set.
public enum AssignableProperty: String, Hashable, Sendable, CaseIterable {
    case alpha, text, hidden, color, font, transform
    /// `V.textcolor = NAME|#rrggbb`: a label's or button's text colour, which changes at once, in an animation
    /// block too, as UIKit's `textColor` does.
    case textcolor
}

/// The value of `V.PROPERTY = …`, typed by the property.
public enum PropertyValue: Hashable, Sendable {
    /// `alpha` and `font`.
    case number(Expr)
    case text(String)
    /// `LIST[E]`: a text list's entry at an index, which wraps around
    /// (``TextListDeclaration/text(at:)``). The index is nil for a name
    /// written without one (`card.text = questions`), which the checker reports.
    case textEntry(Identifier, Expr?)
    case bool(Bool)
    case color(Color)
    /// `rotate 45 scale 2`: a transform, its steps in the order written.
    case transform([TransformStep])
}

/// One step of `V.transform = …`, as `CGAffineTransform`'s initialisers and
/// chained methods make one. Steps compose as the methods chain:
/// `rotate 90 translate 10 0` is `CGAffineTransform(rotationAngle: .pi / 2)
/// .translatedBy(x: 10, y: 0)`, each step applied to the view before the
/// steps written before it. `identity` (alone) is `.identity`.
public enum TransformStep: Hashable, Sendable {
    case identity
    /// Degrees; positive turns clockwise on screen.
    case rotate(Expr)
    /// `scale S` (both axes) or `scale SX SY`.
    case scale(Expr, Expr?)
    case translate(Expr, Expr)

    /// The steps' names, for "did you mean".
    public static let names = ["rotate", "scale", "translate", "identity"]

    /// The expressions the step holds.
    public var expressions: [Expr] {
        switch self {
        case .identity: []
        case .rotate(let angle): [angle]
        case .scale(let x, let y): [x] + (y.map { [$0] } ?? [])
        case .translate(let x, let y): [x, y]
        }
    }
}

/// `UIViewAnimatingPosition`.
public enum FinishPosition: String, Hashable, Sendable, CaseIterable {
    case start, end, current
}

/// `animator A DURATION [curve CURVE | spring …] { … } [completion { … }]
/// [completion at start|end|current { … }]…`.
public struct AnimatorDeclaration: Hashable, Sendable {
    public var name: Identifier
    public var options: AnimationOptions
    public var body: [Statement]
    /// Runs whenever the animator finishes.
    public var completion: [Statement]?
    /// Runs when it finishes at that position, after ``completion``: what
    /// UIKit's completion learns from its `UIViewAnimatingPosition`.
    public var completionsAt: [FinishPosition: [Statement]] = [:]
    public var range: SourceRange

    public init(
        name: Identifier, options: AnimationOptions, body: [Statement], completion: [Statement]?, range: SourceRange
    ) {
        self.name = name
        self.options = options
        self.body = body
        self.completion = completion
        self.range = range
    }

    /// Its completions: the plain one, then those at start, end and current.
    public var allCompletions: [[Statement]] {
        (completion.map { [$0] } ?? []) + FinishPosition.allCases.compactMap { completionsAt[$0] }
    }

    /// Structural: the same declaration written elsewhere is equal.
    public static func == (lhs: AnimatorDeclaration, rhs: AnimatorDeclaration) -> Bool {
        (lhs.name, lhs.options, lhs.body, lhs.completion) == (rhs.name, rhs.options, rhs.body, rhs.completion)
            && lhs.completionsAt == rhs.completionsAt
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(options)
        hasher.combine(body)
        hasher.combine(completion)
        hasher.combine(completionsAt)
    }
}

/// `action NAME { … }`, or `on load { … }` (named `load`).
public struct ActionDeclaration: Hashable, Sendable {
    public var name: Identifier
    public var body: [Statement]
    public var range: SourceRange

    public init(name: Identifier, body: [Statement], range: SourceRange) {
        self.name = name
        self.body = body
        self.range = range
    }

    /// Structural: the same action written elsewhere is equal.
    public static func == (lhs: ActionDeclaration, rhs: ActionDeclaration) -> Bool {
        (lhs.name, lhs.body) == (rhs.name, rhs.body)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(body)
    }
}
