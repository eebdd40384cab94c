import Foundation
import PlaygroundProtocol
import TestSupport
import Testing

/// The protocol's JSON reader: what it accepts and refuses, against
/// Foundation's `JSONSerialization` as the oracle on generated documents.
@Suite struct JSONReaderTests {
    static func read(_ text: String) throws(JSONReadError) -> JSONValue {
        try JSONReader.read(Array(text.utf8))
    }

    @Test(
        "Accepts what RFC 8259 allows",
        arguments: [
            (#"{"a":[1,-2.5e3,true,false,null],"b":{"c":"d"}}"#, "object"),
            (#"  "\u00e9\ud83d\udc4d\n\t\"\\\/"  "#, "string"), ("0", "number"), ("-0.0e-0", "number"),
            ("[]", "array"), ("{}", "object"),
        ])
    func accepts(text: String, kind: String) throws {
        let value = try Self.read(text)
        #expect(value.kindDescription.hasSuffix(kind))
    }

    @Test("Decodes escapes, surrogate pairs included")
    func escapes() throws {
        #expect(try Self.read(#""\u00e9\ud83d\udc4d\n\t\"\\\/""#) == .string("é👍\n\t\"\\/"))
        #expect(try Self.read(#""\ud800x""#) == .string("\u{FFFD}x"))
    }

    @Test("A text of many escaped lines, with bytes that are not UTF-8 beside escapes, reads as written")
    func manyLines() throws {
        let lines = (0..<20_000).map { "label v\($0) é 🎉" }
        let value = try JSONReader.read(Array(("\"" + lines.joined(separator: "\\n") + "\"").utf8))
        #expect(value == .string(lines.joined(separator: "\n")))
        // A sequence cut short before an escape is one U+FFFD, then the escape.
        #expect(try JSONReader.read([0x22, 0x61, 0xE2, 0x82, 0x5C, 0x6E, 0x22]) == .string("a\u{FFFD}\n"))
    }

    @Test(
        "Refuses what it should, saying where",
        arguments: [
            ("", "unexpected end"), ("{", "expected a member name"), (#"{"a":1,}"#, "expected a member name"),
            ("[1,]", "unexpected character"), ("01", "cannot start with 0"), ("1.", "expected a digit after '.'"),
            (#""a"#, "unterminated string"), ("\"a\u{1}\"", "control character"), (#""\x""#, "unknown escape"),
            ("tru", "unexpected word"), ("1 2", "after the value"), ("1e999", "out of range"), ("NaN", "unexpected"),
            ("{\"a\" 1}", "expected ':'"),
        ])
    func refuses(text: String, message: String) {
        #expect {
            try Self.read(text)
        } throws: { error in
            guard let error = error as? JSONReadError else { return false }
            return error.message.contains(message) && error.offset >= 0 && error.offset <= text.utf8.count
        }
    }

    @Test("Nesting past the limit is refused, not recursed into")
    func depth() throws {
        let ok = String(repeating: "[", count: JSONReader.maximumDepth) + String(repeating: "]", count: 64)
        _ = try Self.read(ok)
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: JSONReadError.self) { try Self.read(deep) }
    }

    static func randomValue(depth: Int, using rng: inout SplitMix) -> Any {
        let strings = ["", "a", "é", "👍🏽", "\"quoted\"", "back\\slash", "line\nbreak", "\u{1}\u{1F}", "tab\t"]
        switch Int.random(in: 0..<(depth > 3 ? 4 : 6), using: &rng) {
        case 0: return NSNull()
        case 1: return Bool.random(using: &rng)
        case 2: return Double(Int.random(in: -1_000_000...1_000_000, using: &rng)) / 64
        case 3: return strings.randomElement(using: &rng)!
        case 4: return (0..<Int.random(in: 0...4, using: &rng)).map { _ in randomValue(depth: depth + 1, using: &rng) }
        default:
            var object: [String: Any] = [:]
            for _ in 0..<Int.random(in: 0...4, using: &rng) {
                object[strings.randomElement(using: &rng)! + "\(Int.random(in: 0...9, using: &rng))"] = randomValue(
                    depth: depth + 1, using: &rng)
            }
            return object
        }
    }

    static func value(from any: Any) -> JSONValue {
        switch any {
        case is NSNull: return .null
        // Foundation gives booleans as NSNumbers whose type is a char.
        case let number as NSNumber where String(cString: number.objCType) == "c": return .bool(number.boolValue)
        case let number as NSNumber: return .number(number.doubleValue)
        case let text as String: return .string(text)
        case let items as [Any]: return .array(items.map(value(from:)))
        case let object as [String: Any]: return .object(object.mapValues(value(from:)))
        default: return .null
        }
    }

    @Test("Reads 2,000 documents that Foundation writes as Foundation reads them, and writes what it reads back")
    func oracle() throws {
        var rng = SplitMix(state: 0x5EED)
        for _ in 0..<2_000 {
            let document: [String: Any] = ["root": Self.randomValue(depth: 0, using: &rng)]
            let data = try JSONSerialization.data(withJSONObject: document)
            let ours = try JSONReader.read(Array(data))
            let theirs = Self.value(from: try JSONSerialization.jsonObject(with: data))
            #expect(ours == theirs, "\(String(decoding: data, as: UTF8.self))")
            var out = JSONWriter()
            out.value(ours)
            #expect(try JSONReader.read(out.bytes) == ours)
        }
    }

    @Test("Random bytes never trap: a value or an error inside the text")
    func randomBytes() {
        var rng = SplitMix(state: 42)
        let alphabet = Array(#"{}[],:"\ ntrufalse0123456789.eE+-"#.utf8) + [0, 0x1B, 0xFF, 0xC3]
        for _ in 0..<20_000 {
            let bytes = (0..<Int.random(in: 0...24, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
            do {
                _ = try JSONReader.read(bytes)
            } catch {
                #expect(error.offset >= 0 && error.offset <= bytes.count)
            }
        }
    }
}
