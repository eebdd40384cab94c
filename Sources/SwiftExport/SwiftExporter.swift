import PlaygroundProtocol
public import SceneLanguage

/// A scene as a `UIViewController` subclass in plain UIKit: the views made
/// in code with Auto Layout anchors, the constraints with the scene's
/// priorities and identifiers, `on load` as `viewDidAppear(_:)`, and one
/// method per action with `UIView.animate` and `UIViewPropertyAnimator`
/// using the scene's numbers.
///
/// ```swift
/// let scene = Scene.parse(SourceFile(name: "Quiz.layout", text: text))
/// let swift = SwiftExporter.export(scene: scene, className: "QuizViewController")
/// ```
///
/// What UIKit cannot do as the scene does (a canvas size, a safe area, a
/// view controller resizing its own view) is said in a `//` comment where it
/// would stand, never left out silently.
public enum SwiftExporter {
    /// The Swift source of a view controller for a scene without errors.
    ///
    /// - Parameters:
    ///   - scene: A checked scene; one with errors is exported as far as it
    ///     was understood, which callers should not rely on.
    ///   - className: The class's name, a valid Swift identifier
    ///     (``className(forFile:)`` makes one from a file's name).
    public static func export(scene: Scene, className: String) -> String {
        var exporter = Exporter(scene: scene)
        exporter.writeFile(className: className)
        return exporter.code.text
    }

    /// The class name for a scene file: its base name, made a Swift
    /// identifier, and `ViewController`: `Quiz.layout` gives
    /// `QuizViewController`, `my-scene.layout` `MySceneViewController`.
    public static func className(forFile path: String) -> String {
        SwiftSyntax.typeName(from: SceneName(ofFileAt: path).rawValue) + "ViewController"
    }

    /// Whether a name can be the class's: an ASCII Swift identifier that is not a reserved word.
    public static func isValidClassName(_ name: String) -> Bool {
        guard let first = name.first, first.isASCII, first.isLetter || first == "_" else { return false }
        let valid = name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        return valid && !SwiftSyntax.keywords.contains(name)
    }

    /// The nested `UIView` subclass that gives a plain view its `size W x H`.
    static let sizedViewType = "SizedView"
    /// The helper that reads a text list's entry, wrapping around.
    static let entryHelper = "entry"
    /// The helper that finishes a paused or stopped animator before it is replaced.
    static let retireHelper = "finishIfHeld"
}

/// One export in progress: the scene, its Swift names, what it needs, and
/// the lines written so far.
struct Exporter {
    let scene: Scene
    let names: SwiftNames
    var code = SwiftCode()
    /// Scene names that `swap` trades: their properties are `var`.
    let swapped: Set<String>
    /// Views whose frame in the root's coordinates is their `frame`: subviews
    /// of the root, and so is every view they may trade names with.
    let framedByParent: Set<String>
    let usesMargins: Bool
    /// Whether an action (re)creates an animator, which UIKit requires to be
    /// finished first when it is paused or stopped.
    let recreatesAnimators: Bool
    let readsTextLists: Bool
    /// Whether a label may get text with a line break.
    let hasMultilineText: Bool

    init(scene: Scene) {
        self.scene = scene
        names = SwiftNames(scene: scene)
        var swapped: Set<String> = []
        var pairs: [(String, String)] = []
        var usesMargins = scene.constraints.contains { constraint in
            constraint.first.item == .margins || constraint.second?.item == .margins
        }
        var readsTextLists = false
        var multiline =
            scene.views.contains { $0.text.contains("\n") }
            || scene.textLists.contains { $0.texts.contains { $0.contains("\n") } }
        func visit(_ expr: Expr) {
            switch expr.kind {
            case .reference(let path):
                if path.count == 3, path[0].name == "root", path[1].name == "margins" { usesMargins = true }
            case .negate(let operand): visit(operand)
            case .binary(_, let lhs, let rhs):
                visit(lhs)
                visit(rhs)
            case .number, .system: break
            }
        }
        SceneWalk.forEach(in: scene) { statement in
            switch statement.kind {
            case .swap(let a, let b):
                swapped.insert(a.name)
                swapped.insert(b.name)
                pairs.append((a.name, b.name))
            case .setConstant(_, _, let expr), .setVariable(_, _, let expr), .setFraction(_, let expr):
                visit(expr)
            case .setProperty(_, _, let value):
                switch value {
                case .number(let expr): visit(expr)
                case .transform(let steps): for expr in steps.flatMap(\.expressions) { visit(expr) }
                case .textEntry(_, let index?):
                    readsTextLists = true
                    visit(index)
                case .text(let text): if text.contains("\n") { multiline = true }
                default: break
                }
            default:
                break
            }
        }
        var recreates = false
        for action in [scene.onLoad].compactMap({ $0 }) + scene.actions {
            SceneWalk.forEach(in: action.body) { statement in
                if case .animator = statement.kind { recreates = true }
            }
        }
        // Names that may trade places: a view's frame is its `frame` only if
        // every view it may come to name is a subview of the root.
        var group: [String: Set<String>] = [:]
        for (a, b) in pairs {
            let merged = (group[a] ?? [a]).union(group[b] ?? [b])
            for name in merged { group[name] = merged }
        }
        var framed: Set<String> = []
        for view in scene.views where view.kind != .guide {
            let members = group[view.name.name] ?? [view.name.name]
            let allAtRoot = members.allSatisfy { name in
                scene.viewID(named: name).map { scene[$0].parent == nil } ?? false
            }
            if allAtRoot { framed.insert(view.name.name) }
        }
        self.swapped = swapped
        self.framedByParent = framed
        self.usesMargins = usesMargins
        self.recreatesAnimators = recreates
        self.readsTextLists = readsTextLists
        self.hasMultilineText = multiline
    }

    var fileName: String {
        scene.file.name.split(separator: "/").last.map(String.init) ?? scene.file.name
    }

    mutating func writeFile(className: String) {
        code.line("// \(SwiftSyntax.commentText(fileName)), exported as UIKit by 'layoutctl export --swift'.")
        code.comment(
            """
            The scene's canvas is \(sizeText(scene.canvas.width, scene.canvas.height)) with safe-area insets \
            \(insetsText) (top, leading, bottom, trailing);
            a view controller's view takes its size and safe area from the device, so neither is set here.
            Text is measured with UIKit's fonts, not the scene language's fixed metrics (0.5 x font per character,
            1.2 x font per line), so labels and buttons may be sized a little differently.
            """)
        if scene.settingRanges[.reload] != nil {
            code.comment("Its 'reload' line, the transition when the file is saved, is the playground's alone.")
        }
        code.line()
        code.line("import UIKit")
        code.line()
        code.open("final class \(className): UIViewController {")
        writeProperties()
        code.line()
        writeViewDidLoad()
        if let onLoad = scene.onLoad {
            code.line()
            code.comment("on load: it runs once the view is on screen.")
            code.open("override func viewDidAppear(_ animated: Bool) {")
            code.line("super.viewDidAppear(animated)")
            var writer = StatementWriter(exporter: self)
            writer.write(onLoad.body, into: &code, inClosure: false)
            code.close()
        }
        var written: Set<String> = []
        for action in scene.actions where written.insert(action.name.name).inserted {
            code.line()
            code.comment("action \(SwiftSyntax.commentText(action.name.name))")
            code.open("@objc func \(names.action(action.name.name))() {")
            var writer = StatementWriter(exporter: self)
            writer.write(action.body, into: &code, inClosure: false)
            code.close()
        }
        writeHelpers()
        code.close()
        code.line()
        writeIdentifiedExtension()
    }

    private var insetsText: String {
        let insets = scene.safeAreaInsets
        return [insets.top, insets.leading, insets.bottom, insets.trailing].map(SwiftSyntax.number)
            .joined(separator: " ")
    }

    func sizeText(_ width: Double, _ height: Double) -> String {
        "\(SwiftSyntax.number(width)) x \(SwiftSyntax.number(height))"
    }

    // MARK: Stored properties

    private mutating func writeProperties() {
        do {
            for view in scene.views {
                let name = names.member(view.name.name)
                if let stack = view.stack {
                    // Lazy, so that its arranged subviews, other properties, exist when it is made.
                    let arranged = stack.arranged.map { names.member(scene[$0].name.name) }.joined(separator: ", ")
                    code.line(
                        "private lazy var \(name) = UIStackView(arrangedSubviews: [\(arranged)])"
                            + renamed(view.name.name))
                    continue
                }
                let keyword = swapped.contains(view.name.name) ? "var" : "let"
                code.line("private \(keyword) \(name) = \(initializer(of: view))" + renamed(view.name.name))
            }
            for constraint in scene.constraints {
                guard let name = constraint.name else { continue }
                code.line("private var \(names.member(name.name)): NSLayoutConstraint!" + renamed(name.name))
            }
            for group in scene.groups {
                guard let name = group.name else { continue }
                code.line("private var \(names.member(name.name)): [NSLayoutConstraint] = []" + renamed(name.name))
            }
            for animator in SceneWalk.animatorNames(in: scene) {
                code.line("private var \(names.member(animator)): UIViewPropertyAnimator?" + renamed(animator))
            }
            for variable in scene.variables {
                code.line(
                    "private var \(names.member(variable.name.name)): CGFloat = "
                        + SwiftSyntax.number(variable.initialValue) + renamed(variable.name.name))
            }
            for list in scene.textLists {
                let texts = list.texts.map(SwiftSyntax.string).joined(separator: ", ")
                code.line("private let \(names.member(list.name.name)) = [\(texts)]" + renamed(list.name.name))
            }
        }
    }

    /// A comment after a property whose Swift name is not the scene's.
    private func renamed(_ name: String) -> String {
        names.member(name) == SwiftSyntax.identifier(name) ? "" : "  // the scene's '\(name)'"
    }

    private func initializer(of view: ViewDeclaration) -> String {
        switch view.kind {
        case .view:
            if let size = view.intrinsicSize, view.fixedFrame == nil {
                return "\(SwiftExporter.sizedViewType)(width: \(SwiftSyntax.number(size.width)), "
                    + "height: \(SwiftSyntax.number(size.height)))"
            }
            return "UIView()"
        case .label: return "UILabel()"
        case .button: return "UIButton(type: .system)"
        case .guide: return "UILayoutGuide()"
        case .stack: return "UIStackView()"
        }
    }

    // MARK: viewDidLoad

    private mutating func writeViewDidLoad() {
        code.open("override func viewDidLoad() {")
        code.line("super.viewDidLoad()")
        var views = ViewWriter(exporter: self)
        views.write(into: &code)
        var constraints = ConstraintWriter(exporter: self)
        constraints.write(into: &code)
        if !scene.animators.isEmpty {
            code.line()
            code.comment("The animators declared in the scene; each starts when an action drives it.")
            for animator in scene.animators {
                var writer = StatementWriter(exporter: self)
                writer.writeAnimator(animator, into: &code, inClosure: false, replacing: false)
            }
        }
        code.close()
    }

    // MARK: Helpers

    private mutating func writeHelpers() {
        let needsSizedView = scene.views.contains {
            $0.kind == .view && $0.intrinsicSize != nil && $0.fixedFrame == nil
        }
        do {
            if readsTextLists {
                code.line()
                code.comment(
                    """
                    A text list's entry at an index that wraps around, as the scene language reads it: rounded down
                    and taken modulo the count, negatives too (-1 is the last entry).
                    """)
                code.block(
                    "private func \(SwiftExporter.entryHelper)(_ texts: [String], at index: CGFloat) -> String {"
                ) {
                    code in
                    code.line("let count = CGFloat(texts.count)")
                    code.line("var wrapped = index.rounded(.down).truncatingRemainder(dividingBy: count)")
                    code.line("if wrapped < 0 { wrapped += count }")
                    code.line("return texts[min(Int(wrapped), texts.count - 1)]")
                }
            }
            if recreatesAnimators {
                code.line()
                code.comment(
                    """
                    UIKit raises when a paused or stopped animator is released: one that an action replaces is
                    finished where it stands first. A running one carries on to its end.
                    """)
                code.block("private func \(SwiftExporter.retireHelper)(_ animator: UIViewPropertyAnimator?) {") {
                    code in
                    code.line("guard let animator, animator.state != .inactive, !animator.isRunning else { return }")
                    code.line("if animator.state == .active { animator.stopAnimation(false) }")
                    code.line("animator.finishAnimation(at: .current)")
                }
            }
            if needsSizedView {
                code.line()
                code.comment("A plain view with an intrinsic content size: 'size W x H' in the scene.")
                code.block("private final class \(SwiftExporter.sizedViewType): UIView {") { code in
                    code.line("private let size: CGSize")
                    code.line()
                    code.block("init(width: CGFloat, height: CGFloat) {") { code in
                        code.line("size = CGSize(width: width, height: height)")
                        code.line("super.init(frame: .zero)")
                    }
                    code.line()
                    code.block("required init?(coder: NSCoder) {") { code in
                        code.line("fatalError(\"init(coder:) is not used\")")
                    }
                    code.line()
                    code.line("override var intrinsicContentSize: CGSize { size }")
                }
            }
        }
    }

    private mutating func writeIdentifiedExtension() {
        code.block("private extension NSLayoutConstraint {") { code in
            code.comment("Sets the identifier (the scene's name, or the constraint as written) and the priority.")
            code.block(
                "func identified(_ identifier: String, priority: UILayoutPriority = .required) -> NSLayoutConstraint {"
            ) { code in
                code.line("self.identifier = identifier")
                code.line("self.priority = priority")
                code.line("return self")
            }
        }
    }
}
