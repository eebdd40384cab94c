// libFuzzer entry point for the whole scene pipeline: any bytes through the
// source file and the lexer, then the parser and checker (`Scene.parse`), the
// layout model (the solver), the model frame's JSON and the diagnostic
// renderer. Built by Tools/fuzz.sh, not by SwiftPM, with the package's modules
// compiled one by one. A broken invariant traps, which libFuzzer reports as a
// crash with the input that caused it:
//
// - the token stream ends with the end of the file;
// - every diagnostic's range, and its notes', lies inside the file, and renders
//   as `fuzz.layout:LINE:COLUMN: …`;
// - what a diagnostic renders, the runtime's too, is safe to print: no control
//   character but newlines (and tabs where the file has them), no DEL, C1
//   control or bidirectional override, and no line longer than 600 scalars;
// - the frame's numbers are finite (or an `out-of-range` error says why not),
//   and its JSON is valid JSON of finite numbers with one entry per view;
// - a scene without errors has one frame entry per declared view, with
//   distinct names;
// - a scene without errors runs in a playback session (on load, every action,
//   the input as `exec` statements when they check out, time moving on) with
//   finite presentation frames and runtime diagnostics inside their files.

import PlaygroundProtocol
import SceneLanguage
import SceneRuntime

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSceneLanguage(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let file = SourceFile(name: "fuzz.layout", bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    let (tokens, _) = Lexer.tokenize(file)
    precondition(tokens.last?.kind == .endOfFile, "the token stream must end with end of file")

    let scene = Scene.parse(file)
    let model = LayoutModel(scene: scene)
    let diagnostics = model.allDiagnostics
    // The same bytes as an `exec` source, statements alone, checked against the scene.
    let exec = scene.parseStatements(file)
    for diagnostic in diagnostics + exec.diagnostics {
        for range in [diagnostic.range] + diagnostic.notes.compactMap(\.range) {
            precondition(
                0 <= range.start && range.start <= range.end && range.end <= file.bytes.count,
                "\(diagnostic.code) at \(range.start)..<\(range.end), outside a file of \(file.bytes.count) bytes")
        }
        let rendered = diagnostic.rendered
        precondition(rendered.hasPrefix("fuzz.layout:"), "a diagnostic renders without its file")
        precondition(
            isSafeToPrint(rendered, tabs: file.text), "a diagnostic renders unsafe text: \(rendered.debugDescription)")
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
        run(scene, exec: exec.diagnostics.hasErrors ? nil : (exec.statements, file))
    }
    return 0
}

/// Runs a valid scene in a playback session: `on load`, every action at 0,
/// the first again at 0.25 and valid `exec` statements at 0.1; the frames at
/// times in steps.
func run(_ scene: Scene, exec: (statements: [Statement], file: SourceFile)?) {
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
                isSafeToPrint(rendered, tabs: reported.diagnostic.range.file.text),
                "unsafe rendering: \(rendered.debugDescription)")
        }
    }
}

/// Whether rendered diagnostics can go to a terminal: every line at most 600
/// scalars long, without C0 controls (a tab only if `tabs`, the source, holds
/// one), DEL, C1 controls, bidirectional controls or line separators.
func isSafeToPrint(_ rendered: String, tabs source: String) -> Bool {
    let tabsAllowed = source.utf8.contains(0x09)
    return rendered.split(separator: "\n", omittingEmptySubsequences: false).allSatisfy { line in
        line.unicodeScalars.count <= 600
            && line.unicodeScalars.allSatisfy { scalar in
                switch scalar.value {
                case 0x09: tabsAllowed
                case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: false
                case 0x200E, 0x200F, 0x061C, 0x2028, 0x2029: false
                default: true
                }
            }
    }
}

/// A strict JSON syntax check (RFC 8259) that also refuses numbers that are
/// not finite doubles, and counts the objects in the top-level `views` array.
/// Written here because the fuzzer links no Foundation.
struct JSONChecker {
    let bytes: [UInt8]
    var i = 0
    var objectsInViews = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func isValid() -> Bool {
        guard value(depth: 0, key: nil) else { return false }
        skipSpace()
        return i == bytes.count
    }

    private var current: UInt8? { i < bytes.count ? bytes[i] : nil }

    private mutating func skipSpace() {
        while let c = current, c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { i += 1 }
    }

    private mutating func literal(_ text: String) -> Bool {
        let expected = Array(text.utf8)
        guard bytes.count - i >= expected.count, Array(bytes[i..<i + expected.count]) == expected else { return false }
        i += expected.count
        return true
    }

    /// A value; `key` is the key it stands under in an object of depth 1.
    private mutating func value(depth: Int, key: String?) -> Bool {
        skipSpace()
        guard depth < 32, let c = current else { return false }
        switch c {
        case UInt8(ascii: "{"): return object(depth: depth)
        case UInt8(ascii: "["):
            i += 1
            skipSpace()
            if current == UInt8(ascii: "]") {
                i += 1
                return true
            }
            while true {
                if key == "views" && depth == 1 && current == UInt8(ascii: "{") { objectsInViews += 1 }
                guard value(depth: depth + 1, key: nil) else { return false }
                skipSpace()
                if current == UInt8(ascii: "]") {
                    i += 1
                    return true
                }
                guard current == UInt8(ascii: ",") else { return false }
                i += 1
                skipSpace()
            }
        case UInt8(ascii: "\""): return string() != nil
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        case UInt8(ascii: "n"): return literal("null")
        default: return number()
        }
    }

    private mutating func object(depth: Int) -> Bool {
        i += 1
        skipSpace()
        if current == UInt8(ascii: "}") {
            i += 1
            return true
        }
        while true {
            skipSpace()
            guard let key = string() else { return false }
            skipSpace()
            guard current == UInt8(ascii: ":") else { return false }
            i += 1
            guard value(depth: depth + 1, key: key) else { return false }
            skipSpace()
            if current == UInt8(ascii: "}") {
                i += 1
                return true
            }
            guard current == UInt8(ascii: ",") else { return false }
            i += 1
        }
    }

    /// A string's raw text between its quotes, or nil when it is not a valid JSON string.
    private mutating func string() -> String? {
        guard current == UInt8(ascii: "\"") else { return nil }
        i += 1
        let start = i
        while let c = current {
            if c == UInt8(ascii: "\"") {
                i += 1
                return String(decoding: bytes[start..<i - 1], as: UTF8.self)
            }
            if c < 0x20 { return nil }
            i += 1
            if c == UInt8(ascii: "\\") {
                guard let e = current else { return nil }
                i += 1
                if e == UInt8(ascii: "u") {
                    guard bytes.count - i >= 4, bytes[i..<i + 4].allSatisfy({ isHex($0) }) else { return nil }
                    i += 4
                } else if !"\"\\/bfnrt".utf8.contains(e) {
                    return nil
                }
            }
        }
        return nil
    }

    private func isHex(_ c: UInt8) -> Bool {
        (0x30...0x39).contains(c) || (0x41...0x46).contains(c) || (0x61...0x66).contains(c)
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, whose value is a finite double.
    private mutating func number() -> Bool {
        let start = i
        func digits() -> Int {
            var n = 0
            while let c = current, (0x30...0x39).contains(c) {
                i += 1
                n += 1
            }
            return n
        }
        if current == UInt8(ascii: "-") { i += 1 }
        let leading = current
        let integer = digits()
        guard integer > 0, leading != UInt8(ascii: "0") || integer == 1 else { return false }
        if current == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { return false }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            i += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { return false }
        }
        return Double(String(decoding: bytes[start..<i], as: UTF8.self))?.isFinite == true
    }
}
