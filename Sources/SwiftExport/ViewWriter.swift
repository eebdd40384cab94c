import PlaygroundProtocol
import SceneLanguage

/// `viewDidLoad()`'s first part: the root's settings, then each view made,
/// configured and added to its parent, in declaration order.
struct ViewWriter {
    let exporter: Exporter

    var scene: Scene { exporter.scene }

    mutating func write(into code: inout SwiftCode) {
        if scene.isRightToLeft {
            code.comment("canvas … rtl: leading and trailing are the right and left edges.")
            code.line("view.semanticContentAttribute = .forceRightToLeft")
        }
        if exporter.usesMargins {
            let margins = scene.rootMargins
            if scene.declaredRootMargins == nil {
                code.comment(
                    """
                    root.margins: UIKit's own for a root view in a \(scene.isRegularWidth ? "regular" : "compact") width, \
                    \(SwiftSyntax.number(margins.leading)) points from the safe area on leading and trailing and 0 on \
                    top and bottom, set so that every device gives the playground's layout.
                    """)
            } else {
                code.comment(
                    "margins: the scene's, each side at least the system's minimum for a root view in a "
                        + "\(scene.isRegularWidth ? "regular" : "compact") width, as UIKit raises them.")
            }
            code.line("viewRespectsSystemMinimumLayoutMargins = false")
            code.line("view.directionalLayoutMargins = \(ViewWriter.insets(margins))")
        }
        for id in scene.viewIDs {
            let view = scene[id]
            code.line()
            write(view, into: &code)
        }
    }

    private func write(_ view: ViewDeclaration, into code: inout SwiftCode) {
        let name = exporter.names.member(view.name.name)
        let parent = view.parent.map { exporter.names.member(scene[$0].name.name) } ?? "view"
        if view.kind == .guide {
            code.line("\(parent).addLayoutGuide(\(name))")
            return
        }
        if let frame = view.fixedFrame {
            code.comment(
                "frame: a fixed frame in its parent's coordinates; translatesAutoresizingMaskIntoConstraints stays true."
            )
            code.line(
                "\(name).frame = CGRect(x: \(SwiftSyntax.number(frame.x)), y: \(SwiftSyntax.number(frame.y)), "
                    + "width: \(SwiftSyntax.number(frame.width)), height: \(SwiftSyntax.number(frame.height)))")
            if view.intrinsicSize != nil {
                code.comment("Its 'size' is not exported: a fixed frame ignores the intrinsic size.")
            }
        } else {
            code.line("\(name).translatesAutoresizingMaskIntoConstraints = false")
        }
        switch view.kind {
        case .label:
            code.line("\(name).text = \(SwiftSyntax.string(view.text))")
            code.line("\(name).font = UIFont.systemFont(ofSize: \(SwiftSyntax.number(view.font)))")
            if view.numberOfLines != 1 {
                code.line("\(name).numberOfLines = \(view.numberOfLines)")
            } else if exporter.hasMultilineText {
                code.line("\(name).numberOfLines = 0  " + ViewWriter.newlinesOnly)
            }
        case .button:
            code.line("\(name).setTitle(\(SwiftSyntax.string(view.text)), for: .normal)")
            code.line("\(name).titleLabel?.font = UIFont.systemFont(ofSize: \(SwiftSyntax.number(view.font)))")
            if view.numberOfLines != 1 {
                code.line("\(name).titleLabel?.numberOfLines = \(view.numberOfLines)")
            } else if exporter.hasMultilineText {
                code.line("\(name).titleLabel?.numberOfLines = 0  " + ViewWriter.newlinesOnly)
            }
        case .stack:
            if let stack = view.stack { writeStack(stack, name: name, into: &code) }
        case .view, .guide:
            break
        }
        if let color = view.color {
            let written = view.propertyRange(.color).map { scene.text(of: $0) }
            code.line("\(name).backgroundColor = \(ColorWriter.expression(color, written: written))")
        }
        if let color = view.textColor, view.kind.hasText {
            let written = view.propertyRange(.textcolor).map { scene.text(of: $0) }
            code.line(
                ViewWriter.setTextColor(ColorWriter.expression(color, written: written), of: name, kind: view.kind))
        }
        if view.alpha != 1 { code.line("\(name).alpha = \(SwiftSyntax.number(view.alpha))") }
        if let margins = view.layoutMargins, view.kind != .stack {
            code.line("\(name).directionalLayoutMargins = \(ViewWriter.insets(margins))")
        }
        if view.isHidden { code.line("\(name).isHidden = true") }
        if view.fixedFrame == nil {
            let priorities: [(String, Double, Double)] = [
                ("setContentHuggingPriority", view.hugging.horizontal, 250),
                ("setContentHuggingPriority", view.hugging.vertical, 250),
                ("setContentCompressionResistancePriority", view.compression.horizontal, 750),
                ("setContentCompressionResistancePriority", view.compression.vertical, 750),
            ]
            for (index, (method, value, standard)) in priorities.enumerated() where value != standard {
                let axis = index % 2 == 0 ? "horizontal" : "vertical"
                code.line("\(name).\(method)(\(ConstraintWriter.priority(value)), for: .\(axis))")
            }
        }
        if scene.isRightToLeft {
            code.line("\(name).semanticContentAttribute = .forceRightToLeft")
        }
        if let id = scene.viewID(named: view.name.name), scene.arrangingStack(of: id) != nil {
            code.comment("Arranged in \(parent) (UIStackView(arrangedSubviews:) adds it as a subview).")
        } else {
            code.line("\(parent).addSubview(\(name))")
        }
    }

    /// What UIKit cannot say of a one-line label whose text holds `\n`: the playground breaks its lines there
    /// only, where `numberOfLines = 0` also wraps a line wider than the label.
    static let newlinesOnly = "// the scene breaks this text at \"\\n\" only; UIKit also wraps a line too wide"

    /// A label's `textColor = …`, a button's `setTitleColor(…, for: .normal)`.
    static func setTextColor(_ color: String, of name: String, kind: ViewKind) -> String {
        kind == .button ? "\(name).setTitleColor(\(color), for: .normal)" : "\(name).textColor = \(color)"
    }

    /// `NSDirectionalEdgeInsets(top: …, leading: …, bottom: …, trailing: …)`.
    static func insets(_ insets: Insets) -> String {
        "NSDirectionalEdgeInsets(top: \(SwiftSyntax.number(insets.top)), leading: \(SwiftSyntax.number(insets.leading)), "
            + "bottom: \(SwiftSyntax.number(insets.bottom)), trailing: \(SwiftSyntax.number(insets.trailing)))"
    }

    /// A stack view's arrangement; its arranged subviews are given when it is made.
    private func writeStack(_ stack: StackLayout, name: String, into code: inout SwiftCode) {
        code.line("\(name).axis = .\(stack.axis.rawValue)")
        code.line("\(name).spacing = \(SwiftSyntax.number(stack.spacing))")
        code.line("\(name).distribution = .\(stack.distribution.rawValue)")
        code.line("\(name).alignment = .\(stack.alignment.rawValue)")
        if let margins = stack.margins {
            code.line("\(name).isLayoutMarginsRelativeArrangement = true")
            // The scene's margins are the stack's own, wherever the safe area lies (UIKit moves them inside it by default).
            code.line("\(name).insetsLayoutMarginsFromSafeArea = false")
            code.line("\(name).directionalLayoutMargins = \(ViewWriter.insets(margins))")
        }
        for custom in stack.customSpacings {
            code.line(
                "\(name).setCustomSpacing(\(SwiftSyntax.number(custom.spacing)), "
                    + "after: \(exporter.names.member(scene[custom.view].name.name)))")
        }
    }
}

/// Colours as UIKit names them: the class colours (`.blue`), the system
/// colours (`.systemBlue`, `.label`), or red, green and blue in 255ths.
enum ColorWriter {
    /// The colour's expression; `written` is the source text that gave it
    /// (`color blue`, `card.color = #3366ff`), whose last word names it.
    static func expression(_ color: Color, written: Substring?) -> String {
        if color.isClear { return "UIColor.clear" }
        if let written {
            let word = written.split(whereSeparator: { $0 == " " || $0 == "=" || $0 == "\t" }).last.map(String.init)
            if let word, !word.hasPrefix("#"), Color(named: word) == color {
                return "UIColor.\(word)"
            }
        }
        let red = (color.rgb >> 16) & 0xFF
        let green = (color.rgb >> 8) & 0xFF
        let blue = color.rgb & 0xFF
        return "UIColor(red: \(red) / 255, green: \(green) / 255, blue: \(blue) / 255, alpha: 1)"
    }
}
