import LayoutValues
package import PlaygroundProtocol
import SceneLanguage

/// `textDocument/completion`: what may be written at the cursor, by what
/// stands before it on its line.
///
/// - After `NAME.`: a view's attributes, frame values and settable
///   properties; `root`'s and a guide's attributes; a constraint's
///   `constant`; an animator's `fraction`.
/// - After `color`: UIKit's colour names. After `curve`: the curves.
///   After `font`: the sizes of UIKit's text styles.
/// - After `run`: actions. After `activate` or `deactivate`: constraints and
///   groups. After `start`, `pause`, `reverse`, `stop`, `finish`: animators.
///   After `swap`: views and constraints. After `@`: the priorities' names.
/// - Elsewhere: the scene's names and the language's keywords.
///
/// Items are ordered as "did you mean" orders names: those that start with
/// what was typed first, then by edit distance to it (the language's own
/// measure), then alphabetically; `sortText` carries the order.
extension DocumentContext {
    package func completion(at offset: Int) -> JSONValue {
        let bytes = document.bytes
        let offset = min(max(offset, 0), bytes.count)
        var start = offset
        while start > 0, Self.isWordByte(bytes[start - 1]) { start -= 1 }
        let typed = String(decoding: bytes[start..<offset], as: UTF8.self)
        let context = CompletionContext(before: bytes[..<start])
        let candidates = self.candidates(for: context)
        let items = Self.ordered(candidates, typed: typed).enumerated().map { rank, candidate in
            var item: [String: JSONValue] = [
                "label": .string(candidate.label), "kind": .number(Double(candidate.kind.rawValue)),
                "sortText": .string(String(repeating: "0", count: max(0, 5 - String(rank).count)) + String(rank)),
                "filterText": .string(candidate.insert),
                "textEdit": .object([
                    "range": range(start..<offset).json, "newText": .string(candidate.insert),
                ]),
            ]
            if let detail = candidate.detail { item["detail"] = .string(detail) }
            return JSONValue.object(item)
        }
        return .object(["isIncomplete": .bool(false), "items": .array(items)])
    }

    /// LSP's CompletionItemKind numbers.
    enum ItemKind: Int {
        case function = 3, field = 5, variable = 6, `class` = 7, property = 10, value = 12, keyword = 14
        case color = 16, constant = 21, `struct` = 22, event = 23
    }

    struct Candidate: Hashable {
        var label: String
        var insert: String
        var kind: ItemKind
        var detail: String?

        init(_ label: String, _ kind: ItemKind, detail: String? = nil, insert: String? = nil) {
            self.label = label
            self.insert = insert ?? label
            self.kind = kind
            self.detail = detail
        }
    }

    /// What the cursor follows.
    enum CompletionContext {
        case member(of: [String])
        case color, curve, font, action, switchable, animator, priority, swappable, anything

        init(before: ArraySlice<UInt8>) {
            var index = before.endIndex
            if index > before.startIndex, before[index - 1] == UInt8(ascii: "@") {
                self = .priority
                return
            }
            // NAME.NAME.… before the word: a member.
            if index > before.startIndex, before[index - 1] == UInt8(ascii: ".") {
                var path: [String] = []
                while index > before.startIndex, before[index - 1] == UInt8(ascii: ".") {
                    index -= 1
                    let end = index
                    while index > before.startIndex, DocumentContext.isWordByte(before[index - 1]) { index -= 1 }
                    guard index < end else { break }
                    path.insert(String(decoding: before[index..<end], as: UTF8.self), at: 0)
                }
                self = .member(of: path)
                return
            }
            // The words before the cursor on its line.
            var lineStart = index
            while lineStart > before.startIndex, before[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
            let words = String(decoding: before[lineStart..<index], as: UTF8.self)
                .split { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "=") }.map(String.init)
            let last = words.last == "=" ? words.dropLast().last.map { $0 == "color" ? "color" : "" } : words.last
            switch last {
            case "color": self = .color
            case "curve": self = .curve
            case "font": self = .font
            case "run": self = .action
            case "start", "pause", "reverse", "stop", "finish", "animator": self = .animator
            case "swap": self = .swappable
            default:
                if let first = words.first, first == "activate" || first == "deactivate" {
                    self = .switchable
                } else {
                    self = .anything
                }
            }
        }
    }

    func candidates(for context: CompletionContext) -> [Candidate] {
        let kinds = symbols.kinds
        func names(_ wanted: Set<Symbol.Kind>) -> [Candidate] {
            kinds.filter { wanted.contains($0.value) }.map { name, kind in
                Candidate(name, Self.itemKind(of: kind), detail: kind.rawValue)
            }
        }
        switch context {
        case .member(let path):
            return memberCandidates(of: path, kinds: kinds)
        case .color:
            return Color.allNames.map { Candidate($0, .color, detail: "color") }
        case .curve:
            return Curve.names.map { Candidate($0, .value, detail: "curve") } + [Candidate("spring", .keyword)]
        case .font:
            return Self.textStyles.map { name, size in
                Candidate("\(format(size)) (\(name))", .value, detail: "UIFont.TextStyle.\(name)", insert: format(size))
            }
        case .action:
            return symbols.actions.map { Candidate($0, .function, detail: "action") }
        case .switchable:
            return names([.constraint, .group])
        case .animator:
            return names([.animator])
        case .priority:
            return PriorityName.allCases.map { Candidate($0.rawValue, .constant, detail: "\(format($0.value))") }
        case .swappable:
            return names([.view, .constraint])
        case .anything:
            return names([.view, .guide, .constraint, .group, .animator, .variable, .textList])
                + Self.keywords.map { Candidate($0, .keyword) } + [Candidate("root", .class, detail: "the root view")]
        }
    }

    private func memberCandidates(of path: [String], kinds: [String: Symbol.Kind]) -> [Candidate] {
        let attributes = Attribute.allCases.map { Candidate($0.rawValue, .field, detail: "attribute") }
        let frameValues = ["minX", "midX", "maxX", "minY", "midY", "maxY"].map {
            Candidate($0, .field, detail: "frame value")
        }
        guard let head = path.first else { return [] }
        if path.count > 1 {
            // root.safeArea., root.margins., card.margins.: a guide's attributes.
            return path.last == "safeArea" || path.last == "margins" ? attributes + frameValues : []
        }
        if head == "root" {
            return attributes + frameValues + [Candidate("safeArea", .property), Candidate("margins", .property)]
        }
        switch kinds[head] {
        case .view?:
            let properties = AssignableProperty.allCases.map { Candidate($0.rawValue, .property, detail: "property") }
            var extra = [Candidate("margins", .property, detail: "layout margins guide")]
            if let scene, let view = scene.viewID(named: head), scene[view].kind == .stack {
                extra.append(Candidate("spacing", .property, detail: "stack spacing"))
            }
            return attributes + frameValues + properties + extra
        case .guide?: return attributes + frameValues
        case .constraint?: return [Candidate("constant", .property, detail: "constraint constant")]
        case .animator?: return [Candidate("fraction", .property, detail: "fractionComplete")]
        default: return []
        }
    }

    /// Candidates in "did you mean" order for what was typed.
    static func ordered(_ candidates: [Candidate], typed: String) -> [Candidate] {
        let target = Array(typed.lowercased().utf8)
        let scored = Set(candidates).map { candidate -> (Int, Candidate) in
            let name = Array(candidate.insert.lowercased().utf8)
            if name.starts(with: target) { return (0, candidate) }
            return (1 + editDistance(target, name, limit: 64), candidate)
        }
        return scored.sorted { ($0.0, $0.1.label) < ($1.0, $1.1.label) }.map(\.1)
    }

    static func itemKind(of kind: Symbol.Kind) -> ItemKind {
        switch kind {
        case .view: .class
        case .guide: .struct
        case .constraint: .property
        case .group: .constant
        case .animator: .event
        case .variable: .variable
        case .textList: .value
        case .action: .function
        }
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
    }

    /// The words that start lines and statements, and the options of animations.
    static let keywords = [
        "canvas", "safearea", "sizeclass", "direction", "margins", "reload", "view", "label", "button", "guide",
        "stack", "constraints", "inactive", "action", "on", "load", "animator", "animate", "keyframes", "keyframe",
        "delay", "curve", "spring", "damping", "velocity", "repeat", "forever", "autoreverse", "completion", "layout",
        "activate", "deactivate", "start", "after", "pause", "reverse", "stop", "finish", "at", "swap", "run", "var",
        "texts", "system", "required", "high", "low", "fitting", "color", "alpha", "font", "size", "hugging",
        "compression", "hidden", "frame", "lines",
    ]

    /// UIKit's text styles at the default (Large) content size category.
    static let textStyles: [(String, Double)] = [
        ("largeTitle", 34), ("title1", 28), ("title2", 22), ("title3", 20), ("headline", 17), ("body", 17),
        ("callout", 16), ("subheadline", 15), ("footnote", 13), ("caption1", 12), ("caption2", 11),
    ]
}
