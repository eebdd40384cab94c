// libFuzzer entry point for the whole scene pipeline: any bytes through the
// source file and the lexer, then the parser and checker (`Scene.parse`), the
// layout model (the solver), the model frame's JSON and the diagnostic
// renderer. Built by Tools/fuzz.sh, not by SwiftPM, with the package's modules
// compiled one by one. A broken invariant traps, which libFuzzer reports as a
// crash with the input that caused it:
//
// - the token stream ends with the end of the file;
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
//
// The sample (`Sample`): the first 64 inputs a process runs, then every 16th;
// an input run alone, as a crash is reproduced, is the first. Only inputs in
// it are also parsed as `exec` statements (a fifth of an input's time; the
// exec target parses statements on every input) and have more than their
// first two diagnostics rendered. FUZZ_EVERY_CHECK=1 samples every input.

import FuzzSupport
import PlaygroundProtocol
import SceneLanguage
import SceneRuntime
import SwiftExport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSceneLanguage(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let file = SourceFile(name: "fuzz.layout", bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    let (tokens, _) = Lexer.tokenize(file)
    precondition(tokens.last?.kind == .endOfFile, "the token stream must end with end of file")

    // Whether the input holds a tab, which a diagnostic's source line may then show: found once.
    let tabs = file.bytes.contains(0x09)
    let scene = Scene.parse(file)
    let model = LayoutModel(scene: scene)
    let diagnostics = model.allDiagnostics
    // On the sample, the same bytes as an `exec` source too, statements alone, checked against the scene (a
    // fifth of an input's time; the exec target parses statements on every input).
    let sampled = sample.next()
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
    if !scene.diagnostics.hasErrors {
        let statements = exec.flatMap { $0.diagnostics.hasErrors ? nil : $0.statements }
        run(scene, exec: statements.map { ($0, file) }, tabsAllowed: tabs)
        let swift = SwiftExporter.export(scene: scene, className: "FuzzViewController")
        precondition(swift.contains("final class FuzzViewController"), "the export has no view controller")
        precondition(delimitersBalance(swift), "the export's delimiters do not balance:\n\(swift.prefix(2000))")
    }
    return 0
}

/// The inputs also parsed as statements, whose diagnostics are rendered (the first 64 of each, then every 16th)
/// and not only the first two.
nonisolated(unsafe) var sample = Sample()

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
