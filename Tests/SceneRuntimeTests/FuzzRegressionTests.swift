import Foundation
import LayoutSolver
import SceneLanguage
import TestSupport
import Testing

@testable import SceneRuntime

/// Inputs that the scene fuzz target found to break an earlier build, kept apart from its corpus (which a
/// minimisation rewrites) in `Tools/fuzz/regressions/scene`, named by their SHA-1, and laid out here with the
/// solver's invariants checked. `Tools/fuzz.sh` seeds every run with them.
@Suite struct FuzzRegressionTests {
    /// The regression input of this name, as bytes.
    static func input(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: repositoryRoot.appendingPathComponent("Tools/fuzz/regressions/scene/\(name)")))
    }

    @Test("Stacks of labels that wrap, rearranged as their text fits, keep the solver's tableau whole")
    func wrappingLabelsInStacks() throws {
        // The build before the layout from nothing went into the solver in one batch trapped on it: a symbol
        // entered a second time in a column's index while a stack was put back for one of its labels.
        let bytes = try Self.input("165885e33c0bb3c899ba3e08aae8d273f2e02bc6")
        let scene = Scene.parse(SourceFile(name: "fuzz.layout", bytes: bytes))
        #expect(scene.views.contains { $0.stack != nil && $0.kind == .stack })
        #expect(scene.views.contains { $0.numberOfLines != 1 })
        let model = LayoutModel(scene: scene)
        model.solver.checkInvariants()
        for view in scene.viewIDs {
            let frame = model.frame(of: view)
            let finite = [frame.x, frame.y, frame.width, frame.height].allSatisfy(\.isFinite)
            #expect(finite, "\(scene[view].name.name)")
        }
    }

    @Test("Widths chained by multipliers of a thousand, two of them nearly parallel, keep the solver's tableau whole")
    func chainedMultipliers() throws {
        // The build before the artificial phase solved its last row for the largest coefficient trapped on it: a
        // dummy's row was left 0.02 below zero. A required equality is still left 8.5 points off: a term of a
        // billionth (`a = c / 1e9`) falls under the 1e-8 below which the solver drops a coefficient, as kiwi
        // does (`ChainedMultiplierTests`): known, not fixed.
        let bytes = try Self.input("c0e4a6373b25e9fe9e31becc08b556f6692cdb91")
        let model = LayoutModel(scene: Scene.parse(SourceFile(name: "fuzz.layout", bytes: bytes)))
        model.solver.checkInvariants()
        for view in model.scene.viewIDs {
            let frame = model.frame(of: view)
            let finite = [frame.x, frame.y, frame.width, frame.height].allSatisfy(\.isFinite)
            #expect(finite, "\(model.scene[view].name.name)")
        }
        // The same constraints in a scene of their own: `b == 1000 a` and `b == 1005 a` hold only at zero.
        let source = """
            label a "b"
            view c
            label b "p" lines 0
            c.width == 1000 * b.width
            a.height >= 1000 * c.width
            b.width == 1000 * a.width
            b.width == 1005 * a.width
            """
        let scene = Scene.parse(SourceFile(name: "chain.layout", text: source))
        #expect(scene.diagnostics.filter { $0.severity == .error }.isEmpty)
        let chain = LayoutModel(scene: scene)
        chain.solver.checkInvariants()
        // The check's bound on this chain's rows is 0.86 (its largest constant is 8.5e6, its largest factor 1,005):
        // it cannot tell the 0.02 below zero that a build once left from rounding here. That build's choice of
        // pivot is tested where it is made (`ChainedMultiplierTests`, the artificial row solved for its largest
        // coefficient); the bound must not grow looser still.
        #expect(chain.solver.loosestRoundingBound < 1)
        let width = { (name: String) in chain.frame(of: scene.viewID(named: name)!).width }
        withKnownIssue("a term of a billionth is dropped at 1e-8: b.width is left at 8.5") {
            #expect(abs(width("a")) < 1e-6)
            #expect(abs(width("b")) < 1e-6)
            #expect(abs(width("c")) < 1e-3)
            #expect(abs(width("b") - 1000 * width("a")) < 1e-6)
        }
        #expect(abs(width("c") - 1000 * width("b")) < 1e-6 * max(1, width("c")))
    }

    @Test(
        "Labels in stacks changing their text, in the order the scene fuzz target changes them, keep the tableau whole",
        arguments: [
            "9d8db1f0c0d44a729672c3921d22820351c68af8", "9c3b482efa624ab61a830ce12c448dc753bcdaf3",
            "69928544c5ef99ec44ba129c33e412d2b81243a2", "b7a0867d3a4814108ed611d8835fda521193bf89",
            "ec437c5f35655f3265ba15d613ef6f3da2a1b9fc", "5cfc8c462356a0b7feefacbca5b37dca7216bd1a",
            "5754e04e306487280bb6c0c497f9c5da192bb9c5", "455c0e67abb03ac653b05c8f55a7dded51dff543",
            "d0cf523dc5840061fea2dccd6649e75114dfba77", "bc0ba97ddf248e6a056029c3734dafa857576d6e",
            "09110c14fee0fb504fecbd9abe32ed07d23aa19c",
        ])
    func textChangesAsTheFuzzTargetMakesThem(input: String) throws {
        // The scene fuzz target found the first two on builds that did not land. With the first, a build whose sums
        // that cancelled were zero within 1e-12 of their larger term left a simplex row 21.8 below zero (a
        // difference that small was not rounding). The second (stacks of wrapping labels with margins) was a timeout
        // of 60 s, in a run of a build whose artificial phase entered through the most negative cost. The last three
        // chain widths by multipliers of a thousand (`x == 1000 * y`, one `1005`, one chain of three): their first
        // layout leaves a row 6.0e-6, 1.0e-7 and 1.1e-4 below zero, rounding that a bound of 1e-7 not scaled by the
        // factors the rows were multiplied by took for a broken tableau (``Solver/roundingBound(of:largest:growth:)``).
        // The sixth (multipliers of 1,000 and 0.001) left a slack's row 85 below zero: a constraint's dual simplex
        // failed, and undoing its pivot did not bring back a term of 1e-9 that the pivot had dropped. The tableau is
        // now built again when an undo leaves a row below zero, and the constraint tried on the fresh one. The
        // seventh and eighth (widths chained by a thousand three times) leave rows 0.0117 and 20.5 below zero whose
        // coefficients reach 8.4e7 and 6.2e7 on dummies: rounding, required equalities 1.4e-10 and 3.3e-7 off, as the
        // check now measures a row, in the units of its largest coefficient (``Solver/feasibilityBound(of:largest:growth:)``).
        // The ninth leaves a basic dummy 1.015e-7 below zero, what the artificial phase took for zero (a residue
        // of 1.02e-7, on a factor of 1,005 and constants up to 1,000), which the bound now allows for.
        // The tenth broke the tableau as the sixth did, and then again as the tableau was built again, through the
        // same dual simplex: the fresh tableau now takes every such row through the artificial variable.
        // In the eleventh the artificial phase took a residue of 10 for zero (1e-10 of values of 1.2e11 on a chain
        // of a thousand), and its row, over two slacks, left one at -10: such a residue is now a conflict.
        let bytes = try Self.input(input)
        let scene = Scene.parse(SourceFile(name: "fuzz.layout", bytes: bytes))
        var model = LayoutModel(scene: scene)
        model.solver.checkInvariants()
        #expect(!model.multilineViews.isEmpty, "the input's labels wrap, and change their text below")
        let suffixes = [" wider words here", " and more words", "", " a", " with a much longer run of words to wrap"]
        for (k, view) in model.multilineViews.prefix(8).enumerated() {
            model.setText(
                scene[view].text + suffixes[Int(bytes[k % bytes.count]) % suffixes.count], font: scene[view].font,
                of: view)
            model.fitText()
            model.solver.checkInvariants()
            let frame = model.frame(of: view)
            let finite = [frame.x, frame.y, frame.width, frame.height].allSatisfy(\.isFinite)
            #expect(finite, "\(scene[view].name.name)")
        }
    }

    @Test(
        "Changing the wrapping labels' text and fitting them again keeps the solver's tableau whole",
        arguments: [" wider words here", " and more words"])
    func wrappingLabelsChangingText(suffix: String) throws {
        // Each fit removes and re-adds the stacks' constraints. With the first text, the removal of a
        // constraint held only by definitions once left a user variable in the objective, and a later fit
        // trapped; with the second, rounding residue used as pivots grew the coefficients to 1e40 and the
        // artificial simplex of the next addition never ended.
        let bytes = try Self.input("165885e33c0bb3c899ba3e08aae8d273f2e02bc6")
        let scene = Scene.parse(SourceFile(name: "fuzz.layout", bytes: bytes))
        var model = LayoutModel(scene: scene)
        for view in model.multilineViews.prefix(5) {
            model.setText(scene[view].text + suffix, font: scene[view].font, of: view)
            model.solver.checkInvariants()
            model.fitText()
            model.solver.checkInvariants()
            let frame = model.frame(of: view)
            let finite = [frame.x, frame.y, frame.width, frame.height].allSatisfy(\.isFinite)
            #expect(finite, "\(scene[view].name.name)")
        }
    }
}
