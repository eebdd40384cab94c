// Decimal arithmetic and formatting without Foundation or libm: the plot needs powers of ten, decimal exponents
// and short numbers for coordinates and tick labels, and nothing more.

/// Powers of ten, decimal exponents and short decimal forms for the plot's numbers.
enum PlotNumbers {
    /// The largest magnitude the plot draws; larger values are drawn at this bound. Keeps every span finite and
    /// every scaled value inside `Int`'s range.
    static let largestPlotted = 1e15

    /// 10 raised to `exponent`, exact up to 10²² and correctly rounded for negative exponents up to -22.
    static func powerOfTen(_ exponent: Int) -> Double {
        let bounded = min(max(exponent, -320), 308)
        var power = 1.0
        for _ in 0..<abs(bounded) { power *= 10 }
        return bounded >= 0 ? power : 1 / power
    }

    /// The exponent `e` with 10^e ≤ `value` < 10^(e+1); 0 for a value that is not positive and finite.
    static func exponent(of value: Double) -> Int {
        guard value > 0, value.isFinite else { return 0 }
        var exponent = 0
        if value >= 1 {
            while exponent < 308, powerOfTen(exponent + 1) <= value { exponent += 1 }
        } else {
            while exponent > -320, powerOfTen(exponent) > value { exponent -= 1 }
        }
        return exponent
    }

    /// `value` written with at most `decimals` digits after the point, without trailing zeros, and never as
    /// `-0`: `12.5`, `0.25`, `-3`. Not-finite values are written `0`; magnitudes too large for `Int` keep the
    /// standard library's form.
    static func format(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "0" }
        let decimals = min(max(decimals, 0), 15)
        let scaled = (value * powerOfTen(decimals)).rounded()
        guard abs(scaled) < 9e15 else { return String(value) }
        let units = Int(scaled)
        if units == 0 { return "0" }
        var digits = String(units.magnitude)
        var fraction = ""
        if decimals > 0 {
            if digits.count <= decimals {
                digits = String(repeating: "0", count: decimals - digits.count + 1) + digits
            }
            fraction = String(digits.suffix(decimals))
            digits.removeLast(decimals)
            while fraction.last == "0" { fraction.removeLast() }
        }
        return (units < 0 ? "-" : "") + digits + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// A coordinate in the SVG, to a hundredth of a pixel.
    static func coordinate(_ value: Double) -> String {
        format(min(max(value, -1e6), 1e6), decimals: 2)
    }

    /// `value` in scientific form with a mantissa of at most `decimals` decimals: `2.5e6`, `-1e15`.
    static func scientific(_ value: Double, decimals: Int) -> String {
        guard value.isFinite, value != 0 else { return "0" }
        let exponent = exponent(of: abs(value))
        let mantissa = value / powerOfTen(exponent)
        return format(mantissa, decimals: decimals) + "e" + String(exponent)
    }

    /// A count with its thousands grouped: `2,940`.
    static func grouped(_ count: Int) -> String {
        let digits = Array(String(count.magnitude))
        var out = count < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return out
    }
}
