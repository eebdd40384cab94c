extension Diagnostic {
    /// The text form, like swiftc's: `file:line:column: error: message [code]`,
    /// then the source line and a caret under the range, and the notes.
    ///
    /// ```
    /// Playgrounds/Quiz.layout:12:11: error: unknown property 'alpah'; did you mean 'alpha'? [unknown-name]
    /// view card alpah 0.5
    ///           ^~~~~
    /// ```
    public func rendered(in file: SourceFile) -> String {
        var out = Self.header(file, range, severity, message + " [\(code.rawValue)]")
        out += Self.excerpt(file, range)
        for note in notes {
            if let range = note.range {
                out += Self.header(file, range, .note, note.message)
                out += Self.excerpt(file, range)
            } else {
                out += "note: \(note.message)\n"
            }
        }
        return out
    }

    private static func header(_ file: SourceFile, _ range: SourceRange, _ severity: Severity, _ message: String)
        -> String
    {
        "\(file.name):\(file.location(of: range.start)): \(severity.rawValue): \(message)\n"
    }

    /// The line of the range's start and a caret line: tabs in the prefix stay
    /// tabs, other characters become one space each, and the range is marked
    /// `^~~~` up to the end of that line. A long line (a 10 MB line, binary
    /// garbage) shows only a window around the caret, with `…` where it is cut.
    private static func excerpt(_ file: SourceFile, _ range: SourceRange) -> String {
        let bytes = file.bytes
        let number = file.location(of: range.start).line
        let lineStart = file.lineStarts[number - 1]
        var lineEnd = number < file.lineStarts.count ? file.lineStarts[number] - 1 : bytes.count
        if lineEnd > lineStart && bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
        let caret = min(max(range.start, lineStart), lineEnd)
        func isContinuation(_ i: Int) -> Bool { i < bytes.count && bytes[i] & 0xC0 == 0x80 }
        var from = max(lineStart, caret - 80)
        while from < caret && isContinuation(from) { from += 1 }
        var to = min(lineEnd, max(from + 160, caret))
        while to > caret && to < lineEnd && isContinuation(to) { to -= 1 }
        let shown = String(decoding: bytes[from..<to], as: UTF8.self)
        let prefix = String(decoding: bytes[from..<caret], as: UTF8.self)
        let markedEnd = min(max(range.end, caret + 1), lineEnd, to)
        let markedCount = caret < markedEnd ? String(decoding: bytes[caret..<markedEnd], as: UTF8.self).count : 1
        var caretLine = from > lineStart ? " " : ""
        for character in prefix { caretLine += character == "\t" ? "\t" : " " }
        caretLine += "^" + String(repeating: "~", count: max(0, markedCount - 1))
        return (from > lineStart ? "…" : "") + shown + (to < lineEnd ? "…" : "") + "\n" + caretLine + "\n"
    }
}

extension Array where Element == Diagnostic {
    /// Whether any of these is an error.
    public var hasErrors: Bool { contains { $0.severity == .error } }
}

extension Array where Element == Diagnostic {
    /// The diagnostics in the order of the file, as a compiler lists them;
    /// diagnostics at the same place keep their order.
    public func sortedByLocation() -> [Diagnostic] {
        enumerated().sorted { ($0.element.range.start, $0.offset) < ($1.element.range.start, $1.offset) }.map(\.element)
    }
}
