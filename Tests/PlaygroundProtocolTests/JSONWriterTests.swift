import Foundation
import LayoutValues
import PlaygroundProtocol
import Testing

/// The writer's strings are safe on a terminal and mean what they held; a response echoes its request's id as
/// the client spelt it.
@Suite struct JSONWriterTests {
    /// The scalars a terminal could act on, or that reorder or hide text: the one rule the diagnostics and the
    /// command-line tools use too, so the writer's byte-level test cannot drift from it.
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool { scalar.isUnsafeToShow }

    @Test("Every scalar of the Basic Multilingual Plane: escaped when unsafe, and read back as it was by Foundation")
    func everyScalar() throws {
        var text = ""
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            text.unicodeScalars.append(scalar)
            // In chunks, so that a failure names a small range.
            if text.unicodeScalars.count == 512 || value == 0xFFFF {
                var out = JSONWriter()
                out.string(text)
                let written = String(decoding: out.bytes, as: UTF8.self)
                #expect(!written.unicodeScalars.contains(where: Self.isUnsafe), "up to U+\(String(value, radix: 16))")
                let oracle = try JSONSerialization.jsonObject(with: Data(out.bytes), options: .fragmentsAllowed)
                #expect(oracle as? String == text, "up to U+\(String(value, radix: 16))")
                #expect(try JSONReader.read(out.bytes) == .string(text))
                text = ""
            }
        }
    }

    @Test("Text around escapes is kept whole: at the start, between two escapes, at the end, and with none")
    func runsBetweenEscapes() {
        let cases: [(String, String)] = [
            ("plain", #""plain""#), ("\n", #""\n""#), ("a\nb", #""a\nb""#), ("ab\n", #""ab\n""#),
            ("\nab", #""\nab""#), ("x\u{202E}y\u{1B}", #""x\u202ey\u001b""#), ("é\"\\é", #""é\"\\é""#),
            ("\u{2026}\u{2028}\u{FEFF}", "\"\u{2026}\\u2028\\ufeff\""), ("\u{85}\u{A0}", "\"\\u0085\u{A0}\""),
            ("line one\n  ^~~\n", #""line one\n  ^~~\n""#),
        ]
        for (text, expected) in cases {
            var out = JSONWriter()
            out.string(text)
            #expect(out.string == expected, "\(text.debugDescription)")
        }
    }

    @Test("Escapes at every offset of a word: 3,000 random strings written as escaping scalar by scalar writes them")
    func escapesAtEveryOffset() throws {
        let pieces: [String] = [
            "a", "Z", " ", "~", "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1B}", "\u{1F}", "\u{7F}", "é", "\u{85}",
            "\u{9B}", "\u{A0}", "\u{61C}", "\u{200E}", "\u{2026}", "\u{2028}", "\u{202E}", "\u{2069}", "\u{FEFF}", "😀",
            "漢",
        ]
        var state: UInt64 = 0x15_0FF5E7
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        for _ in 0..<3000 {
            // Mostly plain, so that the escapes fall at every offset of the eight-byte words the writer skips.
            func piece() -> String { next() % 4 == 0 ? pieces[next() % pieces.count] : "ab"[next() % 2] }
            let text = (0..<(next() % 40)).map { _ in piece() }.joined()
            var expected = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": expected += "\\\""
                case "\\": expected += "\\\\"
                case "\n": expected += "\\n"
                case "\r": expected += "\\r"
                case "\t": expected += "\\t"
                default:
                    if Self.isUnsafe(scalar) {
                        let hex = String(scalar.value, radix: 16)
                        expected += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    } else {
                        expected.unicodeScalars.append(scalar)
                    }
                }
            }
            expected += "\""
            var out = JSONWriter()
            out.string(text)
            #expect(out.string == expected, "\(text.debugDescription)")
            let oracle = try JSONSerialization.jsonObject(with: Data(out.bytes), options: .fragmentsAllowed)
            #expect(oracle as? String == text, "\(text.debugDescription)")
        }
    }

    /// How numbers were written before the writer wrote their digits itself: Swift's own texts of the value rounded
    /// to 1e-9, the oracle for the faster writing.
    static func swiftText(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        var rounded = abs(value) < 1e6 ? (value * 1e9).rounded() / 1e9 : value
        if rounded == 0 { rounded = 0 }
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
    }

    @Test("Numbers are written as Swift writes the value rounded to 1e-9: geometry, fractions, tiny and huge values")
    func numbers() throws {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [
            0, -0.0, 1, -1, 0.5, 0.1, 0.2, 0.3, 1.0 / 3, -2.0 / 3, 123.456, 999_999.999_999_999, -999_999.5, 1e6,
            1e6 + 0.5, 1e-4, 1.5e-4, 9.9e-5, 1e-9, 4e-10, 6e-10, -1e-9, 1e15, 1e300, -1e300, .infinity, .nan,
            .leastNonzeroMagnitude, 375, 667, 44.333_333_333_3, 0.000_100_000_4, 12_345.678_901_234,
        ]
        for _ in 0..<20_000 {
            let magnitude = Double.random(in: -12...7, using: &generator)
            let value = pow(10, magnitude) * (Bool.random(using: &generator) ? 1 : -1)
            values.append(value)
            // Points and their halves, thirds and tenths, as layouts make them.
            values.append(
                (Double(Int.random(in: -2000...2000, using: &generator))
                    / [1, 2, 3, 10, 100, 7][
                        Int.random(in: 0..<6, using: &generator)]))
        }
        for value in values {
            var out = JSONWriter()
            out.number(value)
            #expect(out.string == Self.swiftText(value), "\(value)")
            #expect(try JSONSerialization.jsonObject(with: Data(out.bytes), options: .fragmentsAllowed) is NSNumber)
        }
        for value in [0, 1, -1, 9, 10, 99, 100, Int.max, Int.min, 1_234_567_890] {
            var out = JSONWriter()
            out.integer(value)
            #expect(out.string == String(value))
        }
    }

    @Test("CSI, a right-to-left override, ESC and a line separator are written as \\u escapes")
    func examples() {
        var out = JSONWriter()
        out.string("a\u{9B}2J\u{202E}b\u{1B}]0;x\u{07}\u{2028}")
        #expect(out.string == #""a\u009b2J\u202eb\u001b]0;x\u0007\u2028""#)
    }

    @Test("A response echoes the id as the request wrote it: a big integer, a fraction, an exponent, a string")
    func idEcho() throws {
        for id in ["9007199254740993", "1.50", "1e300", "-0", #""é\u00e9""#, "[1, 2]", #"{"a": 1}"#] {
            let line = Array(#"{"id":\#(id),"cmd":"hello"}"#.utf8)
            let request = try IdentifiedRequest.decode(line).get()
            var out = JSONWriter()
            IdentifiedResponse(answering: request, with: .done).write(to: &out)
            #expect(out.string.hasPrefix(#"{"id":\#(id),"#), "\(out.string)")
            // An error about the request echoes it too.
            guard case .failure(let error) = IdentifiedRequest.decode(Array(#"{"id":\#(id),"cmd":"nope"}"#.utf8))
            else {
                Issue.record("'nope' was accepted")
                continue
            }
            var refused = JSONWriter()
            IdentifiedResponse(error).write(to: &refused)
            #expect(refused.string.hasPrefix(#"{"id":\#(id),"#), "\(refused.string)")
        }
    }
}

extension String {
    fileprivate subscript(_ offset: Int) -> String { String(self[index(startIndex, offsetBy: offset)]) }
}
