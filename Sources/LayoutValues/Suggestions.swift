/// "Did you mean": the candidate nearest to a misspelled name, if it is near
/// enough: at most one edit per three characters of the name (at least one,
/// at most three), and fewer edits than the name has characters. A swapped
/// pair counts as one edit, so `alpah` finds `alpha` and `veiw` finds
/// `view`, but `fade` does not find `pause`.
public func nearestName(to name: String, among candidates: some Sequence<String>) -> String? {
    let target = lowercasedBytes(name)
    // A candidate further than this is never suggested, so no distance past it is worked out.
    let allowed = min(3, max(1, target.count / 3), target.count - 1)
    guard allowed >= 0 else { return nil }
    var best: String? = nil
    var bestDistance = allowed + 1
    for candidate in candidates {
        // Names are ASCII, whose lower case has as many bytes: the far ones are skipped before they are lowered.
        if abs(candidate.utf8.count - target.count) > allowed { continue }
        let d = editDistance(target, lowercasedBytes(candidate), limit: allowed)
        if d < bestDistance {
            bestDistance = d
            best = candidate
        }
    }
    return best
}

/// The UTF-8 of a name in lower case: ASCII lowered a byte at a time, anything else as `lowercased()` has it.
private func lowercasedBytes(_ name: String) -> [UInt8] {
    var bytes = Array(name.utf8)
    guard bytes.allSatisfy({ $0 < 0x80 }) else { return Array(name.lowercased().utf8) }
    for i in bytes.indices where (0x41...0x5A).contains(bytes[i]) { bytes[i] |= 0x20 }
    return bytes
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
