import PropertyBased
import Testing

@testable import LayoutSolver

@Suite struct IDTableTests {
    @Test("Random inserts and removals agree with Dictionary")
    func matchesDictionary() async {
        // Keys from a small range collide and wrap around often.
        await propertyCheck(count: 200, input: zip(Gen.int(in: 0...2), Gen.int(in: 0...200)).array(of: 1...400)) {
            operations in
            var table = IDTable<Int>()
            var reference: [Int: Int] = [:]
            for (step, (kind, key)) in operations.enumerated() {
                if kind == 0 {
                    #expect(table.removeValue(for: key) == reference.removeValue(forKey: key))
                } else {
                    table.insert(step, for: key)
                    reference[key] = step
                }
                #expect(table.count == reference.count)
            }
            for key in 0...200 { #expect(table[key] == reference[key]) }
            #expect(table.values.sorted() == reference.values.sorted())
        }
    }
}
