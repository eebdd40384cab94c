import LayoutValues
import Testing

/// "Did you mean": near names found, far ones not, and the banded distance equal to the full one wherever it is
/// within its limit.
@Suite struct SuggestionTests {
    @Test("'Did you mean' finds near names and not far ones")
    func suggestions() {
        let properties = ["alpha", "color", "font", "size", "hugging", "compression", "hidden", "frame"]
        #expect(nearestName(to: "alpah", among: properties) == "alpha")
        #expect(nearestName(to: "colour", among: properties) == "color")
        #expect(nearestName(to: "Hiden", among: properties) == "hidden")
        #expect(nearestName(to: "xyzzy", among: properties) == nil)
        #expect(nearestName(to: "a", among: properties) == nil)
        // Short names allow one edit: 'fade' is three edits from 'pause'.
        #expect(nearestName(to: "fade", among: ["pause", "start", "stop"]) == nil)
        #expect(nearestName(to: "veiw", among: ["view", "label"]) == "view")
    }

    /// "Did you mean" as it was first written, every candidate lowered and measured to 4 edits: the oracle for the
    /// one that stops at the edits it could suggest.
    static func formerNearestName(to name: String, among candidates: [String]) -> String? {
        let target = Array(name.lowercased().utf8)
        var best: String? = nil
        var bestDistance = Int.max
        for candidate in candidates {
            if abs(candidate.utf8.count - target.count) > 4 { continue }
            let d = fullDistance(target, Array(candidate.lowercased().utf8))
            if d < bestDistance {
                bestDistance = d
                best = candidate
            }
        }
        let allowed = min(3, max(1, target.count / 3))
        guard let best, bestDistance <= allowed, bestDistance < target.count else { return nil }
        return best
    }

    @Test("'Did you mean' suggests what measuring every candidate in full suggests, on 3,000 random names")
    func suggestionsAgainstFull() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = ["a", "b", "B", "c", "d", "é", "É"]
        func word(_ lengths: ClosedRange<Int>) -> String {
            (0..<Int.random(in: lengths, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
                .joined()
        }
        for _ in 0..<3000 {
            let candidates = (0..<Int.random(in: 0...8, using: &generator)).map { _ in word(0...12) }
            let name = word(0...12)
            #expect(
                nearestName(to: name, among: candidates) == Self.formerNearestName(to: name, among: candidates),
                "\(name) among \(candidates)")
        }
        #expect(nearestName(to: "X", among: ["y", "x"]) == "x")
    }

    /// Optimal string alignment distance over the whole table: the textbook recurrence, no band, no early exit.
    static func fullDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }

    @Test("The banded distance is the full table's when within the limit, and above the limit when that is")
    func bandedAgainstFull() {
        var generator = SystemRandomNumberGenerator()
        // A small alphabet, so that near strings, repeats and swaps are common.
        let alphabet = Array("abcd".utf8)
        for _ in 0..<3000 {
            let a = (0..<Int.random(in: 0...9, using: &generator)).map { _ in alphabet.randomElement()! }
            let b = (0..<Int.random(in: 0...9, using: &generator)).map { _ in alphabet.randomElement()! }
            let limit = Int.random(in: 0...5, using: &generator)
            let full = Self.fullDistance(a, b)
            let banded = editDistance(a, b, limit: limit)
            if full <= limit {
                #expect(banded == full, "\(a) \(b) limit \(limit)")
            } else {
                #expect(banded > limit, "\(a) \(b) limit \(limit)")
            }
        }
    }
}

/// How numbers are written for people and for Swift source, and the order of severities.
@Suite struct NumberTextTests {
    @Test("format writes whole numbers without a point and reads back as the same Double")
    func plain() {
        #expect(format(12) == "12")
        #expect(format(-187.5) == "-187.5")
        #expect(format(0.5) == "0.5")
        #expect(format(-0.0) == "0")
        #expect(format(1e15) == "1000000000000000.0")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<10_000 {
            let value = Double(bitPattern: generator.next())
            guard value.isFinite else { continue }
            #expect(Double(format(value)) == value, "\(value)")
        }
    }

    @Test("formatted rounds to three decimals, keeps one, and names what is not finite")
    func messages() {
        #expect(formatted(324) == "324.0")
        #expect(formatted(20.41666) == "20.417")
        #expect(formatted(-0.0001) == "0.0")
        #expect(formatted(.nan) == "nan")
        #expect(formatted(-.infinity) == "-inf")
        #expect(formatted(1e300) == "1e+300")
    }

    @Test("Severities order note < warning < error")
    func severities() {
        #expect(Severity.allCases.sorted() == [.note, .warning, .error])
    }
}

/// Scene names: of a file in a watched folder (which paths are scene files at all), and of a file named alone.
@Suite struct SceneNameTests {
    @Test("A watched folder's scene files and their names; editors' files are none")
    func sceneFiles() {
        #expect(SceneName(sceneFile: "more/Bankey.layout") == "more/Bankey")
        // A UIKit Swift file is a scene too, and keeps its extension: never the same scene as a .layout beside it.
        #expect(SceneName(sceneFile: "swift/Login.swift") == "swift/Login.swift")
        #expect(SceneName(sceneFile: "swift/Login.swift")?.file == "swift/Login.swift")
        #expect(SceneName(sceneFile: "Login.swift")?.isSwift == true && SceneName("Login").isSwift == false)
        #expect(SceneName(sceneFile: ".Login.swift.swp") == nil && SceneName(sceneFile: "Login.swift~") == nil)
        for path in [
            ".Quiz.layout.swp", "Quiz.layout~", "4913", ".#Quiz.layout", "a//b.layout", "/Quiz.layout", "Quiz.layout/",
            "dir/.hidden/Quiz.layout", "Quiz.layout___jb_tmp___",
        ] {
            #expect(SceneName(sceneFile: path) == nil, "\(path)")
        }
    }

    @Test("A file named alone is its scene without folders or .layout, and the name gives the file back")
    func fileAlone() {
        #expect(SceneName(ofFileAt: "Tests/Card.layout") == "Card")
        #expect(SceneName(ofFileAt: "Card.layout").file == "Card.layout")
        #expect(SceneName(ofFileAt: "notes.txt") == "notes.txt")
    }
}

@Suite struct TextSafetyTests {
    @Test("escapedLength counts the characters of escaped, for scalars of every width of hex digits")
    func escapedLength() {
        let values: [UInt32] = [
            0, 0x1, 0xF, 0x10, 0x1B, 0x7F, 0x85, 0x9F, 0xFF, 0x100, 0x61C, 0xFFF, 0x1000, 0x200E, 0x202E, 0xFEFF,
            0xFFFF,
            0x10000, 0x1F600, 0xFFFFF, 0x100000, 0x10FFFF,
        ]
        for value in values {
            let scalar = Unicode.Scalar(value)!
            #expect(scalar.escapedLength == scalar.escaped.count, "U+\(String(value, radix: 16))")
        }
    }

    @Test("escapedForDisplay gives what escaping scalar by scalar gives, cut at the limit, on 2,000 random texts")
    func escapedForDisplayMatchesScalarByScalar() {
        let pieces = ["a", " ", "\t", "\n", "é", "e\u{301}", "😀", "\u{1B}", "\u{7F}", "\u{202E}", "\u{FEFF}", "…"]
        var state: UInt64 = 0x7E57_5AFE
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        for _ in 0..<2000 {
            // Most texts plain, as messages and names are; the rest with a piece to escape somewhere.
            let plain = next() % 2 == 0
            let text = (0..<(next() % 40)).map { _ in plain ? "ab. "[next() % 4] : pieces[next() % pieces.count] }
                .joined()
            let limit = [Int.max, 0, 1, 10, 30][next() % 5]
            var expected = ""
            var width = 0
            for scalar in text.unicodeScalars {
                let shown = scalar.isUnsafeToShow ? scalar.escaped : String(scalar)
                width += shown.unicodeScalars.count
                if width > limit {
                    expected += "…"
                    break
                }
                expected += shown
            }
            #expect(escapedForDisplay(text, limit: limit) == expected, "\(text.debugDescription) limit \(limit)")
            #expect(escapedForDisplay(text[...], limit: limit) == expected)
        }
    }
}

extension String {
    fileprivate subscript(_ offset: Int) -> String { String(self[index(startIndex, offsetBy: offset)]) }
}
