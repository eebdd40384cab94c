import Testing

@testable import FramePlot

/// Round ticks and short numbers.
@Suite struct AxisTests {
    @Test(
        "Ticks are round steps inside the range, labelled with just the decimals they need",
        arguments: [
            (0.0, 1.0, 8, ["0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "1"]),
            (0.0, 0.35, 8, ["0", "0.05", "0.1", "0.15", "0.2", "0.25", "0.3", "0.35"]),
            (-180.0, 180.0, 4, ["-100", "0", "100"]),
            (-0.06, 1.06, 4, ["0", "0.2", "0.4", "0.6", "0.8", "1"]),
            (0.0, 3e6, 3, ["0", "1e6", "2e6", "3e6"]),
            (1000.0, 1000.5, 2, ["1000", "1000.2", "1000.4"]),
        ])
    func ticks(lower: Double, upper: Double, count: Int, labels: [String]) {
        let axis = Axis(from: lower, to: upper, tickCount: count)
        #expect(axis.ticks.map(axis.label) == labels)
    }

    @Test("Padding widens the range on each side; an empty or broken range becomes a unit range")
    func padding() {
        #expect(Axis(from: 0, to: 100, padding: 0.1, tickCount: 4).lower == -10)
        #expect(Axis(from: 0, to: 100, padding: 0.1, tickCount: 4).upper == 110)
        let flat = Axis(from: 5, to: 5, tickCount: 4)
        #expect(flat.lower == 4.5 && flat.upper == 5.5)
        let broken = Axis(from: .nan, to: .infinity, tickCount: 4)
        #expect(broken.lower == -0.5 && broken.upper == 0.5)
        #expect(Axis(from: 0, to: 10, tickCount: 4).position(of: 2.5, from: 100, to: 0) == 75)
    }

    @Test(
        "Numbers are written short",
        arguments: [
            (12.5, 2, "12.5"), (-0.001, 2, "0"), (0.1 + 0.2, 2, "0.3"), (-3.0, 0, "-3"), (0.05, 2, "0.05"),
            (-0.007, 2, "-0.01"), (1e20, 2, "1e+20"), (Double.nan, 2, "0"),
        ])
    func format(value: Double, decimals: Int, text: String) {
        #expect(PlotNumbers.format(value, decimals: decimals) == text)
    }

    @Test("Counts are grouped by thousands")
    func grouped() {
        #expect(
            [0, 999, 1000, 2940, -1_234_567].map(PlotNumbers.grouped) == ["0", "999", "1,000", "2,940", "-1,234,567"])
    }

    @Test("Powers of ten and decimal exponents")
    func powers() {
        #expect(PlotNumbers.powerOfTen(3) == 1000 && PlotNumbers.powerOfTen(-2) == 0.01)
        #expect([0.001, 0.0099, 1, 9.99, 10, 12345].map(PlotNumbers.exponent) == [-3, -3, 0, 0, 1, 4])
        #expect(PlotNumbers.exponent(of: 0) == 0 && PlotNumbers.exponent(of: .infinity) == 0)
    }
}
