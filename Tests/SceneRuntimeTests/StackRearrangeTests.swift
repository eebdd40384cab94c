import LayoutSolver
import LayoutValues
import SceneLanguage
import Testing

@testable import SceneRuntime

/// A stack rearranged as its labels' texts change keeps the constraints that come back the same, and puts back
/// only the others: the frames must be those of the scene laid out from nothing with the texts it ends with.
@Suite struct StackRearrangeTests {
    /// A stack of three labels, 300 points wide or as wide as its content, whose texts are `texts`.
    static func scene(
        _ distribution: String, _ alignment: String, axis: String, width: Bool, lines: String, _ texts: [String]
    )
        -> String
    {
        let size = width ? (axis == "horizontal" ? "; row.width == 300" : "; row.height == 300") : ""
        return """
            stack row \(axis) spacing 6 distribution \(distribution) alignment \(alignment) {
              label a "\(texts[0])" font 10 \(lines)
              label b "\(texts[1])" font 10 \(lines)
              label c "\(texts[2])" font 10 \(lines)
            }
            row.leading == root.leading; row.top == root.top\(size)
            """
    }

    static let textSets = [
        ["aaaa", "bb", "cccccccc"],
        ["aaaa bbbb cccc dddd eeee", "b", "cc cc"],
        ["a", "bbbbbbbbbbbbbbbb bbbbbbbb", "c"],
        ["x y z", "yy", "zzzz zzzz zzzz zzzz zzzz zzzz zzzz"],
    ]

    @Test(
        "Texts changed one label at a time give the frames of the scene laid out from nothing",
        arguments: ["fillProportionally", "fillEqually", "equalSpacing", "equalCentering", "fill"])
    func matchesLayoutFromNothing(distribution: String) throws {
        for alignment in ["fill", "center", "firstBaseline", "lastBaseline"] {
            for axis in ["horizontal", "vertical"] where axis == "horizontal" || !alignment.hasSuffix("Baseline") {
                for (width, lines) in [(true, "lines 0"), (false, "lines 1"), (true, "lines 1")]
                // Wrapping labels that overflow an equalCentering stack settle where the last layout leaves them,
                // one way when laid out from nothing and another after their texts changed, with the old
                // rearrangement as with this one: not compared.
                where !(distribution == "equalCentering" && lines == "lines 0") {
                    let build = { Self.scene(distribution, alignment, axis: axis, width: width, lines: lines, $0) }
                    let first = Scene.parse(SourceFile(name: "t.layout", text: build(Self.textSets[0])))
                    try #require(!first.diagnostics.hasErrors, "\(first.diagnostics)")
                    var model = LayoutModel(scene: first)
                    var texts = Self.textSets[0]
                    for (step, next) in Self.textSets.dropFirst().enumerated() {
                        // One label at a time: each change rearranges the stack by itself.
                        let label = step % 3
                        texts[label] = next[label]
                        model.setText(
                            texts[label], font: 10, of: try #require(first.viewID(named: ["a", "b", "c"][label])))
                        model.fitText()
                        let fresh = Laid(build(texts))
                        let context = "\(distribution) \(alignment) \(axis) width \(width) \(lines) \(texts)"
                        for name in ["row", "a", "b", "c"] {
                            let view = try #require(first.viewID(named: name))
                            // Layouts that UIKit leaves ambiguous are not compared: either solution is one.
                            guard !fresh.codes.contains(.ambiguousLayout) else { continue }
                            let (got, want) = (model.frame(of: view), fresh.frame(name))
                            let apart = max(
                                abs(got.x - want.x), abs(got.y - want.y), abs(got.width - want.width),
                                abs(got.height - want.height))
                            #expect(apart <= 1e-6, "\(name): \(got) against \(want), \(context)")
                        }
                    }
                }
            }
        }
    }

    @Test(
        "fillProportionally's multipliers change alone: the stack's other constraints stay in the solver as they were")
    func unchangedConstraintsStay() throws {
        let text = Self.scene(
            "fillProportionally", "fill", axis: "horizontal", width: true, lines: "lines 1", Self.textSets[0])
        let scene = Scene.parse(SourceFile(name: "t.layout", text: text))
        var model = LayoutModel(scene: scene)
        let row = try #require(scene.viewID(named: "row"))
        let before = try #require(model.stackConstraints[row]).installed.map(\.constraint)
        let constraintCount = model.solver.constraintCount
        model.setText("a much longer text", font: 10, of: try #require(scene.viewID(named: "a")))
        let after = try #require(model.stackConstraints[row]).installed.map(\.constraint)
        #expect(after.count == before.count)
        let kept = zip(before, after).filter { $0 === $1 }.count
        // The edges, spacings and cross-axis constraints come back the same; the multipliers do not.
        #expect(kept > 0 && kept < before.count, "\(kept) of \(before.count) kept")
        #expect(model.solver.constraintCount == constraintCount)
        for constraint in after { #expect(model.solver.hasConstraint(constraint)) }
        for constraint in before where !after.contains(where: { $0 === constraint }) {
            #expect(!model.solver.hasConstraint(constraint))
        }
        let fresh = Laid(
            Self.scene(
                "fillProportionally", "fill", axis: "horizontal", width: true, lines: "lines 1",
                ["a much longer text", "bb", "cccccccc"]))
        for name in ["row", "a", "b", "c"] {
            expectFrame(model.frame(of: try #require(scene.viewID(named: name))), fresh.frame(name), within: 1e-6)
        }
    }

    @Test("A changed constraint that does not go in puts the whole stack back, with the conflict it reports")
    func partWayFailure() throws {
        // Hiding b keeps fillEqually's twelve constraints, but the spacing that now joins a and c meets the
        // required 100 between them: that constraint is left out, as putting the stack back in order leaves it.
        let text = """
            stack row horizontal spacing 6 distribution fillEqually alignment fill {
              view a size 10 x 10
              view b size 10 x 10
              view c size 10 x 10
            }
            row.leading == root.leading; row.top == root.top
            c.leading == a.trailing + 100
            """
        let scene = Scene.parse(SourceFile(name: "t.layout", text: text))
        var model = LayoutModel(scene: scene)
        #expect(model.allDiagnostics.isEmpty)
        let row = try #require(scene.viewID(named: "row"))
        let b = try #require(scene.viewID(named: "b"))
        let before = try #require(model.stackConstraints[row]).installed
        let total = model.solver.constraintCount
        #expect(model.stackConstraintsWanted(row).count == before.count)
        let hidden = model.setHidden(true, of: b)
        let failures = try #require(hidden).failures
        #expect(failures.count == 1)
        let message = try #require(failures.first).message
        #expect(message.contains("UISV-spacing") && message.contains("'a'") && message.contains("'c'"), "\(message)")
        let after = try #require(model.stackConstraints[row])
        #expect(!after.isComplete)
        #expect(after.installed.count == before.count - 1)
        for (constraint, _) in after.installed { #expect(model.solver.hasConstraint(constraint)) }
        for (constraint, _) in before { #expect(!model.solver.hasConstraint(constraint)) }
        #expect(model.solver.constraintCount == total - 1)
        model.solver.checkInvariants()
        // Shown again, the stack is whole.
        _ = model.setHidden(false, of: b)
        #expect(model.solver.constraintCount == total)
        #expect(try #require(model.stackConstraints[row]).isComplete)
        model.solver.checkInvariants()
    }
}
