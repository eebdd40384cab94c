/// A fixed set of words, such as the raw values of an enumeration, each
/// with its value: what the parser and the checker look every keyword,
/// property and attribute up in.
///
/// A `switch` on a `String` compares the word with each case in turn, making
/// a string of each case's literal on the way, and a `Dictionary` hashes the
/// whole word with SipHash; both showed in profiles of parsing. Here a word
/// is found by its length and its first and last bytes, in an open-addressed
/// table at least twice the size of the set, and compared once, or at most
/// a few times, with `==`, which for the short ASCII words of the language
/// compares two machine words.
struct KeywordTable<Value>: Sendable where Value: Sendable {
    private let words: [String?]
    private let values: [Value?]
    private let mask: Int

    /// A table of these words; a word given twice keeps its first value.
    init(_ entries: [(String, Value)]) {
        var size = 16
        while size < entries.count * 2 { size *= 2 }
        var words = [String?](repeating: nil, count: size)
        var values = [Value?](repeating: nil, count: size)
        for (word, value) in entries {
            var slot = KeywordTable.hash(word) & (size - 1)
            while let taken = words[slot], taken != word { slot = (slot + 1) & (size - 1) }
            if words[slot] == nil {
                words[slot] = word
                values[slot] = value
            }
        }
        self.words = words
        self.values = values
        self.mask = size - 1
    }

    /// The value of a word, or nil when the word is not in the table.
    subscript(word: String) -> Value? {
        var slot = KeywordTable.hash(word) & mask
        while let candidate = words[slot] {
            if candidate == word { return values[slot] }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Whether the word is in the table.
    func contains(_ word: String) -> Bool {
        self[word] != nil
    }

    /// The length and the first and last bytes, mixed: enough to tell
    /// apart nearly all of a few dozen words.
    private static func hash(_ word: String) -> Int {
        // A native string's bytes are contiguous (a small one's are copied
        // to the stack); any other's are copied, to be hashed the same way.
        word.utf8.withContiguousStorageIfAvailable(hash(bytes:))
            ?? Array(word.utf8).withUnsafeBufferPointer(hash(bytes:))
    }

    private static func hash(bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let first = bytes.first, let last = bytes.last else { return 0 }
        return bytes.count &* 31 &+ Int(first) &* 7 &+ Int(last)
    }
}

extension KeywordTable where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// A table of every case of an enumeration, by its raw value.
    init(rawValuesOf type: Value.Type) {
        self.init(type.allCases.map { ($0.rawValue, $0) })
    }
}

extension KeywordTable where Value == Void {
    /// A set of words.
    init(_ words: [String]) {
        self.init(words.map { ($0, ()) })
    }
}

/// An enumeration of words of the language, looked up in a ``KeywordTable``
/// of its raw values rather than by `init(rawValue:)`, which switches on
/// strings.
protocol LanguageWord: RawRepresentable, CaseIterable, Sendable where RawValue == String {
    /// Every case, by its raw value.
    static var words: KeywordTable<Self> { get }
}

extension LanguageWord {
    /// The case whose raw value is `word`: `init(rawValue:)`, faster.
    init?(word: String) {
        guard let value = Self.words[word] else { return nil }
        self = value
    }
}

// The words the parser and the checker look up for every declaration,
// constraint and statement.
extension Attribute: LanguageWord {
    static let words = KeywordTable(rawValuesOf: Attribute.self)
}

extension FrameProperty: LanguageWord {
    static let words = KeywordTable(rawValuesOf: FrameProperty.self)
}

extension ViewProperty: LanguageWord {
    static let words = KeywordTable(rawValuesOf: ViewProperty.self)
}

extension ViewKind: LanguageWord {
    static let words = KeywordTable(rawValuesOf: ViewKind.self)
}

extension AssignableProperty: LanguageWord {
    static let words = KeywordTable(rawValuesOf: AssignableProperty.self)
}

extension PriorityName: LanguageWord {
    static let words = KeywordTable(rawValuesOf: PriorityName.self)
}
