import SwiftSyntax

/// A UIViewController or UIView subclass of the file, with the members of its extensions in the same file.
struct DiscoveredClass {
    enum Kind {
        case viewController, view
    }

    var name: String
    var kind: Kind
    var declaration: ClassDeclSyntax
    /// The class's members and then its extensions', in the order of the file.
    var members: [DeclSyntax]
}

/// The classes that can be imported: subclasses of `UIViewController` (and its UIKit subclasses) or of `UIView`,
/// directly or through another class of the file.
func discoverClasses(in tree: SourceFileSyntax) -> [DiscoveredClass] {
    var classes: [ClassDeclSyntax] = []
    var extensions: [ExtensionDeclSyntax] = []
    final class Collector: SyntaxVisitor {
        var classes: [ClassDeclSyntax] = []
        var extensions: [ExtensionDeclSyntax] = []
        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            classes.append(node)
            return .visitChildren
        }
        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            extensions.append(node)
            return .visitChildren
        }
        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    }
    let collector = Collector(viewMode: .sourceAccurate)
    collector.walk(tree)
    classes = collector.classes
    extensions = collector.extensions

    var superclasses: [String: String] = [:]
    for declaration in classes {
        if let first = declaration.inheritanceClause?.inheritedTypes.first?.type.as(IdentifierTypeSyntax.self) {
            superclasses[declaration.name.text] = first.name.text
        }
    }
    func kind(of name: String, depth: Int = 0) -> DiscoveredClass.Kind? {
        guard depth < 32, let superclass = superclasses[name] else { return nil }
        if viewControllerClasses.contains(superclass) { return .viewController }
        if superclass == "UIView" { return .view }
        return kind(of: superclass, depth: depth + 1)
    }
    return classes.compactMap { declaration in
        let name = declaration.name.text
        guard let kind = kind(of: name) else { return nil }
        var members = declaration.memberBlock.members.map(\.decl)
        for extensionDeclaration in extensions
        where extensionDeclaration.extendedType.as(IdentifierTypeSyntax.self)?.name.text == name {
            members += extensionDeclaration.memberBlock.members.map(\.decl)
        }
        return DiscoveredClass(name: name, kind: kind, declaration: declaration, members: members)
    }
}

/// UIKit's view controller classes whose subclasses are imported as view controllers.
let viewControllerClasses: Set<String> = [
    "UIViewController", "UITableViewController", "UICollectionViewController", "UINavigationController",
]

/// The methods with a body that the file's extensions of `NSLayoutConstraint` declare, by their base name.
func constraintExtensionMethods(in tree: SourceFileSyntax) -> [String: FunctionDeclSyntax] {
    var methods: [String: FunctionDeclSyntax] = [:]
    for item in tree.statements {
        guard let extensionDeclaration = item.item.as(ExtensionDeclSyntax.self),
            extensionDeclaration.extendedType.as(IdentifierTypeSyntax.self)?.name.text == "NSLayoutConstraint"
        else { continue }
        for member in extensionDeclaration.memberBlock.members {
            guard let function = member.decl.as(FunctionDeclSyntax.self), function.body != nil else { continue }
            methods[function.name.text] = methods[function.name.text] ?? function
        }
    }
    return methods
}
