import LayoutValues
import Testing

@testable import SceneLanguage

@Suite struct KeywordTableTests {
    /// Every case of a word enumeration, found by its raw value as `init(rawValue:)` finds it.
    func roundTrips<Word: LanguageWord & Equatable>(_ type: Word.Type) -> Bool {
        type.allCases.allSatisfy { Word(word: $0.rawValue) == $0 && Word(rawValue: $0.rawValue) == $0 }
    }

    @Test("Each word enumeration finds every case by its raw value")
    func everyCase() {
        #expect(roundTrips(Attribute.self))
        #expect(roundTrips(FrameProperty.self))
        #expect(roundTrips(ViewProperty.self))
        #expect(roundTrips(ViewKind.self))
        #expect(roundTrips(AssignableProperty.self))
        #expect(roundTrips(PriorityName.self))
    }

    @Test("Words that are not in a table are not found, whatever their bytes")
    func strangers() {
        let strangers = [
            "", "t", "to", "tops", "Top", "TOP", "top ", " top", "topé", "é", "🙂", "lead", "leadingg", "trailing_",
            "firstBaselin", "centerx", "width\n", String(repeating: "leading", count: 100), "left\u{0}",
        ]
        for word in strangers {
            #expect(Attribute(word: word) == nil, "\(word)")
            #expect(Attribute(word: word) == Attribute(rawValue: word), "\(word)")
            #expect(ViewProperty(word: word) == ViewProperty(rawValue: word), "\(word)")
        }
        // A word made of bytes that are not stored contiguously (a substring's copy is) hashes the same.
        let sentence = "the leading edge"
        let word = String(sentence.split(separator: " ")[1])
        #expect(Attribute(word: word) == .leading)
    }

    @Test("Words of one length, first and last byte all share a hash and are each found")
    func collisions() {
        // 4 letters, 'a' … 'z': every one hashes alike, so each is found by probing past the others.
        let words = ["abcz", "axyz", "a__z", "a12z", "aaaz", "azzz", "abbz", "acdz", "aeez", "afgz"]
        let table = KeywordTable(words.enumerated().map { ($0.element, $0.offset) })
        for (offset, word) in words.enumerated() {
            #expect(table[word] == offset)
        }
        #expect(table["abdz"] == nil)
        #expect(table["a__"] == nil)
        #expect(!table.contains("zbca"))
        // A word given twice keeps its first value.
        let twice = KeywordTable([("top", 1), ("top", 2)])
        #expect(twice["top"] == 1)
        // More words than the smallest table holds.
        let many = (0..<100).map { "word\($0)" }
        let large = KeywordTable(many)
        #expect(many.allSatisfy(large.contains))
        #expect(!large.contains("word100"))
    }

    @Test("Colour names are found as before, and only exact names")
    func colours() {
        #expect(Color(named: "systemBlue") == Color(rgb: 0x007AFF))
        #expect(Color(named: "systemPink") == Color(rgb: 0xFF2D55))
        #expect(Color(named: "clear") == .clear)
        for name in Color.allNames { #expect(Color(named: name) != nil, "\(name)") }
        for name in ["", "Blue", "systemblue", "system", "bluee", "blué"] { #expect(Color(named: name) == nil) }
    }
}
