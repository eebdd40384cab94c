import LayoutValues
import TestSupport
import Testing

@testable import SceneLanguage

/// A diagnostic's source line: a line of printable ASCII and tabs is shown without making a piece per
/// character, and must read exactly as the general way, scalar by scalar, shows it.
@Suite struct ExcerptTests {
    @Test("Plain lines show as the scalar-by-scalar rendering shows them, wherever the range and however long")
    func plainMatchesScalars() {
        var random = SplitMix(state: 0xE8C3_2917)
        let plain = Array(" \tabcxyz.=+-_()[]{}#\"0123456789".utf8)
        let other: [[UInt8]] = [[0x1B], [0x7F], [0x0D], Array("é".utf8), Array("\u{202E}".utf8), [0xFF]]
        var plainLines = 0
        for _ in 0..<3000 {
            var bytes: [UInt8] = random.next() % 8 == 0 ? [0xEF, 0xBB, 0xBF] : []
            for _ in 0..<Int(random.next() % 4 + 1) {
                let length = Int(random.next() % 400)
                for _ in 0..<length {
                    if random.next() % 200 == 0 {
                        bytes += other[Int(random.next() % UInt64(other.count))]
                    } else {
                        bytes.append(plain[Int(random.next() % UInt64(plain.count))])
                    }
                }
                bytes += random.next() % 5 == 0 ? [0x0D, 0x0A] : [0x0A]
            }
            let file = SourceFile(name: "t.layout", bytes: bytes)
            let count = file.bytes.count
            let start = Int(random.next() % UInt64(count + 1))
            let end = start + Int(random.next() % 200)
            let range = SourceRange(start: start, end: min(end, count), in: file)
            let shown = Diagnostic.excerpt(range)
            #expect(shown == Diagnostic.excerpt(range, plainAllowed: false), "\(bytes) at \(start)..<\(end)")
            if !shown.contains("\\u{") && !shown.unicodeScalars.contains(where: { $0.value > 0x7F && $0 != "…" }) {
                plainLines += 1
            }
        }
        // Most lines are plain where the range starts: the fast way is the one tested.
        #expect(plainLines > 1500)
    }

    @Test("Lines of any text show as they did when each character was a string of its own, on 3,000 random lines")
    func scalarsMatchTheirFormerRendering() {
        var random = SplitMix(state: 0x5CA1_AB1E)
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array(" ".utf8), [0x09], Array("é".utf8), Array("e\u{301}".utf8), Array("😀".utf8),
            Array("👩‍👩‍👧".utf8), Array("漢".utf8), Array("\u{202E}".utf8), Array("\u{200B}".utf8), [0x1B], [0x7F], [0x0D],
            [0x00], [0xFF], [0xC3], Array("\u{85}".utf8), Array("…".utf8),
        ]
        for _ in 0..<3000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(random.next() % 3 + 1) {
                for _ in 0..<Int(random.next() % 300) { bytes += pieces[Int(random.next() % UInt64(pieces.count))] }
                bytes.append(0x0A)
            }
            let file = SourceFile(name: "t.layout", bytes: bytes)
            let count = file.bytes.count
            let start = Int(random.next() % UInt64(count + 1))
            let end = min(start + Int(random.next() % 200), count)
            let range = SourceRange(start: start, end: end, in: file)
            #expect(Diagnostic.excerpt(range, plainAllowed: false) == Self.formerExcerpt(range), "\(bytes) at \(start)")
        }
    }

    @Test("Lines whose every scalar is a character of its own (garbage, Latin-1) show as they did, on 3,000 lines")
    func aloneScalarsMatchTheirFormerRendering() {
        var random = SplitMix(state: 0xA10E_5CA1)
        // Below U+0300, escaped or not, and bytes that are not UTF-8 (each U+FFFD); rarely, one that joins the
        // scalar before (a combining mark, a joiner) or is of a script of its own.
        let alone: [[UInt8]] = [
            Array("a".utf8), Array(" ".utf8), [0x09], Array("é".utf8), Array("ÿ".utf8), Array("\u{2FF}".utf8),
            [0x1B], [0x7F], [0x0D], [0x00], [0xFF], [0xC3], [0x80], Array("\u{85}".utf8), Array("\u{AD}".utf8),
            Array("\u{FFFD}".utf8),
        ]
        let joining: [[UInt8]] = [
            Array("\u{301}".utf8), Array("\u{200D}".utf8), Array("漢".utf8), Array("\u{FE0F}".utf8),
        ]
        for _ in 0..<3000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(random.next() % 3 + 1) {
                for _ in 0..<Int(random.next() % 300) {
                    if random.next() % 100 == 0 {
                        bytes += joining[Int(random.next() % UInt64(joining.count))]
                    } else {
                        bytes += alone[Int(random.next() % UInt64(alone.count))]
                    }
                }
                bytes.append(0x0A)
            }
            let file = SourceFile(name: "t.layout", bytes: bytes)
            let count = file.bytes.count
            let start = Int(random.next() % UInt64(count + 1))
            let end = min(start + Int(random.next() % 200), count)
            let range = SourceRange(start: start, end: end, in: file)
            #expect(Diagnostic.excerpt(range, plainAllowed: false) == Self.formerExcerpt(range), "\(bytes) at \(start)")
        }
    }

    /// The excerpt as it was made before its pieces stopped being strings, one for each scalar: the oracle.
    static func formerExcerpt(_ range: SourceRange) -> String {
        let (windowBefore, window) = (80, 160)
        let file = range.file
        let bytes = file.bytes
        let number = file.location(of: range.start).line
        let lineStart = number == 1 ? file.textStart : file.lineStarts[number - 1]
        var lineEnd = number < file.lineStarts.count ? file.lineStarts[number] - 1 : bytes.count
        if lineEnd > lineStart && bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
        lineEnd = max(lineEnd, lineStart)
        let caret = min(max(range.start, lineStart), lineEnd)
        func isContinuation(_ i: Int) -> Bool { i < bytes.count && bytes[i] & 0xC0 == 0x80 }
        var from = max(lineStart, caret - windowBefore)
        while from < caret && isContinuation(from) { from += 1 }
        var to = min(lineEnd, max(from + window, caret))
        while to > caret && to < lineEnd && isContinuation(to) { to -= 1 }
        func shownPieces(_ bytes: ArraySlice<UInt8>) -> [(text: String, width: Int, bytes: Int)] {
            String(decoding: bytes, as: UTF8.self).unicodeScalars.map { scalar in
                let text = scalar.isUnsafeToShow && scalar != "\t" ? scalar.escaped : String(scalar)
                return (text, text.unicodeScalars.count, UTF8.width(scalar))
            }
        }
        var before = shownPieces(bytes[from..<caret])
        var after = shownPieces(bytes[caret..<to])
        var beforeWidth = before.reduce(0) { $0 + $1.width }
        var cutBefore = from > lineStart
        while beforeWidth > windowBefore, let first = before.first {
            before.removeFirst()
            beforeWidth -= first.width
            cutBefore = true
        }
        var kept = 0
        var afterWidth = 0
        while kept < after.count && afterWidth + after[kept].width <= window - beforeWidth {
            afterWidth += after[kept].width
            kept += 1
        }
        let cutAfter = to < lineEnd || kept < after.count
        after.removeSubrange(kept...)
        let prefix = before.map(\.text).joined()
        var marked = ""
        var markedBytes = 0
        for piece in after where caret + markedBytes < range.end {
            marked += piece.text
            markedBytes += piece.bytes
        }
        var caretLine = cutBefore ? " " : ""
        for character in prefix { caretLine += character == "\t" ? "\t" : " " }
        caretLine += "^" + String(repeating: "~", count: max(1, marked.count) - 1)
        let shown = prefix + after.map(\.text).joined()
        return (cutBefore ? "…" : "") + shown + (cutAfter ? "…" : "") + "\n" + caretLine + "\n"
    }
}
