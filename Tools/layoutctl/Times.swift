import ArgumentParser

/// Scene times on the command line: seconds from 0 to a limit (3600 unless
/// a command says less), checked with messages that name the bad part.
enum Times {
    static let limit = 3600.0

    /// `0,0.25,0.5`: times that increase, each from 0 to `limit`.
    ///
    /// - Throws: A `ValidationError` naming the first empty entry, entry that
    ///   is not a number, time out of range, or time not after the one before.
    static func parseList(_ text: String, option: String) throws -> [Double] {
        let prefix = "\(option) '\(text)': "
        guard text.contains(where: { $0 != " " }) else {
            throw ValidationError(prefix + "no times; write them as 0,0.25,0.5")
        }
        var times: [(text: String, value: Double)] = []
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        for (number, raw) in parts.enumerated() {
            let part = raw.filter { $0 != " " }
            guard !part.isEmpty else {
                throw ValidationError(
                    prefix + "time \(number + 1) of \(parts.count) is empty; separate times with single commas, "
                        + "as 0,0.25,0.5")
            }
            guard let value = Double(part), !value.isNaN else {
                throw ValidationError(prefix + "'\(part)' is not a time in seconds; write times as 0,0.25,0.5")
            }
            if let problem = rangeProblem(value, shown: part) { throw ValidationError(prefix + problem) }
            if let last = times.last, value <= last.value {
                let problem =
                    value == last.value
                    ? "\(part) is given twice; times must increase"
                    : "times must increase: \(part) comes after \(last.text)"
                throw ValidationError(prefix + problem)
            }
            times.append((part, value))
        }
        return times.map(\.value)
    }

    /// Checks that a time is from 0 to `limit`.
    ///
    /// - Throws: A `ValidationError` naming the option and the time.
    static func check(_ value: Double, option: String, limit: Double = limit) throws {
        if let problem = rangeProblem(value, limit: limit) { throw ValidationError("\(option) " + problem) }
    }

    /// Why a time is out of range, or nil when it is from 0 to `limit`.
    static func rangeProblem(_ value: Double, shown: String? = nil, limit: Double = limit) -> String? {
        guard !(value.isFinite && value >= 0 && value <= limit) else { return nil }
        return "\(shown ?? seconds(value)) is out of range; times are seconds from 0 to \(seconds(limit))"
    }
}

/// Seconds as messages show them: `10`, not `10.0`, and to 9 decimals, as frames show times.
func seconds(_ value: Double) -> String {
    guard value.isFinite, abs(value) < 1e9 else { return String(value) }
    let rounded = (value * 1e9).rounded() / 1e9
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
}
