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

    @Test(
        "A root back: its listing reloads what it finds, and the rest goes when the grace from the root's going ends",
        arguments: ["delete_self", "move_self"])
    func rootBack(kind: String) throws {
        var replay = DetectorReplay()
        for path in ["One.layout", "sub/Two.layout", "Three.layout"] { _ = try replay.feed("exists\t0\t\(path)") }
        _ = try replay.feed("exists\t1\tOther.layout")
        _ = try replay.feed("ready")
        #expect(try replay.feed("\(kind)\t0\t", at: 10) == [])
        #expect(try replay.feed("rewatch\t0\t", at: 50) == [])
        #expect(try replay.feed("exists\t0\tOne.layout", at: 51) == [.changed(root: 0, path: "One.layout")])
        #expect(try replay.feed("exists\t0\tNew.layout", at: 52) == [.changed(root: 0, path: "New.layout")])
        #expect(try replay.feed("ready", at: 53) == [])
        #expect(replay.detector.nextDeadline == replay.time(210))
        #expect(replay.tick(at: 209) == [])
        #expect(
            replay.tick(at: 210) == [
                .removed(root: 0, path: "Three.layout"), .removed(root: 0, path: "sub/Two.layout"),
            ])
        #expect(replay.detector.nextDeadline == nil)
        #expect(
            replay.detector.knownScenes.map { "\($0.root) \($0.path)" } == [
                "0 New.layout", "0 One.layout", "1 Other.layout",
            ])
    }

    @Test("A root back after the grace: its scenes were removed, and its listing loads them again")
    func rootBackLate() throws {
        var replay = DetectorReplay()
        _ = try replay.feed("exists\t0\tOne.layout")
        _ = try replay.feed("ready")
        _ = try replay.feed("delete_self\t0\t", at: 0)
        #expect(replay.tick(at: 200) == [.removed(root: 0, path: "One.layout")])
        #expect(try replay.feed("rewatch\t0\t", at: 500) == [])
        #expect(try replay.feed("exists\t0\tOne.layout", at: 501) == [.changed(root: 0, path: "One.layout")])
        #expect(try replay.feed("ready", at: 502) == [])
        #expect(replay.detector.nextDeadline == nil)
        #expect(replay.detector.knownScenes.map(\.path) == ["One.layout"])
    }

    @Test("A rewatch with no going seen before it: that root's scenes its listing does not find go after the grace")
    func rewatchAlone() throws {
        var replay = DetectorReplay()
        for path in ["One.layout", "Two.layout"] { _ = try replay.feed("exists\t0\t\(path)") }
        _ = try replay.feed("exists\t1\tThree.layout")
        _ = try replay.feed("ready")
        #expect(try replay.feed("rewatch\t0\t", at: 10) == [])
        #expect(try replay.feed("exists\t0\tOne.layout", at: 11) == [.changed(root: 0, path: "One.layout")])
        #expect(try replay.feed("ready", at: 12) == [])
        #expect(replay.detector.nextDeadline == replay.time(212))
        #expect(replay.tick(at: 212) == [.removed(root: 0, path: "Two.layout")])
        #expect(replay.detector.knownScenes.map(\.path) == ["One.layout", "Three.layout"])
    }

    @Test("A root back during an overflow's listing: one ready ends both, and each scene not found goes once")
    func rewatchDuringOverflow() throws {
        var replay = DetectorReplay()
        for path in ["A.layout", "B.layout"] { _ = try replay.feed("exists\t0\t\(path)") }
        for path in ["C.layout", "D.layout"] { _ = try replay.feed("exists\t1\t\(path)") }
        _ = try replay.feed("ready")
        _ = try replay.feed("delete_self\t0\t", at: 0)
        #expect(try replay.feed("overflow", at: 10) == [.rescanAll])
        #expect(try replay.feed("rewatch\t0\t", at: 11) == [])
        #expect(try replay.feed("exists\t0\tA.layout", at: 12) == [.changed(root: 0, path: "A.layout")])
        #expect(try replay.feed("exists\t1\tC.layout", at: 13) == [.changed(root: 1, path: "C.layout")])
        #expect(try replay.feed("ready", at: 14) == [])
        #expect(replay.tick(at: 200) == [.removed(root: 0, path: "B.layout")])
        #expect(replay.tick(at: 214) == [.removed(root: 1, path: "D.layout")])
        #expect(replay.detector.nextDeadline == nil)
    }

    @Test("5,000 scene files created, then deleted: one reload each, and one removal each in the order they went")
    func manyFiles() throws {
        var detector = SaveDetector(removalGrace: .milliseconds(200))
        let start = ContinuousClock.now
        let paths = (0..<5_000).map { "folder\($0 % 50)/Scene\($0).layout" }
        var actions: [SaveDetector.Action] = []
        for (index, path) in paths.enumerated() {
            let now = start + .microseconds(index)
            actions += detector.handle(WatchEvent(.create, path: path), at: now)
            actions += detector.handle(WatchEvent(.closeWrite, path: path), at: now)
        }
        #expect(actions == paths.map { .changed(root: 0, path: $0) })
        #expect(detector.nextDeadline == nil)

        // Deleted in the opposite order, one each microsecond; one in seven comes back within the grace (git checkout).
        let deleted = start + .seconds(1)
        actions = []
        for (order, path) in paths.reversed().enumerated() {
            actions += detector.handle(WatchEvent(.delete, path: path), at: deleted + .microseconds(order))
        }
        let comeBack = Set(paths.enumerated().filter { $0.offset % 7 == 0 }.map(\.element))
        let later = deleted + .milliseconds(100)
        for path in paths where comeBack.contains(path) {
            actions += detector.handle(WatchEvent(.create, path: path), at: later)
            actions += detector.handle(WatchEvent(.closeWrite, path: path), at: later)
        }
        #expect(actions == paths.filter(comeBack.contains).map { .changed(root: 0, path: $0) })
        // In the order they were deleted, with that order.
        let gone = paths.reversed().enumerated().filter { !comeBack.contains($0.element) }
        // The first deleted, Scene4999, did not come back (4,999 is not a multiple of 7).
        #expect(detector.nextDeadline == deleted + .milliseconds(200))

        // The removals of the first half of the deletions are due, then the rest.
        var removed = detector.tick(at: deleted + .milliseconds(200) + .microseconds(2_499))
        #expect(removed == gone.filter { $0.offset <= 2_499 }.map { .removed(root: 0, path: $0.element) })
        let next = try #require(gone.first { $0.offset > 2_499 })
        #expect(detector.nextDeadline == deleted + .milliseconds(200) + .microseconds(next.offset))
        removed += detector.tick(at: deleted + .seconds(10))
        #expect(removed == gone.map { .removed(root: 0, path: $0.element) })
        #expect(detector.nextDeadline == nil)
        #expect(detector.knownScenes.map(\.path) == comeBack.sorted())

        // A folder deleted: its scenes that came back go, sorted, and only those.
        let folder = start + .seconds(20)
        #expect(detector.handle(WatchEvent(.delete, path: "folder7", isDirectory: true), at: folder) == [])
        let inFolder = comeBack.filter { $0.hasPrefix("folder7/") }.sorted()
        #expect(!inFolder.isEmpty)
        #expect(detector.tick(at: folder + .milliseconds(200)) == inFolder.map { .removed(root: 0, path: $0) })
        #expect(detector.knownScenes.count == comeBack.count - inFolder.count)
    }

    @Test("Removals scheduled at times that go back still fall due in the order of their deadlines")
    func timesGoingBack() throws {
        var replay = DetectorReplay()
        for path in ["A.layout", "B.layout", "C.layout"] { _ = try replay.feed("exists\t0\t\(path)") }
        _ = try replay.feed("delete\t0\tA.layout", at: 100)
        _ = try replay.feed("delete\t0\tB.layout", at: 50)
        _ = try replay.feed("delete\t0\tC.layout", at: 100)
        #expect(replay.detector.nextDeadline == replay.time(250))
        #expect(replay.tick(at: 250) == [.removed(root: 0, path: "B.layout")])
        #expect(
            replay.tick(at: 300) == [.removed(root: 0, path: "A.layout"), .removed(root: 0, path: "C.layout")])
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
