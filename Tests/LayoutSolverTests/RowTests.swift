import TestSupport
import Testing

@testable import LayoutSolver

/// `Row`'s cells against a dictionary from symbol to coefficient.
@Suite struct RowTests {

    /// A coefficient from a few values, so that sums cancel often.
    static func coefficient(_ random: inout SplitMix) -> Double {
        [1, -1, 2, -2, 0.5, -0.5, 3][Int.random(in: 0...6, using: &random)]
    }

    static func check(_ row: Row, against model: [Symbol: Double]) {
        let symbols = Array(row.symbols)
        #expect(symbols == symbols.sorted(), "cells out of order")
        #expect(Set(symbols).count == symbols.count, "a symbol twice")
        #expect(row.count == model.count)
        for cell in row.cells {
            #expect(!nearZero(cell.coefficient), "a zero cell")
            #expect(model[cell.symbol] == cell.coefficient)
        }
    }

    @Test("Adding cells and rows agrees with a dictionary, and reports what came in and left")
    func matchesDictionary() {
        var random = SplitMix(state: 7)
        for _ in 0..<2000 {
            var row = Row(constant: 1)
            var model: [Symbol: Double] = [:]
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                let symbol = Symbol(Int.random(in: 0...20, using: &random))
                let c = Self.coefficient(&random)
                row.add(symbol, c)
                let sum = (model[symbol] ?? 0) + c
                model[symbol] = nearZero(sum) ? nil : sum
            }
            Self.check(row, against: model)
            // Sometimes share the storage, so that the merge must not write into it.
            let before = row
            var other = Row(constant: 2)
            var otherModel: [Symbol: Double] = [:]
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                let symbol = Symbol(Int.random(in: 0...20, using: &random))
                let c = Self.coefficient(&random)
                other.add(symbol, c)
                let sum = (otherModel[symbol] ?? 0) + c
                otherModel[symbol] = nearZero(sum) ? nil : sum
            }
            if Int.random(in: 0...1, using: &random) == 0 { row.reserveCapacity(row.count + other.count) }
            let factor = Self.coefficient(&random)
            var cameIn: Set<Symbol> = []
            var left: Set<Symbol> = []
            var mayEnter: Set<Symbol> = []
            row.add(
                other, times: factor,
                changed: { symbol, isNew in
                    if isNew { #expect(cameIn.insert(symbol).inserted) } else { #expect(left.insert(symbol).inserted) }
                },
                mayEnter: { mayEnter.insert($0) })
            var expected = model
            for (symbol, c) in otherModel {
                let sum = (expected[symbol] ?? 0) + c * factor
                expected[symbol] = nearZero(sum) ? nil : sum
            }
            Self.check(row, against: expected)
            Self.check(before, against: model)
            #expect(row.constant == 1 + 2 * factor)
            #expect(cameIn == Set(expected.keys).subtracting(model.keys))
            #expect(left == Set(model.keys).subtracting(expected.keys))
            for symbol in otherModel.keys where (expected[symbol] ?? -1) < 0 {
                #expect(mayEnter.contains(symbol), "a negative or cancelled symbol not reported")
            }
        }
    }

    @Test("Removing and solving keep the cells sorted and free of zeros")
    func removeAndSolve() {
        var random = SplitMix(state: 11)
        for _ in 0..<500 {
            var row = Row(constant: 3)
            var model: [Symbol: Double] = [:]
            for _ in 0..<Int.random(in: 2...10, using: &random) {
                let symbol = Symbol(Int.random(in: 0...15, using: &random))
                let c = Self.coefficient(&random)
                row.add(symbol, c)
                let sum = (model[symbol] ?? 0) + c
                model[symbol] = nearZero(sum) ? nil : sum
            }
            guard let victim = model.keys.min() else { continue }
            let c = model[victim]!
            row.solve(for: victim)
            model[victim] = nil
            for (symbol, value) in model { model[symbol] = value * (-1 / c) }
            Self.check(row, against: model)
            #expect(row.constant == 3 * (-1 / c))
        }
    }
}
