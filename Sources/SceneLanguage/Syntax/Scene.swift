public import LayoutValues

/// A parsed and checked scene file: its settings, views, constraints,
/// animators and actions, and every diagnostic found on the way.
///
/// ```swift
/// let scene = Scene.parse(SourceFile(name: "Quiz.layout", text: text))
/// for diagnostic in scene.diagnostics { print(diagnostic.rendered, terminator: "") }
/// ```
///
/// Parsing never fails and never traps: whatever could not be understood is
/// left out and reported, and the rest is kept, so one pass reports every
/// error in a file. A scene whose ``diagnostics`` hold no error is complete.
public struct Scene: Sendable {
    public let file: SourceFile
    /// The root view's size (`canvas W x H`; 375 x 667 by default).
    public internal(set) var canvas = Size(width: 375, height: 667)
    /// `canvas W x H rtl` or `direction rtl`: leading and trailing are the right and left edges, as UIKit's
    /// `semanticContentAttribute` makes them for a right-to-left language; `left` and `right` do not flip.
    public internal(set) var isRightToLeft = false
    /// `safearea TOP LEADING BOTTOM TRAILING` (0 0 0 0 by default).
    public internal(set) var safeAreaInsets = Insets.zero

    /// `sizeclass compact|regular`: the horizontal size class the scene is laid out in; nil to take it from the
    /// canvas.
    public internal(set) var sizeClass: SizeClass?

    /// UIKit's horizontal size class.
    public enum SizeClass: String, Hashable, Sendable, CaseIterable {
        /// A phone's width (and an iPad's in a narrow split view).
        case compact
        /// An iPad's full width.
        case regular
    }

    /// Whether the scene is of UIKit's regular width size class: as `sizeclass` says, else when both sides of
    /// the canvas are at least 768 points, an iPad's full screen; else compact, a phone's.
    public var isRegularWidth: Bool {
        if let sizeClass { return sizeClass == .regular }
        return canvas.width >= 768 && canvas.height >= 768
    }

    /// `root.margins`' insets from the safe area, as UIKit sets a view controller's root view's
    /// `directionalLayoutMargins`: "the top and bottom margins are set to zero points. The leading and trailing
    /// margins vary depending on the current size class, but can be either 16 or 20 points" — 16 in a compact
    /// width, 20 in a regular one.
    ///
    /// A `margins T L B R` line sets them (``declaredRootMargins``); as
    /// `viewRespectsSystemMinimumLayoutMargins` does, a side below the
    /// system's minimum (these same numbers) is raised to it.
    public var rootMargins: Insets {
        let minimum = systemMinimumMargins
        guard let declared = declaredRootMargins else { return minimum }
        return Insets(
            top: max(declared.top, minimum.top), leading: max(declared.leading, minimum.leading),
            bottom: max(declared.bottom, minimum.bottom), trailing: max(declared.trailing, minimum.trailing))
    }

    /// UIKit's `systemMinimumLayoutMargins` for a root view: 0 on top and bottom, 16 or 20 on the sides.
    public var systemMinimumMargins: Insets {
        let side: Double = isRegularWidth ? 20 : 16
        return Insets(top: 0, leading: side, bottom: 0, trailing: side)
    }

    /// `margins TOP LEADING BOTTOM TRAILING` at the top level, as written; nil when not given.
    public internal(set) var declaredRootMargins: Insets?
    /// The transition from the previous scene on reload (`reload 0.25` by
    /// default); nil for `reload none`.
    public internal(set) var reloadTransition: AnimationOptions?
    /// Every view and guide, in declaration order; subviews come after their parent.
    public internal(set) var views: [ViewDeclaration] = []
    /// The constraints that checked out, in declaration order.
    public internal(set) var constraints: [LayoutConstraint] = []
    public internal(set) var groups: [ConstraintGroup] = []
    /// Animators declared at the top level.
    public internal(set) var animators: [AnimatorDeclaration] = []
    public internal(set) var actions: [ActionDeclaration] = []
    /// `var NAME = E`, in declaration order.
    public internal(set) var variables: [VariableDeclaration] = []
    /// `texts NAME "…" …`, in declaration order.
    public internal(set) var textLists: [TextListDeclaration] = []
    /// `on load { … }`.
    public internal(set) var onLoad: ActionDeclaration? = nil
    public internal(set) var diagnostics: [Diagnostic] = []
    /// Where the settings were written, for messages about them.
    public internal(set) var settingRanges: [Setting: SourceRange] = [:]

    /// A top-level setting.
    public enum Setting: String, Hashable, Sendable {
        case canvas, safearea, reload, sizeclass, margins
        /// `direction rtl|ltr`, or the `rtl` of `canvas W x H rtl`.
        case direction
    }

    init(file: SourceFile) {
        self.file = file
        self.reloadTransition = AnimationOptions(duration: 0.25, range: .at(0, in: file))
    }

    /// Lexes, parses and checks a scene file.
    public static func parse(_ file: SourceFile) -> Scene {
        let lexed = Lexer.lex(file, reusing: nil)
        var parser = Parser(lexed)
        // Room for the views up front: a scene's array of them, grown as they come, copied every one each time.
        parser.scene.views.reserveCapacity(lexed.viewWordCount)
        parser.parseFile()
        return check(parser, lexical: lexed.diagnostics).0
    }

    /// Lexes, parses and checks `file`, reusing the lexing and parsing of the lines `previous` parsed that
    /// appear again, byte for byte, as whole top-level lines. The scene and diagnostics are exactly those of
    /// ``parse(_:)``; with them comes what the next parse of the scene, after a save, can reuse of this one.
    ///
    /// ```swift
    /// var (scene, reuse) = Scene.parse(file, reusing: nil)
    /// // … the file is saved again …
    /// (scene, reuse) = Scene.parse(saved, reusing: reuse)
    /// ```
    ///
    /// The checker reads the whole scene each time, but takes a reused line's constraints as it resolved them
    /// the last time, their ranges moved, when the declarations are the same names for the same things. A
    /// reused line that the parse meets other than where a top-level statement starts (a block left open above
    /// it, say) makes the parse be done again without reuse.
    public static func parse(_ file: SourceFile, reusing previous: ParseReuse?) -> (scene: Scene, reuse: ParseReuse) {
        if let previous, let parsed = parse(file, keepingLines: previous) { return parsed }
        // Without a previous parse, nothing is spoiled.
        return parse(file, keepingLines: nil)!
    }

    /// ``parse(_:reusing:)``'s work, keeping this parse's lines; nil when a reused line was met where a
    /// top-level statement does not start, or was not met at all.
    private static func parse(_ file: SourceFile, keepingLines previous: ParseReuse?) -> (Scene, ParseReuse)? {
        let lexed = Lexer.lex(file, reusing: previous)
        var parser = Parser(lexed)
        parser.reuse.previous = previous
        parser.reuse.problemStarts = lexed.problemStarts
        parser.reuse.keepsLines = true
        parser.reuse.effects.reserveCapacity(file.lineStarts.count)
        // A save's lines mostly come back: room for the previous parse's runs of them, without growing to them.
        parser.constraints.reserveRuns(previous?.effects.count ?? 0)
        parser.scene.views.reserveCapacity((previous?.views.count ?? 0) + lexed.viewWordCount)
        parser.parseFile()
        guard !parser.reuse.isSpoiled, parser.reuse.appliedLines == lexed.reusedLines else { return nil }
        let (scene, checked) = check(
            parser, lexical: lexed.diagnostics, last: previous?.checked, keepsResolutions: true)
        // After the check, which read the syntax, so that the parser's arrays move into what it keeps, uncopied.
        return (scene, parser.keptLines(reused: lexed.reusedLines, checked: checked))
    }

    /// Checks what a parser read, and gathers every diagnostic. With `keepsResolutions`, takes the resolutions
    /// of `last` again for the constraints of reused lines where they hold, and gives this check's for the next
    /// (`CheckReuse.swift`).
    private static func check(
        _ parser: Parser, lexical: [Diagnostic], last: CheckedConstraints? = nil, keepsResolutions: Bool = false
    ) -> (Scene, CheckedConstraints) {
        var checker = Checker(
            scene: parser.scene, constraints: parser.constraints, customSpacings: parser.customSpacings,
            visualFormats: parser.visualFormats, strayBodies: parser.strayBodies, last: last,
            keepsResolutions: keepsResolutions, lexedNameCount: parser.names.count)
        checker.check()
        var scene = checker.scene
        scene.diagnostics = lexical + parser.diagnostics + checker.diagnostics
        return (scene, checker.kept)
    }

    /// The stack views, in declaration order (their arrangements are in ``ViewDeclaration/stack``).
    public var stackIDs: [ViewID] { viewIDs.filter { views[$0.index].stack != nil } }

    /// The stack that arranges a view, if any.
    public func arrangingStack(of view: ViewID) -> ViewID? {
        guard let parent = views[view.index].parent, views[parent.index].stack != nil,
            views[view.index].kind != .guide
        else { return nil }
        return parent
    }

    /// Each view and guide, by name.
    public internal(set) var viewsByName: [String: ViewID] = [:]

    /// Each named constraint, by name.
    public internal(set) var constraintsByName: [String: ConstraintID] = [:]
    /// Each named constraint group, by name.
    public internal(set) var groupsByName: [String: GroupID] = [:]
    /// The index in ``variables`` of each variable, by name.
    public internal(set) var variableIndices: [String: Int] = [:]
    /// The index in ``textLists`` of each text list, by name.
    public internal(set) var textListIndices: [String: Int] = [:]

    /// The view or guide with this name.
    public func viewID(named name: String) -> ViewID? {
        viewsByName[name]
    }

    /// The named constraint with this name.
    public func constraintID(named name: String) -> ConstraintID? {
        constraintsByName[name]
    }

    /// The constraint group with this name.
    public func groupID(named name: String) -> GroupID? {
        groupsByName[name]
    }

    /// The action with this name.
    public func action(named name: String) -> ActionDeclaration? {
        actions.first { $0.name.name == name }
    }

    /// The source text of a range, such as a constraint's declaration.
    public func text(of range: SourceRange) -> Substring {
        file.text(of: range)
    }
}
