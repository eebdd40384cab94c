/// "Did you mean": the candidate nearest to a misspelled name, if it is near
/// enough: at most one edit per three characters of the name (at least one,
/// at most three), and fewer edits than the name has characters. A swapped
/// pair counts as one edit, so `alpah` finds `alpha` and `veiw` finds
/// `view`, but `fade` does not find `pause`.
public func nearestName(to name: String, among candidates: some Sequence<String>) -> String? {
    let target = Array(name.lowercased().utf8)
    var best: String? = nil
    var bestDistance = Int.max
    for candidate in candidates {
        let d = editDistance(target, Array(candidate.lowercased().utf8), limit: 4)
        if d < bestDistance {
            bestDistance = d
            best = candidate
        }
    }
    let allowed = min(3, max(1, target.count / 3))
    guard let best, bestDistance <= allowed, bestDistance < target.count else { return nil }
    return best
}

/// "; did you mean 'x'?" when there is a suggestion, to end a message.
func didYouMean(_ suggestion: String?) -> String {
    suggestion.map { "; did you mean '\($0)'?" } ?? ""
}

/// Levenshtein distance with transpositions counted as one edit (optimal
/// string alignment), stopping early once every path exceeds `limit`.
func editDistance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int {
    if abs(a.count - b.count) > limit { return limit + 1 }
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        var rowMinimum = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                value = min(value, previous2[j - 2] + 1)
            }
            current[j] = value
            rowMinimum = min(rowMinimum, value)
        }
        if rowMinimum > limit { return limit + 1 }
        (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
}
