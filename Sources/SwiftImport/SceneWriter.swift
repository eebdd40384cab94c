import LayoutValues
import SceneLanguage

/// The scene text of an import, line by line, each with the Swift place it came from.
struct SceneText {
    struct Line {
        var text: String
        /// Where in the Swift file (UTF-8 bytes) the line came from, if anywhere.
        var origin: Int?
    }

    var lines: [Line] = []

    mutating func append(_ text: String, origin: Int? = nil) {
        lines.append(Line(text: text, origin: origin))
    }

    var text: String { lines.map { $0.text + "\n" }.joined() }
}

extension Importer {
    /// Writes what was read as a scene: a header, the scene's variables, the views nested as added, the
    /// constraints in the order activated then the inactive ones kept in properties, `on load`, the actions.
    mutating func write(className: String, fileName: String) -> SceneText {
        var out = SceneText()
        out.append("# \(className), imported from \(fileName) by layoutctl import.")
        out.append("")
        if let offset = ignoresMinimumMarginsAt,
            rootMargins.map({ $0[0] < 0 || $0[1] < 16 || $0[2] < 0 || $0[3] < 16 }) ?? false
        {
            warn(
                at: offset,
                "viewRespectsSystemMinimumLayoutMargins = false: the scene raises the root's margins to the system's "
                    + "minimum (0 on top and bottom, 16 or 20 on the sides)")
        }
        if isRightToLeft { out.append("direction rtl") }
        if let margins = rootMargins {
            out.append("margins " + margins.map { format($0) }.joined(separator: " "))
        }
        if isRightToLeft || rootMargins != nil { out.append("") }
        for name in sceneVariables {
            out.append("var \(name) = \(format(constants[name] ?? 0))")
        }
        if !sceneVariables.isEmpty { out.append("") }
        for list in textLists {
            out.append(
                "texts \(list.name) " + list.texts.map { Self.quoted($0) }.joined(separator: " "), origin: list.origin)
        }
        if !textLists.isEmpty { out.append("") }
        for child in rootChildren { writeView(child, depth: 0, into: &out) }
        for (name, view) in views.sorted(by: { $0.value.origin < $1.value.origin }) where view.parent == nil {
            warn(at: view.origin, "'\(name)' is never added to a view: it is left out")
        }
        for custom in customSpacings where views[custom.stack] != nil && views[custom.after] != nil {
            out.append(
                "\(custom.stack).spacing after \(custom.after) = \(format(custom.spacing))", origin: custom.origin)
        }
        writeConstraints(into: &out)
        if !declaredAnimators.isEmpty {
            out.append("")
            write(declaredAnimators.map { .animator(index: $0) }, depth: 0, into: &out)
        }
        let load = setupStatements + onLoad
        if !load.isEmpty {
            out.append("")
            out.append("on load {", origin: onLoadOrigin)
            write(load, depth: 1, into: &out)
            out.append("}")
        }
        for action in actions {
            out.append("")
            out.append("action \(action.name) {", origin: action.origin)
            write(action.body, depth: 1, into: &out)
            out.append("}")
        }
        return out
    }

    private mutating func writeView(_ name: String, depth: Int, into out: inout SceneText) {
        guard let view = views[name] else { return }
        if view.frame != nil, !view.autoresizing, let origin = view.frameOrigin {
            warn(
                at: origin,
                "a frame set on a view laid out by constraints (translatesAutoresizingMaskIntoConstraints = false): "
                    + "Auto Layout replaces it, so it is not read")
        }
        if view.frame == nil, let origin = view.autoresizingOrigin {
            warn(at: origin, "a view laid out by a frame that is not set here: it is laid out by constraints")
        }
        let indent = String(repeating: "  ", count: depth)
        var line = indent + view.kind.rawValue + " " + name
        if view.kind == .stack {
            line += " \(view.axis)"
            if let spacing = view.spacing { line += " spacing \(format(spacing))" }
            if let distribution = view.distribution { line += " distribution \(distribution)" }
            if let alignment = view.alignment { line += " alignment \(alignment)" }
        }
        if view.kind == .label || view.kind == .button { line += " " + Self.quoted(view.text ?? "") }
        if view.kind != .guide {
            if let font = view.font { line += " font \(format(font))" }
            if let lines = view.lines, lines != 1 { line += " lines \(lines)" }
            if let alpha = view.alpha, alpha != 1 { line += " alpha \(format(alpha))" }
            if let color = view.color { line += " color \(color)" }
            if let color = view.textColor, view.kind == .label || view.kind == .button {
                line += " textcolor \(color)"
            }
            if view.hidden { line += " hidden" }
            if let size = view.size, view.kind == .view {
                line += " size \(format(size.width)) x \(format(size.height))"
            }
            for (word, values, standard) in [
                ("hugging", view.hugging, 250.0), ("compression", view.compression, 750.0),
            ] where values.contains(where: { $0 != nil }) {
                line += " \(word) \(format(values[0] ?? standard)) \(format(values[1] ?? standard))"
            }
            if let margins = view.margins { line += " margins " + margins.map { format($0) }.joined(separator: " ") }
            if let frame = view.frame, view.autoresizing {
                // UIKit turns the frame into constraints that fix it in the parent while the mask translates.
                line += " frame " + frame.map { format($0) }.joined(separator: " ")
            }
        }
        let children = view.children.filter { views[$0]?.arranged == (view.kind == .stack) }
        if children.isEmpty {
            out.append(line, origin: view.origin)
            return
        }
        out.append(line + " {", origin: view.origin)
        for child in children { writeView(child, depth: depth + 1, into: &out) }
        out.append(indent + "}")
    }

    /// The views written, `root` included: a constraint on any other is left out.
    private var writtenViews: Set<String> {
        var written: Set<String> = ["root"]
        var pending = rootChildren
        while let next = pending.popLast() {
            guard let view = views[next] else { continue }
            if view.parent == "root" || written.contains(view.parent ?? "") {
                written.insert(next)
                pending += view.children.filter { views[$0]?.arranged == (view.kind == .stack) }
            }
        }
        return written
    }

    private mutating func writeConstraints(into out: inout SceneText) {
        let written = writtenViews
        let active = constraints.filter { $0.activation != nil }.sorted { ($0.activation ?? 0) < ($1.activation ?? 0) }
        let inactive = constraints.filter { $0.activation == nil }
        if !constraints.isEmpty || !groupOrder.isEmpty { out.append("") }
        var writtenGroups: Set<String> = []
        for constraint in active + inactive where !constraint.dropped {
            if let group = constraint.group {
                // A group stands where its first constraint is activated, or with the inactive ones.
                if writtenGroups.insert(group).inserted { writeGroup(group, views: written, into: &out) }
                continue
            }
            guard var line = line(for: constraint, views: written) else { continue }
            if constraint.activation == nil {
                guard constraint.name != nil else {
                    warn(at: constraint.origin, "a constraint never activated nor kept: it is left out")
                    continue
                }
                line = "inactive " + line
            }
            out.append(line, origin: constraint.origin)
        }
        // Groups filled with no constraints, which actions may still switch.
        for group in groupOrder where !writtenGroups.contains(group) {
            out.append("constraints \(group) inactive {")
            out.append("}")
        }
    }

    /// `constraints G { … }`, `inactive` when none of its constraints is active: a group is switched whole, so one
    /// whose constraints are active and inactive both is written active, with a warning.
    private mutating func writeGroup(_ group: String, views written: Set<String>, into out: inout SceneText) {
        let members = (groupMembers[group] ?? []).map { constraints[$0] }
        let activeCount = members.filter { $0.activation != nil }.count
        if activeCount > 0 && activeCount < members.count, let first = members.first {
            warn(
                at: first.origin,
                "some of the constraints of '\(group)' are active and some are not: the scene switches a group "
                    + "whole, so all of them are active")
        }
        out.append("constraints \(group)\(activeCount == 0 ? " inactive" : "") {", origin: members.first?.origin)
        for constraint in members {
            guard let line = line(for: constraint, views: written) else { continue }
            out.append("  " + line, origin: constraint.origin)
        }
        out.append("}")
    }

    /// A constraint's line, named and with its priority; nil, with a warning, when it relates a view that is not
    /// in the scene.
    private mutating func line(for constraint: ImportedConstraint, views written: Set<String>) -> String? {
        if let missing = constraint.items.first(where: { !written.contains($0) }) {
            warn(
                at: constraint.origin, "the constraint relates '\(missing)', which is not in the scene: it is left out")
            return nil
        }
        var line = constraint.written
        if let priority = constraint.priority, priority != "required", priority != "1000" {
            line += " @\(priority)"
        }
        if let name = constraint.name { line = "\(name): " + line }
        return line
    }

    private func write(_ statements: [SceneStatement], depth: Int, into out: inout SceneText) {
        let indent = String(repeating: "  ", count: depth)
        for statement in statements {
            switch statement {
            case .line(let text, let origin):
                out.append(indent + text, origin: origin)
            case .block(let header, let origin, let body, let trailers):
                out.append(indent + header + " {", origin: origin)
                write(body, depth: depth + 1, into: &out)
                for trailer in trailers {
                    out.append(indent + "} \(trailer.header) {", origin: origin)
                    write(trailer.body, depth: depth + 1, into: &out)
                }
                out.append(indent + "}")
            case .snapSwitch(let view, let group, let origin):
                for line in snapSwitchLines(view: view, group: group) { out.append(indent + line, origin: origin) }
            case .animator(let index):
                let draft = animators[index]
                write(
                    [.block(header: draft.header, origin: draft.origin, body: draft.body, trailers: draft.completions)],
                    depth: depth, into: &out)
                if let after = draft.startAfter {
                    out.append(indent + "start \(draft.name)\(after)", origin: draft.origin)
                }
            }
        }
    }

    /// A warning at a place remembered as an offset.
    mutating func warn(at offset: Int, _ message: String) {
        diagnostics.append(.warning(.importSkipped, message, at: .at(offset, in: swiftFile)))
    }
}

extension Importer {
    /// Gives the properties that a `// the scene's 'NAME'` comment names, and the methods that a `// action NAME`
    /// comment names, their scene names in the text: each identifier that is not after a `.` (an attribute or a
    /// property). A scene name that is also the Swift name of another property, or that two claim, is not given
    /// (actions have names of their own).
    func renameToSceneNames(_ text: inout SceneText) {
        var claimed: [String: Int] = [:]
        for name in sceneNames.values { claimed[name, default: 0] += 1 }
        let taken = Set(views.keys).union(constraintSlots).union(groupSlots).union(animatorSlots)
            .union(constants.keys)
        let renames = sceneNames.filter { claimed[$0.value] == 1 && !taken.contains($0.value) }
        guard !renames.isEmpty else { return }
        for index in text.lines.indices {
            let line = text.lines[index].text
            let file = SourceFile(name: "line", text: line)
            let tokens = Lexer.tokenize(file).tokens
            var bytes = Array(line.utf8)
            for (position, token) in tokens.enumerated().reversed() {
                guard case .identifier(let name) = token.kind, let renamed = renames[name] else { continue }
                if position > 0, tokens[position - 1].kind == .dot { continue }
                bytes.replaceSubrange(token.start..<token.end, with: Array(renamed.utf8))
            }
            text.lines[index].text = String(decoding: bytes, as: UTF8.self)
        }
    }
}
