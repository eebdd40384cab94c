// libFuzzer entry point for the whole scene pipeline: any bytes through the
// source file and the lexer, then the parser and checker (`Scene.parse`), the
// layout model (the solver), the model frame's JSON and the diagnostic
// renderer. Built by Tools/fuzz.sh, not by SwiftPM, with the package's modules
// compiled one by one. A broken invariant traps, which libFuzzer reports as a
// crash with the input that caused it:
//
// - the token stream ends with the end of the file (on the sample: see below);
// - every diagnostic's range, and its notes', lies inside the file, and renders
//   as `fuzz.layout:LINE:COLUMN: …` (rendering was most of an input's time: on
//   a sample of the inputs, the first 64 of its diagnostics then every 16th,
//   `isRenderedSample`; on the others the first two);
// - what a diagnostic renders, the runtime's too, is safe to print: no control
//   character but newlines (and tabs where the file has them), no DEL, C1
//   control or bidirectional override, and no line longer than 600 scalars;
// - the frame's numbers are finite (or an `out-of-range` error says why not),
//   and its JSON is valid JSON of finite numbers with one entry per view;
// - a scene without errors has one frame entry per declared view, with
//   distinct names;
// - a scene without errors runs in a playback session (on load, every action,
//   the input as `exec` statements when they check out, on the sample, time
//   moving on) with
//   finite presentation frames and runtime diagnostics inside their files;
// - a scene without errors exports as Swift (`layoutctl export --swift`) whose
//   braces, brackets and parentheses balance outside string literals and
//   comments, so that no name or text can break out of its place (on every
//   such scene: exporting them all is 0.14 % of a run's time, measured with
//   perf, as few mutated inputs are valid scenes).
// - a parse that reuses the previous parse's lines (`Scene.parse(_:reusing:)`)
//   gives what a parse from nothing gives: the input is A, and B and C are A
//   with edits the input's bytes choose (a line deleted, duplicated, moved,
//   joined to the next or inserted from elsewhere, a number changed, lines
//   added above, the input cut short); B parsed reusing A's parse, and C
//   reusing B's, each compared with a parse from nothing: the diagnostics,
//   views, constraints, groups, actions, animators, on load, variables, text
//   lists, settings and name tables, with their ranges, all in the new file
//   (`checkParseReuse`, on the sample); on the first 64 inputs and every
//   64th, every source range they hold too.
// - the solver's tableau stays whole (`Solver.checkInvariants()`) and the
//   frames finite as the first eight wrapping labels' text changes, each
//   in turn, and the labels fit their text again (`checkTextChanges`, on the
//   sample): the stacks' constraints go out and back in each time, the churn
//   in which the corpus found the solver's rounding bugs.
//
// The sample (`Sample`): the first 64 inputs a process runs, then every 16th;
// an input run alone, as a crash is reproduced, is the first. Only inputs in
// it are also lexed alone (for the token stream's end), parsed as `exec`
// statements (a fifth of an input's time; the exec target parses statements
// on every input), checked for parse reuse, and have more than their first
// two diagnostics rendered. FUZZ_EVERY_CHECK=1 samples every input.

import FuzzSupport
import LayoutValues
import PlaygroundProtocol
import SceneLanguage
import SceneRuntime
import SwiftExport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSceneLanguage(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let file = SourceFile(name: "fuzz.layout", bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    let sampled = sample.next()
    // The token stream on its own, on the sample: the parse lexes the file again (and could not end without the
    // end of file's token), and this second lexing was a fourteenth of an input's time.
    if sampled {
        let (tokens, _) = Lexer.tokenize(file)
        precondition(tokens.last?.kind == .endOfFile, "the token stream must end with end of file")
    }

    // Whether the input holds a tab, which a diagnostic's source line may then show: found once.
    let tabs = file.bytes.contains(0x09)
    let scene = Scene.parse(file)
    let model = LayoutModel(scene: scene)
    let diagnostics = model.allDiagnostics
    // On the sample, the same bytes as an `exec` source too, statements alone, checked against the scene (a
    // fifth of an input's time; the exec target parses statements on every input).
    let exec = sampled ? scene.parseStatements(file) : nil
    for (index, diagnostic) in (diagnostics + (exec?.diagnostics ?? [])).enumerated() {
        for range in [diagnostic.range] + diagnostic.notes.compactMap(\.range) {
            precondition(
                0 <= range.start && range.start <= range.end && range.end <= file.bytes.count,
                "\(diagnostic.code) at \(range.start)..<\(range.end), outside a file of \(file.bytes.count) bytes")
        }
        guard sampled ? isRenderedSample(index) : index < 2 else { continue }
        let rendered = diagnostic.rendered
        precondition(rendered.hasPrefix("fuzz.layout:"), "a diagnostic renders without its file")
        precondition(
            isSafeToPrint(rendered, tabsAllowed: tabs), "a diagnostic renders unsafe text: \(rendered.debugDescription)"
        )
    }

    let frame = model.modelFrame(scene: "fuzz")
    let finite = frame.views.allSatisfy { view in
        [view.x, view.y, view.width, view.height, view.alpha].allSatisfy(\.isFinite)
    }
    precondition(
        finite || diagnostics.contains { $0.code == .outOfRange }, "a non-finite frame without an out-of-range error")
    var json = JSONChecker(Array(frame.json.utf8))
    precondition(json.isValid(), "the frame's JSON is not valid JSON of finite numbers: \(frame.json.prefix(300))")
    precondition(json.objectsInViews == scene.views.count, "the frame's JSON has the wrong number of views")

    if !diagnostics.hasErrors {
        let names = frame.views.map(\.name)
        precondition(names.count == scene.views.count, "a scene without errors lost a view")
        precondition(Set(names).count == names.count, "views of a scene without errors share a name")
    }
    // Parse reuse: three parses and two from nothing, so on the sample only; every source range compared, by
    // reflection (a few milliseconds), on the first 64 inputs and every 64th.
    reuseChecks += 1
    if sampled { checkParseReuse(file, deep: everyCheck || reuseChecks <= 64 || reuseChecks % 64 == 1) }

    if sampled && !model.multilineViews.isEmpty { checkTextChanges(scene, model, file.bytes) }

    if !scene.diagnostics.hasErrors {
        let statements = exec.flatMap { $0.diagnostics.hasErrors ? nil : $0.statements }
        run(scene, exec: statements.map { ($0, file) }, tabsAllowed: tabs)
        let swift = SwiftExporter.export(scene: scene, className: "FuzzViewController")
        precondition(swift.contains("final class FuzzViewController"), "the export has no view controller")
        precondition(delimitersBalance(swift), "the export's delimiters do not balance:\n\(swift.prefix(2000))")
    }
    return 0
}

/// Changes the text of the first eight wrapping labels in turn, as `V.text = …` in an action does, each by a
/// suffix the input's bytes choose, and fits the labels again after each; checks the solver's tableau and that
/// the label's frame is finite (or an `out-of-range` error says why not).
func checkTextChanges(_ scene: Scene, _ model: LayoutModel, _ bytes: [UInt8]) {
    var model = model
    let suffixes = [" wider words here", " and more words", "", " a", " with a much longer run of words to wrap"]
    let outOfRange = model.allDiagnostics.contains { $0.code == .outOfRange }
    for (k, view) in model.multilineViews.prefix(8).enumerated() {
        let choice = bytes.isEmpty ? k : Int(bytes[k % bytes.count])
        model.setText(scene[view].text + suffixes[choice % suffixes.count], font: scene[view].font, of: view)
        model.fitText()
        model.checkSolverInvariants()
        let frame = model.frame(of: view)
        let finite = [frame.x, frame.y, frame.width, frame.height].allSatisfy(\.isFinite)
        precondition(finite || outOfRange, "a wrapping label's frame is not finite after its text changed")
    }
}

/// The inputs also parsed as statements, whose diagnostics are rendered (the first 64 of each, then every 16th)
/// and not only the first two.
nonisolated(unsafe) var sample = Sample()

/// How many inputs were run, for the parse reuse check's every 64th.
nonisolated(unsafe) var reuseChecks = 0

/// Whether `{}`, `[]` and `()` nest properly in Swift source, outside
/// string literals (`"…"` with backslash escapes, on one line) and `//` comments.
func delimitersBalance(_ source: String) -> Bool {
    var open: [UInt8] = []
    var inString = false
    var escaped = false
    var inComment = false
    var previous: UInt8 = 0
    for byte in source.utf8 {
        defer { previous = byte }
        if byte == UInt8(ascii: "\n") {
            if inString { return false }
            inComment = false
            continue
        }
        if inComment { continue }
        if inString {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
            }
            continue
        }
        switch byte {
        case UInt8(ascii: "\""): inString = true
        case UInt8(ascii: "/") where previous == UInt8(ascii: "/"): inComment = true
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "("): open.append(byte)
        case UInt8(ascii: "}"): if open.popLast() != UInt8(ascii: "{") { return false }
        case UInt8(ascii: "]"): if open.popLast() != UInt8(ascii: "[") { return false }
        case UInt8(ascii: ")"): if open.popLast() != UInt8(ascii: "(") { return false }
        default: break
        }
    }
    return open.isEmpty && !inString
}

/// Runs a valid scene in a playback session: `on load`, every action at 0,
/// the first again at 0.25 and valid `exec` statements at 0.1; the frames at
/// times in steps.
func run(_ scene: Scene, exec: (statements: [Statement], file: SourceFile)?, tabsAllowed: Bool) {
    var session = PlaybackSession(loading: scene, name: "fuzz")
    for action in scene.actions { try? session.schedule(.action(action.name.name), at: 0) }
    if let action = scene.actions.first { try? session.schedule(.action(action.name.name), at: 0.25) }
    if let exec { try? session.schedule(.statements(exec.statements), at: 0.1) }
    session.frames(at: [0, 0.05, 0.1, 0.25, 0.5, 1, 2, 3]) { step in
        let finite = step.frame.views.allSatisfy { view in
            [view.x, view.y, view.width, view.height, view.alpha].allSatisfy(\.isFinite)
        }
        precondition(finite, "a presentation frame at \(step.frame.time) s is not finite")
        for reported in step.diagnostics {
            precondition(
                reported.diagnostic.range.end <= reported.diagnostic.range.file.bytes.count,
                "a runtime diagnostic points past its file")
            let rendered = reported.rendered
            precondition(
                isSafeToPrint(rendered, tabsAllowed: tabsAllowed),
                "unsafe rendering: \(rendered.debugDescription)")
        }
    }
}

// MARK: Parse reuse

/// Parses `file`, then two edits of it one after the other, each reusing the parse before, and traps if a
/// parse that reused gives other than a parse from nothing; `deep` compares every source range the scenes hold.
/// A step whose previous parse kept no line is compared only when `deep`.
func checkParseReuse(_ file: SourceFile, deep: Bool) {
    var seed = fnv1a(file.bytes)
    var (_, reuse) = Scene.parse(file, reusing: nil)
    var text = file.bytes
    for step in 1...2 {
        let (edited, edit) = deterministicEdit(text, seed: seed)
        let next = SourceFile(name: "fuzz.layout", bytes: edited)
        let (viaReuse, nextReuse) = Scene.parse(next, reusing: reuse)
        let compared = deep || reuse.reusableLineCount > 0
        if compared,
            let mismatch = sceneDifference(viaReuse, Scene.parse(next), deep: deep && nextReuse.reusedLineCount > 0)
        {
            preconditionFailure(
                "parse reuse, step \(step) (\(edit)): \(mismatch)\nbefore: \(String(decoding: text, as: UTF8.self).debugDescription)\nafter: \(String(decoding: edited, as: UTF8.self).debugDescription)"
            )
        }
        reuse = nextReuse
        text = edited
        seed = seed &* 0x9E37_79B9_7F4A_7C15 &+ 0x632B_E59B_D9B4_E019
    }
}

/// FNV-1a of the input: picks the edits, so that they change with any byte.
func fnv1a(_ bytes: [UInt8]) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
    return hash
}

/// `bytes` with an edit that `seed` picks, as a save might make, and what it was.
func deterministicEdit(_ bytes: [UInt8], seed: UInt64) -> ([UInt8], String) {
    // The lines, each with its line break.
    var lines: [ArraySlice<UInt8>] = []
    var start = 0
    for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
        lines.append(bytes[start...offset])
        start = offset + 1
    }
    if start < bytes.count || lines.isEmpty { lines.append(bytes[start...]) }
    let i = Int((seed >> 8) % UInt64(lines.count))
    let j = Int((seed >> 24) % UInt64(lines.count))
    // A line as it would stand before another: with a line break.
    func terminated(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        line.last == UInt8(ascii: "\n") ? line : line + [UInt8(ascii: "\n")]
    }
    let edit: String
    switch seed % 10 {
    case 0:
        lines.remove(at: i)
        edit = "line \(i) deleted"
    case 1:
        lines.insert(terminated(lines[i]), at: i)
        edit = "line \(i) duplicated"
    case 2:
        let line = lines.remove(at: i)
        lines.insert(terminated(line), at: min(j, lines.count))
        edit = "line \(i) moved to \(j)"
    case 3:
        lines.insert(terminated(lines[j]), at: i)
        edit = "line \(j) inserted at \(i)"
    case 4, 5:
        // A number changed, or a digit put in front of the line.
        let line = lines[i]
        let number = Array(String((seed >> 40) % 1000).utf8)
        if let digit = line.firstIndex(where: { (0x30...0x39).contains($0) }) {
            var end = digit
            while end < line.endIndex && (0x30...0x39).contains(line[end]) { end += 1 }
            lines[i] = line[..<digit] + number + line[end...]
            edit = "number changed on line \(i)"
        } else {
            lines[i] = number[...] + line
            edit = "number put before line \(i)"
        }
    case 6:
        let above = ["\n", "# moved\n", "\u{FEFF}", "  ", "view block {\n", "}\n", "\r\n"][Int((seed >> 40) % 7)]
        lines.insert(ArraySlice(above.utf8), at: 0)
        edit = "\(above.debugDescription) added above"
    case 7:
        guard i + 1 < lines.count else { return (bytes + [UInt8(ascii: "\n")], "line break added at the end") }
        var joined = lines[i]
        if joined.last == UInt8(ascii: "\n") { joined.removeLast() }
        lines[i] = joined + [UInt8(ascii: ";")] + lines.remove(at: i + 1)
        edit = "lines \(i) and \(i + 1) joined"
    case 8:
        let cut = Int((seed >> 40) % UInt64(bytes.count + 1))
        return (Array(bytes[..<cut]), "cut at byte \(cut)")
    default:
        // A line broken in two.
        let line = lines[i]
        let cut = line.startIndex + Int((seed >> 40) % UInt64(line.count + 1))
        lines[i] = line[..<cut] + [UInt8(ascii: "\n")] + line[cut...]
        edit = "line \(i) broken at \(cut)"
    }
    return (Array(lines.joined()), edit)
}

/// What differs between two scenes of the same file, ranges included; nil when nothing does. `deep` compares
/// every source range the views, constraints, groups, actions, animators and variables hold, and their files.
func sceneDifference(_ a: Scene, _ b: Scene, deep: Bool) -> String? {
    if let difference = a.firstDifference(from: b) { return difference }
    guard deep else { return nil }
    let parts: [(String, (Scene) -> Any)] = [
        ("views", { $0.views }), ("constraints", { $0.constraints }), ("groups", { $0.groups }),
        ("actions", { $0.actions }), ("animators", { $0.animators }), ("on load", { $0.onLoad as Any }),
        ("variables", { $0.variables }), ("text lists", { $0.textLists }),
    ]
    for (name, part) in parts {
        var l = SourceRanges(file: a.file)
        var r = SourceRanges(file: b.file)
        l.collect(part(a))
        r.collect(part(b))
        if l.offsets != r.offsets { return "the source ranges of the \(name)" }
        if l.elsewhere > 0 { return "\(l.elsewhere) source ranges of the \(name) in another file" }
    }
    return nil
}

/// Every source range a value holds, found by reflection: their offsets in order, and how many point into
/// another file than `file`.
struct SourceRanges {
    let file: SourceFile
    var offsets: [Int] = []
    var elsewhere = 0

    mutating func collect(_ value: Any) {
        if let range = value as? SourceRange {
            offsets += [range.start, range.end]
            if range.file != file { elsewhere += 1 }
            return
        }
        if value is SourceFile { return }
        let mirror = Mirror(reflecting: value)
        // A dictionary's or a set's order is not theirs to keep: only arrays, structures, enumerations and tuples
        // are walked in order.
        if mirror.displayStyle == .dictionary || mirror.displayStyle == .set { return }
        for child in mirror.children { collect(child.value) }
    }
}
