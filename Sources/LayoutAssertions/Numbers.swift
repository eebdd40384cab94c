/// A number in a message: rounded to 3 decimals, with at least one
/// (`324.0`, `187.5`, `20.417`), as the example shows them.
func formatted(_ value: Double) -> String {
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

/// A scene time in a message: `0.25`, `1.0`, `0.283` (3 decimals at most).
func formattedTime(_ time: Double) -> String { formatted(time) }
