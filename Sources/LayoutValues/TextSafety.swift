/// How diagnostics show text from a file without letting it act on the
/// terminal: a control character or a bidirectional override in a scene file
/// must not clear the screen, move the cursor or reorder what is printed
/// ("Trojan Source", CVE-2021-42574), and a name a megabyte long must not
/// become a megabyte-long message.
extension Unicode.Scalar {
    /// Whether a terminal could act on this scalar, or hide it, instead of
    /// showing it: the C0 controls, DEL and the C1 controls (general category
    /// Cc), the bidirectional embeddings, overrides, isolates and marks
    /// (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C), the line and
    /// paragraph separators (U+2028, U+2029) and the invisible U+FEFF.
    package var isUnsafeToShow: Bool {
        switch value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        case 0x2028, 0x2029, 0xFEFF: true
        default: false
        }
    }

    /// The scalar as Swift writes it in a string literal: `\u{1B}`, `\u{202E}`
    /// (upper-case hex digits, at least two).
    package var escaped: String {
        var utf8: [UInt8] = []
        appendEscaped(to: &utf8)
        return String(decoding: utf8, as: UTF8.self)
    }

    /// Appends the UTF-8 of ``escaped``, without making a string: garbage shown in a diagnostic escapes most of
    /// its characters.
    package func appendEscaped(to utf8: inout [UInt8]) {
        utf8.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "{")])
        var digits = max(escapedLength - 4, 2)
        while digits > 0 {
            digits -= 1
            let nibble = UInt8((value >> (4 * UInt32(digits))) & 0xF)
            utf8.append(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10)
        }
        utf8.append(UInt8(ascii: "}"))
    }

    /// The characters of ``escaped``, counted without making it: `\u{`, the hex digits (two at least), `}`.
    package var escapedLength: Int {
        var digits = 1
        while value >> (4 * UInt32(digits)) != 0 { digits += 1 }
        return 4 + max(digits, 2)
    }
}

/// How many characters of a name or token a message quotes; a longer one is
/// cut, with `…`.
package let quotedLengthLimit = 40

/// A name or token from the file, in single quotes, for a message: unsafe
/// characters escaped (``Unicode/Scalar/isUnsafeToShow``) and anything after
/// the first ``quotedLengthLimit`` characters replaced by `…`, so that
/// `unknown name 'xxxx…'` stays short however long the name is.
package func quoted(_ text: some StringProtocol) -> String {
    // Names, the usual case, are short printable ASCII and quoted as they are.
    if text.utf8.count <= quotedLengthLimit && text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
        return "'\(text)'"
    }
    // At most twice as many scalars, for characters of many scalars each.
    let shown = text.prefix(quotedLengthLimit).unicodeScalars.prefix(2 * quotedLengthLimit)
    let isCut = shown.endIndex < text.endIndex
    var out = "'"
    for scalar in shown {
        if scalar.isUnsafeToShow { out += scalar.escaped } else { out.unicodeScalars.append(scalar) }
    }
    return out + (isCut ? "…'" : "'")
}

/// How many characters of a message a rendered diagnostic shows at
/// most; messages quote names with ``quoted(_:)``, so only a message that
/// quotes a name some other way can reach this.
package let messageLengthLimit = 500

/// Text of a message or a file name as shown: unsafe characters (``Unicode/Scalar/isUnsafeToShow``) escaped,
/// and cut with `…` once `limit` characters are shown.
///
/// Printable ASCII within the limit, as every message and most file names are, is shown as it is, found by one
/// pass over its bytes. Other text is read through the string's own scalars and written as bytes: through a
/// substring's, which checks each index, and a string grown a scalar at a time, a message quoting a line of
/// garbage took about 9,000 instructions (callgrind, `layoutctl check` of the `exec` fuzz corpus's garbage).
package func escapedForDisplay(_ text: String, limit: Int = .max) -> String {
    let isPlainASCII = text.utf8.withContiguousStorageIfAvailable { bytes in
        bytes.count <= limit && !bytes.contains { $0 < 0x20 || $0 >= 0x7F }
    }
    if isPlainASCII == true { return text }
    var count = 0
    let isPlain = !text.unicodeScalars.contains { scalar in
        count += 1
        return count > limit || scalar.isUnsafeToShow
    }
    if isPlain { return text }
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count + 16)
    var width = 0
    for scalar in text.unicodeScalars {
        width += scalar.isUnsafeToShow ? scalar.escapedLength : 1
        if width > limit { return String(decoding: out, as: UTF8.self) + "…" }
        if scalar.isUnsafeToShow {
            scalar.appendEscaped(to: &out)
        } else {
            UTF8.encode(scalar) { out.append($0) }
        }
    }
    return String(decoding: out, as: UTF8.self)
}

/// ``escapedForDisplay(_:limit:)-(String,_)`` of any text: of a substring, the string it makes.
package func escapedForDisplay(_ text: some StringProtocol, limit: Int = .max) -> String {
    escapedForDisplay(String(text), limit: limit)
}

/// Text for a terminal, whole lines of it: as ``escapedForDisplay(_:limit:)``, but new lines and tabs stay as
/// they are. What the command-line tools print (a daemon's messages, names, texts and rendered diagnostics,
/// their own arguments) goes through it, so nothing they print can retitle, clear or reorder the terminal.
package func escapedForTerminal(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0.isUnsafeToShow && $0 != "\n" && $0 != "\t" }) else {
        return text
    }
    var out = ""
    for scalar in text.unicodeScalars {
        if scalar.isUnsafeToShow && scalar != "\n" && scalar != "\t" {
            out += scalar.escaped
        } else {
            out.unicodeScalars.append(scalar)
        }
    }
    return out
}
