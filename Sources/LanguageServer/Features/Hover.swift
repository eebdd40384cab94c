import LayoutValues
package import PlaygroundProtocol
import SceneLanguage
import SceneRuntime

/// `textDocument/hover`: what the server can say about the place under the
/// cursor, in Markdown, most specific first.
///
/// - On a diagnostic's range: its code, linked to the code's section, and
///   the code's explanation.
/// - On a view or guide: its solved frame (as declared, before `on load`),
///   its intrinsic size, and the constraints that hold it.
/// - On a constraint (its name, or anywhere in its declaration off a view's
///   name): its priority, whether the solved layout satisfies it, and by how
///   much it misses when it does not.
/// - On an `animate`, `animator` or `reload` header: the curve's progress at
///   a few fractions of the duration, or the spring's constants, settling
///   time and overshoot.
/// - On another symbol: what it is and where it is declared.
extension DocumentContext {
    package func hover(at offset: Int, documentation: String?) -> JSONValue {
        var sections: [String] = []
        var hoverRange: Range<Int>?
        for diagnostic in analysis.diagnostics
        where diagnostic.range.start <= offset && offset <= max(diagnostic.range.end, diagnostic.range.start + 1) {
            sections.append(DiagnosticExplanation.markdown(for: diagnostic, documentation: documentation))
            hoverRange = hoverRange ?? diagnostic.range.start..<diagnostic.range.end
        }
        if let scene, let layout {
            if let occurrence = symbols.occurrence(at: offset) {
                hoverRange = occurrence.offsets
                sections.append(describe(occurrence.symbol, scene: scene, layout: layout))
            } else if let header = AnimationHeader.find(at: offset, in: scene) {
                hoverRange = header.range.start..<header.range.end
                sections.append(header.markdown)
            } else if let constraint = innermostConstraint(at: offset, in: scene) {
                hoverRange = scene[constraint].range.start..<scene[constraint].range.end
                sections.append(describe(constraint: constraint, scene: scene, layout: layout))
            }
        }
        guard !sections.isEmpty else { return .null }
        var members: [String: JSONValue] = [
            "contents": .object([
                "kind": .string("markdown"), "value": .string(sections.joined(separator: "\n\n---\n\n")),
            ])
        ]
        if let hoverRange { members["range"] = range(hoverRange).json }
        return .object(members)
    }

    /// The declared constraint whose text holds an offset, the shortest when several do (a visual format line's).
    func innermostConstraint(at offset: Int, in scene: Scene) -> ConstraintID? {
        scene.constraintIDs.filter { scene[$0].range.start <= offset && offset <= scene[$0].range.end }
            .min { scene[$0].range.end - scene[$0].range.start < scene[$1].range.end - scene[$1].range.start }
    }

    func describe(_ symbol: Symbol, scene: Scene, layout: LayoutModel) -> String {
        switch symbol.kind {
        case .view, .guide:
            if let view = scene.viewID(named: symbol.name) { return describe(view: view, scene: scene, layout: layout) }
        case .constraint:
            if let constraint = scene.constraintID(named: symbol.name) {
                return describe(constraint: constraint, scene: scene, layout: layout)
            }
        case .animator:
            if let header = AnimationHeader.animator(named: symbol.name, in: scene) { return header.markdown }
        case .group:
            if let group = scene.groupID(named: symbol.name) {
                return describe(group: group, scene: scene, layout: layout)
            }
        case .variable:
            if let index = scene.variableIndices[symbol.name] {
                return "**var** `\(symbol.name)` = \(format(scene.variables[index].initialValue)) at every load"
            }
        case .textList:
            if let index = scene.textListIndices[symbol.name] {
                let texts = scene.textLists[index].texts
                return "**texts** `\(symbol.name)`: \(texts.count) entr\(texts.count == 1 ? "y" : "ies")  \n"
                    + texts.prefix(10).enumerated().map { "\($0.offset): \"\($0.element)\"" }.joined(separator: "  \n")
            }
        case .action:
            break
        }
        let declared = symbols.declarations[symbol].map { " declared on line \(lineNumber(of: $0.lowerBound))" } ?? ""
        return "**\(symbol.kind.rawValue)** `\(symbol.name)`\(declared)"
    }
}
