import PlaygroundProtocol
import SceneLanguage
import SceneRuntime
import SceneService

// scene-bench: what loading a scene costs, stage by stage (lexing, parsing
// and checking, laying out from nothing, laying out as a save does by
// updating the previous layout with one changed constant, writing the model
// frame's JSON), for generated
// scenes of 10, 100 and 2,000 views: the work a reload does before its first
// frame; the parse's speed (lexing, parsing and checking, in MB of text a
// second); and what the daemon itself does with the text, timed whole: a cold
// load (a new scene's first generation and frame) and a reload (a save that
// changes one constant: parsed, reusing the last parse's unchanged lines, the
// previous generation's solver updated, the reload transition, diagnostics and
// the first frame; what it replaced is freed untimed, as the daemon frees it
// once the frame is out: so is each stage's result, which the daemon keeps); and the update
// alone as a reload makes it ("update in place": the running layout's solver
// moved into the next layout, not copied). Then what running one costs: starting an animation of every view,
// and each frame while it runs (advancing the time and making the
// presentation frame; then writing it as JSON). Run it in release:
// `swift run -c release scene-bench`. `--quick` repeats less (for CI smoke runs);
// `--profile-reload` repeats the 100 views' reload 20,000 times more, for a profiler
// (`--profile-reload-stacks`: the 100 views in stacks'); `--profile-update` and
// `--profile-update-stacks` repeat their layout's update alone, `--profile-parse` and `--profile-parse-stacks`
// a parse from nothing (lexing, parsing and checking), `--profile-layout` and `--profile-layout-stacks` a layout
// from nothing (the model of a parsed scene, as a cold load makes it), `--profile-cold` and `--profile-cold-stacks`
// the cold load (with freeing what it loaded, which a profile shows apart); `--profile-views N`
// profiles N views' scene (2,000,000 / N times). A profiling run measures that one
// scene only.
// Rows "N stk" are the same labels arranged by stack views (a vertical stack
// of horizontal rows of ten): their layout, update and reload include the stacks'.

let quick = CommandLine.arguments.contains("--quick")

/// A scene of `count` labels in rows of ten, each row under the one before,
/// every label after the first of its row a system spacing after the
/// previous one: a chain of constraints, as a list of cells makes. Its
/// action `shift` animates every view: each row moves (its first label's
/// constraint changes) and every label fades.
/// `inset` is the first row's distance from the margin, the number a save changes.
func scene(views count: Int, inset: Int = 0) -> String {
    var lines = ["canvas 375 x 667", "safearea 44 0 34 0"]
    for i in 0..<count { lines.append("label v\(i) \"item \(i)\" color systemBlue") }
    var shift = ["action shift {", "  animate 1 {"]
    for i in 0..<count {
        if i % 10 == 0 {
            shift.append("    row\(i).constant = 100")
        }
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

/// The labels of ``scene(views:inset:)`` arranged by stacks: a vertical stack
/// of horizontal stacks of ten labels, on their first baselines, spaced by 8.
/// `inset` is the outer stack's distance from the margin, the number a save changes.
func stackedScene(views count: Int, inset: Int = 0) -> String {
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

/// The median of `repetitions` timings of `body`, in milliseconds.
func milliseconds(_ repetitions: Int, _ body: () -> Void, untimed after: () -> Void = {}) -> Double {
    var times: [Double] = []
    for _ in 0..<repetitions {
        let start = ContinuousClock.now
        body()
        times.append(milliseconds(from: start, to: ContinuousClock.now))
        after()
    }
    return times.sorted()[times.count / 2]
}

/// The time between two instants, in milliseconds.
func milliseconds(from start: ContinuousClock.Instant, to end: ContinuousClock.Instant) -> Double {
    (end - start).seconds * 1e3
}

func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
}

print(
    pad("views", 8) + pad("lex", 12) + pad("parse+check", 14) + pad("layout", 12) + pad("update", 12)
        + pad("frame JSON", 12) + pad("total", 12) + pad("parse MB/s", 12) + pad("cold load", 12) + pad("reload", 12)
        + "update in place")
/// The views of a profiling run's scene: 100, or `--profile-views N` (10, 100 or 2000).
let profiledViews =
    CommandLine.arguments.firstIndex(of: "--profile-views").flatMap {
        CommandLine.arguments.indices.contains($0 + 1) ? Int(CommandLine.arguments[$0 + 1]) : nil
    } ?? 100
/// A profiling run's scene, with the others' measurements left out: (views, in stacks).
let profiled: (Int, Bool)? =
    ["--profile-reload", "--profile-update", "--profile-parse", "--profile-layout", "--profile-cold"].contains(
        where: CommandLine.arguments.contains)
    ? (profiledViews, false)
    : [
        "--profile-reload-stacks", "--profile-update-stacks", "--profile-parse-stacks", "--profile-layout-stacks",
        "--profile-cold-stacks",
    ]
    .contains(where: CommandLine.arguments.contains)
        ? (profiledViews, true) : nil
for (count, stacked) in [(10, false), (100, false), (2000, false), (100, true), (2000, true)] {
    if let profiled, profiled != (count, stacked) { continue }
    let scene = stacked ? stackedScene : scene
    let file = SourceFile(name: "bench.layout", text: scene(count, 0))
    let repetitions = quick ? 3 : (count <= 100 ? 50 : 11)
    var parsed = Scene.parse(file)
    precondition(!parsed.diagnostics.hasErrors, "the generated scene must be valid")
    var model = LayoutModel(scene: parsed)
    precondition(model.diagnostics.isEmpty, "the generated scene must lay out without a diagnostic")
    var json = ""
    let lex = milliseconds(repetitions) { _ = Lexer.countTokens(file) }
    // Parsing includes lexing; the column shows the parser and checker alone.
    // Each result is kept until its time is taken and freed after (`untimed`), as the daemon keeps a scene: a
    // stage's time is its own work, not the freeing of the one before it (a fifth of the layout's time).
    var kept: (scene: Scene?, model: LayoutModel?) = (nil, nil)
    // (Each holder is read before it is emptied: a variable only ever written is a compiler warning.)
    let free = { if kept.scene != nil || kept.model != nil { kept = (nil, nil) } }
    let parse = milliseconds(repetitions, { kept.scene = Scene.parse(file) }, untimed: free) - lex
    if CommandLine.arguments.contains(stacked ? "--profile-parse-stacks" : "--profile-parse") {
        for _ in 0..<(2_000_000 / count) { parsed = Scene.parse(file) }
    }
    let layout = milliseconds(repetitions, { kept.model = LayoutModel(scene: parsed) }, untimed: free)
    if CommandLine.arguments.contains(stacked ? "--profile-layout-stacks" : "--profile-layout") {
        for _ in 0..<(2_000_000 / count) { model = LayoutModel(scene: parsed) }
    }
    // A save that moves the first row: the previous layout's solver with that one constraint replaced.
    let saved = Scene.parse(SourceFile(name: "bench.layout", text: scene(count, 8)))
    var updated = LayoutModel(scene: saved, updating: model)
    let update = milliseconds(repetitions, { kept.model = LayoutModel(scene: saved, updating: model) }, untimed: free)
    precondition(
        updated.frame(of: ViewID(0)).x == model.frame(of: ViewID(0)).x + 8, "the update must move the first row")
    if CommandLine.arguments.contains(stacked ? "--profile-update-stacks" : "--profile-update") {
        for _ in 0..<(2_000_000 / count) { updated = LayoutModel(scene: saved, updating: model) }
    }
    // The update as a reload makes it: the running layout's solver moved into the next one and changed there.
    let savedBack = Scene.parse(SourceFile(name: "bench.layout", text: scene(count, 9)))
    var running = LayoutModel(scene: saved)
    var step = 0
    let inPlace = milliseconds(repetitions * 2) {
        step += 1
        running = LayoutModel(scene: step % 2 == 0 ? saved : savedBack, replacing: &running)
    }
    precondition(running.isUpdate, "a save of one constant must update the layout in place")
    let frame = milliseconds(repetitions) { json = model.modelFrame(scene: "bench").json }
    precondition(json.utf8.count > count * 50, "the frame must hold every view")
    // What the daemon does with a save's text: the registry loads it (parse, check, the previous generation's
    // solver updated, the reload transition, diagnostics) and makes the new generation's first frame.
    var loaded: (registry: SceneRegistry, events: [Event])?
    let cold = milliseconds(
        repetitions,
        {
            var registry = SceneRegistry(fps: 60)
            let events = registry.load(name: "bench", path: "bench.layout", source: file)
            precondition(events.count >= 3, "a new scene must make a reload, its diagnostics and a frame")
            loaded = (registry, events)
        }, untimed: { if loaded != nil { loaded = nil } })
    if CommandLine.arguments.contains(stacked ? "--profile-cold-stacks" : "--profile-cold") {
        for _ in 0..<(2_000_000 / count) {
            var registry = SceneRegistry(fps: 60)
            let events = registry.load(name: "bench", path: "bench.layout", source: file)
            loaded = (registry, events)
            if loaded != nil { loaded = nil }
        }
    }
    var registry = SceneRegistry(fps: 60)
    let texts = [scene(count, 8), scene(count, 9)]
    _ = registry.load(name: "bench", path: "bench.layout", source: SourceFile(name: "bench.layout", text: texts[0]))
    var turn = 0
    // Untimed: freeing what the reload replaced, which the daemon does once the frame is out.
    let reload = milliseconds(
        repetitions * 2,
        {
            turn += 1
            let events = registry.load(
                name: "bench", path: "bench.layout", source: SourceFile(name: "bench.layout", text: texts[turn % 2]))
            precondition(events.count >= 3, "a changed save must make a reload, its diagnostics and a frame")
        }, untimed: { registry.releaseRetired() })
    if CommandLine.arguments.contains(stacked ? "--profile-reload-stacks" : "--profile-reload") {
        for _ in 0..<(2_000_000 / count) {
            turn += 1
            _ = registry.load(
                name: "bench", path: "bench.layout", source: SourceFile(name: "bench.layout", text: texts[turn % 2]))
            registry.releaseRetired()
        }
    }
    let megabytesPerSecond = Double(file.text.utf8.count) / 1e6 / ((lex + parse) / 1e3)
    let columns = [lex, parse, layout, update, frame, lex + parse + layout + frame, cold, reload, inPlace].map { ms in
        ms < 1 ? "\((ms * 1000).rounded() / 1000) ms" : "\((ms * 100).rounded() / 100) ms"
    }
    print(
        pad(stacked ? "\(count) stk" : "\(count)", 8) + pad(columns[0], 12) + pad(columns[1], 14) + pad(columns[2], 12)
            + pad(columns[3], 12)
            + pad(columns[4], 12) + pad(columns[5], 12) + pad("\(Int(megabytesPerSecond.rounded()))", 12)
            + pad(columns[6], 12) + pad(columns[7], 12) + columns[8])
}

print("(N stk: the same labels arranged by stacks, a vertical stack of horizontal rows of ten)")
print()
print(pad("animated views", 16) + pad("start (run action)", 20) + pad("per frame", 14) + "frame JSON")
for count in [100, 2000] {
    let parsed = Scene.parse(SourceFile(name: "bench.layout", text: scene(views: count)))
    precondition(!parsed.diagnostics.hasErrors, "the generated scene must be valid")
    let loaded = LoadedScene(scene: parsed, name: "bench")
    var running = loaded
    let repetitions = quick ? 3 : 11
    let start = milliseconds(repetitions) {
        running = loaded
        running.run(action: "shift")
    }
    // A frame at each tick of 120 fps over the animation's second (a
    // quarter with --quick), played by a session: the median frame, from
    // one frame's end to the next one's.
    var session = PlaybackSession(running)
    var frame = running.presentationFrame()
    var perFrame: [Double] = []
    var last = ContinuousClock.now
    session.frames(fps: 120, through: quick ? 0.25 : 1) { step in
        let now = ContinuousClock.now
        perFrame.append(milliseconds(from: last, to: now))
        frame = step.frame
        last = ContinuousClock.now
    }
    precondition(frame.views.count == count, "the frame must hold every view")
    var json = ""
    let encode = milliseconds(quick ? 3 : 21) { json = frame.json }
    precondition(json.utf8.count > count * 50, "the frame must hold every view")
    let columns = [start, perFrame.sorted()[perFrame.count / 2], encode].map { ms in
        ms < 1 ? "\((ms * 1000).rounded() / 1000) ms" : "\((ms * 100).rounded() / 100) ms"
    }
    print(pad("\(count)", 16) + pad(columns[0], 20) + pad(columns[1], 14) + columns[2])
}
