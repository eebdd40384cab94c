/// Converts between the language's UTF-8 byte offsets and LSP's positions
/// (0-based lines, UTF-16 code units) in one text.
///
/// Lines end at `\n` (a `\r` before it stays part of the line, as LSP
/// counts it: a position is never placed between the two). A character
/// outside the BMP is one scalar of four UTF-8 bytes and two UTF-16 units.
/// Positions past the end of a line are clamped to it, and positions in
/// the middle of a surrogate pair to the character's start, as the protocol
/// asks of servers.
package struct LineIndex: Sendable {
    /// The text's UTF-8 bytes.
    private let bytes: [UInt8]
    /// The offset at which each line starts.
    private let lineStarts: [Int]

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            for index in buffer.indices where buffer[index] == UInt8(ascii: "\n") { starts.append(index + 1) }
        }
        self.lineStarts = starts
    }

    /// How many lines the text has (one more than its line ends).
    package var lineCount: Int { lineStarts.count }

    /// The byte offsets of a line, its end before its `\n`.
    private func bounds(ofLine line: Int) -> Range<Int> {
        let start = lineStarts[line]
        let end = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : bytes.count
        return start..<max(start, end)
    }

    /// The position of a byte offset (clamped to the text).
    package func position(of offset: Int) -> Position {
        let offset = min(max(offset, 0), bytes.count)
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var units = 0
        var index = lineStarts[low]
        while index < offset {
            let width = Self.width(of: bytes[index])
            // An offset inside a scalar (never made by the language) counts the scalar once it is whole.
            guard index + width <= offset else { break }
            units += width == 4 ? 2 : 1
            index += width
        }
        return Position(line: low, character: units)
    }

    /// The byte offset of a position: a line past the last is the end of the text, a character past the line's
    /// end is the line's end, and a character inside a surrogate pair is the start of its scalar.
    package func offset(of position: Position) -> Int {
        guard position.line < lineStarts.count else { return bytes.count }
        let line = bounds(ofLine: max(0, position.line))
        var units = 0
        var index = line.lowerBound
        while index < line.upperBound {
            let width = Self.width(of: bytes[index])
            let next = units + (width == 4 ? 2 : 1)
            if next > position.character { break }
            units = next
            index = min(index + width, line.upperBound)
        }
        return index
    }

    /// The range of byte offsets between two positions, in order.
    package func offsets(of range: TextRange) -> Range<Int> {
        let start = offset(of: range.start)
        let end = offset(of: range.end)
        return min(start, end)..<max(start, end)
    }

    /// The LSP range of a range of byte offsets.
    package func range(of offsets: Range<Int>) -> TextRange {
        TextRange(start: position(of: offsets.lowerBound), end: position(of: offsets.upperBound))
    }

    /// The number of bytes of the UTF-8 sequence a lead byte starts (1 for a stray continuation byte).
    private static func width(of lead: UInt8) -> Int {
        switch lead {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }
}
