import Foundation
import HostSystem
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
        let result = try runPython([Self.folder.appendingPathComponent("reference_timing.py").path])
        // The script also asserts that its references reproduce the issue's figures.
        try #require(
            result.ending == .exited(0),
            "reference_timing.py failed (\(result.ending.map { "\($0)" } ?? "timed out")): \(result.stderr)")
        let committed = try String(
            contentsOf: Self.folder.appendingPathComponent("ReferenceTables.swift"), encoding: .utf8)
        #expect(
            result.stdout == committed,
            """
            ReferenceTables.swift is stale; regenerate it with
            Tools/python3 Tests/AnimationTests/reference_timing.py > Tests/AnimationTests/ReferenceTables.swift
            """)
    }
}
