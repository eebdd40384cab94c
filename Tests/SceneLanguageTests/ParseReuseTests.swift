import Foundation
import TestSupport
import Testing

@testable import SceneLanguage

/// `Scene.parse(_:reusing:)`: the scene and diagnostics of a parse that reuses the previous parse's lines are
/// those of a parse from nothing, whatever the edit, and the lines an edit leaves alone are reused.
@Suite struct ParseReuseTests {
    /// The playgrounds' scenes, and generated scenes as the benchmarks make them.
    static let scenes: [(name: String, text: String)] = {
        let folder = repositoryRoot.appendingPathComponent("Playgrounds")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let playgrounds = names.filter { $0.hasSuffix(".layout") }.sorted().map { name in
            (name, (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? "")
        }
        return playgrounds + [
            ("bench-20.layout", benchScene(views: 20, inset: 0)),
            ("stacked-20.layout", stackedBenchScene(views: 20, inset: 4)),
        ]
    }()

    @Test("The playgrounds are found")
    func playgroundsFound() {
        #expect(Self.scenes.count >= 12)
        #expect(Self.scenes.allSatisfy { !$0.text.isEmpty })
    }

    @Test("Random edits, each parsed reusing the previous parse, give the scene of a parse from nothing")
    func randomEdits() {
        var random = SplitMix(state: 0x5EED_1A7E)
        var edits = 0
        for (name, text) in Self.scenes {
            // Chains of edits: each parse reuses the one before.
            for _ in 0..<10 {
                var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                var reuse = Scene.parse(SourceFile(name: name, text: text), reusing: nil).reuse
                for _ in 0..<5 {
                    let edit = randomEdit(&lines, text: text, using: &random)
                    let file = SourceFile(name: name, text: lines.joined(separator: "\n"))
                    let (scene, next) = Scene.parse(file, reusing: reuse)
                    let mismatch = difference(scene, Scene.parse(file))
                    #expect(mismatch == nil, "\(name) after \(edit): \(mismatch ?? "")")
                    if mismatch != nil { return }
                    reuse = next
                    edits += 1
                }
            }
        }
        #expect(edits >= 600)
    }

    @Test("Each tricky line, kept by a parse, then reused after an edit above it", arguments: trickyLines)
    func trickyLine(line: String) {
        let base = benchScene(views: 12, inset: 0).split(separator: "\n").map(String.init)
        for position in [0, 3, 14, base.count] {
            var lines = base
            lines.insert(contentsOf: [line, line], at: position)
            let first = Scene.parse(SourceFile(name: "t.layout", text: lines.joined(separator: "\n")), reusing: nil)
            for edit in ["", "\n", "label top \"t\"\n", "view open {\n", "}\n"] {
                let text = edit + lines.joined(separator: "\n").replacingOccurrences(of: "+ system", with: "+ 3")
                let file = SourceFile(name: "t.layout", text: text)
                let mismatch = difference(Scene.parse(file, reusing: first.reuse).scene, Scene.parse(file))
                #expect(mismatch == nil, "at \(position) after \(edit.debugDescription): \(mismatch ?? "")")
            }
        }
    }

    @Test("One changed constant in 2,000 views' scene: every other line is reused")
    func reuseHappens() {
        let old = Scene.parse(SourceFile(name: "bench.layout", text: benchScene(views: 2000, inset: 0)), reusing: nil)
        #expect(old.reuse.reusedLineCount == 0)
        // The labels and constraints' lines; the settings and the action are not kept.
        #expect(old.reuse.reusableLineCount == 4000)
        let file = SourceFile(name: "bench.layout", text: benchScene(views: 2000, inset: 12))
        let (scene, reuse) = Scene.parse(file, reusing: old.reuse)
        #expect(reuse.reusedLineCount == 3999)
        #expect(reuse.reusableLineCount == 4000)
        #expect(difference(scene, Scene.parse(file)) == nil)
        #expect(!scene.diagnostics.hasErrors)
    }

    @Test(
        "A reused line's constraints are resolved again when what their names stand for changed",
        arguments: [
            ("view b", "guide b"), ("guide b", "view b"), ("label b \"y\"", "label c \"y\""),
            ("label b \"y\"", "label z \"z\"\nlabel b \"y\""), ("view b", "view b\nvar a = 3"),
            ("view b", "view b\nrow: b.top == 0"), ("label a \"x\"\nview b", "view b\nlabel a \"x\""),
            ("view b", "button b \"go\""), ("view b", "stack b horizontal"),
        ])
    func namespaceChanges(before: String, after: String) {
        // The constraints' lines stay as they are; only the declarations above them change.
        let constraints = """
            a.top == root.top; a.leading == root.margins.leading
            b.firstBaseline == a.firstBaseline; b.leading == a.trailing + system
            b.margins.leading == a.leading; b.width == 40; b.height == a.height * 2
            """
        let old = Scene.parse(
            SourceFile(name: "t.layout", text: "label a \"x\"\n\(before)\n\(constraints)"), reusing: nil)
        let file = SourceFile(name: "t.layout", text: "label a \"x\"\n\(after)\n\(constraints)")
        let (scene, reuse) = Scene.parse(file, reusing: old.reuse)
        #expect(reuse.reusedLineCount >= 3)
        let mismatch = difference(scene, Scene.parse(file))
        #expect(mismatch == nil, "\(before) → \(after): \(mismatch ?? "")")
    }

    @Test("A save's reused constraints are taken as the last check resolved them, moved with their lines")
    func resolutionsTaken() {
        let old = Scene.parse(SourceFile(name: "bench.layout", text: benchScene(views: 300, inset: 0)), reusing: nil)
        // Every line moves by one byte, and the first row's constraints change.
        let file = SourceFile(name: "bench.layout", text: " " + benchScene(views: 300, inset: 12))
        let (scene, reuse) = Scene.parse(file, reusing: old.reuse)
        // Two constraints on each of 299 reused lines of constraints.
        #expect(reuse.resolutionsTakenAgain == 598)
        #expect(difference(scene, Scene.parse(file)) == nil)
        // Taken again by the next save too.
        let (_, next) = Scene.parse(
            SourceFile(name: "bench.layout", text: benchScene(views: 300, inset: 3)), reusing: reuse)
        #expect(next.resolutionsTakenAgain == 598)
    }

    @Test("A chain of saves, each reusing the one before, parses as from nothing")
    func chains() {
        var texts = [benchScene(views: 100, inset: 0)]
        texts.append(texts[0].replacingOccurrences(of: "label v5 \"item 5\"", with: "label v5 \"item five\""))
        texts.append(texts[1] + "label extra \"new\" color systemRed\nextra.top == v0.bottom; extra.leading == 4\n")
        texts.append(texts[2].replacingOccurrences(of: "v7.leading == v6.trailing + system", with: "v7.leading == 3"))
        // Lines moved: every range now points elsewhere.
        texts.append("# moved\n\n" + texts[3])
        texts.append("view block {\n" + texts[4])
        texts.append(texts[4])
        var reuse: ParseReuse? = nil
        for (step, text) in texts.enumerated() {
            let file = SourceFile(name: "chain.layout", text: text)
            let parsed = Scene.parse(file, reusing: reuse)
            let mismatch = difference(parsed.scene, Scene.parse(file))
            #expect(mismatch == nil, "step \(step): \(mismatch ?? "")")
            if step > 0 && step != 5 { #expect(parsed.reuse.reusedLineCount > 100, "step \(step)") }
            reuse = parsed.reuse
        }
    }

    @Test("Kept syntax points into the file of the last parse without reuse, or none: no chain of files builds up")
    func keptSyntaxFiles() {
        /// The files the kept constraint syntax points into, as distinct files: only a right side that is not of
        /// the linear shape (``ConstraintSyntax/LinearSide``) holds one, and a detached one holds none.
        func files(_ reuse: ParseReuse) -> [SourceFile] {
            var found: [SourceFile] = []
            for line in reuse.effects.indices {
                for syntax in reuse.syntax(ofLine: line).syntax {
                    guard let file = syntax.fileHeld, !found.contains(where: { $0.isSameFile(as: file) }) else {
                        continue
                    }
                    found.append(file)
                }
            }
            return found
        }
        // The constants in parentheses: right sides read as expressions, which point into the file.
        var lines = benchScene(views: 40, inset: 0).replacingOccurrences(of: "+ system", with: "+ (system)")
            .split(separator: "\n").map(String.init)
        let first = SourceFile(name: "files.layout", text: lines.joined(separator: "\n"))
        var reuse = Scene.parse(first, reusing: nil).reuse
        #expect(files(reuse).count == 1 && files(reuse)[0].isSameFile(as: first), "a first parse keeps its syntax")
        // Saves that each change another constraint's line: the line read anew is detached, the others stay.
        let constraintLines = lines.indices.filter { lines[$0].contains(".leading == v") }
        for (step, index) in constraintLines.prefix(12).enumerated() {
            lines[index] = lines[index].replacingOccurrences(of: "+ (system)", with: "+ (\(step + 1))")
            let file = SourceFile(name: "files.layout", text: lines.joined(separator: "\n"))
            let parsed = Scene.parse(file, reusing: reuse)
            #expect(difference(parsed.scene, Scene.parse(file)) == nil, "step \(step)")
            #expect(parsed.reuse.reusedLineCount > 40, "step \(step)")
            let kept = files(parsed.reuse)
            #expect(kept.count == 1 && kept[0].isSameFile(as: first), "step \(step): \(kept.count) files kept")
            // The line read anew, where the next parse finds it, moved to where it stands: its syntax is detached.
            let changed = parsed.reuse.effects.indices.first { line in
                parsed.reuse.effects[line].lineStart == file.lineStarts[index]
            }
            if let changed {
                let syntax = parsed.reuse.syntax(ofLine: changed)
                #expect(syntax.origin == 0 && syntax.syntax.allSatisfy { $0.fileHeld == nil })
            } else {
                Issue.record("step \(step): the changed line is not kept")
            }
            reuse = parsed.reuse
        }
        // A parse done without reuse keeps its own file's syntax only: the first file is let go.
        let last = SourceFile(name: "files.layout", text: "# moved\n" + lines.joined(separator: "\n"))
        let fresh = Scene.parse(last, reusing: nil).reuse
        #expect(files(fresh).count == 1 && files(fresh)[0].isSameFile(as: last))
    }

    @Test("A line written twice is reused at both places, and a view's block is not reused")
    func duplicatesAndBlocks() {
        let text = """
            label a "x" color red
            label a "x" color red
            view box { label inner "y" }
            a.top == 0; a.leading == 0
            a.top == 0; a.leading == 0
            """
        let first = Scene.parse(SourceFile(name: "t.layout", text: text), reusing: nil)
        #expect(first.reuse.reusableLineCount == 2)
        let file = SourceFile(name: "t.layout", text: "\n" + text)
        let (scene, reuse) = Scene.parse(file, reusing: first.reuse)
        #expect(reuse.reusedLineCount == 4)
        #expect(difference(scene, Scene.parse(file)) == nil)
    }

    @Test("A byte-order mark and CRLF line breaks, added and taken away between saves")
    func byteOrderMarkAndCRLF() {
        let plain = benchScene(views: 12, inset: 0)
        let crlf = plain.replacingOccurrences(of: "\n", with: "\r\n")
        let texts = [plain, "\u{FEFF}" + plain, "\u{FEFF}" + crlf, crlf, plain, "\u{FEFF}" + plain]
        var reuse: ParseReuse? = nil
        for (step, text) in texts.enumerated() {
            let file = SourceFile(name: "t.layout", text: text)
            let parsed = Scene.parse(file, reusing: reuse)
            let mismatch = difference(parsed.scene, Scene.parse(file))
            #expect(mismatch == nil, "step \(step): \(mismatch ?? "")")
            reuse = parsed.reuse
        }
        #expect(reuse?.reusedLineCount == 24)
    }

    @Test("A line whose characters had a problem past the diagnostics' limit is not kept")
    func problemsPastTheLimit() {
        let lines = "label a \"x\"\nlabel b \"y\"\na.top == b.top; a.width < 5\n"
        let noisy = String(repeating: "\u{00A7}\n", count: diagnosticLimit + 5) + lines
        let first = Scene.parse(SourceFile(name: "t.layout", text: noisy), reusing: nil)
        #expect(Scene.parse(SourceFile(name: "t.layout", text: noisy)).diagnostics.count == diagnosticLimit)
        let file = SourceFile(name: "t.layout", text: lines)
        let (scene, reuse) = Scene.parse(file, reusing: first.reuse)
        #expect(reuse.reusedLineCount == 2)
        #expect(scene.diagnostics.map(\.code) == [.invalidCharacter])
        #expect(difference(scene, Scene.parse(file)) == nil)
    }

    @Test("A reused line met inside a block spoils the parse, which is then done again without reuse")
    func reusedLineInsideBlock() {
        let line = "label b \"y\" color red"
        let previous = Scene.parse(SourceFile(name: "t.layout", text: line), reusing: nil).reuse
        #expect(previous.reusableLineCount == 1)
        // The lexer never stands for a line inside a block: the tokens are made so here.
        let file = SourceFile(name: "t.layout", text: "view a {\n\(line)\n}\n")
        var lexed = Lexer.lex(file, reusing: nil)
        let lineStart = "view a {\n".utf8.count
        let first = lexed.tokens.firstIndex { $0.start == lineStart }!
        let end = lexed.tokens[first...].firstIndex { $0.kind == .newline }!
        lexed.tokens.replaceSubrange(
            first..<end, with: [LexedToken(.reusedLine, from: lineStart, to: lexed.tokens[end].start, payload: 0)])
        var parser = Parser(lexed)
        parser.reuse.previous = previous
        parser.parseFile()
        #expect(parser.reuse.isSpoiled)
        #expect(parser.reuse.appliedLines == 0)
    }
}

// MARK: Edits

/// Lines that open or close blocks, strings or comments, are wrong, declare groups or settings, or are kept in
/// their less usual shapes.
private let trickyLines = [
    "{", "}", "\"", "/*", "frobnicate", "view boxed { label inner \"in\" }", "view open {", "label", "#", ";",
    "action tap {", "H:|-[v0]-|", "named: H:|[v1]|", "inactive V:|[v2]", "canvas 320 x 480", "label v1 \"again\"",
    "v0.top == ", "(", "stack s vertical", "s.spacing after v0 = 4", "  }", "label q \"unterminated",
    "v0.width == 1 +", "var k = 3", "label \u{201C}curly\u{201D}", "a < b", "view e {}", "view f { }",
    "label x \"a\"; canvas 10 x 10", "v0.top == v1.top;", ";v0.top == v1.top", "inactive v0.top == v1.top",
    "x: v0.top == v1.top @high", "stack t horizontal spacing 4 alignment top", "guide g",
    "H:|-[v0(>=50@750)]-8-[v1(==v0)]-| align all top direction leftToRight", "V:[v3]-(>=2)-|",
    "button b \"t\" textcolor #ff0000 font 12", "label c \"x\" color #12345", "label c2 \"x\" color red color blue",
    "view d frame 1 2 3 4 hidden alpha 0.5 margins 1 2 3 4", "label l \"a\\n\\\"b\" lines 0 # note",
    "constraints grouped { v0.top == 0 }", "constraints", "animator spin 1 { v0.alpha = 0 }", "on load { layout }",
    "v0.alpha = 0", "v0.width == (v1.width + 2) * 0.5 - -system @ 750", "v0.top == v1.bottom + 1e999",
    "label big \"n\" font 99999999999999999999", "\t label tabbed \"t\"", "label r \"x\"\r", "view \u{00A7}",
    "sizeclass regular", "margins 1 2 3 4", "direction rtl", "reload none", "texts words \"a\" \"b\"",
    "view rows color systemBlue {", "  label inside \"i\"", "completion { layout }",
]

/// Changes `lines` at random, as an edit might, and says how.
private func randomEdit(_ lines: inout [String], text: String, using random: inout SplitMix) -> String {
    let original = text.split(separator: "\n").map(String.init)
    if lines.isEmpty { lines = [""] }
    let at = Int.random(in: 0..<lines.count, using: &random)
    switch Int.random(in: 0..<11, using: &random) {
    case 0, 1:
        // A number changed: the usual save.
        let line = lines[at]
        guard let digit = line.firstIndex(where: \.isNumber) else { return "nothing at \(at)" }
        var end = digit
        while end < line.endIndex && line[end].isNumber { end = line.index(after: end) }
        lines[at] = line[..<digit] + String(Int.random(in: 0...999, using: &random)) + line[end...]
        return "number changed on line \(at)"
    case 2:
        lines.remove(at: at)
        return "line \(at) deleted"
    case 3:
        lines.insert(lines[at], at: at)
        return "line \(at) duplicated"
    case 4:
        let other = Int.random(in: 0..<lines.count, using: &random)
        lines.swapAt(at, other)
        return "lines \(at) and \(other) swapped"
    case 5:
        lines.insert(original.randomElement(using: &random) ?? "", at: at)
        return "a line of the file inserted at \(at)"
    case 6, 7:
        let piece = trickyLines.randomElement(using: &random)!
        if Bool.random(using: &random) {
            lines.insert(piece, at: at)
            return "\(piece) inserted as line \(at)"
        }
        let line = lines[at]
        let cut = line.index(line.startIndex, offsetBy: Int.random(in: 0...line.count, using: &random))
        lines[at] = line[..<cut] + piece + line[cut...]
        return "\(piece) inserted in line \(at)"
    case 8:
        let line = lines[at]
        let cut = line.index(line.startIndex, offsetBy: Int.random(in: 0...line.count, using: &random))
        lines[at] = String(line[..<cut])
        lines.insert(String(line[cut...]), at: at + 1)
        return "line \(at) broken in two"
    case 9:
        guard at + 1 < lines.count else { return "nothing to join at \(at)" }
        lines[at] += (Bool.random(using: &random) ? "; " : " ") + lines.remove(at: at + 1)
        return "lines \(at) and \(at + 1) joined"
    default:
        lines[at] = "  " + lines[at]
        return "line \(at) indented"
    }
}

// MARK: Comparing scenes

/// What differs between two scenes of the same file, ranges included; nil when nothing does.
private func difference(_ a: Scene, _ b: Scene) -> String? {
    a.firstDifference(from: b)
}

// MARK: Generated scenes

/// The scene Tools/scene-bench and Tools/reload-bench time: `count` labels in rows of ten, each row under the one
/// before, every label after the first of its row a system spacing after the previous one, and an action that
/// moves every row. `inset` is the first row's distance from the margin, the number a save changes.
private func benchScene(views count: Int, inset: Int) -> String {
    var lines = ["canvas 375 x 667", "safearea 44 0 34 0"]
    for i in 0..<count { lines.append("label v\(i) \"item \(i)\" color systemBlue") }
    var shift = ["action shift {", "  animate 1 {"]
    for i in 0..<count {
        if i % 10 == 0 { shift.append("    row\(i).constant = 100") }
        shift.append("    v\(i).alpha = 0.5")
        if i == count - 1 { shift.append("    layout") }
        if i == 0 {
            let leading = inset == 0 ? "root.margins.leading" : "root.margins.leading + \(inset)"
            lines.append("row0: v0.leading == \(leading); v0.top == root.safeArea.top")
        } else if i % 10 == 0 {
            lines.append("row\(i): v\(i).leading == root.margins.leading; v\(i).top == v\(i - 10).bottom + system")
        } else {
            lines.append("v\(i).leading == v\(i - 1).trailing + system; v\(i).firstBaseline == v\(i - 1).firstBaseline")
        }
    }
    return (lines + shift + ["  }", "}"]).joined(separator: "\n") + "\n"
}

/// The labels of ``benchScene(views:inset:)`` in stacks, as Tools/scene-bench arranges them: a vertical stack of
/// horizontal stacks of ten.
private func stackedBenchScene(views count: Int, inset: Int) -> String {
    var lines = ["canvas 375 x 667", "safearea 44 0 34 0", "stack list vertical spacing 8 alignment leading {"]
    for i in 0..<count {
        if i % 10 == 0 {
            if i > 0 { lines.append("  }") }
            lines.append("  stack row\(i) horizontal spacing 8 alignment firstBaseline {")
        }
        lines.append("    label v\(i) \"item \(i)\" color systemBlue")
    }
    lines += ["  }", "}"]
    let leading = inset == 0 ? "root.margins.leading" : "root.margins.leading + \(inset)"
    lines.append("list.leading == \(leading); list.top == root.safeArea.top")
    return lines.joined(separator: "\n") + "\n"
}
