package import Foundation
package import HostSystem

/// `Tools/python3`: the Python that the tests run, the one `Tools/setup.sh`
/// installs the modules for (`$LAYOUT_PYTHON`, else the repository's `.venv`,
/// else `python3` on PATH).
package let pythonCommand = repositoryRoot.appendingPathComponent("Tools/python3")

/// Runs ``pythonCommand`` with the arguments given to its end, or until
/// `timeout` has passed, when it is killed.
package func runPython(
    _ arguments: [String], input: [UInt8]? = nil, environment: [String: String] = [:],
    timeout: Duration = .seconds(300)
) throws -> ChildProcess.Result {
    try ChildProcess.run(pythonCommand.path, arguments, input: input, environment: environment, timeout: timeout)
}

/// Whether ``pythonCommand`` runs and can import every module named: what the
/// differential tests against kiwisolver and the timing references need
/// (`Tools/setup.sh` installs them).
package func pythonCanImport(_ modules: [String]) -> Bool {
    let result = try? runPython(["-c", "import " + modules.joined(separator: ", ")], timeout: .seconds(60))
    return result?.ending == .exited(0)
}
