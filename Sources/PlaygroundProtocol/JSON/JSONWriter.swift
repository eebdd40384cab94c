/// Writes JSON text into UTF-8 bytes by hand: frames are written once per
/// frame for thousands of views, where a general encoder costs several times
/// as much.
public struct JSONWriter: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Makes room for `extra` more bytes at once, so that a large message is not copied as it grows.
    public mutating func reserveCapacity(_ extra: Int) {
        bytes.reserveCapacity(bytes.count + extra)
    }

    /// Appends text that is already JSON.
    public mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends text that is already JSON, made at run time. (Named apart from ``raw(_:)``, so that a literal is
    /// always taken as a `StaticString` and appended without making a `String`.)
    mutating func rawText(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends bytes that are already JSON (a value as a client wrote it).
    mutating func raw(_ text: [UInt8]) {
        bytes.append(contentsOf: text)
    }

    /// Appends bytes that are already JSON (a view's object from the frame before).
    mutating func raw(_ text: ArraySlice<UInt8>) {
        bytes.append(contentsOf: text)
    }

    /// Appends a JSON string literal, escaping quotes, backslashes and every
    /// character a terminal could act on or that reorders or hides text: the
    /// C0 controls, DEL and the C1 controls (U+0080–U+009F, among them CSI,
    /// U+009B), the bidirectional marks, embeddings, overrides and isolates
    /// (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), the line and
    /// paragraph separators (U+2028, U+2029) and U+FEFF. So JSON this writes
    /// (the daemon's messages, `layoutctl frame --json`, `solve`) is safe to
    /// print on a terminal, whatever a scene's names and texts hold.
    public mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            // Most strings (names, texts) need no escape: appended whole.
            var index = Self.nextMayNeedEscape(utf8, from: 0)
            if index == utf8.count {
                bytes.append(contentsOf: utf8)
                return
            }
            // Else the runs between the bytes that may need an escape are appended whole (a rendered diagnostic
            // is lines of source text with a new line after each).
            var run = 0
            while index < utf8.count {
                let byte = utf8[index]
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<index]))
                index += 1
                switch byte {
                case UInt8(ascii: "\""): raw("\\\"")
                case UInt8(ascii: "\\"): raw("\\\\")
                case UInt8(ascii: "\n"): raw("\\n")
                case UInt8(ascii: "\r"): raw("\\r")
                case UInt8(ascii: "\t"): raw("\\t")
                case 0..<0x20, 0x7F: escape(UInt32(byte))
                default:
                    // 0xC2, 0xD8, 0xE2, 0xEF: the first byte of a character that may be one to escape.
                    if let (scalar, length) = Self.unsafeScalar(utf8, at: index - 1) {
                        escape(scalar)
                        index += length - 1
                    } else {
                        bytes.append(byte)
                    }
                }
                run = index
                index = Self.nextMayNeedEscape(utf8, from: index)
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// The index of the first byte from `start` on that may need an escape (``mayNeedEscape(_:)``), or the
    /// count: eight bytes at a time while eight are left, a word without any byte below 0x20, `"`, `\` or
    /// from 0x7F on skipped whole (a rendered diagnostic is hundreds of bytes, each looked at alone before).
    @inline(__always)
    private static func nextMayNeedEscape(_ utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        if let base = utf8.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= utf8.count {
                if wordMayNeedEscape(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))) {
                    for k in index..<(index + 8) where mayNeedEscape(utf8[k]) { return k }
                }
                index += 8
            }
        }
        while index < utf8.count && !mayNeedEscape(utf8[index]) { index += 1 }
        return index
    }

    /// Whether a word of eight bytes may hold one that ``mayNeedEscape(_:)`` accepts: one below 0x20, `"`,
    /// `\`, or from 0x7F on. Never false when one does (a borrow that sets a byte's top bit falsely comes only
    /// from a byte below it that is itself below 0x20).
    @inline(__always)
    private static func wordMayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let tops: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZeroByte(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & tops }
        let high = word & tops
        let below20 = (word &- ones &* 0x20) & ~word & tops
        let special =
            hasZeroByte(word ^ (ones &* 0x22)) | hasZeroByte(word ^ (ones &* 0x5C)) | hasZeroByte(word ^ (ones &* 0x7F))
        return high | below20 | special != 0
    }

    /// Whether a byte is one that ``string(_:)`` escapes, or may start a character it escapes.
    @inline(__always)
    private static func mayNeedEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case 0..<0x20, UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x7F, 0xC2, 0xD8, 0xE2, 0xEF: true
        default: false
        }
    }

    /// Whether JSON text holds a character that ``string(_:)`` would have escaped, raw: a client's id echoed as
    /// it was written is echoed so only when it holds none.
    static func holdsUnsafeCharacters(_ text: [UInt8]) -> Bool {
        text.withUnsafeBufferPointer { utf8 in
            for index in utf8.indices {
                switch utf8[index] {
                case 0..<0x20, 0x7F: return true
                case 0xC2, 0xD8, 0xE2, 0xEF: if unsafeScalar(utf8, at: index) != nil { return true }
                default: continue
                }
            }
            return false
        }
    }

    /// The scalar that starts at `index` and its length, when it is one of the multi-byte characters that
    /// ``string(_:)`` escapes.
    private static func unsafeScalar(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int)? {
        let rest = utf8.count - index
        switch utf8[index] {
        case 0xC2 where rest >= 2 && (0x80...0x9F).contains(utf8[index + 1]):
            return (UInt32(utf8[index + 1]), 2)
        case 0xD8 where rest >= 2 && utf8[index + 1] == 0x9C:
            return (0x061C, 2)
        case 0xE2 where rest >= 3:
            let scalar = 0x2000 | UInt32(utf8[index + 1] & 0x3F) << 6 | UInt32(utf8[index + 2] & 0x3F)
            switch scalar {
            case 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: return (scalar, 3)
            default: return nil
            }
        case 0xEF where rest >= 3 && utf8[index + 1] == 0xBB && utf8[index + 2] == 0xBF:
            return (0xFEFF, 3)
        default:
            return nil
        }
    }

    /// Appends `\uXXXX` for a scalar of the Basic Multilingual Plane.
    private mutating func escape(_ scalar: UInt32) {
        raw("\\u")
        for shift in stride(from: 12, through: 0, by: -4) {
            bytes.append(hexDigit(UInt8((scalar >> UInt32(shift)) & 0xF)))
        }
    }

    public mutating func integer(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(value.magnitude)
    }

    /// Appends the decimal digits of `value`, at least `width` of them (leading zeros), without making a `String`.
    private mutating func appendDigits(_ value: UInt, width: Int = 1) {
        // 20 digits hold any UInt64.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var start = 20
            var rest = value
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest != 0 || 20 - start < width
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start...]))
        }
    }

    /// Appends a number, rounded to 1e-9 (values come from floating-point
    /// arithmetic; the protocol promises 1e-3), written without a fraction
    /// when it is whole. JSON has no infinity or NaN: those are written as 0,
    /// and never come from a checked scene.
    public mutating func number(_ value: Double) {
        guard value.isFinite else {
            raw("0")
            return
        }
        // Below a million, the value in billionths is a whole number of at most 15 digits, N: the text is N / 10^9
        // in decimal, the fraction's trailing zeros dropped. That is the shortest text that reads back as the
        // rounded value (two decimals of at most 15 significant digits are never the same double), so it equals
        // `String(rounded)` wherever Swift writes a fixed point (from 1e-4 on), without making a String: a frame
        // of thousands of views writes six numbers a view.
        if abs(value) < 1e6 {
            let billionths = Int64((value * 1e9).rounded())
            let magnitude = UInt(billionths.magnitude)
            if magnitude == 0 {
                bytes.append(UInt8(ascii: "0"))
                return
            }
            if magnitude >= 100_000 {
                if billionths < 0 { bytes.append(UInt8(ascii: "-")) }
                appendDigits(magnitude / 1_000_000_000)
                var fraction = magnitude % 1_000_000_000
                guard fraction != 0 else { return }
                var digits = 9
                while fraction % 10 == 0 {
                    fraction /= 10
                    digits -= 1
                }
                bytes.append(UInt8(ascii: "."))
                appendDigits(fraction, width: digits)
                return
            }
        }
        var rounded = abs(value) < 1e6 ? (value * 1e9).rounded() / 1e9 : value
        if rounded == 0 { rounded = 0 }  // no "-0"
        if rounded == rounded.rounded() && abs(rounded) < 1e15 {
            rawText(String(Int(rounded)))
        } else {
            rawText(String(rounded))
        }
    }

    private func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    /// Appends one lower-case hexadecimal digit.
    mutating func appendHexDigit(_ nibble: UInt8) {
        bytes.append(hexDigit(nibble))
    }
}

extension JSONWriter {
    /// Appends any value; object members in the order of their keys, so the
    /// same value always writes the same bytes.
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .null: raw("null")
        case .bool(let flag): raw(flag ? "true" : "false")
        case .number(let number): self.number(number)
        case .string(let text): string(text)
        case .array(let items):
            raw("[")
            for (i, item) in items.enumerated() {
                if i > 0 { raw(",") }
                self.value(item)
            }
            raw("]")
        case .object(let members):
            raw("{")
            for (i, key) in members.keys.sorted().enumerated() {
                if i > 0 { raw(",") }
                string(key)
                raw(":")
                self.value(members[key] ?? .null)
            }
            raw("}")
        }
    }
}
