package import JSONRPC
package import PlaygroundProtocol

/// A place in a document as LSP counts: a 0-based line and a 0-based
/// character offset in UTF-16 code units.
package struct Position: Hashable, Sendable, Comparable, CustomStringConvertible {
    package var line: Int
    package var character: Int

    package init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    package init(_ value: JSONValue?) throws(ResponseError) {
        guard let line = value?["line"]?.number, let character = value?["character"]?.number,
            line >= 0, character >= 0, line < 1e9, character < 1e9
        else { throw .invalidParams("a position needs a 'line' and a 'character', whole numbers from 0") }
        self.init(line: Int(line), character: Int(character))
    }

    package var json: JSONValue {
        .object(["line": .number(Double(line)), "character": .number(Double(character))])
    }

    package static func < (lhs: Position, rhs: Position) -> Bool {
        (lhs.line, lhs.character) < (rhs.line, rhs.character)
    }

    package var description: String { "\(line):\(character)" }
}

/// A span of a document between two ``Position``s, the end excluded.
package struct TextRange: Hashable, Sendable, CustomStringConvertible {
    package var start: Position
    package var end: Position

    package init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    package init(_ value: JSONValue?) throws(ResponseError) {
        try self.init(start: Position(value?["start"]), end: Position(value?["end"]))
    }

    package var json: JSONValue { .object(["start": start.json, "end": end.json]) }

    package var description: String { "\(start)-\(end)" }
}

/// A range in a document named by its URI.
package struct Location: Hashable, Sendable {
    package var uri: String
    package var range: TextRange

    package var json: JSONValue { .object(["uri": .string(uri), "range": range.json]) }
}
