import PlaygroundProtocol
import SceneLanguage

/// The Swift names of a scene's views, constraints, groups, animators,
/// variables, text lists and actions in the exported view controller.
///
/// A scene name is kept unless Swift would take it for something else: a
/// member that `UIViewController` inherits (`title`, `next`, `view`), a type
/// the export uses, one of the export's own helpers, or an action's method
/// (actions have a namespace of their own in the language, methods share
/// one with properties in Swift). Then the kind is appended, as UIKit code
/// names them (`titleLabel`, `showAnswerButton`); reserved words are kept
/// in backticks.
struct SwiftNames {
    /// Members of `UIViewController`, `UIResponder` and `NSObject` that a
    /// stored property or a method of the subclass must not redeclare, the
    /// types and helpers the export uses, and the parameters of the
    /// closures and methods it writes.
    static let reserved: Set<String> = [
        // UIViewController
        "view", "viewIfLoaded", "isViewLoaded", "title", "navigationItem", "navigationController",
        "tabBarItem", "tabBarController", "splitViewController", "toolbarItems", "parent", "children",
        "presentingViewController", "presentedViewController", "storyboard", "nibName", "nibBundle", "isEditing",
        "editButtonItem", "modalPresentationStyle", "modalTransitionStyle", "preferredContentSize",
        "traitCollection", "additionalSafeAreaInsets", "systemMinimumLayoutMargins",
        "viewRespectsSystemMinimumLayoutMargins", "definesPresentationContext", "restorationIdentifier",
        "restorationClass", "loadView", "viewDidLoad", "viewWillAppear", "viewDidAppear", "viewWillDisappear",
        "viewDidDisappear", "viewWillLayoutSubviews", "viewDidLayoutSubviews", "updateViewConstraints", "present",
        "dismiss", "show", "showDetailViewController", "addChild", "removeFromParent", "willMove", "didMove",
        "setEditing", "performSegue", "prepare", "shouldPerformSegue", "loadViewIfNeeded",
        "setNeedsStatusBarAppearanceUpdate", "preferredStatusBarStyle", "prefersStatusBarHidden",
        "transitionCoordinator", "viewSafeAreaInsetsDidChange", "viewLayoutMarginsDidChange",
        "traitCollectionDidChange", "overrideUserInterfaceStyle", "extendedLayoutIncludesOpaqueBars",
        "edgesForExtendedLayout", "isBeingPresented", "isBeingDismissed", "isMovingToParent",
        "isMovingFromParent", "didReceiveMemoryWarning", "tabBarObservedScrollView", "contentScrollView",
        "preferredFocusEnvironments", "setNeedsFocusUpdate", "updateFocusIfNeeded", "focusItemContainer",
        "interactions", "transitioningDelegate", "popoverPresentationController", "sheetPresentationController",
        "presentationController", "setToolbarItems", "hidesBottomBarWhenPushed", "canBecomeFirstResponder",
        // UIResponder
        "next", "isFirstResponder", "becomeFirstResponder", "canResignFirstResponder", "resignFirstResponder",
        "touchesBegan", "touchesMoved", "touchesEnded", "touchesCancelled", "pressesBegan", "pressesEnded",
        "motionBegan", "motionEnded", "inputView", "inputAccessoryView", "inputViewController", "keyCommands",
        "canPerformAction", "target", "undoManager", "userActivity", "textInputMode", "reloadInputViews",
        "cut", "paste", "delete", "select", "selectAll", "find", "increaseSize", "decreaseSize", "toggleBoldface",
        "toggleItalics", "toggleUnderline", "buildMenu", "validate", "editingInteractionConfiguration",
        // NSObject
        "description", "debugDescription", "hash", "hashValue", "isEqual", "copy", "mutableCopy", "perform",
        "responds", "isKind", "isMember", "value", "setValue", "superclass", "classForCoder", "awakeFromNib",
        "prepareForInterfaceBuilder", "observeValue", "addObserver", "removeObserver", "willChangeValue",
        "didChangeValue", "isProxy", "conforms", "init", "deinit", "dealloc",
        // Types and functions the export uses, which a member would shadow.
        "UIView", "UILabel", "UIButton", "UILayoutGuide", "UIColor", "UIFont", "NSLayoutConstraint",
        "UILayoutPriority", "UIViewPropertyAnimator", "UISpringTimingParameters", "UIViewController",
        "NSDirectionalEdgeInsets", "CGFloat", "CGRect", "CGPoint", "CGSize", "CGVector", "NSCoder", "String",
        "Int", "Bool", "Float", "Double", "Swift", "UIKit", "fatalError", "max", "min", "UIStackView",
        // The export's helpers and parameters.
        SwiftExporter.sizedViewType, SwiftExporter.entryHelper, SwiftExporter.retireHelper, "animated",
        "position", "finished",
    ]

    /// Names an action's method must not take: the methods without
    /// arguments that `UIViewController` inherits (a method may share its
    /// name with an inherited property, as `next()` does with
    /// `UIResponder.next`), `view`, which the export reads everywhere, and
    /// the types and helpers the export uses.
    static let reservedForActions: Set<String> = [
        "view", "loadView", "viewDidLoad", "viewWillLayoutSubviews", "viewDidLayoutSubviews",
        "updateViewConstraints", "didReceiveMemoryWarning", "removeFromParent", "loadViewIfNeeded",
        "setNeedsStatusBarAppearanceUpdate", "becomeFirstResponder", "resignFirstResponder", "reloadInputViews",
        "viewSafeAreaInsetsDidChange", "viewLayoutMarginsDidChange", "setNeedsFocusUpdate", "updateFocusIfNeeded",
        "awakeFromNib", "prepareForInterfaceBuilder", "copy", "mutableCopy", "init", "deinit", "dealloc",
        // NSObject's methods under manual reference counting, which Swift does not let a class declare.
        "retain", "release", "autorelease", "retainCount", "zone", "finalize", "class", "self", "hash",
        "description", "debugDescription", "superclass", "isProxy",
        "UIView", "UILabel", "UIButton", "UILayoutGuide", "UIColor", "UIFont", "NSLayoutConstraint",
        "UILayoutPriority", "UIViewPropertyAnimator", "UISpringTimingParameters", "UIViewController",
        "NSDirectionalEdgeInsets", "CGFloat", "CGRect", "CGPoint", "CGSize", "CGVector", "NSCoder", "String",
        "Int", "Bool", "Float", "Double", "Swift", "UIKit", "fatalError", "max", "min", "UIStackView",
        SwiftExporter.sizedViewType, SwiftExporter.entryHelper, SwiftExporter.retireHelper, "animated",
        "position", "finished",
    ]

    /// Each scene name of the shared namespace (views, constraints, groups,
    /// animators, variables, text lists), as Swift writes it.
    private(set) var members: [String: String] = [:]
    /// Each action's method name, as Swift writes it.
    private(set) var actions: [String: String] = [:]

    init(scene: Scene) {
        var taken = Self.reserved
        var methods = Self.reservedForActions
        for action in scene.actions {
            let name = action.name.name
            guard actions[name] == nil else { continue }
            var chosen = name
            if methods.contains(chosen) { chosen = Self.free(name + "Action", in: methods) }
            methods.insert(chosen)
            taken.insert(chosen)
            actions[name] = SwiftSyntax.identifier(chosen)
        }
        var declared: [(String, String)] = scene.views.map { ($0.name.name, Self.suffix(for: $0.kind)) }
        declared += scene.constraints.compactMap { $0.name.map { ($0.name, "Constraint") } }
        declared += scene.groups.compactMap { $0.name.map { ($0.name, "Constraints") } }
        declared += SceneWalk.animatorNames(in: scene).map { ($0, "Animator") }
        declared += scene.variables.map { ($0.name.name, "Value") }
        declared += scene.textLists.map { ($0.name.name, "Texts") }
        for (name, suffix) in declared where members[name] == nil {
            var chosen = name
            if taken.contains(chosen) { chosen = Self.free(name + suffix, in: taken) }
            taken.insert(chosen)
            members[name] = SwiftSyntax.identifier(chosen)
        }
    }

    /// The name of a scene name of the shared namespace.
    func member(_ name: String) -> String {
        members[name] ?? SwiftSyntax.identifier(name)
    }

    /// The method of an action.
    func action(_ name: String) -> String {
        actions[name] ?? SwiftSyntax.identifier(name)
    }

    static func suffix(for kind: ViewKind) -> String {
        switch kind {
        case .view: "View"
        case .label: "Label"
        case .button: "Button"
        case .guide: "Guide"
        case .stack: "Stack"
        }
    }

    /// `name`, or `name2`, `name3`… : the first that is not taken.
    private static func free(_ name: String, in taken: Set<String>) -> String {
        guard taken.contains(name) else { return name }
        var number = 2
        while taken.contains("\(name)\(number)") { number += 1 }
        return "\(name)\(number)"
    }
}
