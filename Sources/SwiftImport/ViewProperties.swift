import LayoutValues
import SwiftSyntax

/// `UIFont.TextStyle`'s point sizes at the default (Large) content size category.
private let textStyleSizes: [String: Double] = [
    "largeTitle": 34, "title1": 28, "title2": 22, "title3": 20, "headline": 17, "body": 17, "callout": 16,
    "subheadline": 15, "footnote": 13, "caption1": 12, "caption2": 11,
]

/// The colour names the language knows, which are UIKit's.
private let colorNames: Set<String> = [
    "black", "white", "gray", "lightGray", "darkGray", "red", "green", "blue", "cyan", "yellow", "magenta", "orange",
    "purple", "brown", "clear", "systemRed", "systemOrange", "systemYellow", "systemGreen", "systemMint",
    "systemTeal", "systemCyan", "systemBlue", "systemIndigo", "systemPurple", "systemPink", "systemBrown",
    "systemGray", "systemBackground", "label",
]

/// Properties that change nothing the scene shows or lays out: read without a word.
private let ignoredProperties: Set<String> = [
    "translatesAutoresizingMaskIntoConstraints", "adjustsFontForContentSizeCategory", "accessibilityIdentifier",
    "accessibilityLabel", "isAccessibilityElement",
]

/// A view's property as the language sets it: the word and the value, `alpha` and `0.5`.
struct ViewSetting {
    var property: String
    var value: String
    /// The number when it is one, for a declaration.
    var number: Double?
}

extension Importer {
    /// A property of a view set in the setup becomes part of its declaration; a transform, which the language
    /// sets only in actions, the start of `on load`.
    mutating func setViewProperty(
        _ view: String, _ property: String, _ value: ExprSyntax, scope: LocalScope, at node: some SyntaxProtocol
    ) {
        if ignoredProperties.contains(property) {
            if property == "translatesAutoresizingMaskIntoConstraints", view != "root", let flag = boolean(value) {
                views[view]?.autoresizing = flag
                views[view]?.autoresizingOrigin = flag ? node.startOffset : nil
            }
            return
        }
        if property == "frame", view != "root", views[view]?.kind != .guide {
            guard let frame = rect(value, scope: scope) else {
                skip(node, "a frame the importer cannot work out")
                return
            }
            views[view]?.frame = frame
            views[view]?.frameOrigin = node.startOffset
            return
        }
        if property == "directionalLayoutMargins" {
            guard let margins = insets(value) else {
                skip(node, "margins the importer cannot work out")
                return
            }
            if view == "root" { rootMargins = margins } else { views[view]?.margins = margins }
            return
        }
        if property == "semanticContentAttribute" {
            // UIKit's right to left for the whole screen is the root's; the export sets it on every view too.
            let rightToLeft = value.memberPath?.last == "forceRightToLeft"
            if view == "root" {
                isRightToLeft = rightToLeft
            } else if rightToLeft != isRightToLeft {
                skip(node, "a direction of one view: the scene has one direction for every view ('direction rtl')")
            }
            return
        }
        if view == "root" {
            skip(node, "the root view's \(property) has no counterpart in a scene")
            return
        }
        if let stackSetting = stackSetting(view, property, value) {
            if stackSetting == false { skip(node, "a stack view's \(property) the importer cannot work out") }
            return
        }
        guard let setting = viewSetting(view, property, value, scope: scope, inAction: false, at: node) else { return }
        switch setting.property {
        case "text":
            let text = string(value, in: scope) ?? constantTextListEntry(value, scope: scope)
            views[view]?.text = text
        case "font": views[view]?.font = setting.number
        case "alpha":
            guard let alpha = setting.number, (0...1).contains(alpha) else {
                skip(node, "an alpha outside 0…1")
                return
            }
            views[view]?.alpha = alpha
        case "color": views[view]?.color = setting.value
        case "textcolor": views[view]?.textColor = setting.value
        case "hidden": views[view]?.hidden = setting.value == "true"
        case "lines": views[view]?.lines = setting.number.map { Int($0) }
        case "transform":
            setupStatements.append(.line("\(view).transform = \(setting.value)", origin: node.startOffset))
        default: break
        }
    }

    /// A stack view's `axis`, `spacing`, `distribution` or `alignment`: true when read, false when its value is
    /// not known, nil when it is not one of those.
    private mutating func stackSetting(_ view: String, _ property: String, _ value: ExprSyntax) -> Bool? {
        guard views[view]?.kind == .stack else { return nil }
        switch property {
        case "axis":
            guard let axis = value.memberPath?.last, axis == "horizontal" || axis == "vertical" else { return false }
            views[view]?.axis = axis
        case "spacing":
            guard let spacing = number(value, in: LocalScope())?.constant else { return false }
            views[view]?.spacing = spacing
        case "distribution":
            guard let distribution = value.memberPath?.last else { return false }
            views[view]?.distribution = distribution
        case "alignment":
            guard let alignment = value.memberPath?.last else { return false }
            views[view]?.alignment = alignment
        default: return nil
        }
        return true
    }

    /// A text list's entry as the language writes it, `questions[index]`: from `questions[E]` (an index of a
    /// number, `Int(E)` too) or from a call of the class's entry reader (``FunctionDeclSyntax/readsTextListEntry``),
    /// `entry(questions, at: E)`.
    func textListEntry(_ value: ExprSyntax, scope: LocalScope) -> String? {
        textListIndex(value, scope: scope, inAction: true).map { "\($0.list)[\($0.index.text)]" }
    }

    /// The text list and the index of ``textListEntry(_:scope:)``.
    func textListIndex(_ value: ExprSyntax, scope: LocalScope, inAction: Bool) -> (list: String, index: SceneNumber)? {
        let expression = value.unwrapped
        var list: ExprSyntax?
        var index: ExprSyntax?
        if let subscriptCall = expression.as(SubscriptCallExprSyntax.self), subscriptCall.arguments.count == 1 {
            list = subscriptCall.calledExpression
            index = subscriptCall.arguments.first?.expression
            if let cast = index?.as(FunctionCallExprSyntax.self), cast.calledPath == ["Int"], cast.arguments.count == 1
            {
                index = cast.arguments.first?.expression
            }
        } else if let call = expression.as(FunctionCallExprSyntax.self), call.arguments.count == 2,
            let path = call.calledPath, let method = path.last, path.count == 1 || path == ["self", method],
            methods[method]?.readsTextListEntry == true
        {
            list = call.arguments.first?.expression
            index = call.arguments.last?.expression
        }
        guard let list, let index, let name = list.selfPath, name.count == 1,
            textLists.contains(where: { $0.name == name[0] }),
            let number = number(index, in: scope, inAction: inAction)
        else { return nil }
        return (name[0], number)
    }

    /// A text list's entry at a constant index, wrapped around as the language wraps it: the text a view's
    /// declaration takes when the setup sets `label.text = questions[0]`.
    func constantTextListEntry(_ value: ExprSyntax, scope: LocalScope) -> String? {
        guard let (name, index) = textListIndex(value, scope: scope, inAction: false),
            case .constant(let position) = index,
            let texts = textLists.first(where: { $0.name == name })?.texts, !texts.isEmpty
        else { return nil }
        let count = Double(texts.count)
        var wrapped = position.rounded(.down).truncatingRemainder(dividingBy: count)
        if wrapped < 0 { wrapped += count }
        return texts[min(Int(wrapped), texts.count - 1)]
    }

    /// A view property as the language writes it, or nil with a warning saying why not.
    mutating func viewSetting(
        _ view: String, _ property: String, _ value: ExprSyntax, scope: LocalScope, inAction: Bool,
        at node: some SyntaxProtocol
    ) -> ViewSetting? {
        var problem: String?
        defer { if let problem { skip(node, problem) } }
        let kind = views[view]?.kind
        let hasText = kind == .label || kind == .button
        switch property {
        case "text":
            if hasText, let entry = textListEntry(value, scope: scope) {
                return ViewSetting(property: "text", value: entry)
            }
            guard hasText, let text = string(value, in: scope) else {
                problem = hasText ? "a text the importer cannot work out" : "only labels and buttons have a text here"
                return nil
            }
            return ViewSetting(property: "text", value: Self.quoted(text))
        case "font":
            guard hasText, let size = font(value, scope: scope) else {
                problem = hasText ? "a font the importer cannot work out" : "only labels and buttons have a font here"
                return nil
            }
            return ViewSetting(property: "font", value: format(size), number: size)
        case "alpha":
            guard let alpha = number(value, in: scope, inAction: inAction) else {
                problem = "a value the importer cannot work out"
                return nil
            }
            return ViewSetting(property: "alpha", value: alpha.text, number: alpha.constant)
        case "backgroundColor":
            guard let color = color(value) else {
                problem = "a colour the scene language does not name"
                return nil
            }
            return ViewSetting(property: "color", value: color)
        case "isHidden":
            guard let hidden = boolean(value) else {
                problem = "a value the importer cannot work out"
                return nil
            }
            return ViewSetting(property: "hidden", value: hidden ? "true" : "false")
        case "numberOfLines":
            guard hasText, !inAction, let lines = number(value, in: scope)?.constant, lines >= 0,
                lines == lines.rounded()
            else {
                problem =
                    inAction
                    ? "numberOfLines cannot change in a scene's action" : "a value the importer cannot work out"
                return nil
            }
            return ViewSetting(property: "lines", value: format(lines), number: lines)
        case "transform":
            guard let transform = transform(value, scope: scope, inAction: inAction) else {
                problem = "a transform the importer cannot work out"
                return nil
            }
            return ViewSetting(property: "transform", value: transform)
        case "textColor":
            guard hasText, let color = color(value) else {
                problem =
                    hasText ? "a colour the scene language does not name" : "only labels and buttons have a textColor"
                return nil
            }
            return ViewSetting(property: "textcolor", value: color)
        case "tintColor":
            problem = "the scene language has no tintColor: a button's title colour is its textcolor"
        default:
            problem = "a view's \(property) has no counterpart in a scene"
        }
        return nil
    }

    /// `NSDirectionalEdgeInsets(top:leading:bottom:trailing:)` of numbers the importer can work out.
    func insets(_ expression: ExprSyntax) -> [Double]? {
        guard let call = expression.unwrapped.as(FunctionCallExprSyntax.self),
            call.calledPath?.last == "NSDirectionalEdgeInsets" || call.calledPath == ["", "init"]
        else { return nil }
        let values = ["top", "leading", "bottom", "trailing"].map { label in
            call.argument(label).flatMap { number($0, in: LocalScope())?.constant }
        }
        guard values.allSatisfy({ $0 != nil }) else { return nil }
        return values.compactMap { $0 }
    }

    /// `CGRect(x:y:width:height:)` of numbers: x, y, width, height.
    func rect(_ expression: ExprSyntax, scope: LocalScope) -> [Double]? {
        guard let call = expression.unwrapped.as(FunctionCallExprSyntax.self),
            call.calledPath?.last == "CGRect" || call.calledPath == ["", "init"]
        else { return nil }
        let values = ["x", "y", "width", "height"].map { label in
            call.argument(label).flatMap { number($0, in: scope)?.constant }
        }
        guard values.allSatisfy({ $0 != nil }) else { return nil }
        return values.compactMap { $0 }
    }

    /// A font's point size: `.systemFont(ofSize:)` and its weights, `.boldSystemFont(ofSize:)`,
    /// `UIFont(name:size:)`, `.preferredFont(forTextStyle:)` at UIKit's default sizes.
    func font(_ expression: ExprSyntax, scope: LocalScope) -> Double? {
        let expression = expression.unwrapped
        if let infix = expression.as(InfixOperatorExprSyntax.self),
            infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "??"
        {
            return font(infix.leftOperand, scope: scope) ?? font(infix.rightOperand, scope: scope)
        }
        guard let call = expression.as(FunctionCallExprSyntax.self), let path = call.calledPath else { return nil }
        switch path.last {
        case "systemFont", "boldSystemFont", "italicSystemFont", "monospacedSystemFont", "monospacedDigitSystemFont":
            return call.argument("ofSize").flatMap { number($0, in: scope)?.constant }.flatMap { $0 > 0 ? $0 : nil }
        case "preferredFont":
            return call.argument("forTextStyle")?.memberPath?.last.flatMap { textStyleSizes[$0] }
        case "UIFont":
            return call.argument("size").flatMap { number($0, in: scope)?.constant }.flatMap { $0 > 0 ? $0 : nil }
        default:
            return nil
        }
    }

    /// A colour: a name the language knows (`.systemRed`, `UIColor.white`), or `UIColor(red:green:blue:alpha:)`
    /// and `UIColor(white:alpha:)` opaque as `#rrggbb`.
    func color(_ expression: ExprSyntax) -> String? {
        let expression = expression.unwrapped
        if let path = expression.memberPath, path.count == 2, path[0] == "" || path[0] == "UIColor",
            colorNames.contains(path[1])
        {
            return path[1]
        }
        guard let call = expression.as(FunctionCallExprSyntax.self), call.calledPath == ["UIColor"] else { return nil }
        func component(_ label: String) -> Double? {
            guard let value = call.argument(label).flatMap({ number($0, in: LocalScope())?.constant }),
                (0...1).contains(value)
            else { return nil }
            return value
        }
        if let alpha = call.argument("alpha"), number(alpha, in: LocalScope())?.constant != 1 { return nil }
        let rgb: [Double]
        if let white = component("white") {
            rgb = [white, white, white]
        } else if let red = component("red"), let green = component("green"), let blue = component("blue") {
            rgb = [red, green, blue]
        } else {
            return nil
        }
        let hex = rgb.map { value -> String in
            let byte = String(Int((value * 255).rounded()), radix: 16)
            return byte.count == 1 ? "0" + byte : byte
        }
        return "#" + hex.joined()
    }

    /// A transform in the language's steps: `CGAffineTransform(scaleX:y:)`, `(rotationAngle:)` in degrees,
    /// `(translationX:y:)`, `.identity`, and the chained `scaledBy`, `rotated` and `translatedBy`.
    func transform(_ expression: ExprSyntax, scope: LocalScope, inAction: Bool) -> String? {
        let expression = expression.unwrapped
        if let path = expression.memberPath, path.last == "identity",
            path.count == 2 && (path[0] == "" || path[0] == "CGAffineTransform")
        {
            return "identity"
        }
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
        func value(_ label: String) -> String? {
            call.argument(label).flatMap { number($0, in: scope, inAction: inAction)?.operand }
        }
        func degrees(_ label: String) -> String? {
            guard let angle = call.argument(label).flatMap({ number($0, in: scope, inAction: inAction) }) else {
                return nil
            }
            if let radians = angle.constant {
                return SceneNumber.constant((radians * 180 / .pi * 1e9).rounded() / 1e9).operand
            }
            return "(\(angle.operand) * 180 / 3.141592653589793)"
        }
        var base = ""
        var step: String?
        if call.calledPath == ["CGAffineTransform"] {
            if let x = value("scaleX"), let y = value("y") {
                step = x == y ? "scale \(x)" : "scale \(x) \(y)"
            } else if let angle = degrees("rotationAngle") {
                step = "rotate \(angle)"
            } else if let x = value("translationX"), let y = value("y") {
                step = "translate \(x) \(y)"
            }
        } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let receiver = member.base {
            guard let before = transform(receiver, scope: scope, inAction: inAction) else { return nil }
            base = before == "identity" ? "" : before + " "
            switch member.declName.baseName.text {
            case "scaledBy":
                if let x = value("x"), let y = value("y") { step = x == y ? "scale \(x)" : "scale \(x) \(y)" }
            case "rotated":
                step = degrees("by").map { "rotate \($0)" }
            case "translatedBy":
                if let x = value("x"), let y = value("y") { step = "translate \(x) \(y)" }
            default: break
            }
        }
        return step.map { base + $0 }
    }

    /// A string in the language's quotes, with its escapes.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for character in text {
            switch character {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.append(character)
            }
        }
        return out + "\""
    }
}

extension SyntaxProtocol {
    /// Where the node starts, past its leading trivia, in UTF-8 bytes.
    var startOffset: Int { positionAfterSkippingLeadingTrivia.utf8Offset }
}
