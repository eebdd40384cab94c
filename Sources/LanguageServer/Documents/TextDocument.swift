package import JSONRPC
package import PlaygroundProtocol

/// An open document as the editor has it: its text, version and language,
/// kept in step with the editor's changes (full or incremental).
package struct TextDocument: Sendable {
    package let uri: String
    /// The path the URI names, for diagnostics and for telling `.swift` from `.layout`.
    package let path: String
    package var languageID: String
    /// The editor's version of the text: it grows with every change.
    package private(set) var version: Int
    package private(set) var bytes: [UInt8]
    package private(set) var lines: LineIndex

    package init(uri: String, languageID: String, version: Int, text: String) {
        self.uri = uri
        self.path = DocumentURI.path(of: uri)
        self.languageID = languageID
        self.version = version
        self.bytes = Array(text.utf8)
        self.lines = LineIndex(bytes)
    }

    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Whether the document is a UIKit Swift file, which gets diagnostics only (through the Swift import).
    package var isSwift: Bool { path.hasSuffix(".swift") || languageID == "swift" }

    /// One change of `textDocument/didChange`: a range and its new text, or, without a range, the whole text.
    package struct Change: Sendable {
        package var range: TextRange?
        package var text: String

        package init(range: TextRange?, text: String) {
            self.range = range
            self.text = text
        }

        package init(_ value: JSONValue) throws(ResponseError) {
            guard let text = value["text"]?.string else {
                throw .invalidParams("a content change needs its 'text'")
            }
            self.init(range: try value["range"].map { value throws(ResponseError) in try TextRange(value) }, text: text)
        }
    }

    /// Applies changes in order, each to the text the one before left, and takes the new version.
    package mutating func apply(_ changes: [Change], version: Int) {
        for change in changes {
            if let range = change.range {
                let offsets = lines.offsets(of: range)
                bytes.replaceSubrange(offsets, with: change.text.utf8)
            } else {
                bytes = Array(change.text.utf8)
            }
            lines = LineIndex(bytes)
        }
        self.version = version
    }
}

/// `file://` URIs and the paths they name.
package enum DocumentURI {
    /// The path of a `file://` URI, percent-decoded; another URI is returned as it is (it names no file, but
    /// still serves as a name in messages).
    package static func path(of uri: String) -> String {
        guard uri.hasPrefix("file://") else { return uri }
        var rest = uri.dropFirst("file://".count)
        // file://host/path: the host (usually empty or localhost) is not part of the path.
        if let slash = rest.firstIndex(of: "/") { rest = rest[slash...] }
        var bytes: [UInt8] = []
        var utf8 = Array(rest.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2, let high = hexValue(utf8[utf8.startIndex]),
                let low = hexValue(utf8[utf8.startIndex + 1])
            {
                bytes.append(high << 4 | low)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A `file://` URI for an absolute path, with the characters URIs reserve percent-encoded.
    package static func uri(ofPath path: String) -> String {
        var text = "file://"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                text.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = Array("0123456789ABCDEF".utf8)
                text += "%" + String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
            }
        }
        return text
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
