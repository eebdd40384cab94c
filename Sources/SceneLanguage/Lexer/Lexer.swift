import LayoutValues

/// Splits a scene file into tokens, reporting every lexical problem as a
/// diagnostic and going on: an invalid character is skipped, an unterminated
/// string ends at the end of its line. Never traps, on any bytes.
package struct Lexer {
    private let file: SourceFile
    /// The file's bytes, for as long as ``lex(_:reusing:)`` runs the lexer. A buffer, not the array: reading
    /// a byte is a load, without the array's bounds check and uniqueness (every read is within bounds by the
    /// loops' own conditions), and the lexer's state is a few words smaller to pass around.
    private let bytes: UnsafeBufferPointer<UInt8>
    private var i = 0
    private var tokens: [LexedToken] = []
    private var diagnostics: [Diagnostic] = []
    /// The identifiers' names: first the five words that declare views (``viewWords``), then the others in
    /// the order they were read; a short name once, in the order first read, its index shared by every
    /// occurrence of the same spelling (see ``ShortNameTable``).
    private var names: [String] = []
    private var shortNames: ShortNameTable
    /// How many identifiers are a view's keyword (``viewWords``): about how many views the file declares.
    private var viewWordCount = 0
    /// The names below this index are ``viewWords``.
    private var viewWordLimit = 0
    /// The strings' values, decoded.
    private var strings: [String] = []
    /// The lines a previous parse kept, to stand for by one token each.
    private let reuse: ParseReuse?
    /// How many `{` are open, `}` having closed them, outside strings and comments: a line is looked up in
    /// ``reuse`` only at depth 0.
    private var braceDepth = 0
    /// Where each problem of a line's characters starts, in order, reported or past the limit.
    private var problemStarts: [Int] = []
    private var reusedLines = 0
    /// The previous parse's bytes, and the effect of the line that most likely comes next: the one after the
    /// line last reused, as most lines of a save follow each other as before.
    private let previousBytes: [UInt8]
    /// ``reuse``'s lines, and whether there is one, taken out once: read at every line start, through the
    /// optional ``ParseReuse`` they cost a reference counted each time (measured: 5–10 % more per reload).
    private let previousEffects: [LineEffect]
    private let reuses: Bool
    private var predicted = 0

    /// The tokens of a file, ending with `.endOfFile`, and the lexical diagnostics.
    package static func tokenize(_ file: SourceFile) -> (tokens: [Token], diagnostics: [Diagnostic]) {
        let lexed = lex(file, reusing: nil)
        return (lexed.tokens.map(lexed.token(_:)), lexed.diagnostics)
    }

    /// Lexes a file as a parse does, without making ``Token``s of what it read: how many tokens it holds. For
    /// measuring the lexer's share of a parse.
    package static func countTokens(_ file: SourceFile) -> Int {
        lex(file, reusing: nil).tokens.count
    }

    /// A file's tokens for a parse: a line at the top level (outside any `{ … }`) whose bytes are those of a line
    /// `reuse` kept is one `.reusedLine` token, not lexed.
    static func lex(_ file: SourceFile, reusing reuse: ParseReuse?) -> LexedFile {
        file.bytes.withUnsafeBufferPointer { bytes in
            var lexer = Lexer(file: file, bytes: bytes, reuse: reuse)
            lexer.run()
            return LexedFile(
                file: file, tokens: lexer.tokens, names: lexer.names, strings: lexer.strings,
                diagnostics: lexer.diagnostics, problemStarts: lexer.problemStarts, reusedLines: lexer.reusedLines,
                viewWordCount: lexer.viewWordCount)
        }
    }

    private init(file: SourceFile, bytes: UnsafeBufferPointer<UInt8>, reuse: ParseReuse?) {
        self.file = file
        self.bytes = bytes
        self.reuse = reuse
        self.previousBytes = reuse?.file.bytes ?? []
        self.previousEffects = reuse?.effects ?? []
        self.reuses = reuse != nil
        self.shortNames = ShortNameTable(expected: bytes.count / 64)
        // The words that declare views take the first indices, so that counting them is a comparison.
        for word in Lexer.viewWords {
            var spelling = word
            spelling.withUTF8 { bytes in
                let key = ShortNameTable.key(of: 0..<bytes.count, in: bytes)
                guard case .absent(let slot) = shortNames.index(of: key) else { return }
                names.append(word)
                shortNames.enter(key, index: names.count - 1, at: slot)
            }
        }
        viewWordLimit = names.count
    }

    /// The keywords that declare a view, which the lexer enters first, at indices `0..<viewWords.count`.
    private static let viewWords = ViewKind.allCases.map(\.rawValue)

    private mutating func run() {
        // A binary file is refused in one line, not reported byte by byte.
        if SourceFile.looksBinary(bytes), let nul = bytes.firstIndex(of: 0) {
            report(
                .error(
                    .invalidCharacter,
                    "the file is not text: it holds NUL bytes (a binary file?); scene files are UTF-8 text",
                    at: .at(nul, in: file)))
            tokens.append(LexedToken(.endOfFile, from: bytes.count, to: bytes.count))
            return
        }
        if let offset = file.firstInvalidByte {
            report(
                .error(
                    .invalidUTF8, "the file is not valid UTF-8; save it as UTF-8 (invalid bytes read as U+FFFD)",
                    at: .at(offset, in: file)), inLine: false)
        }
        // A byte-order mark, which some editors write, is not part of the scene.
        i = file.textStart
        // Scene text holds a token every four bytes or so (a constraint's line
        // one every three or four): reserving for one every three spares the
        // array's regrowth, which copies every token so far.
        tokens.reserveCapacity(bytes.count / 3 + 1)
        if reuses { reuseLine() }
        while i < bytes.count {
            let start = i
            let byte = bytes[i]
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                i = Lexer.end(of: bytes, from: i + 1) {
                    $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r")
                }
            case UInt8(ascii: "\n"):
                i += 1
                emit(.newline, from: start)
                if reuses && braceDepth == 0 { reuseLine() }
            case UInt8(ascii: "#"):
                if isColorContext { lexColor() } else { skipComment() }
            case UInt8(ascii: "\""):
                lexString()
            case 0xE2 where peek(1) == 0x80 && peek(2) == 0x9C:
                report(
                    .error(
                        .invalidCharacter, "'“' is a curly quote; strings use straight quotes '\"'",
                        at: SourceRange(start: i, end: i + 3, in: file), suggestion: "\""))
                lexString(opening: 3)
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                lexNumber()
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
                i = Lexer.identifierEnd(in: bytes, from: i + 1)
                if Lexer.startsVisualFormat(bytes, from: start, to: i) {
                    lexVisualFormat(from: start)
                } else {
                    let index = nameIndex(from: start)
                    if index < viewWordLimit { viewWordCount += 1 }
                    emit(.identifier, from: start, payload: UInt64(index))
                }
            // The punctuation of every anchor and call, a token of one character whatever follows it: here, without
            // ``lexPunctuation()``'s second dispatch.
            case UInt8(ascii: "."): emitCharacter(.dot)
            case UInt8(ascii: "("): emitCharacter(.leftParen)
            case UInt8(ascii: ")"): emitCharacter(.rightParen)
            case UInt8(ascii: ","): emitCharacter(.comma)
            default:
                lexPunctuation()
            }
        }
        tokens.append(LexedToken(.endOfFile, from: bytes.count, to: bytes.count))
    }

    /// Records a lexical diagnostic, up to ``diagnosticLimit``; one about a line's characters (`inLine`) marks
    /// the line as not to be reused, past the limit too.
    private mutating func report(_ diagnostic: Diagnostic, inLine: Bool = true) {
        if inLine { problemStarts.append(diagnostic.range.start) }
        diagnostics.record(diagnostic, limitNote: "too many errors; the rest of the file's characters are not reported")
    }

    /// At the start of a line: when ``reuse`` kept a line of the same bytes, one token for the whole line,
    /// up to its line break.
    private mutating func reuseLine() {
        let buffer = UnsafeRawBufferPointer(bytes)
        let end = LineEffect.lineEnd(in: buffer, from: i)
        guard end > i else { return }
        // Most likely the line after the one last reused, as most lines of a save follow each other as before.
        var found: Int? = nil
        if predicted < previousEffects.count {
            let next = previousEffects[predicted]
            if next.lineEnd - next.lineStart == end - i
                && previousBytes.withUnsafeBytes({ previous in
                    LineEffect.equal(buffer, from: i, previous, from: next.lineStart, count: end - i)
                })
            {
                found = predicted
            }
        }
        guard let effect = found ?? reuse?.effect(ofLineFrom: i, to: end, in: buffer) else { return }
        predicted = effect + 1
        tokens.append(LexedToken(.reusedLine, from: i, to: end, payload: UInt64(effect)))
        reusedLines += 1
        i = end
    }

    private mutating func emit(_ kind: LexedToken.Kind, from start: Int, payload: UInt64 = 0) {
        tokens.append(LexedToken(kind, from: start, to: i, payload: payload))
    }

    /// Emits the character the lexer stands on as a token of this kind, and moves past it.
    @inline(__always)
    private mutating func emitCharacter(_ kind: LexedToken.Kind) {
        i += 1
        emit(kind, from: i - 1)
    }

    /// Emits a string token of this value.
    private mutating func emitString(_ value: String, from start: Int) {
        strings.append(value)
        emit(.string, from: start, payload: UInt64(strings.count - 1))
    }

    /// The range from `start` to where the lexer stands.
    private func range(from start: Int) -> SourceRange {
        SourceRange(start: start, end: i, in: file)
    }

    private func peek(_ offset: Int = 0) -> UInt8? {
        i + offset < bytes.count ? bytes[i + offset] : nil
    }

    /// The text from `start` to where the lexer stands. Made from a buffer
    /// rather than a slice, which takes the generic (and much slower) path of
    /// `String(decoding:as:)`.
    private func text(from start: Int) -> String {
        text(from: start, to: i)
    }

    private func text(from start: Int, to end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// The index in ``names`` of the identifier read from `start` to `i`, its name entered if it is new or long.
    /// Inlined in the one place that reads identifiers: as a call, saving and restoring the lexer's registers
    /// was a sixth of its cost for a name seen before.
    @inline(__always)
    private mutating func nameIndex(from start: Int) -> Int {
        guard i - start <= ShortNameTable.longest else { return enterName(from: start, key: nil) }
        let key = ShortNameTable.key(of: start..<i, in: bytes)
        switch shortNames.index(of: key) {
        case .found(let index): return index
        case .absent(let slot): return enterName(from: start, key: (key, slot))
        }
    }

    /// Enters a name not read before (or too long for the short-name table): its index.
    private mutating func enterName(from start: Int, key: (key: (low: UInt64, high: UInt64), slot: Int)?) -> Int {
        names.append(text(from: start))
        if let key { shortNames.enter(key.key, index: names.count - 1, at: key.slot) }
        return names.count - 1
    }

    /// Where the bytes from `start` on stop satisfying `predicate`: a run of them scanned with the offset in a
    /// register. Stepping ``i`` byte by byte read and wrote it through `self` at each byte.
    ///
    /// Static, as the other helpers the main loop calls are: a method that is not inlined is given the
    /// lexer's state copied, 136 bytes at each call (measured: a copy for every identifier).
    @inline(__always)
    private static func end(
        of bytes: UnsafeBufferPointer<UInt8>, from start: Int, while predicate: (UInt8) -> Bool
    ) -> Int {
        var end = start
        while end < bytes.count && predicate(bytes[end]) { end += 1 }
        return end
    }

    /// Where the identifier bytes from `start` on end: eight at a time while eight are left
    /// (``identifierBytes(in:)``), then one at a time. Most of a file's bytes are in identifiers, whose
    /// bytes a loop of ``isIdentifierByte(_:)`` took one by one, at about eleven instructions each.
    @inline(__always)
    static func identifierEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var end = start
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while end + 8 <= bytes.count {
                let run = identifierBytes(
                    in: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: end, as: UInt64.self)))
                end += run
                if run < 8 { return end }
            }
        }
        while end < bytes.count && isIdentifierByte(bytes[end]) { end += 1 }
        return end
    }

    /// How many of a word's eight bytes, from its lowest, may continue an identifier (``isIdentifierByte(_:)``),
    /// all tested at once: each byte, its top bit set, less a bound, keeps its top bit exactly when it is at
    /// least the bound (no byte borrows from the next, as every bound is below 0x80); a byte whose own top bit
    /// was set (not ASCII) is in no range.
    @inline(__always)
    static func identifierBytes(in word: UInt64) -> Int {
        let tops: UInt64 = 0x8080_8080_8080_8080
        let ones: UInt64 = 0x0101_0101_0101_0101
        let raised = word | tops
        @inline(__always) func atLeast(_ bound: UInt64) -> UInt64 { raised &- ones &* bound }
        let digits = atLeast(0x30) & ~atLeast(0x3A)
        let upper = atLeast(0x41) & ~atLeast(0x5B)
        let underscore = atLeast(0x5F) & ~atLeast(0x60)
        let lower = atLeast(0x61) & ~atLeast(0x7B)
        let identifier = (digits | upper | underscore | lower) & ~word & tops
        // The first byte that is not: the lowest top bit left in the complement (none: all eight are).
        return ((~identifier) & tops).trailingZeroBitCount >> 3
    }

    /// Whether a byte may continue an identifier: `[A-Za-z0-9_]`. A bit of
    /// one of two constant words, not a table (a global table is initialised
    /// lazily, and every read of it would go through that check) nor four
    /// comparisons: the identifier loop runs for most of a file's bytes.
    @inline(__always)
    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        // Bits 48–57 of the first word are the digits; bits 1–26, 31 and 33–58 of the second are
        // `A`–`Z`, `_` and `a`–`z` (65–90, 95, 97–122).
        let word: UInt64 = byte < 64 ? 0x03FF_0000_0000_0000 : 0x07FF_FFFE_87FF_FFFE
        return byte < 128 && (word >> UInt64(byte & 63)) & 1 != 0
    }

    // MARK: Visual format lines

    /// Whether the identifier just read, from `start` to where the lexer
    /// stands, opens a visual format line: `H` or `V`, then `:` and `|` or `[`
    /// with no space between. `H: card.top == …`, a constraint named `H`,
    /// has a space, and a constraint's anchor never starts with `|` or `[`.
    private static func startsVisualFormat(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        guard end == start + 1, bytes[start] == UInt8(ascii: "H") || bytes[start] == UInt8(ascii: "V"),
            end + 1 < bytes.count
        else {
            return false
        }
        return bytes[end] == UInt8(ascii: ":")
            && (bytes[end + 1] == UInt8(ascii: "|") || bytes[end + 1] == UInt8(ascii: "["))
    }

    /// A visual format line from its `H` or `V` up to white space, `;`, `#`,
    /// `}` or the end of the file: one token, which the parser reads character
    /// by character, so that a diagnostic can point inside it.
    private mutating func lexVisualFormat(from start: Int) {
        while let byte = peek(), !endsVisualFormat(byte) { i += 1 }
        emit(.visualFormat, from: start)
    }

    /// Whether a byte ends a visual format line: white space, `;`, `#` or `}`.
    private func endsVisualFormat(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: ";"),
            UInt8(ascii: "#"), UInt8(ascii: "}"):
            true
        default: false
        }
    }

    // MARK: Comments and colours

    /// `#` starts a comment, except right after `color` or `color =` (`textcolor`, `textcolor =`), where
    /// `#rrggbb` is a colour.
    private var isColorContext: Bool {
        func isColorWord(_ token: LexedToken) -> Bool {
            token.kind == .identifier && (names[token.index] == "color" || names[token.index] == "textcolor")
        }
        guard let last = tokens.last else { return false }
        if isColorWord(last) { return true }
        if last.kind == .equal, tokens.count >= 2, isColorWord(tokens[tokens.count - 2]) { return true }
        return false
    }

    private mutating func skipComment() {
        while i < bytes.count && bytes[i] != UInt8(ascii: "\n") { i += 1 }
    }

    private mutating func lexColor() {
        let start = i
        i += 1
        guard let next = peek(), Lexer.isIdentifierByte(next) else {
            // `color # a comment`: a comment after all; the parser reports the missing colour.
            i = start
            skipComment()
            return
        }
        while i < bytes.count && Lexer.isIdentifierByte(bytes[i]) { i += 1 }
        let digits = bytes[(start + 1)..<i]
        if digits.count == 6, let value = UInt32(String(decoding: digits, as: UTF8.self), radix: 16) {
            emit(.color, from: start, payload: UInt64(value))
        } else {
            let text = String(decoding: bytes[start..<i], as: UTF8.self)
            report(
                .error(
                    .invalidColor, "\(quoted(text)) is not a colour; expected '#' and six hex digits, as '#ff8800'",
                    at: range(from: start)))
            emit(.color, from: start)
        }
    }

    // MARK: Strings

    /// A string from its opening quote (`"`, or a curly `“` of three bytes,
    /// already reported) to a closing `"` (or `”` after `“`).
    private mutating func lexString(opening: Int = 1) {
        let start = i
        // Most strings have no escape and end on their line: their text is
        // taken from the file's bytes as it stands, without collecting it.
        if opening == 1, let end = Lexer.plainStringEnd(bytes, from: i + 1) {
            i += 1
            let value = text(from: i, to: end)
            i = end + 1
            emitString(value, from: start)
            return
        }
        i += opening
        var value: [UInt8] = []
        while true {
            if opening == 3 && peek() == 0xE2 && peek(1) == 0x80 && peek(2) == 0x9D {
                i += 3
                break
            }
            guard let byte = peek(), byte != UInt8(ascii: "\n") else {
                report(
                    .error(
                        .unterminatedString, "unterminated string; add '\"' before the end of the line",
                        at: range(from: start)))
                break
            }
            i += 1
            if byte == UInt8(ascii: "\"") { break }
            guard byte == UInt8(ascii: "\\") else {
                value.append(byte)
                continue
            }
            switch peek() {
            case UInt8(ascii: "\""): value.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): value.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "n"): value.append(UInt8(ascii: "\n"))
            case nil, UInt8(ascii: "\n"):
                continue
            case let other?:
                let escape = String(decoding: [UInt8(ascii: "\\"), other], as: UTF8.self)
                report(
                    .error(
                        .invalidEscape, "invalid escape \(quoted(escape)) in a string; use '\\\"', '\\\\' or '\\n'",
                        at: SourceRange(start: i - 1, end: i + 1, in: file)))
                value.append(other)
            }
            i += 1
        }
        emitString(String(decoding: value, as: UTF8.self), from: start)
    }

    /// The offset of the `"` that closes a string whose text starts at
    /// `offset`, when nothing before it is a `\` or a line end; else nil.
    private static func plainStringEnd(_ bytes: UnsafeBufferPointer<UInt8>, from offset: Int) -> Int? {
        var end = offset
        while end < bytes.count {
            switch bytes[end] {
            case UInt8(ascii: "\""): return end
            case UInt8(ascii: "\\"), UInt8(ascii: "\n"): return nil
            default: end += 1
            }
        }
        return nil
    }

    // MARK: Numbers

    private mutating func lexNumber() {
        let start = i
        while let b = peek(), b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") { i += 1 }
        if peek() == UInt8(ascii: "."), let d = peek(1), d >= UInt8(ascii: "0") && d <= UInt8(ascii: "9") {
            i += 1
            while let b = peek(), b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") { i += 1 }
        }
        if let value = Lexer.exactValue(bytes, from: start, to: i), NumberLimits.contains(value) {
            emit(.number, from: start, payload: value.bitPattern)
            return
        }
        let text = text(from: start)
        guard let value = Double(text), NumberLimits.contains(value) else {
            report(
                .error(
                    .tooLarge,
                    "number \(quoted(text)) is too large; "
                        + "numbers are at most \(NumberLimits.largestText)", at: range(from: start)))
            emit(.number, from: start, payload: Double(0).bitPattern)
            return
        }
        emit(.number, from: start, payload: value.bitPattern)
    }

    /// The value of the number from `start` to `end`,
    /// when arithmetic on its digits gives it exactly, without making a
    /// string for `Double(_:)`: at most 15 digits in all, leading zeros
    /// included (`12`, `0.5`, `375`), as nearly every number written is. The
    /// digits make an integer below 2^53 and the power of ten is below 10^22, so
    /// both are exact doubles and one division rounds correctly: the same
    /// double `Double(_:)` reads. Nil for other numbers.
    private static func exactValue(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Double? {
        var digits: Int64 = 0
        var count = 0
        var decimals = 0
        var afterPoint = false
        for offset in start..<end {
            let byte = bytes[offset]
            if byte == UInt8(ascii: ".") {
                afterPoint = true
                continue
            }
            count += 1
            if afterPoint { decimals += 1 }
            digits = digits &* 10 &+ Int64(byte &- UInt8(ascii: "0"))
        }
        guard count <= 15 else { return nil }
        return decimals == 0 ? Double(digits) : Double(digits) / exactPowersOfTen[decimals]
    }

    // MARK: Punctuation

    private mutating func lexPunctuation() {
        let start = i
        let byte = bytes[i]
        i += 1
        let next = peek()
        let kind: LexedToken.Kind?
        switch byte {
        case UInt8(ascii: "{"):
            kind = .leftBrace
            braceDepth += 1
        case UInt8(ascii: "}"):
            kind = .rightBrace
            braceDepth = max(0, braceDepth - 1)
        case UInt8(ascii: "("): kind = .leftParen
        case UInt8(ascii: ")"): kind = .rightParen
        case UInt8(ascii: "["): kind = .leftBracket
        case UInt8(ascii: "]"): kind = .rightBracket
        case UInt8(ascii: ","): kind = .comma
        case UInt8(ascii: "."): kind = .dot
        case UInt8(ascii: ":"): kind = .colon
        case UInt8(ascii: ";"): kind = .semicolon
        case UInt8(ascii: "@"): kind = .at
        case UInt8(ascii: "*"): kind = .star
        case UInt8(ascii: "/"): kind = .slash
        case UInt8(ascii: "="):
            if next == UInt8(ascii: "=") { i += 1; kind = .equalEqual } else { kind = .equal }
        case UInt8(ascii: "+"):
            if next == UInt8(ascii: "=") { i += 1; kind = .plusEqual } else { kind = .plus }
        case UInt8(ascii: "-"):
            if next == UInt8(ascii: "=") { i += 1; kind = .minusEqual } else { kind = .minus }
        case UInt8(ascii: ">"), UInt8(ascii: "<"):
            if next == UInt8(ascii: "=") {
                i += 1
                kind = byte == UInt8(ascii: ">") ? .greaterEqual : .lessEqual
            } else {
                let symbol = byte == UInt8(ascii: ">") ? ">" : "<"
                report(
                    .error(
                        .invalidCharacter,
                        "'\(symbol)' is not a relation; constraints use '\(symbol)=', '==' "
                            + "(Auto Layout has no strict inequalities)", at: range(from: start),
                        suggestion: symbol + "="))
                kind = byte == UInt8(ascii: ">") ? .greaterEqual : .lessEqual
            }
        case 0xC2 where next == 0xB1:
            i += 1
            kind = .plusMinus
        default:
            kind = nil
        }
        if let kind {
            emit(kind, from: start)
            return
        }
        if let lookAlike = lookAlike(at: start) {
            i = start + lookAlike.bytes.count
            report(
                .error(
                    .invalidCharacter, "'\(lookAlike.shown)' is \(lookAlike.name); write '\(lookAlike.intended)'",
                    at: range(from: start), suggestion: lookAlike.intended))
            emit(lookAlike.kind, from: start)
            return
        }
        // A run of characters the language does not use: one diagnostic for
        // the run, which takes at least one character, so the lexer always
        // moves on (a lone 0xC2 that does not start '±' once made it stall).
        i = start
        repeat {
            i += 1
            while i < bytes.count && bytes[i] & 0xC0 == 0x80 { i += 1 }
        } while i < bytes.count && !startsToken(at: i)
        let run = String(decoding: bytes[start..<i], as: UTF8.self)
        let shown =
            run.unicodeScalars.first.map { scalar in
                scalar.isUnsafeToShow || scalar.value == 0xFFFD
                    ? String(format: scalar.value) : "'\(Character(scalar))'"
            } ?? "?"
        let more = run.unicodeScalars.count > 1 ? " (and \(run.unicodeScalars.count - 1) more)" : ""
        report(
            .error(.invalidCharacter, "unexpected character \(shown)\(more)", at: range(from: start)))
    }

    /// Whether the byte at an offset can start a token or is white space:
    /// where a run of invalid characters ends.
    private func startsToken(at offset: Int) -> Bool {
        let byte = bytes[offset]
        if Lexer.isIdentifierByte(byte) { return true }
        if "{}()[],.:;@*/=+-<>#\" \t\r\n".utf8.contains(byte) || byte == 0xC2 { return true }
        if byte == 0xE2 && offset + 2 < bytes.count && bytes[offset + 1] == 0x80 && bytes[offset + 2] == 0x9C {
            return true
        }
        return lookAlike(at: offset) != nil
    }

    /// A character that word processors and web pages put in place of one
    /// of the language's, at an offset.
    private func lookAlike(at offset: Int) -> LookAlike? {
        // Every look-alike starts with 0xC3 or 0xE2: most bytes end here.
        guard bytes[offset] == 0xC3 || bytes[offset] == 0xE2 else { return nil }
        return lookAlikes.first { candidate in
            offset + candidate.bytes.count <= bytes.count
                && bytes[offset..<(offset + candidate.bytes.count)].elementsEqual(candidate.bytes)
        }
    }
}

/// A file's tokens, for a parse.
struct LexedFile {
    let file: SourceFile
    var tokens: [LexedToken]
    /// The identifiers' names: an identifier token's ``LexedToken/index`` is its name's, shared by the tokens
    /// of a short name's every occurrence.
    var names: [String]
    /// The strings' values, decoded: a string token's ``LexedToken/index`` is its value's.
    var strings: [String]
    var diagnostics: [Diagnostic]
    /// Where each problem found in a line's characters starts, in order: the parse keeps no line that holds one.
    var problemStarts: [Int]
    /// How many `.reusedLine` tokens stand for lines.
    var reusedLines: Int
    /// How many identifiers are `view`, `label`, `button`, `guide` or `stack`: at least as many as the views
    /// the lexed lines declare (reused lines not counted), for reserving room for them.
    var viewWordCount = 0
}

/// A character read as the language's own, with an error: pasted code
/// often holds these.
private struct LookAlike {
    let shown: String
    let name: String
    let kind: LexedToken.Kind
    let intended: String
    let bytes: [UInt8]

    init(shown: String, name: String, kind: LexedToken.Kind, intended: String) {
        self.shown = shown
        self.name = name
        self.kind = kind
        self.intended = intended
        self.bytes = Array(shown.utf8)
    }
}

private let lookAlikes: [LookAlike] = [
    LookAlike(shown: "–", name: "an en dash", kind: .minus, intended: "-"),
    LookAlike(shown: "—", name: "an em dash", kind: .minus, intended: "-"),
    LookAlike(shown: "−", name: "a typographic minus sign", kind: .minus, intended: "-"),
    LookAlike(shown: "×", name: "a multiplication sign", kind: .star, intended: "*"),
    LookAlike(shown: "≤", name: "a typographic '≤'", kind: .lessEqual, intended: "<="),
    LookAlike(shown: "≥", name: "a typographic '≥'", kind: .greaterEqual, intended: ">="),
]

/// 10^0 through 10^15, each an exact double.
private let exactPowersOfTen: [Double] = [
    1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
]

/// `U+0007` for a scalar that cannot be shown as itself.
private func String(format value: UInt32) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
}
