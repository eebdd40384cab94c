import FileWatching
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The real `layout-watch` on real folders, its lines fed to a `SaveDetector` in real time.
@Suite struct LayoutWatchTests {
    /// Starts layout-watch on `folder`, after writing `Quiz.layout` in it, and reads up to `ready`; the actions
    /// start empty.
    func started(on folder: URL, arguments: [String] = []) throws -> LayoutWatchProcess {
        try folder.entry("Quiz.layout").write("old\n")
        let watch = try LayoutWatchProcess(arguments + [folder.path])
        try watch.waitFor("ready")
        #expect(watch.actions.contains(.changed(root: 0, path: "Quiz.layout")))
        watch.actions = []
        return watch
    }

    @Test("The first listing reports every file under the roots, then says ready")
    func initialListing() throws {
        try withTemporaryFolder { folder in
            let other = folder.entry("other")
            try FileManager.default.createDirectory(at: other.entry("a/b/c"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: folder.entry("main"), withIntermediateDirectories: true)
            for file in ["a/One.layout", "a/b/c/Two.layout", "a/notes.txt"] { try other.entry(file).write("x") }
            try folder.entry("main/Three.layout").write("x")
            try FileManager.default.createSymbolicLink(at: other.entry("loop"), withDestinationURL: other)
            let watch = try LayoutWatchProcess([folder.entry("main").path, other.path])
            try watch.waitFor("ready")
            #expect(
                Set(watch.events) == [
                    WatchEvent(.exists, root: 0, path: "Three.layout"),
                    WatchEvent(.exists, root: 1, path: "a/One.layout"),
                    WatchEvent(.exists, root: 1, path: "a/b/c/Two.layout"),
                    WatchEvent(.exists, root: 1, path: "a/notes.txt"),
                    WatchEvent(.exists, root: 1, path: "loop"),
                    WatchEvent(.ready),
                ])
            #expect(watch.events.last == WatchEvent(.ready))
        }
    }

    @Test("A write in place reloads once")
    func writeInPlace() throws {
        try withTemporaryFolder { folder in
            let watch = try started(on: folder, arguments: ["--all-events"])
            try folder.entry("Quiz.layout").write("new\n")
            try watch.settle(folder: folder)
            try watch.passDeadlines()
            #expect(watch.actions == [.changed(root: 0, path: "Quiz.layout")])
            #expect(watch.events.contains(WatchEvent(.modify, path: "Quiz.layout")))
        }
    }

    @Test("Writing a temporary file and renaming it over the scene reloads once")
    func writeThenRename() throws {
        try withTemporaryFolder { folder in
            let watch = try started(on: folder)
            try folder.entry("Quiz.layout.tmp").write("new\n")
            #expect(rename(folder.entry("Quiz.layout.tmp").path, folder.entry("Quiz.layout").path) == 0)
            try watch.settle(folder: folder)
            try watch.passDeadlines()
            #expect(watch.actions == [.changed(root: 0, path: "Quiz.layout")])
        }
    }

    @Test("Deleting and re-creating a scene reloads it once and never removes it")
    func deleteAndRecreate() throws {
        try withTemporaryFolder { folder in
            let watch = try started(on: folder)
            #expect(unlink(folder.entry("Quiz.layout").path) == 0)
            try folder.entry("Quiz.layout").write("new\n")
            try watch.settle(folder: folder)
            try watch.passDeadlines()
            #expect(watch.actions == [.changed(root: 0, path: "Quiz.layout")])
        }
    }

    @Test("A deleted scene is removed after the grace")
    func delete() throws {
        try withTemporaryFolder { folder in
            let watch = try started(on: folder)
            let deleted = ContinuousClock.now
            #expect(unlink(folder.entry("Quiz.layout").path) == 0)
            try watch.settle(folder: folder)
            try watch.passDeadlines()
            #expect(watch.actions == [.removed(root: 0, path: "Quiz.layout")])
            #expect(ContinuousClock.now - deleted >= .milliseconds(200))
        }
    }

    @Test("A folder created with a file in it at once: the file is loaded, whether its watch or its listing sees it")
    func newFolderWithFile() throws {
        try withTemporaryFolder { folder in
            let watch = try started(on: folder)
            for index in 0..<20 {
                try FileManager.default.createDirectory(
                    at: folder.entry("new\(index)/deeper"), withIntermediateDirectories: true)
                try folder.entry("new\(index)/deeper/Scene.layout").write("new\n")
            }
            try watch.settle(folder: folder)
            // Files written in the new folders now are seen through their watches.
            for index in 0..<20 { try folder.entry("new\(index)/deeper/Later.layout").write("later\n") }
            for index in 0..<20 {
                try watch.settle(folder: folder.entry("new\(index)/deeper"), path: "new\(index)/deeper")
            }
            try watch.passDeadlines()
            // Once or, when both the listing and the watch see the file, twice: the daemon's content check skips the
            // second reload.
            for index in 0..<20 {
                let scene = SaveDetector.Action.changed(root: 0, path: "new\(index)/deeper/Scene.layout")
                #expect((1...2).contains(watch.actions.filter { $0 == scene }.count))
                let later = SaveDetector.Action.changed(root: 0, path: "new\(index)/deeper/Later.layout")
                #expect(watch.actions.filter { $0 == later }.count == 1)
            }
            #expect(watch.actions.allSatisfy { if case .changed = $0 { true } else { false } })
        }
    }

    @Test("A folder moved in is listed: each of its scenes is loaded once")
    func folderMovedIn() throws {
        try withTemporaryFolder { outside in
            try withTemporaryFolder { folder in
                let watch = try started(on: folder)
                try FileManager.default.createDirectory(
                    at: outside.entry("moved/sub"), withIntermediateDirectories: true)
                for file in ["moved/One.layout", "moved/sub/Two.layout", "moved/.One.layout.swp"] {
                    try outside.entry(file).write("x")
                }
                #expect(rename(outside.entry("moved").path, folder.entry("moved").path) == 0)
                try watch.settle(folder: folder)
                try folder.entry("moved/sub/Three.layout").write("x")
                try watch.settle(folder: folder.entry("moved/sub"), path: "moved/sub")
                try watch.passDeadlines()
                #expect(
                    watch.actions.sorted { "\($0)" < "\($1)" } == [
                        .changed(root: 0, path: "moved/One.layout"), .changed(root: 0, path: "moved/sub/Three.layout"),
                        .changed(root: 0, path: "moved/sub/Two.layout"),
                    ])
                #expect(watch.events.contains(WatchEvent(.movedTo, path: "moved", isDirectory: true)))
            }
        }
    }

    @Test("A folder moved away, or renamed, removes its scenes after the grace; renamed, they load under the new name")
    func folderMovedAway() throws {
        try withTemporaryFolder { outside in
            try withTemporaryFolder { folder in
                try FileManager.default.createDirectory(at: folder.entry("a/b"), withIntermediateDirectories: true)
                try FileManager.default.createDirectory(at: folder.entry("c"), withIntermediateDirectories: true)
                try folder.entry("a/b/One.layout").write("x")
                try folder.entry("c/Two.layout").write("x")
                let watch = try started(on: folder)
                #expect(rename(folder.entry("a").path, outside.entry("a").path) == 0)
                #expect(rename(folder.entry("c").path, folder.entry("d").path) == 0)
                try watch.settle(folder: folder)
                // The moved-away folder is no longer watched; the renamed one is, under its new name.
                try outside.entry("a/b/Ignored.layout").write("x")
                try folder.entry("d/Three.layout").write("x")
                try watch.settle(folder: folder.entry("d"), path: "d")
                try watch.passDeadlines()
                #expect(
                    watch.actions == [
                        .changed(root: 0, path: "d/Two.layout"), .changed(root: 0, path: "d/Three.layout"),
                        .removed(root: 0, path: "a/b/One.layout"), .removed(root: 0, path: "c/Two.layout"),
                    ])
                #expect(!watch.events.contains { $0.path.hasPrefix("a/b/Ignored") })
            }
        }
    }

    @Test("A folder deleted and made again at the same path, or renamed back and forth, is watched again")
    func folderRecreated() throws {
        try withTemporaryFolder { folder in
            try FileManager.default.createDirectory(at: folder.entry("sub"), withIntermediateDirectories: true)
            let watch = try started(on: folder)
            for round in 0..<3 {
                try FileManager.default.removeItem(at: folder.entry("sub"))
                try FileManager.default.createDirectory(at: folder.entry("sub"), withIntermediateDirectories: true)
                try watch.settle(folder: folder)
                try folder.entry("sub/New\(round).layout").write("x")
                try watch.settle(folder: folder.entry("sub"), path: "sub")
                #expect(rename(folder.entry("sub").path, folder.entry("moved").path) == 0)
                #expect(rename(folder.entry("moved").path, folder.entry("sub").path) == 0)
                try watch.settle(folder: folder)
                try folder.entry("sub/Again\(round).layout").write("x")
                try watch.settle(folder: folder.entry("sub"), path: "sub")
            }
            try watch.passDeadlines()
            for round in 0..<3 {
                #expect(watch.actions.contains(.changed(root: 0, path: "sub/New\(round).layout")))
                #expect(watch.actions.contains(.changed(root: 0, path: "sub/Again\(round).layout")))
            }
            #expect(watch.standardErrorSoFar.isEmpty)
        }
    }

    @Test("Any file name comes through exactly: spaces, tabs, newlines, backslashes, bytes that are not UTF-8")
    func awkwardNames() throws {
        try withTemporaryFolder { folder in
            let watch = try started(on: folder)
            let names: [[UInt8]] = [
                Array("with space.layout".utf8), Array("tab\there.layout".utf8), Array("new\nline.layout".utf8),
                Array("back\\slash\\x41.layout".utf8), Array("ctl\u{1}\r.layout".utf8), Array("écran.layout".utf8),
                Array("bad".utf8) + [0xFF, 0xC3] + Array(".layout".utf8),
            ]
            for name in names {
                let path = folder.path.utf8 + [UInt8(ascii: "/")] + name
                let descriptor = (path + [0]).withUnsafeBufferPointer { bytes in
                    bytes.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) }
                }
                try #require(descriptor >= 0)
                close(descriptor)
            }
            try watch.settle(folder: folder)
            let written = watch.events.filter { $0.kind == .closeWrite }.map(\.rawPath)
            #expect(written == names)
            #expect(watch.actions.count == names.count - 1, "all but the name that is not UTF-8")
        }
    }
}
