/// A number as a person writes it: `12`, `0.5`, `-187.5`; the shortest text that reads back as the same `Double`
/// (so a Swift literal too: the export writes numbers with it).
package func format(_ value: Double) -> String {
    if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
}

/// A number in a message: rounded to 3 decimals, with at least one (`324.0`, `187.5`, `20.417`); `nan`, `inf`
/// and `-inf` as such, and Swift's exponent form for the very small and very large.
package func formatted(_ value: Double) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
    var rounded = (value * 1000).rounded() / 1000
    if rounded == 0 { rounded = 0 }  // no "-0.0"
    var text = String(rounded)
    if text.contains("e") {
        // Very small or large: Swift's own shortest form is clearest.
        return text
    }
    if !text.contains(".") { text += ".0" }
    return text
}
