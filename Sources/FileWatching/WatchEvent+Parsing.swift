extension WatchEvent {
    /// Reads one line of `layout-watch`'s output (a final `\n`, if any, is left out).
    ///
    /// Never traps, whatever the bytes.
    ///
    /// - Parameter line: the line's bytes.
    /// - Throws: `WatchLineError` with the reason and the line, when the line is not one `layout-watch` writes:
    ///   `.empty`, `.unknownKind`, `.missingField`, `.extraField`, `.badRoot`, `.badEscape`, `.unexpectedPath`.
    package init(parsing line: some Collection<UInt8>) throws(WatchLineError) {
        var bytes = Array(line)
        if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        func failure(_ reason: WatchLineError.Reason) -> WatchLineError { WatchLineError(reason, line: bytes) }

        let fields = bytes.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
        guard let kindField = fields.first, !kindField.isEmpty else { throw failure(.empty) }
        let name = String(decoding: kindField, as: UTF8.self)
        var isDirectory = false
        var kind = Kind(rawValue: name)
        if kind == nil, name.hasSuffix("_dir"), let base = Kind(rawValue: String(name.dropLast(4))),
            base.hasPath, !base.isAboutRoot, base != .closeWrite
        {
            kind = base
            isDirectory = true
        }
        guard let kind else { throw failure(.unknownKind(name)) }
        guard kind.hasPath else {
            guard fields.count == 1 else { throw failure(.unexpectedPath) }
            self.init(kind)
            return
        }
        guard fields.count >= 3 else { throw failure(.missingField) }
        guard fields.count == 3 else { throw failure(.extraField) }
        guard let root = Self.root(fields[1]) else {
            throw failure(.badRoot(String(decoding: fields[1], as: UTF8.self)))
        }
        let path: [UInt8]
        switch Self.unescape(fields[2]) {
        case .success(let unescaped): path = unescaped
        case .failure(let offset):
            throw failure(.badEscape(offset: fields[2].startIndex + offset))
        }
        self.init(kind, root: root, rawPath: path, isDirectory: isDirectory)
    }

    /// Reads one line of `layout-watch`'s output given as text.
    ///
    /// - Throws: `WatchLineError`, as `init(parsing:)` with bytes does.
    package init(parsing line: String) throws(WatchLineError) {
        try self.init(parsing: Array(line.utf8))
    }

    /// A root index: decimal digits, at most 9 of them (no overflow).
    private static func root(_ field: ArraySlice<UInt8>) -> Int? {
        guard !field.isEmpty, field.count <= 9 else { return nil }
        var value = 0
        for byte in field {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private enum Unescaped {
        case success([UInt8])
        /// The offset of the bad escape in the field.
        case failure(Int)
    }

    /// The bytes that `field` stands for: `\\`, `\t`, `\n`, `\r` and `\xNN` undone.
    private static func unescape(_ field: ArraySlice<UInt8>) -> Unescaped {
        var result: [UInt8] = []
        result.reserveCapacity(field.count)
        let bytes = Array(field)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\") else {
                result.append(byte)
                index += 1
                continue
            }
            guard index + 1 < bytes.count else { return .failure(index) }
            switch bytes[index + 1] {
            case UInt8(ascii: "\\"): result.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "t"): result.append(UInt8(ascii: "\t"))
            case UInt8(ascii: "n"): result.append(UInt8(ascii: "\n"))
            case UInt8(ascii: "r"): result.append(UInt8(ascii: "\r"))
            case UInt8(ascii: "x"):
                guard index + 3 < bytes.count, let high = hexDigit(bytes[index + 2]),
                    let low = hexDigit(bytes[index + 3])
                else { return .failure(index) }
                result.append(high << 4 | low)
                index += 2
            default:
                return .failure(index)
            }
            index += 2
        }
        return .success(result)
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
