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

    /// The hash as it gathered each word byte by byte: the table's hash loads the words, and must give the
    /// same values.
    static func gatheredHash(_ name: String) -> Int {
        let bytes = Array(name.utf8)
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = UInt64(bytes.count) &* multiplier
        var offset = 0
        while offset < bytes.count {
            var word: UInt64 = 0
            for k in offset..<min(offset + 8, bytes.count) {
                word |= UInt64(bytes[k]) << (8 * UInt64(k - offset))
            }
            hash = (hash ^ word) &* multiplier
            hash ^= hash >> 29
            offset += 8
        }
        return Int(truncatingIfNeeded: hash)
    }

    @Test("A name's hash is its bytes gathered into words, whatever its length, its scalars and its storage")
    func hashOfWords() {
        var names = SymbolTableTests.names
        let pieces = ["a", "é", "€", "🙂", "\u{0}", "\u{7F}", "ÿ", "Z"]
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        for length in 0...40 {
            for _ in 0..<20 {
                var name = ""
                for _ in 0..<length {
                    seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    name += pieces[Int(seed >> 33) % pieces.count]
                }
                names.append(name)
                // The same text cut out of a longer one: a substring's own storage, made a string again.
                names.append(String(("<" + name + ">").dropFirst().dropLast()))
            }
        }
        for name in names {
            #expect(SymbolTable<Int>.hash(name) == SymbolTableTests.gatheredHash(name), "\(name.utf8.count) bytes")
        }
    }
}
