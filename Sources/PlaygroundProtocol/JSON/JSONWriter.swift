/// Writes JSON text into UTF-8 bytes by hand: frames are written once per
/// frame for thousands of views, where a general encoder costs several times
/// as much.
public struct JSONWriter: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends text that is already JSON.
    public mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends a JSON string literal, escaping quotes, backslashes and
    /// control characters.
    public mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case UInt8(ascii: "\n"): raw("\\n")
            case UInt8(ascii: "\r"): raw("\\r")
            case UInt8(ascii: "\t"): raw("\\t")
            case 0..<0x20, 0x7F:
                raw("\\u00")
                bytes.append(hexDigit(byte >> 4))
                bytes.append(hexDigit(byte & 0xF))
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    public mutating func integer(_ value: Int) {
        raw(String(value))
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
        var rounded = abs(value) < 1e6 ? (value * 1e9).rounded() / 1e9 : value
        if rounded == 0 { rounded = 0 }  // no "-0"
        if rounded == rounded.rounded() && abs(rounded) < 1e15 {
            raw(String(Int(rounded)))
        } else {
            raw(String(rounded))
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
