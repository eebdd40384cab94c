// Checks that every fuzz target shares: safe rendering, strict JSON, reading a file, and the sample of inputs
// that get a target's expensive checks. Compiled by Tools/fuzz.sh as its own module, FuzzSupport, without the
// fuzzer's coverage instrumentation: its branches say nothing about the code under test, and the comparison
// hooks in them were a tenth of an input's time.

#if canImport(Glibc)
    import Glibc
#endif

/// Whether rendered diagnostics can go to a terminal: every line at most 600
/// scalars long, without C0 controls (a tab only if `tabsAllowed`: the source
/// holds one, which the caller finds once, not for every diagnostic), DEL, C1
/// controls, bidirectional controls or line separators.
package func isSafeToPrint(_ rendered: String, tabsAllowed: Bool) -> Bool {
    // One pass over the UTF-8, counting each line's scalars as it goes (a scalar at a time through the string's
    // view, every diagnostic of every input cost a twelfth of the exec target's time). The text is a string's, so
    // its UTF-8 is well formed: a scalar starts at each byte that does not continue one, and the unsafe ones
    // outside ASCII are the C1 controls (C2 80–C2 9F), U+061C (D8 9C), and U+200E, U+200F, U+2028–U+202E and
    // U+2066–U+2069 (E2 80 8E, E2 80 8F, E2 80 A8–E2 80 AE, E2 81 A6–E2 81 A9).
    let checked = rendered.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
        var lineLength = 0
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            index += 1
            if byte == 0x0A {
                lineLength = 0
                continue
            }
            if byte & 0xC0 == 0x80 { continue }
            lineLength += 1
            guard lineLength <= 600 else { return false }
            switch byte {
            case 0x09: if !tabsAllowed { return false }
            case 0x00...0x1F, 0x7F: return false
            case 0xC2: if index < utf8.count && (0x80...0x9F).contains(utf8[index]) { return false }
            case 0xD8: if index < utf8.count && utf8[index] == 0x9C { return false }
            case 0xE2 where index + 1 < utf8.count:
                let (second, third) = (utf8[index], utf8[index + 1])
                if second == 0x80 && (third == 0x8E || third == 0x8F || (0xA8...0xAE).contains(third)) { return false }
                if second == 0x81 && (0xA6...0xA9).contains(third) { return false }
            default: continue
            }
        }
        return true
    }
    if let checked { return checked }
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
package func isRenderedSample(_ index: Int) -> Bool {
    index < 64 || index % 16 == 0
}

/// A strict JSON syntax check (RFC 8259) that also refuses numbers that are
/// not finite doubles, and counts the objects in the top-level `views` array.
/// Written here because the fuzzer links no Foundation.
package struct JSONChecker {
    let text: [UInt8]
    package private(set) var objectsInViews = 0

    package init(_ bytes: [UInt8]) { self.text = bytes }

    package mutating func isValid() -> Bool {
        let (valid, objects) = text.withUnsafeBufferPointer { bytes in
            var scanner = JSONScanner(bytes: bytes)
            return (scanner.isValid(), scanner.objectsInViews)
        }
        objectsInViews = objects
        return valid
    }
}

/// ``JSONChecker``'s reading, over the bytes in place (an array's index checks were most of its time).
private struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0
    var objectsInViews = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func isValid() -> Bool {
        guard value(depth: 0, isViews: false) else { return false }
        skipSpace()
        return i == bytes.count
    }

    private var current: UInt8? { i < bytes.count ? bytes[i] : nil }

    private mutating func skipSpace() {
        while let c = current, c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { i += 1 }
    }

    private mutating func literal(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard bytes.count - i >= count,
            UnsafeBufferPointer(rebasing: bytes[i..<i + count]).elementsEqual(
                UnsafeBufferPointer(start: text.utf8Start, count: count))
        else { return false }
        i += count
        return true
    }

    /// A value; `isViews` when it stands under the key `views` of the top-level object.
    private mutating func value(depth: Int, isViews: Bool) -> Bool {
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
                if isViews && current == UInt8(ascii: "{") { objectsInViews += 1 }
                guard value(depth: depth + 1, isViews: false) else { return false }
                skipSpace()
                if current == UInt8(ascii: "]") {
                    i += 1
                    return true
                }
                guard current == UInt8(ascii: ",") else { return false }
                i += 1
                skipSpace()
            }
        case UInt8(ascii: "\""): return string()
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
            let keyStart = i + 1
            guard string() else { return false }
            // The key compared in place, without making a String of it.
            let isViews = depth == 0 && bytes[keyStart..<i - 1].elementsEqual("views".utf8)
            skipSpace()
            guard current == UInt8(ascii: ":") else { return false }
            i += 1
            guard value(depth: depth + 1, isViews: isViews) else { return false }
            skipSpace()
            if current == UInt8(ascii: "}") {
                i += 1
                return true
            }
            guard current == UInt8(ascii: ",") else { return false }
            i += 1
        }
    }

    /// Whether a valid JSON string is next, read past it.
    private mutating func string() -> Bool {
        guard current == UInt8(ascii: "\"") else { return false }
        i += 1
        while let c = current {
            if c == UInt8(ascii: "\"") {
                i += 1
                return true
            }
            if c < 0x20 { return false }
            i += 1
            if c == UInt8(ascii: "\\") {
                guard let e = current else { return false }
                i += 1
                if e == UInt8(ascii: "u") {
                    guard bytes.count - i >= 4, bytes[i..<i + 4].allSatisfy({ isHex($0) }) else { return false }
                    i += 4
                } else if !"\"\\/bfnrt".utf8.contains(e) {
                    return false
                }
            }
        }
        return false
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
        } else if integer <= 300 {
            return true  // Without an exponent, under 10^300: finite, with no need to parse it.
        }
        return Double(String(decoding: bytes[start..<i], as: UTF8.self))?.isFinite == true
    }
}

/// Traps unless `bytes` are one line of valid JSON: what the daemon sends, which `what` names in the message.
package func checkLine(_ bytes: [UInt8], what: String) {
    precondition(!bytes.contains(0x0A), "\(what) holds a newline inside its line")
    var json = JSONChecker(bytes)
    precondition(json.isValid(), "\(what) is not valid JSON: \(String(decoding: bytes.prefix(300), as: UTF8.self))")
}

/// A file's bytes, read with the C library (the fuzzer links no Foundation); nil when it cannot be opened.
package func readAll(_ path: String) -> [UInt8]? {
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

/// Which inputs get a target's expensive checks: the first 64 it is asked about, then every 16th, so that
/// every check still runs on some inputs while the fuzzer tries many more. An input run alone, as a crash is
/// reproduced, is the first, so it gets them all; FUZZ_EVERY_CHECK=1 in the environment gives them to every
/// input (to measure what they cost, or to run a corpus through all of them).
package struct Sample {
    private var asked = 0

    package init() {}

    /// Whether the next input is in the sample.
    package mutating func next() -> Bool {
        defer { asked += 1 }
        return everyCheck || asked < 64 || asked % 16 == 0
    }
}

/// FUZZ_EVERY_CHECK=1: every input gets every check.
package let everyCheck = getenv("FUZZ_EVERY_CHECK").map { String(cString: $0) == "1" } ?? false

// MARK: Comparison hooks that do nothing

// What the comparison hooks of the modules that Tools/fuzz.sh builds `untraced` call instead of libFuzzer's
// `__sanitizer_cov_trace_*` (it renames them in those objects): their comparisons are of values computed far
// from the input, whose operands would teach libFuzzer nothing. One for each hook that the compiler emits, with
// its C signature.

@_cdecl("fuzz_untraced_cmp1") package func untracedCmp1(_ left: UInt8, _ right: UInt8) {}
@_cdecl("fuzz_untraced_cmp2") package func untracedCmp2(_ left: UInt16, _ right: UInt16) {}
@_cdecl("fuzz_untraced_cmp4") package func untracedCmp4(_ left: UInt32, _ right: UInt32) {}
@_cdecl("fuzz_untraced_cmp8") package func untracedCmp8(_ left: UInt64, _ right: UInt64) {}
@_cdecl("fuzz_untraced_const_cmp1") package func untracedConstCmp1(_ left: UInt8, _ right: UInt8) {}
@_cdecl("fuzz_untraced_const_cmp2") package func untracedConstCmp2(_ left: UInt16, _ right: UInt16) {}
@_cdecl("fuzz_untraced_const_cmp4") package func untracedConstCmp4(_ left: UInt32, _ right: UInt32) {}
@_cdecl("fuzz_untraced_const_cmp8") package func untracedConstCmp8(_ left: UInt64, _ right: UInt64) {}
@_cdecl("fuzz_untraced_switch")
package func untracedSwitch(_ value: UInt64, _ cases: UnsafeMutablePointer<UInt64>?) {}
@_cdecl("fuzz_untraced_div4") package func untracedDiv4(_ value: UInt32) {}
@_cdecl("fuzz_untraced_div8") package func untracedDiv8(_ value: UInt64) {}
@_cdecl("fuzz_untraced_gep") package func untracedGEP(_ index: UInt) {}
