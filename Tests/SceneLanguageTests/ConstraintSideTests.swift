import Foundation
import TestSupport
import Testing

@testable import SceneLanguage

/// A constraint's right side of the usual shapes (`ANCHOR [* FACTOR] [± CONSTANT]`, a constant alone) is read
/// without an expression tree (``ConstraintSyntax/LinearSide``). The same side in parentheses is read as any
/// expression is, and reduced by ``Checker/linearForm(_:)``: the oracle. Both must make the same constraint, to
/// the bit, and the same diagnostics at the same places.
@Suite struct ConstraintSideTests {
    static let prefix = """
        view card; label l "x"; guide g
        var n = 1
        c: card.width == 10

        """
    static let firsts = ["card.leading", "card.height", "l.lastBaseline", "root.safeArea.bottom", "g.top"]
    static let relations = ["==", ">=", "<=", "="]
    static let anchors = [
        "card.top", "card.centerX", "card.width", "l.firstBaseline", "g.leading", "g.firstBaseline",
        "root.safeArea.top", "root.margins.leading", "root.bogus.top", "root.top", "card.margins.top",
        "g.margins.top", "card.midY", "nobody.top", "n", "c.constant", "card", "card.margins", "root.safeArea",
        "system", "root.safeArea.top.x", "l.text",
    ]
    // Whole expressions only: a side cut short is reported differently inside parentheses.
    static let factors = ["", " * 0", " * 0.5", " * 2", " * 99999999999999999999", " * 3", " * system", " * -2"]
    static let constants = [
        "", " + 8", " - 8", " + system", " - system", " + 0", " - 0", " + 99999999999999999999",
        " - 99999999999999999999", " + 0.1", " + n", " - -1", " + 1 + 2",
    ]
    static let alone = ["100", "system", "0", "99999999999999999999", "-5", "0.25", "n", "c.constant"]
    static let priorities = ["", " @high", " @999", " @0", ";", " extra"]

    @Test("A side read in place makes the constraint and the diagnostics its expression makes")
    func sameAsExpression() {
        var random = SplitMix(state: 0x51DE_5EED)
        func pick(_ choices: [String]) -> String { choices[Int(random.next() % UInt64(choices.count))] }
        var linear = 0
        for round in 0..<2500 {
            let side =
                round % 8 == 0 ? pick(Self.alone) : pick(Self.anchors) + pick(Self.factors) + pick(Self.constants)
            let head = "\(pick(Self.firsts)) \(pick(Self.relations)) "
            let tail = pick(Self.priorities)
            let written = Scene.parse(SourceFile(name: "t.layout", text: Self.prefix + head + side + tail))
            let oracle = Scene.parse(SourceFile(name: "t.layout", text: Self.prefix + head + "(" + side + ")" + tail))
            let line = "\(head)\(side)\(tail)"
            // Offsets of the oracle's text where they stand in the written one: the side starts at `sideStart`.
            let sideStart = Self.prefix.utf8.count + head.utf8.count
            let sideEnd = sideStart + side.utf8.count
            func shiftedBack(_ offset: Int) -> Int {
                offset <= sideStart ? offset : offset >= sideEnd + 2 ? offset - 2 : offset - 1
            }

            #expect(written.constraints.count == oracle.constraints.count, "\(line)")
            for (a, b) in zip(written.constraints, oracle.constraints) {
                #expect(
                    a.first == b.first && a.second == b.second && a.relation == b.relation
                        && a.multiplier.bitPattern == b.multiplier.bitPattern
                        && a.constant.bitPattern == b.constant.bitPattern && a.priority == b.priority
                        && a.isInitiallyActive == b.isInitiallyActive && a.name == b.name,
                    "\(line): \(a) against \(b)")
                #expect(a.range.start == b.range.start && a.range.end == shiftedBack(b.range.end), "\(line)")
            }
            let got = written.diagnostics.map { "\($0.code) \($0.message) \($0.range.start)-\($0.range.end)" }
            // (An anchor alone in parentheses is quoted with them.)
            let expected = oracle.diagnostics.map {
                let message = $0.message.replacingOccurrences(of: "'(\(side))'", with: "'\(side)'")
                return "\($0.code) \(message) \(shiftedBack($0.range.start))-\(shiftedBack($0.range.end))"
            }
            #expect(got == expected, "\(line)")
            if written.constraints.count == 2 && written.diagnostics.isEmpty { linear += 1 }
        }
        // Most sides are of the shape and resolve cleanly: the comparison is not only of errors.
        #expect(linear > 300, "only \(linear) sides made a clean constraint")
    }

    /// `after` parsed reusing the parse of `before`, which must take a line from it, and from nothing.
    func reparsed(_ before: String, _ after: String) -> (reusing: Scene, fresh: Scene) {
        let first = Scene.parse(SourceFile(name: "t.layout", text: before), reusing: nil)
        let file = SourceFile(name: "t.layout", text: after)
        let second = Scene.parse(file, reusing: first.reuse)
        #expect(second.reuse.reusedLineCount > 0)
        return (second.scene, Scene.parse(file))
    }

    @Test("A reused line's linear side moves with its line")
    func reusedLinearSide() {
        let (second, fresh) = reparsed(
            "view a; view b\na.top == b.bottom * 2 + 8\n", "view a; view b\n# moved\na.top == b.bottom * 2 + 8\n")
        #expect(second.constraints.count == 1 && fresh.constraints.count == 1)
        #expect(second.constraints.first?.range == fresh.constraints.first?.range)
        #expect(second.constraints.first?.range.text == "a.top == b.bottom * 2 + 8")
        #expect(second.constraints.first?.multiplier == 2 && second.constraints.first?.constant == 8)
    }

    @Test("A reused line's names are looked up by their text: their indices are those of the parse that read them")
    func reusedNamesAreNotTakenForThisParses() {
        // The views swap places: `a` and `b` take each other's indices in the names lexed, and the line read
        // anew looks both up first. The reused line must still relate `a` to `b`.
        let (second, fresh) = reparsed(
            "view a\nview b\na.top == b.bottom\n", "view b\nview a\nb.leading == a.leading\na.top == b.bottom\n")
        #expect(second.constraints == fresh.constraints)
        let a = fresh.viewID(named: "a")
        let b = fresh.viewID(named: "b")
        #expect(a != nil && b != nil && second.constraints.last?.first.item == .view(a!))
        #expect(second.constraints.last?.second?.item == .view(b!))
    }
}
