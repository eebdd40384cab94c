import BenchSupport
import HostSystem
import JSONRPC
import PlaygroundProtocol

#if canImport(Glibc)
    import Glibc
#endif

// lsp-bench: what a keystroke costs in an editor. The real layout-lsp, started beside this program, is sent
// `textDocument/didChange` (one character of a constant, typed and typed back) and the time until its
// `textDocument/publishDiagnostics` for that version arrives is measured, through the pipes as an editor sees it:
// for Playgrounds/Quiz.layout and for a generated scene of 2,000 views (scene-bench's: labels in rows, a chain of
// constraints, an action that animates them all). Run it in release from the repository's root:
// `swift build -c release --product layout-lsp --product lsp-bench && .build/release/lsp-bench`.
// `--quick` repeats less (for CI smoke runs).

let quick = CommandLine.arguments.contains("--quick")

/// scene-bench's scene of `count` labels in rows of ten (see Tools/scene-bench), its first row `inset` points in.
func generatedScene(views count: Int, inset: Int) -> String {
    var lines = ["canvas 375 x 667", "safearea 44 0 34 0"]
    for i in 0..<count { lines.append("label v\(i) \"item \(i)\" color systemBlue") }
    var shift = ["action shift {", "  animate 1 {"]
    for i in 0..<count {
        if i % 10 == 0 { shift.append("    row\(i).constant = 100") }
        shift.append("    v\(i).alpha = 0.5")
        if i == count - 1 { shift.append("    layout") }
        if i == 0 {
            lines.append("row0: v0.leading == root.margins.leading + \(inset); v0.top == root.safeArea.top")
        } else if i % 10 == 0 {
            lines.append("row\(i): v\(i).leading == root.margins.leading; v\(i).top == v\(i - 10).bottom + system")
        } else {
            lines.append("v\(i).leading == v\(i - 1).trailing + system; v\(i).firstBaseline == v\(i - 1).firstBaseline")
        }
    }
    return (lines + shift + ["  }", "}"]).joined(separator: "\n") + "\n"
}

/// One scene to type in: its text, and the digit a keystroke changes (the first of `anchor`'s last character).
struct Case {
    var name: String
    var views: Int
    var text: String
    var anchor: String
    var repetitions: Int
}

func run() throws {
    let quizPath = "Playgrounds/Quiz.layout"
    guard let quiz = readText(quizPath) else {
        throw BenchError("cannot read \(quizPath): run from the repository's root")
    }
    let cases = [
        Case(
            name: "Quiz.layout", views: 5, text: quiz, anchor: "root.safeArea.top + 100",
            repetitions: quick ? 20 : 200),
        Case(
            name: "generated", views: 2000, text: generatedScene(views: 2000, inset: 7),
            anchor: "root.margins.leading + 7", repetitions: quick ? 5 : 40),
    ]
    var server = try LanguageServerProcess(try builtTool("layout-lsp"))
    defer { server.stop() }
    try server.initialize()
    print(
        pad("scene", 14) + pad("views", 8) + pad("keystrokes", 12) + pad("open", 12) + pad("median", 12)
            + pad("p90", 12) + "max")
    for (number, item) in cases.enumerated() {
        let uri = "file:///bench/\(number)/\(item.name)"
        let opened = try server.time(
            .notification(
                method: "textDocument/didOpen",
                params: .object([
                    "textDocument": .object([
                        "uri": .string(uri), "languageId": .string("layout"), "version": .number(1),
                        "text": .string(item.text),
                    ])
                ])), uri: uri, version: 1)
        guard let found = item.text.firstRange(of: item.anchor) else {
            throw BenchError("no '\(item.anchor)' in \(item.name)")
        }
        let prefix = item.text[..<found.upperBound]
        let line = prefix.filter { $0 == "\n" }.count
        let column = prefix.split(separator: "\n", omittingEmptySubsequences: false).last?.utf16.count ?? 0
        let digit = item.anchor.last.map(String.init) ?? "0"
        let other = digit == "9" ? "8" : String((Int(digit) ?? 0) + 1)
        var times: [Double] = []
        for keystroke in 0..<item.repetitions {
            let version = keystroke + 2
            let change = JSONValue.object([
                "range": .object([
                    "start": .object(["line": .number(Double(line)), "character": .number(Double(column - 1))]),
                    "end": .object(["line": .number(Double(line)), "character": .number(Double(column))]),
                ]),
                "text": .string(keystroke % 2 == 0 ? other : digit),
            ])
            times.append(
                try server.time(
                    .notification(
                        method: "textDocument/didChange",
                        params: .object([
                            "textDocument": .object(["uri": .string(uri), "version": .number(Double(version))]),
                            "contentChanges": .array([change]),
                        ])), uri: uri, version: version))
        }
        times.sort()
        let p90 = times[min(times.count - 1, times.count * 9 / 10)]
        print(
            pad(item.name, 14) + pad(String(item.views), 8) + pad(String(times.count), 12) + pad(ms(opened), 12)
                + pad(ms(times[times.count / 2]), 12) + pad(ms(p90), 12) + ms(times[times.count - 1]))
    }
    try server.shutDown()
}

func ms(_ value: Double) -> String {
    value < 10 ? String(format3(value)) + " ms" : String(Int(value.rounded())) + " ms"
}

func format3(_ value: Double) -> String {
    let scaled = (value * 100).rounded() / 100
    return String(scaled)
}

func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
}

func readText(_ path: String) -> String? {
    (try? FileReader.read(path)).map { String(decoding: $0, as: UTF8.self) }
}

do {
    try run()
} catch {
    print("lsp-bench: \(error)")
    exit(1)
}
