/// A line that `layout-watch` would not write: its reason, and the line.
package struct WatchLineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with the line.
    package enum Reason: Hashable, Sendable {
        /// The line is empty, or starts with a tab.
        case empty
        /// The first field is not a kind `layout-watch` writes.
        case unknownKind(String)
        /// The kind needs a root and a path, and the line has fewer fields.
        case missingField
        /// The line has more than three fields (a path's tabs are escaped).
        case extraField
        /// `overflow` or `ready` with fields after it.
        case unexpectedPath
        /// The root is not a small decimal number.
        case badRoot(String)
        /// A backslash at this byte offset in the line does not start `\\`, `\t`, `\n`, `\r` or `\xNN`.
        case badEscape(offset: Int)
    }

    package var reason: Reason
    /// The line's bytes, without its newline.
    package var line: [UInt8]

    package init(_ reason: Reason, line: [UInt8]) {
        self.reason = reason
        self.line = line
    }

    /// The reason in words, then the line with control characters escaped.
    package var description: String {
        let what =
            switch reason {
            case .empty: "an empty line or kind"
            case .unknownKind(let kind): "unknown kind '\(kind)'"
            case .missingField: "a root and a path are missing"
            case .extraField: "more than three fields"
            case .unexpectedPath: "fields after a kind that takes none"
            case .badRoot(let root): "'\(root)' is not a root index"
            case .badEscape(let offset): "bad escape at byte \(offset)"
            }
        var shown = ""
        for scalar in String(decoding: line, as: UTF8.self).unicodeScalars {
            shown += scalar.value < 0x20 || scalar.value == 0x7F ? scalar.escaped(asASCII: true) : String(scalar)
        }
        return "malformed layout-watch line (\(what)): \(shown)"
    }
}
