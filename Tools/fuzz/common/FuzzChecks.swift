// Checks that every fuzz target shares: safe rendering, strict JSON, and reading a file.

#if canImport(Glibc)
    import Glibc
#endif

/// Whether rendered diagnostics can go to a terminal: every line at most 600
/// scalars long, without C0 controls (a tab only if `tabsAllowed`: the source
/// holds one, which the caller finds once, not for every diagnostic), DEL, C1
/// controls, bidirectional controls or line separators.
func isSafeToPrint(_ rendered: String, tabsAllowed: Bool) -> Bool {
    // One pass over the scalars, counting each line's as it goes.
    var lineLength = 0
    for scalar in rendered.unicodeScalars {
        if scalar.value == 0x0A {
            lineLength = 0
            continue
        }
        lineLength += 1
        guard lineLength <= 600 else { return false }
        switch scalar.value {
        case 0x09: if !tabsAllowed { return false }
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return false
        case 0x200E, 0x200F, 0x061C, 0x2028, 0x2029: return false
        default: continue
        }
    }
    return true
}

/// Whether the diagnostic at `index` of an input's list is rendered and checked: the first 64, then every 16th.
/// An input of garbage has up to a thousand diagnostics from each stage, rendered alike; rendering them all was
/// a third of a run's time.
func isRenderedSample(_ index: Int) -> Bool {
    index < 64 || index % 16 == 0
}

/// A strict JSON syntax check (RFC 8259) that also refuses numbers that are
/// not finite doubles, and counts the objects in the top-level `views` array.
/// Written here because the fuzzer links no Foundation.
struct JSONChecker {
    let bytes: [UInt8]
    var i = 0
    var objectsInViews = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func isValid() -> Bool {
        guard value(depth: 0, key: nil) else { return false }
        skipSpace()
        return i == bytes.count
    }

    private var current: UInt8? { i < bytes.count ? bytes[i] : nil }

    private mutating func skipSpace() {
        while let c = current, c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { i += 1 }
    }

    private mutating func literal(_ text: String) -> Bool {
        let expected = Array(text.utf8)
        guard bytes.count - i >= expected.count, Array(bytes[i..<i + expected.count]) == expected else { return false }
        i += expected.count
        return true
    }

    /// A value; `key` is the key it stands under in an object of depth 1.
    private mutating func value(depth: Int, key: String?) -> Bool {
        skipSpace()
        guard depth < 32, let c = current else { return false }
        switch c {
        case UInt8(ascii: "{"): return object(depth: depth)
        case UInt8(ascii: "["):
            i += 1
            skipSpace()
            if current == UInt8(ascii: "]") {
                i += 1
                return true
            }
            while true {
                if key == "views" && depth == 1 && current == UInt8(ascii: "{") { objectsInViews += 1 }
                guard value(depth: depth + 1, key: nil) else { return false }
                skipSpace()
                if current == UInt8(ascii: "]") {
                    i += 1
                    return true
                }
                guard current == UInt8(ascii: ",") else { return false }
                i += 1
                skipSpace()
            }
        case UInt8(ascii: "\""): return string() != nil
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        case UInt8(ascii: "n"): return literal("null")
        default: return number()
        }
    }

    private mutating func object(depth: Int) -> Bool {
        i += 1
        skipSpace()
        if current == UInt8(ascii: "}") {
            i += 1
            return true
        }
        while true {
            skipSpace()
            guard let key = string() else { return false }
            skipSpace()
            guard current == UInt8(ascii: ":") else { return false }
            i += 1
            guard value(depth: depth + 1, key: key) else { return false }
            skipSpace()
            if current == UInt8(ascii: "}") {
                i += 1
                return true
            }
            guard current == UInt8(ascii: ",") else { return false }
            i += 1
        }
    }

    /// A string's raw text between its quotes, or nil when it is not a valid JSON string.
    private mutating func string() -> String? {
        guard current == UInt8(ascii: "\"") else { return nil }
        i += 1
        let start = i
        while let c = current {
            if c == UInt8(ascii: "\"") {
                i += 1
                return String(decoding: bytes[start..<i - 1], as: UTF8.self)
            }
            if c < 0x20 { return nil }
            i += 1
            if c == UInt8(ascii: "\\") {
                guard let e = current else { return nil }
                i += 1
                if e == UInt8(ascii: "u") {
                    guard bytes.count - i >= 4, bytes[i..<i + 4].allSatisfy({ isHex($0) }) else { return nil }
                    i += 4
                } else if !"\"\\/bfnrt".utf8.contains(e) {
                    return nil
                }
            }
        }
        return nil
    }

    private func isHex(_ c: UInt8) -> Bool {
        (0x30...0x39).contains(c) || (0x41...0x46).contains(c) || (0x61...0x66).contains(c)
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, whose value is a finite double.
    private mutating func number() -> Bool {
        let start = i
        func digits() -> Int {
            var n = 0
            while let c = current, (0x30...0x39).contains(c) {
                i += 1
                n += 1
            }
            return n
        }
        if current == UInt8(ascii: "-") { i += 1 }
        let leading = current
        let integer = digits()
        guard integer > 0, leading != UInt8(ascii: "0") || integer == 1 else { return false }
        if current == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { return false }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            i += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { return false }
        }
        return Double(String(decoding: bytes[start..<i], as: UTF8.self))?.isFinite == true
    }
}

/// A file's bytes, read with the C library (the fuzzer links no Foundation); nil when it cannot be opened.
func readAll(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count == 0 { break }
        bytes += chunk[..<count]
    }
    return bytes
}
