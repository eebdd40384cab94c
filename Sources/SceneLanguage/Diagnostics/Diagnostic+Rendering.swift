extension Diagnostic {
    /// The text form, like swiftc's: `file:line:column: error: message [code]`,
    /// then the source line and a caret under the range, and the notes, each
    /// in the file its range points into.
    ///
    /// ```
    /// Playgrounds/Quiz.layout:12:11: error: unknown property 'alpah'; did you mean 'alpha'? [unknown-name]
    /// view card alpah 0.5
    ///           ^~~~~
    /// ```
    ///
    /// Nothing from the file reaches the terminal as is: control characters,
    /// bidirectional overrides and the like (``Unicode/Scalar/isUnsafeToShow``)
    /// are shown escaped, `\u{1B}`, in the file name, the message and the
    /// source line (where tabs stay tabs), and every line is bounded: a
    /// message shows at most ``messageLengthLimit`` characters, a source line
    /// a window around the caret.
    ///
    /// A diagnostic of a text written from another file (a scene imported from Swift) is shown where that file
    /// made the line (``inOriginalSource``).
    public var rendered: String {
        guard range.file.generatedFrom == nil && !notes.contains(where: { $0.range?.file.generatedFrom != nil })
        else { return inOriginalSource.rendered }
        // Bytes, made a string once: the header's interpolation and the appends to a string were an eighth of
        // the rendering's instructions (callgrind, the exec fuzz target's corpus).
        var out: [UInt8] = []
        out.reserveCapacity(512)
        Self.appendHeader(range, severity, message, code: code, to: &out)
        // An empty file has no line to show: a diagnostic about the file itself (``file(_:code:reason:)``).
        if !range.file.bytes.isEmpty { Self.appendExcerpt(range, to: &out) }
        for note in notes {
            if let range = note.range {
                Self.appendHeader(range, .note, note.message, to: &out)
                Self.appendExcerpt(range, to: &out)
            } else {
                out.append(contentsOf: "note: ".utf8)
                out.append(contentsOf: escapedForDisplay(note.message, limit: messageLengthLimit).utf8)
                out.append(UInt8(ascii: "\n"))
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `file:line:column: severity: message [code]` and a line break.
    private static func appendHeader(
        _ range: SourceRange, _ severity: Severity, _ message: String, code: DiagnosticCode? = nil,
        to out: inout [UInt8]
    ) {
        let location = range.location
        out.append(contentsOf: escapedForDisplay(range.file.name).utf8)
        out.append(UInt8(ascii: ":"))
        out.append(contentsOf: String(location.line).utf8)
        out.append(UInt8(ascii: ":"))
        out.append(contentsOf: String(location.column).utf8)
        out.append(contentsOf: ": ".utf8)
        out.append(contentsOf: severity.rawValue.utf8)
        out.append(contentsOf: ": ".utf8)
        out.append(contentsOf: escapedForDisplay(message, limit: messageLengthLimit).utf8)
        if let code {
            out.append(contentsOf: " [".utf8)
            out.append(contentsOf: code.rawValue.utf8)
            out.append(UInt8(ascii: "]"))
        }
        out.append(UInt8(ascii: "\n"))
    }

    /// How many characters of a source line are shown before the caret at
    /// most, and how many in all.
    private static let windowBefore = 80
    private static let window = 160

    /// The line of the range's start and a caret line: unsafe characters are
    /// escaped (tabs excepted), the caret line has a tab under each tab
    /// before the caret and a space under every other character shown, so an
    /// escape such as `\u{1B}` moves the caret by its width, and the range is
    /// marked `^~~~` up to the end of that line. A long line (a 10 MB line,
    /// binary garbage) shows only a window around the caret, with `…` where
    /// it is cut. Line 1 is shown without a byte-order mark.
    /// (`plainAllowed: false` makes every line by scalars, for tests that compare the two ways.)
    static func excerpt(_ range: SourceRange, plainAllowed: Bool = true) -> String {
        var out: [UInt8] = []
        appendExcerpt(range, plainAllowed: plainAllowed, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends ``excerpt(_:plainAllowed:)``'s UTF-8: a rendering makes one string of its lines, not one more
    /// for each excerpt.
    static func appendExcerpt(_ range: SourceRange, plainAllowed: Bool = true, to out: inout [UInt8]) {
        let file = range.file
        let bytes = file.bytes
        let number = file.location(of: range.start).line
        let lineStart = number == 1 ? file.textStart : file.lineStarts[number - 1]
        var lineEnd = number < file.lineStarts.count ? file.lineStarts[number] - 1 : bytes.count
        if lineEnd > lineStart && bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
        lineEnd = max(lineEnd, lineStart)
        let caret = min(max(range.start, lineStart), lineEnd)
        // First a window of bytes, so that a 10 MB line costs nothing; escapes
        // then make it wider, and it is narrowed again to characters shown.
        func isContinuation(_ i: Int) -> Bool { i < bytes.count && bytes[i] & 0xC0 == 0x80 }
        var from = max(lineStart, caret - windowBefore)
        while from < caret && isContinuation(from) { from += 1 }
        var to = min(lineEnd, max(from + window, caret))
        while to > caret && to < lineEnd && isContinuation(to) { to -= 1 }
        if plainAllowed,
            appendPlainExcerpt(
                range, bytes, from: from, caret: caret, to: to, lineStart: lineStart, lineEnd: lineEnd, to: &out)
        {
            return
        }
        appendExcerptByScalars(
            range, bytes, from: from, caret: caret, to: to, lineStart: lineStart, lineEnd: lineEnd, to: &out)
    }

    /// ``excerpt(_:)`` of a window of printable ASCII and tabs, the usual source line, which shows as it is,
    /// one column a byte: the same text as ``appendExcerptByScalars``, without a piece made for each character.
    /// False, with nothing appended, for any other window.
    private static func appendPlainExcerpt(
        _ range: SourceRange, _ bytes: [UInt8], from: Int, caret: Int, to: Int, lineStart: Int, lineEnd: Int,
        to out: inout [UInt8]
    ) -> Bool {
        guard bytes[from..<to].allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x09 }) else { return false }
        var start = from
        var cutBefore = from > lineStart
        if caret - start > windowBefore {
            start = caret - windowBefore
            cutBefore = true
        }
        let kept = min(to - caret, window - (caret - start))
        let cutAfter = to < lineEnd || kept < to - caret
        let markedCount = max(1, min(kept, range.end - caret))
        if cutBefore { out.append(contentsOf: ellipsis) }
        out.append(contentsOf: bytes[start..<(caret + kept)])
        if cutAfter { out.append(contentsOf: ellipsis) }
        out.append(UInt8(ascii: "\n"))
        appendCaretLine(
            cutBefore: cutBefore, under: bytes[start..<caret].lazy.map { $0 == 0x09 }, marking: markedCount, to: &out)
        out.append(UInt8(ascii: "\n"))
        return true
    }

    /// `…`, where a line is cut.
    private static let ellipsis: [UInt8] = [0xE2, 0x80, 0xA6]

    /// ``excerpt(_:)`` of any window: a piece for each Unicode scalar, escaped where it is unsafe to show.
    private static func appendExcerptByScalars(
        _ range: SourceRange, _ bytes: [UInt8], from: Int, caret: Int, to: Int, lineStart: Int, lineEnd: Int,
        to out: inout [UInt8]
    ) {
        let before = shownPieces(bytes[from..<caret])
        let after = shownPieces(bytes[caret..<to])
        var beforeWidth = before.reduce(0) { $0 + $1.width }
        var cutBefore = from > lineStart
        var first = 0
        while beforeWidth > windowBefore, first < before.count {
            beforeWidth -= before[first].width
            first += 1
            cutBefore = true
        }
        var kept = 0
        var afterWidth = 0
        while kept < after.count && afterWidth + after[kept].width <= window - beforeWidth {
            afterWidth += after[kept].width
            kept += 1
        }
        let cutAfter = to < lineEnd || kept < after.count
        if appendSimpleExcerpt(
            before[first...], after, kept: kept, caret: caret, end: range.end, cutBefore: cutBefore,
            cutAfter: cutAfter, to: &out)
        {
            return
        }
        let prefix = text(of: before[first...])
        var markedPieces = 0
        var markedBytes = 0
        while markedPieces < kept && caret + markedBytes < range.end {
            markedBytes += after[markedPieces].bytes
            markedPieces += 1
        }
        let markedCount = max(1, text(of: after[..<markedPieces]).count)
        if cutBefore { out.append(contentsOf: ellipsis) }
        out.append(contentsOf: prefix.utf8)
        append(after[..<kept], to: &out)
        if cutAfter { out.append(contentsOf: ellipsis) }
        out.append(UInt8(ascii: "\n"))
        appendCaretLine(cutBefore: cutBefore, under: prefix.lazy.map { $0 == "\t" }, marking: markedCount, to: &out)
        out.append(UInt8(ascii: "\n"))
    }

    /// ``appendExcerptByScalars``'s text when each scalar shown is a character of its own: none that joins the one
    /// before (a combining mark, a joiner, a variation selector, …) or another (a Hangul jamo, a regional
    /// indicator). Then the caret line follows the pieces, a column for each character, without breaking
    /// the text into characters again; false, with nothing appended, for any other window. Every scalar below
    /// U+0300 (escaped ones are shown as ASCII) and the replacement character U+FFFD (what bytes that are not UTF-8
    /// decode to) is one.
    private static func appendSimpleExcerpt(
        _ before: ArraySlice<ShownPiece>, _ after: [ShownPiece], kept: Int, caret: Int, end: Int, cutBefore: Bool,
        cutAfter: Bool, to utf8: inout [UInt8]
    ) -> Bool {
        func isAlone(_ piece: ShownPiece) -> Bool {
            piece.isEscaped || piece.scalar.value < 0x300 || piece.scalar.value == 0xFFFD
        }
        guard before.allSatisfy(isAlone), after[..<kept].allSatisfy(isAlone) else { return false }
        var marked = 0
        var markedBytes = 0
        var k = 0
        while k < kept && caret + markedBytes < end {
            markedBytes += after[k].bytes
            marked += after[k].width
            k += 1
        }
        utf8.reserveCapacity(utf8.count + 3 * (before.count + kept) + 16)
        if cutBefore { utf8.append(contentsOf: ellipsis) }
        append(before, to: &utf8)
        append(after[..<kept], to: &utf8)
        if cutAfter { utf8.append(contentsOf: ellipsis) }
        utf8.append(UInt8(ascii: "\n"))
        if cutBefore { utf8.append(0x20) }
        for piece in before {
            if piece.isEscaped {
                utf8.append(contentsOf: repeatElement(0x20, count: piece.width))
            } else {
                utf8.append(piece.scalar == "\t" ? 0x09 : 0x20)
            }
        }
        utf8.append(UInt8(ascii: "^"))
        utf8.append(contentsOf: repeatElement(UInt8(ascii: "~"), count: max(1, marked) - 1))
        utf8.append(UInt8(ascii: "\n"))
        return true
    }

    /// The line under an excerpt's text: a space for each character shown before the caret (a tab for a tab, so
    /// that the caret lines up however the terminal sets its tabs; one more for the `…` of a cut line), the caret,
    /// and a `~` under each further character the range covers.
    ///
    /// - Parameter under: For each character before the caret, whether it is a tab.
    private static func appendCaretLine(
        cutBefore: Bool, under: some Sequence<Bool>, marking marked: Int, to utf8: inout [UInt8]
    ) {
        if cutBefore { utf8.append(0x20) }
        for isTab in under { utf8.append(isTab ? 0x09 : 0x20) }
        utf8.append(UInt8(ascii: "^"))
        utf8.append(contentsOf: repeatElement(UInt8(ascii: "~"), count: marked - 1))
    }

    /// One Unicode scalar of source text as shown: itself, or its escape if it is unsafe to show (a tab is
    /// kept); with the width shown and the bytes it stands for.
    private struct ShownPiece {
        var scalar: Unicode.Scalar
        var isEscaped: Bool
        var width: Int
        var bytes: Int
    }

    /// Source text as shown, one piece per Unicode scalar, without a string made for each: decoded from the
    /// bytes in place when they are well-formed UTF-8, as a file's always are (``SourceFile`` repairs the
    /// others when it reads them), else through a string, which shows each ill-formed byte as U+FFFD.
    private static func shownPieces(_ bytes: ArraySlice<UInt8>) -> [ShownPiece] {
        var pieces: [ShownPiece] = []
        pieces.reserveCapacity(bytes.count)
        // The standard library's parser, which a string's decoding uses too: the same scalars where the bytes
        // are well formed, and a stop at the first that is not.
        var parser = Unicode.UTF8.ForwardParser()
        var input = bytes.makeIterator()
        while true {
            switch parser.parseScalar(from: &input) {
            case .valid(let encoded):
                pieces.append(piece(Unicode.UTF8.decode(encoded), bytes: encoded.count))
            case .emptyInput:
                return pieces
            case .error:
                pieces.removeAll(keepingCapacity: true)
                for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
                    pieces.append(piece(scalar, bytes: UTF8.width(scalar)))
                }
                return pieces
            }
        }
    }

    /// A scalar as shown: printable ASCII as it is, without asking ``Unicode/Scalar/isUnsafeToShow`` (a call
    /// into another module for each character).
    @inline(__always)
    private static func piece(_ scalar: Unicode.Scalar, bytes: Int) -> ShownPiece {
        let isEscaped =
            !(scalar.value >= 0x20 && scalar.value < 0x7F) && scalar.isUnsafeToShow && scalar != "\t"
        return ShownPiece(
            scalar: scalar, isEscaped: isEscaped, width: isEscaped ? scalar.escapedLength : 1, bytes: bytes)
    }

    /// The text of shown pieces, in one string.
    private static func text(of pieces: ArraySlice<ShownPiece>) -> String {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(pieces.count * 2)
        append(pieces, to: &utf8)
        return String(decoding: utf8, as: UTF8.self)
    }

    /// Appends the UTF-8 of shown pieces.
    private static func append(_ pieces: ArraySlice<ShownPiece>, to utf8: inout [UInt8]) {
        for piece in pieces {
            if piece.isEscaped {
                piece.scalar.appendEscaped(to: &utf8)
            } else if piece.scalar.isASCII {
                utf8.append(UInt8(truncatingIfNeeded: piece.scalar.value))
            } else {
                UTF8.encode(piece.scalar) { utf8.append($0) }
            }
        }
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
