// viewer-bench: what the viewer writes to the terminal, and the CPU it
// spends, per frame while a 100-view scene animates at 60 fps in a 200×50
// terminal, against the naive way (the whole screen written each frame) in
// the same run. Goals: 0 bytes for an unchanged frame, a full truecolor
// repaint under 31 KiB, an animating frame at least 5× smaller than naive.
//
//   swift build -c release --product viewer-bench && .build/release/viewer-bench
import PlaygroundProtocol
import SceneLanguage
import SceneRuntime
import Viewer

#if canImport(Glibc)
    import Glibc
#endif

/// 100 views in a 10×10 grid of coloured boxes with labels; `go` moves
/// every row sideways and fades every other view, over one second.
func scene(views: Int) -> String {
    var text = "canvas 375 x 667\n"
    let columns = 10
    for index in 0..<views {
        let (row, column) = (index / columns, index % columns)
        let colors = ["blue", "red", "green", "orange", "purple", "#2aa198"]
        text += "label v\(index) \"\(index)\" color \(colors[index % colors.count])\n"
        text += "x\(index): v\(index).leading == root.leading + \(8 + column * 36)\n"
        text += "v\(index).top == root.top + \(20 + row * 62)\n"
        text += "v\(index).width == 30\nv\(index).height == 50\n"
    }
    text += "action go {\n"
    for index in 0..<views { text += "  x\(index).constant += \(index % 2 == 0 ? 40 : -40)\n" }
    for index in stride(from: 0, to: views, by: 2) { text += "  v\(index).alpha = 0.3\n" }
    text += "  animate 1 curve easeInOut { layout }\n}\n"
    return text
}

func cpuSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
}

let quick = CommandLine.arguments.contains("--quick")
let (columns, rows) = (200, 50)
let parsed = Scene.parse(SourceFile(name: "Bench.layout", text: scene(views: 100)))
if parsed.diagnostics.hasErrors {
    for diagnostic in parsed.diagnostics.prefix(3) { print(diagnostic.rendered) }
    exit(2)
}
var session = PlaybackSession(loading: parsed, name: "Bench")
try session.schedule(.action("go"), at: 0)
var state = ViewerState(socketPath: "bench.sock")
state.connection = .connected(inProcess: true)

let frameCount = quick ? 30 : 60
var encoder = ScreenEncoder(colorMode: .trueColor)
state.apply(.frame(session.frame(at: 0)))
let first = encoder.encode(ScreenComposer.compose(state, columns: columns, rows: rows))
var diffBytes: [Int] = []
var naiveBytes: [Int] = []
var diffCPU = 0.0
var naiveCPU = 0.0
for tick in 1...frameCount {
    let frame = session.frame(at: Double(tick) / 60)
    state.apply(.frame(frame))
    state.drawnPerSecond = 60
    var start = cpuSeconds()
    let grid = ScreenComposer.compose(state, columns: columns, rows: rows)
    let bytes = encoder.encode(grid)
    diffCPU += cpuSeconds() - start
    diffBytes.append(bytes.count)
    start = cpuSeconds()
    let naive = ScreenEncoder.fullRedraw(
        ScreenComposer.compose(state, columns: columns, rows: rows), colorMode: .trueColor)
    naiveCPU += cpuSeconds() - start
    naiveBytes.append(naive.count)
}
// The same picture again: nothing to write.
let grid = ScreenComposer.compose(state, columns: columns, rows: rows)
let unchanged = encoder.encode(grid).count
encoder.invalidate()
let repaint = encoder.encode(grid).count

let meanDiff = Double(diffBytes.reduce(0, +)) / Double(diffBytes.count)
let meanNaive = Double(naiveBytes.reduce(0, +)) / Double(naiveBytes.count)
func kib(_ bytes: Double) -> String { String(Double(Int(bytes / 1024 * 10)) / 10) + " KiB" }
func ms(_ seconds: Double) -> String { String(Double(Int(seconds * 1e5)) / 100) + " ms" }
print("100 views animating, 200x50 truecolor, \(frameCount) frames at 60 fps")
print("way            bytes/frame (mean)  max          CPU/frame")
print(
    "diff (viewer)  \(kib(meanDiff).padded(20))\(kib(Double(diffBytes.max()!)).padded(13))\(ms(diffCPU / Double(frameCount)))"
)
print(
    "naive redraw   \(kib(meanNaive).padded(20))\(kib(Double(naiveBytes.max()!)).padded(13))\(ms(naiveCPU / Double(frameCount)))"
)
print(
    "first frame: \(kib(Double(first.count))); full repaint: \(kib(Double(repaint))); unchanged frame: \(unchanged) bytes"
)
let ratio = meanNaive / max(meanDiff, 1)
print("animating frame \(Double(Int(ratio * 10)) / 10)× smaller than naive")
let goals = [
    ("unchanged frame writes 0 bytes", unchanged == 0), ("full repaint under 31 KiB", repaint < 31 * 1024),
    ("animating frame ≥5× smaller than naive", ratio >= 5),
]
for (goal, met) in goals { print("\(met ? "met" : "MISSED"): \(goal)") }
if goals.contains(where: { !$0.1 }) { exit(1) }

extension String {
    func padded(_ width: Int) -> String { self + String(repeating: " ", count: max(1, width - count)) }
}
