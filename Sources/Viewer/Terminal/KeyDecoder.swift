/// A key the viewer acts on.
package enum Key: Hashable, Sendable {
    /// A printable character (`q`, space, `?`).
    case character(Character)
    case enter, escape, tab, backspace
    case up, down, left, right
    /// Ctrl-C: in raw mode it arrives as a byte, not as SIGINT.
    case interrupt
    /// Anything else: other control keys and escape sequences the viewer does not use.
    case other
}

/// Turns the bytes a terminal in raw mode sends into keys: UTF-8
/// characters, control bytes, and the escape sequences of the arrow keys
/// (`ESC [ A`, and `ESC O A` in application mode). A lone escape byte at the
/// end of a read is the escape key; a sequence cut between two reads is
/// completed by the next.
package struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    package init() {}

    package mutating func decode(_ bytes: [UInt8]) -> [Key] {
        pending += bytes
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            let byte = pending[index]
            switch byte {
            case 0x1B:
                guard index + 1 < pending.count else {
                    // A lone escape at the end of a read: the escape key.
                    keys.append(.escape)
                    index += 1
                    continue
                }
                let next = pending[index + 1]
                guard next == 0x5B || next == 0x4F else {
                    keys.append(.escape)
                    index += 1
                    continue
                }
                // CSI or SS3: parameters, then a final byte in 0x40...0x7E.
                var end = index + 2
                while end < pending.count, !(0x40...0x7E).contains(pending[end]) { end += 1 }
                guard end < pending.count else {
                    pending.removeFirst(index)
                    return keys
                }
                switch pending[end] {
                case 0x41: keys.append(.up)
                case 0x42: keys.append(.down)
                case 0x43: keys.append(.right)
                case 0x44: keys.append(.left)
                default: keys.append(.other)
                }
                index = end + 1
            case 0x03: keys.append(.interrupt); index += 1
            case 0x09: keys.append(.tab); index += 1
            case 0x0D, 0x0A: keys.append(.enter); index += 1
            case 0x7F, 0x08: keys.append(.backspace); index += 1
            case 0x00..<0x20: keys.append(.other); index += 1
            default:
                let length = byte < 0xC0 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
                guard index + length <= pending.count else {
                    pending.removeFirst(index)
                    return keys
                }
                let text = String(decoding: pending[index..<(index + length)], as: UTF8.self)
                keys.append(text.first.map(Key.character) ?? .other)
                index += length
            }
        }
        pending.removeAll()
        return keys
    }
}
