import Foundation
import HostSystem
import TestSupport
import Testing

@testable import LayoutSolver

/// Our solver against kiwisolver, the reference Cassowary, on random systems
/// with a unique optimum (made and solved by `kiwi_differential.py`).
@Suite struct KiwiDifferentialTests {
    struct Case: Decodable {
        struct Edit: Decodable {
            var variable: Int
            var values: [Double]
        }
        struct Spec: Decodable {
            var terms: [[Double]]
            var constant: Double
            var op: String
            var priority: Double
        }
        var variables: Int
        var constraints: [Spec]
        var edit: Edit?
        var remove: [Int]
        var expected: [Double]
    }

    static let caseCount = 1000

    /// The cases, or nil with the reason when Python, kiwisolver or scipy is missing.
    static func loadCases() throws -> [Case]? {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("kiwi_differential.py")
        guard let result = try? runPython([script.path, String(caseCount), "20261122"]),
            result.ending == .exited(0)
        else { return nil }
        return try JSONDecoder().decode([Case].self, from: Data(result.stdout.utf8))
    }

    static let kiwiAvailable = pythonCanImport(["kiwisolver", "scipy"])

    @Test(
        "Agrees with kiwisolver to 1e-6 on 1,000 random systems with unique optima",
        .enabled(
            if: kiwiAvailable, "needs kiwisolver and scipy in Tools/python3's Python (Tools/setup.sh installs them)")
    )
    func agreesWithKiwi() throws {
        let cases = try #require(try Self.loadCases(), "kiwi_differential.py failed")
        #expect(cases.count == Self.caseCount)
        var worst = 0.0
        for (n, c) in cases.enumerated() {
            let x = (0..<c.variables).map { _ in Variable() }
            var solver = Solver()
            var made: [Constraint] = []
            for spec in c.constraints {
                var e = Expression(spec.constant)
                for term in spec.terms { e = e + term[1] * Expression(x[Int(term[0])]) }
                let relation: Relation = ["==": .equal, ">=": .greaterThanOrEqual, "<=": .lessThanOrEqual][spec.op]!
                let constraint = Constraint(e, relation, strength: Strength(spec.priority))
                try solver.add(constraint)
                made.append(constraint)
            }
            if let edit = c.edit {
                try solver.addEditVariable(x[edit.variable], strength: .strong)
                for value in edit.values { try solver.suggestValue(value, for: x[edit.variable]) }
            }
            for i in c.remove { try solver.remove(made[i]) }
            solver.checkInvariants()
            for i in 0..<c.variables {
                let difference = abs(solver.value(of: x[i]) - c.expected[i])
                worst = max(worst, difference)
                #expect(difference < 1e-6, "case \(n), x\(i): ours \(solver.value(of: x[i])), kiwi \(c.expected[i])")
            }
        }
        print("kiwi differential: \(cases.count) systems, largest difference \(worst)")
    }
}
