/// Text made safe for an XML document.
package enum XML {
    /// `text` escaped for element content and for attribute values in double or single quotes.
    ///
    /// `&`, `<`, `>`, `"` and `'` become entities. Characters that XML 1.0 does not allow at all (control
    /// characters other than tab, line feed and carriage return, and U+FFFE and U+FFFF) become U+FFFD, the
    /// replacement character, since no escape can carry them.
    package static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `text` cut to at most `limit` characters, the last of them an ellipsis when it was longer.
    package static func truncated(_ text: String, to limit: Int) -> String {
        guard text.count > limit, limit > 0 else { return text }
        return String(text.prefix(limit - 1)) + "…"
    }
}
