import Testing

@testable import SceneLanguage

@Suite struct SymbolTableTests {
    /// Names of every length around the hash's eight-byte words, non-ASCII and large (non-inline) strings,
    /// and prefixes of each other.
    static let names: [String] = {
        var names = ["", "a", "ab", "v1", "v10", "v100", "top", "é", "🙂", "a\u{0}", "root", "system"]
        for length in 1...20 { names.append(String(repeating: "x", count: length)) }
        for i in 0..<3000 { names.append("view\(i)") }
        names.append(String(repeating: "leading", count: 40))
        names.append(String(repeating: "leading", count: 40) + "s")
        return names
    }()

    @Test("A symbol table holds and replaces what a dictionary does, entry by entry")
    func matchesDictionary() {
        var table = SymbolTable<Int>()
        var dictionary: [String: Int] = [:]
        for (i, name) in SymbolTableTests.names.enumerated() {
            #expect(table[name] == dictionary[name], "\(name)")
            #expect(table.updateValue(i, forKey: name) == dictionary.updateValue(i, forKey: name), "\(name)")
        }
        // Entered again: each replaces its value and gives back the old one.
        for (i, name) in SymbolTableTests.names.enumerated().reversed() {
            #expect(table.updateValue(-i, forKey: name) == dictionary.updateValue(-i, forKey: name), "\(name)")
            table[name] = i
            dictionary[name] = i
        }
        #expect(table.count == dictionary.count)
        #expect(Dictionary(uniqueKeysWithValues: table.entries.map { ($0, $1) }) == dictionary)
        for name in ["view3000", "View1", "x" + String(repeating: "x", count: 20), "é "] {
            #expect(table[name] == nil, "\(name)")
        }
    }

    @Test("Reserving room keeps what a table holds")
    func reserving() {
        var table = SymbolTable<Int>()
        for (i, name) in SymbolTableTests.names.prefix(100).enumerated() { table[name] = i }
        table.reserveCapacity(10_000)
        for (i, name) in SymbolTableTests.names.prefix(100).enumerated() { #expect(table[name] == i, "\(name)") }
        #expect(table.count == 100)
    }
}
