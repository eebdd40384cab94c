import LayoutSolver
import Testing

@testable import SceneRuntime

/// The constraints a layout update takes out and puts in, paired where only their constants differ, so that the
/// solver changes those in place.
@Suite struct PairedByShapeTests {
    @Test("Each coming constraint pairs with the first going one of its terms, relation and strength")
    func pairs() {
        let x = Variable(), y = Variable(), z = Variable()
        let a = Expression(x) == 1
        let b = Expression(x) + Expression(y) >= 0
        let c = Expression(x) == 2
        let weak = (Expression(x) == 3).with(.low)
        let moved = Expression(x) == 5
        let other = Expression(z) == 0
        let weaker = (Expression(x) == 7).with(.low)
        let flipped = Expression(y) + Expression(x) >= 4
        let (pairs, going, coming) = LayoutModel.pairedByShape([a, b, c, weak], [moved, other, weaker, flipped])
        #expect(pairs.map { [$0.old, $0.new] } == [[a, moved], [weak, weaker]])
        // Terms in another order are another shape: the rows would not be the same.
        #expect(going == [b, c])
        #expect(coming == [other, flipped])
        let none = LayoutModel.pairedByShape([], [moved])
        #expect(none.pairs.isEmpty && none.going.isEmpty && none.coming == [moved])
    }
}
