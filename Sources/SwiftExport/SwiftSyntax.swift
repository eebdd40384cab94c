import LayoutValues

/// How values are written in Swift source: numbers that read back exactly,
/// string literals, identifiers.
enum SwiftSyntax {
    /// Swift's reserved words, which need backticks as names.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
        "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true",
        "try", "_", "Type", "Protocol", "consume", "copy", "discard", "borrowing", "consuming", "some", "any",
    ]

    /// A name as Swift writes it: in backticks when it is a reserved word.
    static func identifier(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// A number as a Swift literal that reads back as the same `Double`:
    /// `16`, `0.5`, `-1000`, `0.3333333333333333`.
    static func number(_ value: Double) -> String { format(value) }

    /// A string literal: quotes, backslashes and control characters
    /// escaped; every other character, emoji included, as it is.
    static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
                    || scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.value == 0xFEFF
                {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// A comment's text on one line: line breaks shown as `\n`, so that no
    /// text can end the comment early.
    static func commentText(_ text: some StringProtocol) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    result += " "
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// A valid Swift type name made from a file's base name: letters, digits
    /// and underscores kept, other characters dropped with the next letter
    /// capitalised, a leading digit prefixed, the first letter capitalised.
    static func typeName(from base: String) -> String {
        var result = ""
        var capitalizeNext = true
        for character in base {
            if character.isASCII && (character.isLetter || character.isNumber || character == "_") {
                result.append(capitalizeNext ? Character(character.uppercased()) : character)
                capitalizeNext = false
            } else {
                capitalizeNext = true
            }
        }
        if result.isEmpty { return "Scene" }
        if result.first!.isNumber { result = "Scene" + result }
        return result
    }
}

/// Swift source lines with indentation.
struct SwiftCode {
    private(set) var lines: [String] = []
    private var depth = 0

    mutating func line(_ text: String = "") {
        lines.append(text.isEmpty ? "" : String(repeating: "    ", count: depth) + text)
    }

    /// `// text`, one line per line of text.
    mutating func comment(_ text: String) {
        for part in text.split(separator: "\n", omittingEmptySubsequences: false) {
            line("// " + part)
        }
    }

    /// `opening`, the body one level in, then `closing`.
    mutating func block(_ opening: String, _ closing: String = "}", _ body: (inout SwiftCode) -> Void) {
        line(opening)
        depth += 1
        body(&self)
        depth -= 1
        line(closing)
    }

    /// A line that opens a block: the lines after it go one level in.
    mutating func open(_ text: String) {
        line(text)
        depth += 1
    }

    /// A line that closes a block, one level out.
    mutating func close(_ text: String = "}") {
        depth -= 1
        line(text)
    }

    mutating func indented(_ body: (inout SwiftCode) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }

    var text: String { lines.joined(separator: "\n") + "\n" }
}
