import FileWatching
import TestSupport
import Testing

@Suite struct WatchEventTests {
    @Test(
        "Every kind layout-watch writes parses",
        arguments: [
            ("exists\t0\tQuiz.layout", WatchEvent(.exists, path: "Quiz.layout")),
            ("create\t1\ta/b.layout", WatchEvent(.create, root: 1, path: "a/b.layout")),
            ("close_write\t0\tQuiz.layout", WatchEvent(.closeWrite, path: "Quiz.layout")),
            ("moved_to\t0\tQuiz.layout", WatchEvent(.movedTo, path: "Quiz.layout")),
            ("moved_from\t0\tQuiz.layout", WatchEvent(.movedFrom, path: "Quiz.layout")),
            ("delete\t0\tQuiz.layout", WatchEvent(.delete, path: "Quiz.layout")),
            ("modify\t0\tQuiz.layout", WatchEvent(.modify, path: "Quiz.layout")),
            ("attrib\t0\tQuiz.layout", WatchEvent(.attrib, path: "Quiz.layout")),
            ("create_dir\t0\tmore", WatchEvent(.create, path: "more", isDirectory: true)),
            ("delete_dir\t0\tmore", WatchEvent(.delete, path: "more", isDirectory: true)),
            ("moved_to_dir\t12\tmore/deep", WatchEvent(.movedTo, root: 12, path: "more/deep", isDirectory: true)),
            ("moved_from_dir\t0\tmore", WatchEvent(.movedFrom, path: "more", isDirectory: true)),
            ("attrib_dir\t0\t", WatchEvent(.attrib, path: "", isDirectory: true)),
            ("delete_self\t2\t", WatchEvent(.deleteSelf, root: 2, isDirectory: true)),
            ("move_self\t0\t", WatchEvent(.moveSelf, isDirectory: true)),
            ("rewatch\t3\t", WatchEvent(.rewatch, root: 3, isDirectory: true)),
            ("overflow", WatchEvent(.overflow)),
            ("ready", WatchEvent(.ready)),
            ("ready\n", WatchEvent(.ready)),
            ("close_write\t0\tQuiz.layout\n", WatchEvent(.closeWrite, path: "Quiz.layout")),
        ])
    func kinds(line: String, event: WatchEvent) throws {
        #expect(try WatchEvent(parsing: line) == event)
    }

    @Test("Escapes stand for a backslash, a tab, a newline, a return and any byte")
    func escapes() throws {
        let event = try WatchEvent(parsing: #"create\#t0\#ta\\b\tc\nd\re\x01f\xFFg\xe9.layout"#)
        #expect(
            event.rawPath == Array("a\\b\tc\nd\re\u{1}f".utf8) + [0xFF] + Array("g".utf8) + [0xE9]
                + Array(".layout".utf8))
        #expect(!event.hasExactPath)
        #expect(event.path == "a\\b\tc\nd\re\u{1}f\u{FFFD}g\u{FFFD}.layout")
    }

    @Test("Paths in UTF-8 come through as they are, and are exact")
    func unicodePaths() throws {
        let event = try WatchEvent(parsing: "close_write\t0\tÉcran d’accueil/日本.layout")
        #expect(event.path == "Écran d’accueil/日本.layout")
        #expect(event.hasExactPath)
    }

    @Test(
        "A malformed line is an error with its reason, never a trap",
        arguments: [
            ("", WatchLineError.Reason.empty),
            ("\t0\tx", .empty),
            ("closewrite\t0\tx", .unknownKind("closewrite")),
            ("close_write_dir\t0\tx", .unknownKind("close_write_dir")),
            ("delete_self_dir\t0\t", .unknownKind("delete_self_dir")),
            ("rewatch_dir\t0\t", .unknownKind("rewatch_dir")),
            ("rewatch", .missingField),
            ("ready_dir", .unknownKind("ready_dir")),
            ("close_write", .missingField),
            ("close_write\t0", .missingField),
            ("close_write\t0\tx\ty", .extraField),
            ("ready\t0\t", .unexpectedPath),
            ("close_write\t-1\tx", .badRoot("-1")),
            ("close_write\t\tx", .badRoot("")),
            ("close_write\t9999999999\tx", .badRoot("9999999999")),
            ("close_write\t0\tx\\", .badEscape(offset: 15)),
            ("close_write\t0\t\\q", .badEscape(offset: 14)),
            ("close_write\t0\tab\\x4", .badEscape(offset: 16)),
            ("close_write\t0\t\\xZZ", .badEscape(offset: 14)),
        ])
    func malformed(line: String, reason: WatchLineError.Reason) {
        #expect(throws: WatchLineError(reason, line: Array(line.utf8))) { try WatchEvent(parsing: line) }
    }

    @Test("An error's description names the reason and shows the line with control characters escaped")
    func errorDescription() {
        let error = WatchLineError(.unknownKind("bogus"), line: Array("bogus\t0\ta\u{1}b".utf8))
        #expect(error.description == #"malformed layout-watch line (unknown kind 'bogus'): bogus\t0\ta\u{01}b"#)
    }

    @Test("Random bytes never trap the parser")
    func randomBytes() {
        var generator = SplitMix(state: 14)
        let alphabet = Array("\t\n\\x0123456789abcdefAF_ready".utf8) + [0x00, 0x80, 0xFF, 0xC3]
        for _ in 0..<5_000 {
            let count = Int.random(in: 0..<24, using: &generator)
            let line = (0..<count).map { _ in alphabet.randomElement(using: &generator)! }
            _ = try? WatchEvent(parsing: line)
        }
    }
}
