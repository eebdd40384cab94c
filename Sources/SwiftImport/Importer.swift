import SceneLanguage
import SwiftSyntax

/// The state of one class's import: what the class declares and what its setup and methods do, read in that
/// order, and the warnings about what could not be read. ``SceneWriter`` then writes it out.
struct Importer {
    /// The Swift file, for the warnings' locations.
    let swiftFile: SourceFile
    var diagnostics: [Diagnostic] = []
    /// A UIView subclass: `self` is the root view.
    var rootIsSelf = false
    var views: [String: ImportedView] = [:]
    /// The root view's `directionalLayoutMargins`, top, leading, bottom, trailing.
    var rootMargins: [Double]?
    /// `let questions = ["…", …]`: the scene's text lists, in the order declared.
    var textLists: [(name: String, texts: [String], origin: Int)] = []
    /// `view.semanticContentAttribute = .forceRightToLeft`: the scene is right to left (`direction rtl`).
    var isRightToLeft = false
    /// `S.setCustomSpacing(N, after: V)` in the setup: the stack, the view, the spacing, where it was set.
    var customSpacings: [(stack: String, after: String, spacing: Double, origin: Int)] = []
    /// Where `viewRespectsSystemMinimumLayoutMargins = false` is, if it is.
    var ignoresMinimumMarginsAt: Int?
    /// The root's subviews, in the order they were added.
    var rootChildren: [String] = []
    /// The class's numeric constants and properties, with their values as the setup leaves them.
    var constants: [String: Double] = [:]
    var strings: [String: String] = [:]
    /// Numeric properties that methods change: variables of the scene, in the order declared.
    var sceneVariables: [String] = []
    /// The numeric properties in the order declared.
    var constantOrder: [String] = []
    /// Stored `NSLayoutConstraint` and `UIViewPropertyAnimator` properties.
    var constraintSlots: Set<String> = []
    var animatorSlots: Set<String> = []
    /// `lazy var width = box.widthAnchor.constraint(…)`: made where first named, as Swift makes it, or inactive
    /// after the setup when nothing named it.
    var lazyConstraints: [String: FunctionCallExprSyntax] = [:]
    var constraints: [ImportedConstraint] = []
    var activations = 0
    /// Stored `[NSLayoutConstraint]` properties: the scene's constraint groups.
    var groupSlots: Set<String> = []
    /// Each group's constraints in the order of its array, by group, and the groups in the order they are filled.
    var groupMembers: [String: [Int]] = [:]
    var groupOrder: [String] = []
    /// The scene's names of properties whose Swift name is not the scene's (`titleLabel` is the scene's
    /// `title`), by Swift name: the names are changed in the text once it is written.
    var sceneNames: [String: String] = [:]
    /// The file's UIView subclasses by name, for the intrinsic content size one gives the views made from it.
    var fileViewClasses: [String: ClassDeclSyntax] = [:]
    /// The class's methods by their base name.
    var methods: [String: FunctionDeclSyntax] = [:]
    /// The methods of the file's `extension NSLayoutConstraint`s by their base name: called on a constraint, they
    /// are read as they set its priority.
    var constraintMethods: [String: FunctionDeclSyntax] = [:]
    /// Methods read as part of the setup (called from `viewDidLoad`): not actions.
    var setupMethods: Set<String> = []
    /// The methods being read, innermost last: a method that calls itself is not read again.
    var reading: [String] = []
    /// Statements of the setup that the language has only as action statements (a transform): the start of
    /// `on load`.
    var setupStatements: [SceneStatement] = []
    var onLoad: [SceneStatement] = []
    var onLoadOrigin: Int?
    var actions: [ImportedAction] = []
    var animators: [AnimatorDraft] = []
    /// The constraints SnapKit made for each view, in the order made, and the groups of them that actions switch.
    var snapConstraints: [String: [Int]] = [:]
    var snapGroups: [String: [String]] = [:]
    /// The animators the setup makes without starting them: the scene's top-level animator declarations.
    var declaredAnimators: [Int] = []
    /// The repeat count of the `UIView.modifyAnimations` met in the animation block being read.
    var modifiedRepeat: (count: SceneNumber, autoreverses: Bool)?
    /// The views listed in `UIStackView(arrangedSubviews:)`, by stack: added once every property is known.
    var pendingArranged: [String: [ExprSyntax]] = [:]
    /// An animator made by a `let` just read, to be placed where the `let` stands.
    var pendingAnimator: AnimatorDraft?

    init(swiftFile: SourceFile) {
        self.swiftFile = swiftFile
    }

    /// Reads one class: its properties, its setup (`viewDidLoad`, or a view's initialisers), `viewDidAppear`
    /// as `on load`, and its other methods as actions.
    mutating func read(_ discovered: DiscoveredClass) {
        rootIsSelf = discovered.kind == .view
        for member in discovered.members {
            if let function = member.as(FunctionDeclSyntax.self), function.body != nil {
                let name = function.name.text
                if methods[name] == nil || function.isOverride {
                    if let earlier = methods[name], !earlier.isOverride {
                        warn(earlier, "a second method named '\(name)': only one is imported")
                    }
                    methods[name] = function
                } else {
                    warn(function, "a second method named '\(name)': only the first is imported")
                }
            }
        }
        for member in discovered.members {
            if let variable = member.as(VariableDeclSyntax.self) { readProperty(variable) }
        }
        findSceneVariables(discovered.members)
        readSetup(discovered)
        makeLazyConstraints()
        readOnLoad()
        readActions(discovered)
    }

    /// Numeric properties assigned in a method are variables of the scene, so actions can change them.
    mutating func findSceneVariables(_ members: [DeclSyntax]) {
        final class Assignments: SyntaxVisitor {
            var names: Set<String> = []
            override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
                let assigns =
                    node.operator.is(AssignmentExprSyntax.self)
                    || ["+=", "-=", "*=", "/="].contains(node.operator.as(BinaryOperatorExprSyntax.self)?.operator.text)
                if assigns, let path = node.leftOperand.selfPath, path.count == 1 { names.insert(path[0]) }
                return .visitChildren
            }
        }
        let visitor = Assignments(viewMode: .sourceAccurate)
        for member in members {
            if let function = member.as(FunctionDeclSyntax.self), function.name.text != "viewDidLoad" {
                visitor.walk(function)
            }
        }
        sceneVariables = constantOrder.filter { visitor.names.contains($0) }
    }

    /// Reads `viewDidLoad` (a view controller) or the initialisers (a view): views' properties, the hierarchy,
    /// the constraints.
    mutating func readSetup(_ discovered: DiscoveredClass) {
        var scope = LocalScope()
        for (stack, list) in pendingArranged.sorted(by: { $0.key < $1.key }) {
            for element in list {
                if let child = viewName(element, in: scope) {
                    addSubview(child, to: stack, arranged: true, at: element)
                } else {
                    skip(element, "not a view of the class")
                }
            }
        }
        if discovered.kind == .viewController {
            if let viewDidLoad = methods["viewDidLoad"], let body = viewDidLoad.body {
                reading = ["viewDidLoad"]
                setupMethods.insert("viewDidLoad")
                readSetup(body.statements, scope: &scope)
            }
            if let loadView = methods["loadView"] {
                skip(loadView.name, "loadView is not read; set the view up in viewDidLoad")
            }
            return
        }
        for member in discovered.members {
            guard let initializer = member.as(InitializerDeclSyntax.self), let body = initializer.body else { continue }
            if initializer.signature.parameterClause.parameters.first?.firstName.text == "coder",
                body.statements.count <= 2
            {
                continue  // init(coder:) with fatalError: nothing to read
            }
            reading = ["init"]
            readSetup(body.statements, scope: &scope)
        }
    }

    /// `viewWillAppear(_:)` and `viewDidAppear(_:)`, in that order, are `on load`.
    mutating func readOnLoad() {
        for name in ["viewWillAppear", "viewDidAppear"] {
            guard let method = methods[name], let body = method.body else { continue }
            setupMethods.insert(name)
            onLoadOrigin = onLoadOrigin ?? method.positionAfterSkippingLeadingTrivia.utf8Offset
            var scope = LocalScope()
            reading = [name]
            onLoad += readAction(body.statements, scope: &scope)
        }
    }

    /// The other methods, named as in the source, are actions; overrides of UIKit's other methods are not.
    mutating func readActions(_ discovered: DiscoveredClass) {
        for member in discovered.members {
            guard let method = member.as(FunctionDeclSyntax.self), let body = method.body else { continue }
            let name = method.name.text
            guard methods[name] == method, !setupMethods.contains(name) else { continue }
            // Finishing a held animator before it is replaced is what the scene's `animator A …` does itself, and
            // reading a text list's entry is what the language's `LIST[E]` does.
            if method.onlyFinishesItsAnimator || method.readsTextListEntry { continue }
            if method.isOverride {
                skip(method.name, "an override of \(name) has no counterpart in a scene")
                continue
            }
            if let sceneName = method.sceneActionName, sceneName != name { sceneNames[name] = sceneName }
            var scope = LocalScope()
            reading = [name]
            let statements = readAction(body.statements, scope: &scope)
            actions.append(
                ImportedAction(
                    name: name, origin: method.positionAfterSkippingLeadingTrivia.utf8Offset, body: statements))
        }
    }
}

extension FunctionDeclSyntax {
    var isOverride: Bool { modifiers.contains { $0.name.text == "override" } }

    var hasParameters: Bool { !signature.parameterClause.parameters.isEmpty }

    /// The action a `// action NAME` comment just before the method names: the Swift export writes one before
    /// each action's method, whose name differs from the action's when Swift cannot take it (`releaseAction`
    /// for `release`, a method NSObject keeps).
    var sceneActionName: String? {
        let comments = leadingTrivia.pieces.compactMap { piece -> String? in
            if case .lineComment(let text) = piece { text } else { nil }
        }
        guard let last = comments.last, last.hasPrefix("// action ") else { return nil }
        let name = last.dropFirst("// action ".count)
        guard let first = name.first, first.isASCII, first.isLetter || first == "_",
            name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
        else { return nil }
        return String(name)
    }

    /// Whether the method reads a text list's entry at an index: `(_ texts: [String], at index: CGFloat) -> String`,
    /// the export's `entry(_:at:)`, which wraps the index around as the language's `LIST[E]` does.
    var readsTextListEntry: Bool {
        let parameters = Array(signature.parameterClause.parameters)
        return parameters.count == 2 && parameters[0].type.trimmedDescription == "[String]"
            && signature.returnClause?.type.trimmedDescription == "String"
    }

    /// Whether the method only finishes the property animator it is given, where it stands, when one is held
    /// (paused or stopped): its one parameter is a `UIViewPropertyAnimator`, and its body names nothing but that
    /// parameter, its `state` and `isRunning`, and `stopAnimation` and `finishAnimation(at:)`. That is what UIKit needs
    /// before a held animator is released (the export's `finishIfHeld(_:)`), and what the scene's `animator A …`
    /// does itself when it replaces one.
    var onlyFinishesItsAnimator: Bool {
        let parameters = signature.parameterClause.parameters
        guard parameters.count == 1, let parameter = parameters.first, let body,
            parameter.type.trimmedDescription.hasPrefix("UIViewPropertyAnimator")
        else { return false }
        let name = (parameter.secondName ?? parameter.firstName).text
        let allowed: Set<String> = [
            name, "state", "inactive", "active", "stopped", "isRunning", "stopAnimation", "finishAnimation", "current",
            "end", "start", "at",
        ]
        return body.tokens(viewMode: .sourceAccurate).allSatisfy { token in
            guard case .identifier(let text) = token.tokenKind else { return true }
            return allowed.contains(text)
        }
    }
}
