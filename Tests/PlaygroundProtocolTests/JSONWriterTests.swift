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
