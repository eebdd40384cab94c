import Foundation
import TestSupport
import Testing

/// The committed tables are what `reference_timing.py` prints today: the
/// script is the source of truth, and ReferenceTables.swift its output.
@Suite struct ReferenceTablesTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let mpmathAvailable = pythonCanImport(["mpmath"])

    @Test(
        "ReferenceTables.swift is exactly what reference_timing.py generates",
        .enabled(if: mpmathAvailable, "needs mpmath in Tools/python3's Python (Tools/setup.sh installs it)")
    )
    func tablesAreCurrent() throws {
        let process = pythonProcess([Self.folder.appendingPathComponent("reference_timing.py").path])
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let generated = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // The script also asserts that its references reproduce the figures.
        try #require(
            process.terminationStatus == 0,
            "reference_timing.py failed: \(String(decoding: message, as: UTF8.self))")
        let committed = try Data(contentsOf: Self.folder.appendingPathComponent("ReferenceTables.swift"))
        #expect(
            generated == committed,
            """
            ReferenceTables.swift is stale; regenerate it with
            Tools/python3 Tests/AnimationTests/reference_timing.py > Tests/AnimationTests/ReferenceTables.swift
            """)
    }
}
