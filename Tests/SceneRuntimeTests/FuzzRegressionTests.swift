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
