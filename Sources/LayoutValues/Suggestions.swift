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
        // Names are ASCII, whose lower case has as many bytes: skip the far ones before lowering them.
        if abs(candidate.utf8.count - target.count) > 4 { continue }
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

/// Levenshtein distance with transpositions counted as one edit (optimal
/// string alignment), or `limit + 1` when it is above `limit`. Only the band
/// of cells within `limit` of the diagonal is computed (the others are above
/// `limit`), and it stops once a whole row is above `limit`: linear in the
/// length, so two similar names a megabyte long cost a few megabytes of work,
/// not a trillion.
package func editDistance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int {
    if abs(a.count - b.count) > limit { return limit + 1 }
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    let outside = limit + 1
    var previous2 = [Int](repeating: outside, count: b.count + 1)
    var previous = (0...b.count).map { min($0, outside) }
    var current = [Int](repeating: outside, count: b.count + 1)
    for i in 1...a.count {
        let low = max(1, i - limit)
        let high = min(b.count, i + limit)
        current[0] = min(i, outside)
        current[low - 1] = low == 1 ? current[0] : outside
        if high < b.count { current[high + 1] = outside }
        var rowMinimum = current[low - 1]
        for j in low...high {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                value = min(value, previous2[j - 2] + 1)
            }
            current[j] = min(value, outside)
            rowMinimum = min(rowMinimum, current[j])
        }
        if rowMinimum > limit { return outside }
        (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
}
