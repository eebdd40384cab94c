import TestSupport

extension SceneFuzzTests {
    /// Writes random scene text from the language's grammar: settings, views with properties and subviews,
    /// constraints (mostly between compatible attributes), groups, animators, variables, text lists and
    /// actions with every statement. Names come from pools fixed at the start and every pooled name is
    /// declared by the end, so references mostly resolve and the layout model sees many constraints. A
    /// quarter of the scenes then get a few tokens deleted, doubled or replaced: nearly valid input.
    struct Grammar {
        /// Every keyword, attribute, property and punctuation of the language, with names, numbers and strings.
        static let vocabulary: [String] =
            ("canvas safearea reload none view label button guide constraints inactive action on load animator "
            + "animate delay curve spring damping velocity repeat forever autoreverse override duration rtl completion "
            + "keyframes keyframe "
            + "layout activate "
            + "deactivate start after pause reverse stop finish at end current swap run system root safeArea "
            + "margins x required high low fitting color alpha font size hugging compression hidden frame text "
            + "lines transform rotate scale translate identity sizeclass compact regular "
            + "constant fraction true false easeInOut easeIn easeOut linear bezier left right top bottom leading "
            + "trailing width height centerX centerY firstBaseline lastBaseline minX midX maxX minY midY maxY blue "
            + "clear systemBlue var texts count { } ( ) [ ] , . : ; @ * / = += -= == >= <= + - ± < > 0 1 8 0.5 100 "
            + "375x667 1000000000 stack horizontal vertical spacing distribution alignment margins fillEqually "
            + "fillProportionally equalSpacing equalCentering center direction ltr "
            + "99999999999 #3366ff #12 \"Hi\" \"a\\nb\" \"open").split(separator: " ").map(String.init)
            + ["\n", "\n", "\n", "{", "}", "a", "b", "c", "a.left", "b.width", "k1.constant", "# comment\n"]
            + ["n0", "t0", "t0.count", "t0[n0]"]
            + ["H:|-[a]-8-[b(==a)]-|", "V:|[a(>=50@750)][b]", "H:|-|", "align", "all", "direction", "rightToLeft"]

        static let attributes: [[String]] = [
            ["left", "right", "leading", "trailing", "centerX"],
            ["top", "bottom", "centerY", "firstBaseline", "lastBaseline"], ["width", "height"],
        ]
        static let frameProperties = ["minX", "midX", "maxX", "minY", "midY", "maxY", "width", "height"]

        var rng: SplitMix
        var tokens: [String] = []
        /// The views declared so far, in order.
        var declared: [String] = []
        /// The pools: every name here is declared once by the end of the scene.
        var views: [(name: String, kind: String)] = []
        var constraintNames: [String] = []
        var groupNames: [String] = []
        var animatorNames: [String] = []
        var actionNames: [String] = []
        var variableNames: [String] = []
        var listNames: [String] = []
        /// `S.spacing after V = N` lines for the stacks declared, written at the end.
        var spacings: [String] = []
        var settingsLeft: Set<String> = ["canvas", "safearea", "reload", "on", "direction"]

        init(seed: UInt64) { rng = SplitMix(state: seed) }

        /// True with probability `p`.
        mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }
        /// One of the options, at random.
        mutating func pick<T>(_ options: [T]) -> T { options.randomElement(using: &rng)! }
        /// A number in the range, at random.
        mutating func count(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
        /// Appends tokens to the scene.
        mutating func emit(_ words: String...) { tokens += words }

        /// A scene, and the views it declares in order (nil once corrupted).
        mutating func scene() -> (String, [String]?) {
            let kinds = ["view", "view", "view", "label", "button", "guide", "stack"]
            views = (0..<count(1...8)).map { (["a", "b", "c", "card", "title", "panel", "v"][$0 % 7] + "\($0)", "") }
            for i in views.indices { views[i].kind = pick(kinds) }
            constraintNames = (0..<count(0...3)).map { "k\($0)" }
            groupNames = (0..<count(0...2)).map { "g\($0)" }
            animatorNames = (0..<count(0...2)).map { "anim\($0)" }
            actionNames = (0..<count(0...2)).map { "act\($0)" }
            variableNames = (0..<count(0...2)).map { "n\($0)" }
            listNames = (0..<count(0...2)).map { "t\($0)" }
            var pending = (views.map(\.name), constraintNames, groupNames, animatorNames, actionNames)
            let valuesFirst = chance(0.5)
            if valuesFirst { values() }
            for _ in 0..<count(1...12) { topLevel(&pending) }
            if !valuesFirst { values() }
            while !pending.0.isEmpty { view(pending.0.removeFirst(), depth: 0, &pending.0); emit("\n") }
            for name in pending.1 { emit(name, ":"); constraint(); emit("\n") }
            for name in pending.2 { group(name) }
            for name in pending.3 { animator(name, depth: 0); emit("\n") }
            for name in pending.4 { emit("action", name); block(depth: 0); emit("\n") }
            for line in spacings { emit(line, "\n") }
            var corrupted = false
            if chance(0.25) {
                corrupted = true
                for _ in 0..<count(1...3) where !tokens.isEmpty {
                    let at = count(0...tokens.count - 1)
                    switch count(0...2) {
                    case 0: tokens.remove(at: at)
                    case 1: tokens.insert(tokens[at], at: at)
                    default: tokens[at] = pick(Grammar.vocabulary)
                    }
                }
            }
            return (tokens.joined(separator: " "), corrupted ? nil : declared)
        }

        /// The names of each pool (views, constraints, groups, animators, actions) not declared yet.
        typealias Pending = ([String], [String], [String], [String], [String])

        /// A top-level statement: a setting (each at most once), a view, a constraint, a group, an animator,
        /// an action or `on load`.
        mutating func topLevel(_ pending: inout Pending) {
            switch count(0...9) {
            case 0, 1:
                guard let setting = settingsLeft.sorted().randomElement(using: &rng) else { return }
                settingsLeft.remove(setting)
                switch setting {
                case "canvas":
                    emit("canvas", String(count(1...999)), "x", String(count(1...999)))
                    if chance(0.3) { emit("rtl") }
                case "safearea": emit("safearea", number(), number(), number(), number())
                case "reload": emit("reload"); if chance(0.3) { emit("none") } else { options(animator: true) }
                case "direction": emit("direction", pick(["rtl", "ltr"]))
                default: emit("on", "load"); block(depth: 0)
                }
            case 2, 3: if !pending.0.isEmpty { view(pending.0.removeFirst(), depth: 0, &pending.0) }
            case 4, 5:
                if chance(0.2) {
                    visualFormatLine()
                } else {
                    if !pending.1.isEmpty { emit(pending.1.removeFirst(), ":") }
                    constraint()
                }
            case 6:
                guard !pending.2.isEmpty else { break }
                if chance(0.3) {
                    // A named line is a group: actions activate and deactivate it by that name.
                    if chance(0.3) { emit("inactive") }
                    emit(pending.2.removeFirst(), ":")
                    visualFormatLine()
                } else {
                    group(pending.2.removeFirst())
                }
            case 7: if !pending.3.isEmpty { animator(pending.3.removeFirst(), depth: 0) }
            default:
                if !pending.4.isEmpty { emit("action", pending.4.removeFirst()); block(depth: 0) }
            }
            emit(chance(0.85) ? "\n" : ";")
        }

        /// `var NAME = E` and `texts NAME …` (on one line or in a block) for each name of their pools.
        mutating func values() {
            for name in variableNames {
                emit("var", name, "=")
                expression(depth: 2, references: false)
                emit("\n")
            }
            let texts = ["\"Hi\"", "\"What is 7+7?\"", "\"a\\nb\"", "\"\""]
            for name in listNames {
                emit("texts", name)
                if chance(0.5) {
                    for _ in 0..<count(1...3) { emit(pick(texts)) }
                } else {
                    emit("{", "\n")
                    for _ in 0..<count(1...3) {
                        for _ in 0..<count(1...2) { emit(pick(texts)) }
                        emit("\n")
                    }
                    emit("}")
                }
                emit("\n")
            }
        }

        /// A number for a setting, a size or a constant: mostly ordinary, sometimes extreme.
        mutating func number() -> String {
            chance(0.9) ? pick(["0", "1", "2", "8", "10", "0.5", "44", "100", "375"]) : pick(["1000000000", "0.25"])
        }

        /// A view's declaration; its block may declare some of the views still to declare.
        mutating func view(_ name: String, depth: Int, _ pending: inout [String]) {
            let kind = views.first { $0.name == name }?.kind ?? "view"
            emit(kind, name)
            declared.append(name)
            if kind == "label" || kind == "button" { emit(pick(["\"Hi\"", "\"Sign In\"", "\"a\\nbc\"", "\"\""])) }
            if kind == "stack" {
                emit(pick(["horizontal", "vertical"]))
                for property in ["spacing", "distribution", "alignment", "margins"] where chance(0.4) {
                    switch property {
                    case "spacing": emit("spacing", number())
                    case "distribution":
                        emit(
                            "distribution",
                            pick(["fill", "fillEqually", "fillProportionally", "equalSpacing", "equalCentering"]))
                    case "alignment":
                        emit(
                            "alignment",
                            pick(["fill", "leading", "top", "center", "trailing", "bottom", "firstBaseline"]))
                    default:
                        emit("margins")
                        if chance(0.5) { emit(number(), number(), number(), number()) }
                    }
                }
                // A custom spacing after one of the views its block may arrange.
                if chance(0.3), let after = pending.first {
                    spacings.append("\(name).spacing after \(after) = \(number())")
                }
            }
            var given: Set<Int> = []
            for _ in 0..<count(0...3) where kind != "guide" {
                let property = count(0...9)
                guard given.insert(property).inserted else { continue }
                switch property {
                case 0: emit("alpha", pick(["0", "0.5", "1"]))
                case 1: emit("color", pick(["blue", "clear", "#3366ff", "systemRed"]))
                case 2: if kind != "view" && kind != "stack" { emit("font", pick(["12", "17", "34"])) }
                case 3: if kind == "view" { emit("size", number(), "x", number()) }
                case 4: emit("hugging", pick(["1", "250", "1000"]), pick(["250", "751"]))
                case 5: emit("compression", pick(["1", "750", "1000"]), pick(["250", "751"]))
                case 6: emit("hidden")
                case 7: if kind == "label" || kind == "button" { emit("lines", pick(["0", "1", "2", "-1"])) }
                case 8: emit("margins", number(), number(), number(), number())
                default: if chance(0.3) { emit("frame", number(), number(), number(), number()) }
                }
            }
            if kind != "guide" && depth < 6 && chance(0.4) {
                emit("{", "\n")
                for _ in 0..<count(0...4) {
                    if chance(0.5) && !pending.isEmpty {
                        view(pending.removeFirst(), depth: depth + 1, &pending)
                    } else if chance(0.2) {
                        visualFormatLine()
                    } else {
                        constraint()
                    }
                    emit("\n")
                }
                emit("}")
            }
        }

        /// `view.attribute` of a kind of attribute (0: horizontal, 1: vertical, 2: size).
        mutating func anchor(_ kind: Int) -> String {
            var attributes = Grammar.attributes[kind]
            let view = pick(views)
            if view.kind == "guide" || chance(0.5) { attributes.removeAll { $0.hasSuffix("Baseline") } }
            if chance(0.15) {
                return pick(["root", "root.safeArea", "root.margins"]) + "." + pick(Array(attributes.prefix(4)))
            }
            return view.name + "." + pick(attributes)
        }

        /// `ANCHOR REL [MULTIPLIER *] ANCHOR [± EXPR] [@PRIORITY]` or `ANCHOR REL EXPR [@PRIORITY]`.
        mutating func constraint() {
            let kind = count(0...2)
            emit(anchor(kind), pick(["==", "==", ">=", "<="]))
            if chance(0.7) {
                if chance(0.4) { emit(pick(["0.5", "2", "-1", "1000", "1000000000", "0.001"]), "*") }
                emit(anchor(chance(0.95) ? kind : count(0...2)))
                if chance(0.6) { emit(pick(["+", "-"])); expression(depth: 0, references: false) }
            } else {
                expression(depth: 0, references: false)
            }
            if chance(0.3) { emit("@", pick(["required", "high", "low", "fitting", "1", "999", "500"])) }
        }

        /// `constraints NAME [inactive] { … }`.
        mutating func group(_ name: String) {
            emit("constraints", name)
            if chance(0.3) { emit("inactive") }
            emit("{", "\n")
            for _ in 0..<count(0...4) {
                if chance(0.2) { visualFormatLine() } else { constraint() }
                emit("\n")
            }
            emit("}", "\n")
        }

        /// The characters a broken visual format line gets: the grammar's own, and a look-alike.
        static let formatCharacters: [Character] = [
            "-", "[", "]", "(", ")", "|", "@", ",", "=", "<", ">", "–", "0", "x",
        ]

        /// A visual format line, `H:|-[a]-8-[b(==a)]-| [options]`, of 0 to 3 pooled views (so sometimes none,
        /// which is an error), with every kind of connection, predicate and option; a fifth of them get a
        /// character inserted, deleted or replaced.
        mutating func visualFormatLine() {
            let horizontal = chance(0.5)
            var format = horizontal ? "H:" : "V:"
            let names = (0..<count(0...3)).map { _ in pick(views).name }
            let connections = [
                "", "-", "-", "-8-", "-0-", "-(>=20)-", "-(-5)-", "-(>=8,<=40@high)-", "-(system)-", "-(20@750)-",
            ]
            let leadingBar = chance(0.5) || names.isEmpty
            if leadingBar { format += "|" + pick(connections) }
            for (n, name) in names.enumerated() {
                if n > 0 { format += pick(connections) }
                format += "[" + name
                if chance(0.3) {
                    let other = pick(views).name
                    let predicates = ["50", ">=20", "<=100@low", "==\(other)", ">=10,<=300", "<=root", "0@1"]
                    format += "(" + pick(predicates) + ")"
                }
                format += "]"
            }
            if chance(0.5) { format += pick(connections) + "|" }
            if chance(0.2) {
                var characters = Array(format)
                let at = count(2...characters.count - 1)
                switch count(0...2) {
                case 0: characters.insert(pick(Grammar.formatCharacters), at: at)
                case 1: characters.remove(at: at)
                default: characters[at] = pick(Grammar.formatCharacters)
                }
                format = String(characters)
            }
            emit(format)
            if chance(0.2) {
                let alignments = ["left", "right", "top", "bottom", "leading", "trailing", "centerX", "centerY"]
                emit("align", "all", pick(alignments + ["firstBaseline", "lastBaseline", "width"]))
                if chance(0.3) { emit(pick(alignments)) }
            }
            if horizontal && chance(0.1) {
                emit("direction", pick(["leadingToTrailing", "leftToRight", "rightToLeft"]))
            }
        }

        /// An arithmetic expression; with `references`, one that reads frames, constants and fractions too.
        mutating func expression(depth: Int, references: Bool) {
            switch count(0...(depth < 3 ? 6 : 2)) {
            case 0: emit("system")
            case 1:
                guard references else { return emit(number()) }
                switch count(0...4) {
                case 0 where !constraintNames.isEmpty: emit(pick(constraintNames) + ".constant")
                case 1 where !animatorNames.isEmpty: emit(pick(animatorNames) + ".fraction")
                case 2 where !variableNames.isEmpty: emit(pick(variableNames))
                case 3 where !listNames.isEmpty: emit(pick(listNames) + ".count")
                default: emit(pick(views.map(\.name) + ["root"]) + "." + pick(Grammar.frameProperties))
                }
            case 2: emit(number())
            case 3: emit("-"); expression(depth: depth + 1, references: references)
            case 4:
                emit("(")
                expression(depth: depth + 1, references: references)
                emit(")")
            default:
                expression(depth: depth + 1, references: references)
                emit(pick(["+", "-", "*", "/"]))
                expression(depth: depth + 1, references: references)
            }
        }

        /// The duration and options of `animate` (with `override` too), `animator` or `reload`.
        mutating func options(animator: Bool, animate: Bool = false) {
            emit(pick(["0", "0.25", "0.5", "1"]))
            if !animator && chance(0.3) { emit("delay", pick(["0", "0.1"])) }
            if chance(0.3) {
                emit("curve", pick(["easeInOut", "easeIn", "easeOut", "linear", "bezier(0.42, 0, 0.58, 1)"]))
            } else if chance(0.3) {
                emit("spring", "damping", pick(["0.5", "1"]), "velocity", pick(["0", "1"]))
            }
            if !animator && chance(0.2) { emit("repeat", pick(["2", "forever"])) }
            if !animator && chance(0.2) { emit("autoreverse") }
            if animate && chance(0.2) { emit("override"); if chance(0.5) { emit(pick(["duration", "curve"])) } }
        }

        /// `animator NAME OPTIONS { … } [completion { … }]`.
        mutating func animator(_ name: String, depth: Int) {
            emit("animator", name)
            options(animator: true)
            block(depth: depth)
            if chance(0.3) { emit("completion"); block(depth: depth) }
        }

        /// `animate keyframes OPTIONS { keyframe START LENGTH { … } … } [completion { … }]`, with statements
        /// between the keyframes, and now and then a time out of range.
        mutating func keyframes(depth: Int) {
            emit("animate", "keyframes")
            options(animator: false)
            emit("{", "\n")
            for _ in 0..<count(0...(depth < 4 ? 4 : 1)) {
                if chance(0.7) {
                    emit(
                        "keyframe", pick(["0", "0.25", "0.5", "1/3", "1", "-0.5"]),
                        pick(["0", "0.25", "0.5", "1", "2"]))
                    block(depth: depth + 1)
                } else {
                    statement(depth: depth + 1)
                }
                emit(chance(0.85) ? "\n" : ";")
            }
            emit("}")
            if chance(0.3) { emit("completion"); block(depth: depth) }
        }

        /// `{ statement … }`.
        mutating func block(depth: Int) {
            emit("{", "\n")
            for _ in 0..<count(0...(depth < 4 ? 5 : 1)) {
                statement(depth: depth + 1)
                emit(chance(0.85) ? "\n" : ";")
            }
            emit("}")
        }

        /// One statement of an action, of any kind, on names of the right sort.
        mutating func statement(depth: Int) {
            let texts = views.filter { $0.kind == "label" || $0.kind == "button" }.map(\.name)
            let drawn = views.filter { $0.kind != "guide" }.map(\.name)
            switch count(0...14) {
            case 0 where !constraintNames.isEmpty:
                emit(pick(constraintNames) + ".constant", pick(["=", "+=", "-="]))
                expression(depth: 0, references: true)
            case 1 where !drawn.isEmpty:
                emit(pick(drawn) + ".alpha", "=", pick(["0", "0.5", "1"]))
            case 2 where !texts.isEmpty:
                if chance(0.5) {
                    emit(pick(texts) + ".text", "=", pick(["\"Hi\"", "\"\""]))
                } else {
                    emit(pick(texts) + ".font", "=")
                    expression(depth: 2, references: true)
                }
            case 3 where !drawn.isEmpty && chance(0.2):
                // A spacing: on a stack, or (an error) on any view; after any view, arranged or not.
                let stacks = views.filter { $0.kind == "stack" }.map(\.name)
                emit(pick(stacks.isEmpty ? drawn : stacks) + ".spacing")
                if chance(0.5) { emit("after", pick(drawn)) }
                emit("=")
                expression(depth: 2, references: true)
            case 3 where !drawn.isEmpty: emit(pick(drawn) + ".hidden", "=", pick(["true", "false"]))
            case 4 where !drawn.isEmpty && chance(0.3):
                emit(pick(drawn) + ".transform", "=")
                if chance(0.2) {
                    emit("identity")
                } else {
                    for _ in 0..<count(1...3) {
                        switch count(0...2) {
                        case 0: emit("rotate", pick(["45", "-90", "180", "(1 + 2)"]))
                        case 1:
                            emit("scale", pick(["2", "0.5", "0"]))
                            if chance(0.5) { emit(pick(["1", "-1"])) }
                        default: emit("translate", number(), pick(["-5", "0", "10"]))
                        }
                    }
                }
            case 4 where !drawn.isEmpty: emit(pick(drawn) + ".color", "=", pick(["red", "#ff8800"]))
            case 5 where !(constraintNames + groupNames).isEmpty:
                emit(pick(["activate", "deactivate"]), pick(constraintNames + groupNames))
            case 6 where !variableNames.isEmpty:
                emit(pick(variableNames), pick(["=", "+=", "-="]))
                expression(depth: 0, references: true)
            case 7 where chance(0.3):
                keyframes(depth: depth)
            case 7:
                emit("animate")
                options(animator: false, animate: true)
                block(depth: depth)
                if chance(0.3) { emit("completion"); block(depth: depth) }
            case 8 where !animatorNames.isEmpty: animator(pick(animatorNames), depth: depth)
            case 9 where !animatorNames.isEmpty:
                emit(pick(["start", "pause", "reverse", "stop"]), pick(animatorNames))
                if chance(0.2) { emit("after", "0.5") }
            case 10 where !animatorNames.isEmpty:
                emit("finish", pick(animatorNames), "at", pick(["start", "end", "current"]))
            case 11 where !animatorNames.isEmpty: emit(pick(animatorNames) + ".fraction", "=", pick(["0", "0.5"]))
            case 12 where !constraintNames.isEmpty:
                emit("swap", pick(constraintNames), pick(constraintNames))
            case 13 where !actionNames.isEmpty && chance(0.3): emit("run", pick(actionNames))
            case 13: emit("canvas", "320", "x", "480")
            case 14 where !texts.isEmpty && !listNames.isEmpty:
                emit(pick(texts) + ".text", "=", pick(listNames), "[")
                expression(depth: 1, references: true)
                emit("]")
            default: emit("layout")
            }
        }
    }
}
