import Foundation

// solver-bench: our Cassowary against kiwisolver on the same constraint
// systems, in the same run. `--quick` runs smaller sizes (for CI smoke runs),
// `--no-kiwi` skips the peer (for profiling), `--only TEXT` keeps the
// workloads whose names hold TEXT's words in a row (`--only "chain build
// 100"` keeps that one, not "chain build 1000"), `--repeat K` times a build
// K times as often (ours only, for a profiler).

let arguments = CommandLine.arguments
let quick = arguments.contains("--quick")
let withKiwi = !arguments.contains("--no-kiwi")
let only = arguments.firstIndex(of: "--only").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
let repeatFactor =
    arguments.firstIndex(of: "--repeat").flatMap {
        $0 + 1 < arguments.count ? Int(arguments[$0 + 1]) : nil
    } ?? 1
let big = quick ? 1000 : 5000
let mid = quick ? 300 : 1000
let cycles = quick ? 1000 : 10000
let sampled = stride(from: 0, to: mid, by: mid / 5).map { $0 + 1 }  // kiwi's slow path: a sample
let everyTenth = Array(stride(from: 0, to: mid, by: 10))

var workloads: [Workload] = []
for shape in ["chain", "grid10"] {
    for n in [100, mid, big] {
        workloads.append(
            Workload(name: "\(shape) build \(n)", shape: shape, kind: .build, n: n, reps: n <= 1000 ? 5 : 1))
    }
    workloads.append(
        Workload(name: "\(shape) free drag \(mid)", shape: shape, kind: .edit, n: mid, cycles: cycles, modulus: 50))
    workloads.append(
        Workload(name: "\(shape) clamped drag \(mid)", shape: shape, kind: .edit, n: mid, cycles: cycles, modulus: 100))
    workloads.append(
        Workload(
            name: "\(shape) remove/re-add batch \(mid)", shape: shape, kind: .batch, n: mid, reps: 3, views: everyTenth)
    )
    workloads.append(
        Workload(name: "\(shape) remove/re-add one \(mid)", shape: shape, kind: .single, n: mid, views: sampled))
}

/// Whether `name` holds the words of `text` one after another, whole.
func holdsWords(_ name: String, _ text: String) -> Bool {
    let words = name.split(separator: " ")
    let wanted = text.split(separator: " ")
    guard !wanted.isEmpty, wanted.count <= words.count else { return wanted.isEmpty }
    return (0...(words.count - wanted.count)).contains { Array(words[$0..<($0 + wanted.count)]) == wanted }
}

if let only { workloads.removeAll { !holdsWords($0.name, only) } }

// kiwi takes seconds per operation on some of these: it gets fewer cycles of
// the same work, and the table compares time per operation.
var kiwiWorkloads = workloads.map { w -> Workload in
    var w = w
    if w.kind == .edit && w.modulus == 100 { w.cycles = min(w.cycles, 200) }
    return w
}
kiwiWorkloads.append(Workload(name: "python call overhead", shape: "", kind: .overhead, n: 0, cycles: 100_000))

var sink = 0.0
var ours: [String: Measurement] = [:]
for w in workloads {
    var w = w
    if w.kind == .build { w.reps *= repeatFactor }
    ours[w.name] = try run(w, sink: &sink)
}
// Every single remove and re-add of every tenth view's constraints, ours only: the worst one counts.
var allSingles: [(String, Measurement)] = []
if only == nil || holdsWords("chain grid10 remove/re-add one", only!) {
    for shape in ["chain", "grid10"] {
        let w = Workload(name: shape, shape: shape, kind: .single, n: mid, views: everyTenth)
        allSingles.append((shape, try run(w, sink: &sink)))
    }
}

let kiwi = withKiwi ? runOnKiwi(kiwiWorkloads, script: kiwiScriptPath()) : nil

func format(_ seconds: Double) -> String {
    if seconds >= 1 { return String(format: "%.2f s", seconds) }
    if seconds >= 1e-3 { return String(format: "%.2f ms", seconds * 1e3) }
    return String(format: "%.1f µs", seconds * 1e6)
}

func pad(_ s: String, _ width: Int) -> String {
    s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
}

print(pad("workload (per operation)", 36) + pad("ours", 12) + pad("kiwi", 12) + "ratio")
var logSum = 0.0
var count = 0
for w in workloads {
    let o = ours[w.name]!
    var line = pad(w.name, 36) + pad(format(o.seconds), 12)
    if let k = kiwi?[w.name] {
        let ratio = o.seconds / k.seconds
        logSum += log(ratio)
        count += 1
        line += pad(format(k.seconds), 12) + String(format: "%.4f", ratio)
    } else {
        line += pad("n/a", 12) + "n/a"
    }
    print(line)
}
if let overhead = kiwi?["python call overhead"] {
    print("kiwisolver's Python call overhead (suggestValue on a 1-variable system): \(format(overhead.seconds))")
}
for (shape, m) in allSingles {
    print(
        "worst single remove+re-add of every tenth view's constraints, \(shape) N = \(mid): \(format(m.max)) (\(m.worst)) over \(m.ops)"
    )
}
for w in workloads where w.kind == .single {
    let kiwiWorst = kiwi?[w.name].map { format($0.max) } ?? "n/a"
    print(
        "worst single remove+re-add on the sample, \(w.shape): ours \(format(ours[w.name]!.max)) (\(ours[w.name]!.worst)), kiwi \(kiwiWorst)"
    )
}
if sink == .infinity { print(sink) }
print(
    count > 0
        ? String(format: "geomean ratio ours/kiwi: %.2f", exp(logSum / Double(count)))
        : "geomean ratio ours/kiwi: n/a (kiwisolver not installed)")
