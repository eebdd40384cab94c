import Foundation

/// Whether `python3` runs and can import every module named: what the
/// differential tests against kiwisolver need (`Tools/setup.sh` installs them).
public func pythonCanImport(_ modules: [String]) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", "import " + modules.joined(separator: ", ")]
    process.standardError = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
}
