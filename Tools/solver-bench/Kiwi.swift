import Foundation

/// Runs workloads on kiwisolver through `kiwi_bench.py`, in the same process
/// run as ours; nil when Python or kiwisolver is missing. The Python is
/// `Tools/python3` beside the script's folder (the one `Tools/setup.sh`
/// installs kiwisolver for), else `python3` on PATH.
func runOnKiwi(_ workloads: [Workload], script: String) -> [String: Measurement]? {
    let process = Process()
    let tools = URL(fileURLWithPath: script).deletingLastPathComponent().deletingLastPathComponent()
    let python = tools.appendingPathComponent("python3")
    if FileManager.default.isExecutableFile(atPath: python.path) {
        process.executableURL = python
        process.arguments = [script]
    } else {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script]
    }
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    do {
        try process.run()
        input.fileHandleForWriting.write(try JSONEncoder().encode(workloads))
        try input.fileHandleForWriting.close()
    } catch {
        return nil
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    var results: [String: Measurement] = [:]
    for line in data.split(separator: UInt8(ascii: "\n")) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
            let name = object["name"] as? String,
            let seconds = object["seconds"] as? Double,
            let max = object["max"] as? Double,
            let ops = object["ops"] as? Int
        else { continue }
        results[name] = Measurement(seconds: seconds, max: max, ops: ops)
    }
    return results
}

/// The script beside this tool's sources: `LAYOUT_KIWI_BENCH` if set, else
/// from the working directory (the package root, where `swift run` runs), else
/// beside the source file this was compiled from.
func kiwiScriptPath() -> String {
    if let path = ProcessInfo.processInfo.environment["LAYOUT_KIWI_BENCH"] { return path }
    let fromRoot = FileManager.default.currentDirectoryPath + "/Tools/solver-bench/kiwi_bench.py"
    if FileManager.default.fileExists(atPath: fromRoot) { return fromRoot }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("kiwi_bench.py").path
}
