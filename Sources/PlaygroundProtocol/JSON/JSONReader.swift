/// Why bytes are not one JSON value, and where (a byte offset).
public struct JSONReadError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var offset: Int

    public var description: String { "\(message) at byte \(offset + 1)" }
}

/// Reads one JSON value (RFC 8259) from UTF-8 bytes, strictly: no comments,
/// no trailing commas, no leading zeros, nothing after the value but
/// whitespace. Nesting deeper than ``maximumDepth`` is refused rather than
/// recursed into, so no input can exhaust the stack.
///
/// ```swift
/// let value = try JSONReader.read(Array(#"{"id":1,"cmd":"hello"}"#.utf8))
/// value["cmd"]?.string   // "hello"
/// ```
public struct JSONReader {
    public static let maximumDepth = 64

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    /// A member of the outermost object whose text to keep, and where its value's text was last seen.
    private var capturedKey: String?
    private var captured: Range<Int>?

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The value the bytes hold.
    /// - Throws: `JSONReadError` when they hold anything else.
    public static func read(_ bytes: some Collection<UInt8>) throws(JSONReadError) -> JSONValue {
        var reader = JSONReader(Array(bytes))
        reader.skipWhitespace()
        let value = try reader.readValue()
        reader.skipWhitespace()
        guard reader.index == reader.bytes.count else { throw reader.error("unexpected text after the value") }
        return value
    }

    /// The value the bytes hold, and the exact text of the value of the outermost object's member `key`, as it
    /// was written (the last one, when the key is repeated): what a response echoes as its request's `id`.
    /// - Throws: `JSONReadError` when the bytes hold anything but one JSON value.
    public static func read(
        _ bytes: some Collection<UInt8>, keepingTextOf key: String
    ) throws(JSONReadError) -> (value: JSONValue, text: [UInt8]?) {
        var reader = JSONReader(Array(bytes))
        reader.capturedKey = key
        reader.skipWhitespace()
        let value = try reader.readValue()
        reader.skipWhitespace()
        guard reader.index == reader.bytes.count else { throw reader.error("unexpected text after the value") }
        return (value, reader.captured.map { Array(reader.bytes[$0]) })
    }

    private func error(_ message: String) -> JSONReadError {
        JSONReadError(message: message, offset: index)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func readValue() throws(JSONReadError) -> JSONValue {
        guard let byte = current else { throw error("unexpected end of the text") }
        switch byte {
        case UInt8(ascii: "{"):
            return try nested { (reader: inout JSONReader) throws(JSONReadError) in try reader.readObject() }
        case UInt8(ascii: "["):
            return try nested { (reader: inout JSONReader) throws(JSONReadError) in try reader.readArray() }
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): return try readLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try readLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try readLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try readNumber())
        default: throw error("unexpected character '\(Unicode.Scalar(byte).escaped(asASCII: true))'")
        }
    }

    private mutating func nested(
        _ body: (inout JSONReader) throws(JSONReadError) -> JSONValue
    ) throws(JSONReadError) -> JSONValue {
        guard depth < Self.maximumDepth else { throw error("values nest more than \(Self.maximumDepth) deep") }
        depth += 1
        defer { depth -= 1 }
        return try body(&self)
    }

    private mutating func readLiteral(_ word: StaticString, _ value: JSONValue) throws(JSONReadError) -> JSONValue {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count,
            word.withUTF8Buffer({ Array($0) }) == Array(bytes[index..<index + count])
        else { throw error("unexpected word") }
        index += count
        return value
    }

    private mutating func readObject() throws(JSONReadError) -> JSONValue {
        index += 1  // {
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a member name in quotes") }
            let key = try readString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after a member name") }
            index += 1
            skipWhitespace()
            let start = index
            members[key] = try readValue()
            if depth == 1, key == capturedKey { captured = start..<index }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(members)
            default: throw error("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func readArray() throws(JSONReadError) -> JSONValue {
        index += 1  // [
        var items: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try readValue())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(items)
            default: throw error("expected ',' or ']' in an array")
            }
        }
    }

    private mutating func readNumber() throws(JSONReadError) -> Double {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, isDigit(first) else { throw error("expected a digit") }
        if first == UInt8(ascii: "0") {
            index += 1
            if let next = current, isDigit(next) { throw error("a number cannot start with 0") }
        } else {
            skipDigits()
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard let next = current, isDigit(next) else { throw error("expected a digit after '.'") }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let next = current, isDigit(next) else { throw error("expected a digit in the exponent") }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw error("the number \(text.prefix(40)) is out of range")
        }
        return value
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while let byte = current, isDigit(byte) { index += 1 }
    }

    private mutating func readString() throws(JSONReadError) -> String {
        index += 1  // "
        // The string's UTF-8, decoded once at the end: appending each run between escapes to a string as it
        // goes made a text of many lines (a language server's document, its line ends escaped) quadratic.
        var utf8: [UInt8] = []
        var runStart = index
        while true {
            guard let byte = current else { throw error("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                utf8.append(contentsOf: bytes[runStart..<index])
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                utf8.append(contentsOf: bytes[runStart..<index])
                index += 1
                utf8.append(contentsOf: String(try readEscape()).utf8)
                runStart = index
            case 0..<0x20:
                throw error("a control character in a string must be escaped")
            default:
                index += 1
            }
        }
    }

    private mutating func readEscape() throws(JSONReadError) -> Unicode.Scalar {
        guard let byte = current else { throw error("unterminated escape") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let first = try readHex4()
            if (0xD800...0xDBFF).contains(first) {
                // A high surrogate must be followed by an escaped low one.
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
                else { return "\u{FFFD}" }
                index += 2
                let second = try readHex4()
                guard (0xDC00...0xDFFF).contains(second) else { return "\u{FFFD}" }
                return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)) ?? "\u{FFFD}"
            }
            return Unicode.Scalar(first) ?? "\u{FFFD}"
        default:
            index -= 1
            throw error("unknown escape '\\\(Unicode.Scalar(byte).escaped(asASCII: true))'")
        }
    }

    private mutating func readHex4() throws(JSONReadError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw error("unterminated \\u escape") }
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("expected four hexadecimal digits after \\u")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}
