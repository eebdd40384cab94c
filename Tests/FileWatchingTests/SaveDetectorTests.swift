import FileWatching
import Testing

/// A detector fed with lines at times given in milliseconds from a start.
struct DetectorReplay {
    var detector = SaveDetector(removalGrace: .milliseconds(200))
    let start = ContinuousClock.now

    func time(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

    mutating func feed(_ line: String, at milliseconds: Int = 0) throws -> [SaveDetector.Action] {
        detector.handle(try WatchEvent(parsing: line), at: time(milliseconds))
    }

    mutating func tick(at milliseconds: Int) -> [SaveDetector.Action] {
        detector.tick(at: time(milliseconds))
    }
}

@Suite struct SaveDetectorTests {
    @Test("A scene found by a listing is loaded, and a close_write or moved_to reloads it at once")
    func changesAtOnce() throws {
        var replay = DetectorReplay()
        #expect(try replay.feed("exists\t0\tQuiz.layout") == [.changed(root: 0, path: "Quiz.layout")])
        #expect(try replay.feed("ready") == [])
        #expect(try replay.feed("modify\t0\tQuiz.layout", at: 1) == [])
        #expect(try replay.feed("close_write\t0\tQuiz.layout", at: 2) == [.changed(root: 0, path: "Quiz.layout")])
        #expect(
            try replay.feed("moved_to\t1\tsub/Other.layout", at: 3) == [.changed(root: 1, path: "sub/Other.layout")])
        #expect(replay.detector.nextDeadline == nil)
    }

    @Test("create and modify never reload: the file is not complete yet")
    func createAndModifyWait() throws {
        var replay = DetectorReplay()
        #expect(try replay.feed("create\t0\tNew.layout") == [])
        #expect(try replay.feed("modify\t0\tNew.layout") == [])
        #expect(try replay.feed("attrib\t0\tNew.layout") == [])
        #expect(try replay.feed("close_write\t0\tNew.layout", at: 5) == [.changed(root: 0, path: "New.layout")])
    }

    @Test("A deleted scene is removed after the grace, not before")
    func removalAfterGrace() throws {
        var replay = DetectorReplay()
        _ = try replay.feed("exists\t0\tQuiz.layout")
        #expect(try replay.feed("delete\t0\tQuiz.layout", at: 100) == [])
        #expect(replay.detector.nextDeadline == replay.time(300))
        #expect(replay.tick(at: 299) == [])
        #expect(replay.tick(at: 300) == [.removed(root: 0, path: "Quiz.layout")])
        #expect(replay.detector.nextDeadline == nil)
        #expect(replay.detector.knownScenes.isEmpty)
        #expect(replay.tick(at: 1_000) == [])
    }

    @Test("A scene re-created within the grace is reloaded, never removed")
    func recreatedWithinGrace() throws {
        var replay = DetectorReplay()
        _ = try replay.feed("exists\t0\tQuiz.layout")
        #expect(try replay.feed("delete\t0\tQuiz.layout", at: 10) == [])
        #expect(try replay.feed("create\t0\tQuiz.layout", at: 150) == [])
        #expect(replay.detector.nextDeadline == nil)
        #expect(try replay.feed("close_write\t0\tQuiz.layout", at: 400) == [.changed(root: 0, path: "Quiz.layout")])
        #expect(replay.tick(at: 1_000) == [])
    }

    @Test("A removal that fell due before an event is reported before it, as if the timer had run on time")
    func dueRemovalComesFirst() throws {
        var replay = DetectorReplay()
        _ = try replay.feed("exists\t0\tQuiz.layout")
        _ = try replay.feed("delete\t0\tQuiz.layout", at: 0)
        #expect(
            try replay.feed("close_write\t0\tQuiz.layout", at: 500) == [
                .removed(root: 0, path: "Quiz.layout"), .changed(root: 0, path: "Quiz.layout"),
            ])
    }

    @Test("A file never reported is not removed")
    func unknownFileNotRemoved() throws {
        var replay = DetectorReplay()
        #expect(try replay.feed("create\t0\tDraft.layout") == [])
        #expect(try replay.feed("delete\t0\tDraft.layout", at: 1) == [])
        #expect(replay.detector.nextDeadline == nil)
    }

    @Test("A folder deleted or moved away removes every scene under it after the grace, and only those")
    func folderRemoval() throws {
        for kind in ["delete_dir", "moved_from_dir"] {
            var replay = DetectorReplay()
            for path in ["a/One.layout", "a/b/Two.layout", "ab/Three.layout", "Four.layout"] {
                _ = try replay.feed("exists\t0\t\(path)")
            }
            _ = try replay.feed("exists\t1\ta/Five.layout")
            #expect(try replay.feed("\(kind)\t0\ta", at: 10) == [])
            #expect(replay.tick(at: 209) == [])
            #expect(
                replay.tick(at: 210) == [
                    .removed(root: 0, path: "a/One.layout"), .removed(root: 0, path: "a/b/Two.layout"),
                ])
        }
    }

    @Test("A folder put back within the grace keeps the scenes its listing finds")
    func folderPutBack() throws {
        var replay = DetectorReplay()
        _ = try replay.feed("exists\t0\ta/One.layout")
        _ = try replay.feed("exists\t0\ta/Two.layout")
        _ = try replay.feed("moved_from_dir\t0\ta", at: 0)
        _ = try replay.feed("moved_to_dir\t0\ta", at: 1)
        #expect(try replay.feed("exists\t0\ta/One.layout", at: 2) == [.changed(root: 0, path: "a/One.layout")])
        #expect(replay.tick(at: 300) == [.removed(root: 0, path: "a/Two.layout")])
    }

    @Test("A root deleted or moved away removes all of its scenes after the grace")
    func rootGone() throws {
        for kind in ["delete_self", "move_self"] {
            var replay = DetectorReplay()
            _ = try replay.feed("exists\t0\tOne.layout")
            _ = try replay.feed("exists\t1\tTwo.layout")
            _ = try replay.feed("exists\t1\tsub/Three.layout")
            #expect(try replay.feed("\(kind)\t1\t", at: 0) == [])
            #expect(
                replay.tick(at: 200) == [
                    .removed(root: 1, path: "Two.layout"), .removed(root: 1, path: "sub/Three.layout"),
                ])
        }
    }

    @Test("After an overflow, the listing reloads what it finds and the scenes it does not find are removed")
    func overflow() throws {
        var replay = DetectorReplay()
        for path in ["One.layout", "Two.layout", "Three.layout"] { _ = try replay.feed("exists\t0\t\(path)") }
        _ = try replay.feed("ready")
        #expect(try replay.feed("overflow", at: 10) == [.rescanAll])
        #expect(try replay.feed("exists\t0\tOne.layout", at: 11) == [.changed(root: 0, path: "One.layout")])
        #expect(try replay.feed("create\t0\tTwo.layout", at: 12) == [])
        #expect(try replay.feed("ready", at: 13) == [])
        #expect(replay.detector.nextDeadline == replay.time(213))
        #expect(replay.tick(at: 213) == [.removed(root: 0, path: "Three.layout")])
        #expect(replay.detector.knownScenes.map(\.path) == ["One.layout", "Two.layout"])
    }

    @Test(
        "Only .layout files without a hidden name in their path are scenes",
        arguments: [
            ("Quiz.layout", true), ("a/b/Quiz.layout", true), ("Quiz layout.layout", true), ("x.y.layout", true),
            (".layout", false), (".Quiz.layout", false), (".#Quiz.layout", false), ("#Quiz.layout#", false),
            ("Quiz.layout~", false), (".Quiz.layout.swp", false), (".Quiz.layout.swx", false), ("4913", false),
            ("sedAbC123", false), ("Quiz.layout___jb_tmp___", false), ("Quiz.layout___jb_old___", false),
            (".Quiz.layout.Xa1b2c", false), ("Quiz.Layout", false), ("Quiz.layout.tmp", false),
            (".git/Quiz.layout", false), ("a/.hidden/Quiz.layout", false), ("", false),
        ])
    func sceneNames(path: String, isScene: Bool) {
        #expect(SaveDetector.isSceneFile(path) == isScene)
    }

    @Test("Folders and paths that are not UTF-8 never count as scenes")
    func foldersAndInexactPaths() throws {
        var replay = DetectorReplay()
        #expect(try replay.feed("create_dir\t0\tweird.layout") == [])
        #expect(try replay.feed(#"close_write\#t0\#tbad\xff.layout"#) == [])
        #expect(try replay.feed(#"exists\#t0\#tbad\xff.layout"#) == [])
    }
}
