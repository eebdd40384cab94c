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
}
