import PlaygroundProtocol
import SceneLanguage
import SceneRuntime

// scene-bench: what loading a scene costs, stage by stage (lexing, parsing
// and checking, laying out, writing the model frame's JSON), for generated
// scenes of 10, 100 and 2,000 views: the work a reload does before its first
// frame. Run it in release: `swift run -c release scene-bench`. `--quick`
// repeats less (for CI smoke runs).

let quick = CommandLine.arguments.contains("--quick")

/// A scene of `count` labels in rows of ten, each row under the one before,
/// every label after the first of its row a system spacing after the
/// previous one: a chain of constraints, as a list of cells makes.
func scene(views count: Int) -> String {
    var lines = ["canvas 375 x 667", "safearea 44 0 34 0"]
    for i in 0..<count { lines.append("label v\(i) \"item \(i)\" color systemBlue") }
    for i in 0..<count {
        if i == 0 {
            lines.append("v0.leading == root.margins.leading; v0.top == root.safeArea.top")
        } else if i % 10 == 0 {
            lines.append("v\(i).leading == root.margins.leading; v\(i).top == v\(i - 10).bottom + system")
        } else {
            lines.append("v\(i).leading == v\(i - 1).trailing + system; v\(i).firstBaseline == v\(i - 1).firstBaseline")
        }
    }
    return lines.joined(separator: "\n") + "\n"
}

/// The median of `repetitions` timings of `body`, in milliseconds.
func milliseconds(_ repetitions: Int, _ body: () -> Void) -> Double {
    var times: [Double] = []
    for _ in 0..<repetitions {
        let start = ContinuousClock.now
        body()
        let elapsed = (ContinuousClock.now - start).components
        times.append(Double(elapsed.seconds) * 1e3 + Double(elapsed.attoseconds) / 1e15)
    }
    return times.sorted()[times.count / 2]
}

func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
}

print(pad("views", 8) + pad("lex", 12) + pad("parse+check", 14) + pad("layout", 12) + pad("frame JSON", 12) + "total")
for count in [10, 100, 2000] {
    let file = SourceFile(name: "bench.layout", text: scene(views: count))
    let repetitions = quick ? 3 : (count <= 100 ? 50 : 11)
    var parsed = Scene.parse(file)
    precondition(!parsed.diagnostics.hasErrors, "the generated scene must be valid")
    var model = LayoutModel(scene: parsed)
    precondition(model.diagnostics.isEmpty, "the generated scene must lay out without a diagnostic")
    var json = ""
    let lex = milliseconds(repetitions) { _ = Lexer.tokenize(file) }
    // Parsing includes lexing; the column shows the parser and checker alone.
    let parse = milliseconds(repetitions) { parsed = Scene.parse(file) } - lex
    let layout = milliseconds(repetitions) { model = LayoutModel(scene: parsed) }
    let frame = milliseconds(repetitions) { json = model.modelFrame(scene: "bench").json }
    precondition(json.utf8.count > count * 50, "the frame must hold every view")
    let columns = [lex, parse, layout, frame, lex + parse + layout + frame].map { ms in
        ms < 1 ? "\((ms * 1000).rounded() / 1000) ms" : "\((ms * 100).rounded() / 100) ms"
    }
    print(
        pad("\(count)", 8) + pad(columns[0], 12) + pad(columns[1], 14) + pad(columns[2], 12) + pad(columns[3], 12)
            + columns[4])
}
