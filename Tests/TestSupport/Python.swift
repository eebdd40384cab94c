public import Foundation

/// `Tools/python3`: the Python that the tests run, the one `Tools/setup.sh`
/// installs the modules for (`$LAYOUT_PYTHON`, else the repository's `.venv`,
/// else `python3` on PATH).
public let pythonCommand = repositoryRoot.appendingPathComponent("Tools/python3")

/// A process that runs ``pythonCommand`` with the arguments given.
public func pythonProcess(_ arguments: [String]) -> Process {
    let process = Process()
    process.executableURL = pythonCommand
    process.arguments = arguments
    return process
}

/// Whether ``pythonCommand`` runs and can import every module named: what the
/// differential tests against kiwisolver and the timing references need
/// (`Tools/setup.sh` installs them).
public func pythonCanImport(_ modules: [String]) -> Bool {
    let process = pythonProcess(["-c", "import " + modules.joined(separator: ", ")])
    process.standardError = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
}
