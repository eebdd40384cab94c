import FileWatching
import Foundation
import HostSystem
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The real `layout-watch` when a root itself goes, and comes back: deleted and made again, renamed away and back,
/// replaced by a copy, given with trailing slashes or as a symbolic link, its parent gone too.
@Suite struct LayoutWatchRootTests {
    /// Makes `outside/root` with these files, starts layout-watch on it (its path as `given`, from the root's URL),
    /// and reads up to `ready`; the actions start empty.
    func started(
        in outside: URL, files: [String: String], given: (URL) -> String = \.path
    ) throws -> (LayoutWatchProcess, URL) {
        let root = outside.entry("root")
        try write(files, into: root)
        let watch = try LayoutWatchProcess([given(root)])
        try watch.waitFor("ready")
        watch.actions = []
        return (watch, root)
    }

    /// Writes each file (its path relative to `folder`), making the folders it needs.
    func write(_ files: [String: String], into folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (path, text) in files {
            let file = folder.entry(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try file.write(text)
        }
    }

    /// Every removal due done, saves `text` to `path` under `root` (root 0) in place, and reads up to its line; the
    /// actions it made.
    func save(_ text: String, to path: String, under root: URL, _ watch: LayoutWatchProcess) throws
        -> [SaveDetector.Action]
    {
        try watch.passDeadlines()
        let before = watch.actions.count
        try root.entry(path).write(text)
        let folder = path.split(separator: "/").dropLast().joined(separator: "/")
        try watch.settle(folder: folder.isEmpty ? root : root.entry(folder), path: folder)
        return Array(watch.actions[before...])
    }

    /// The lines from the last `rewatch` of root 0 to the `ready` after it, both left out.
    func lastListing(_ watch: LayoutWatchProcess) throws -> [WatchEvent] {
        let start = try #require(watch.events.lastIndex(of: WatchEvent(.rewatch, isDirectory: true)))
        let end = try #require(watch.events[start...].firstIndex(of: WatchEvent(.ready)))
        return Array(watch.events[(start + 1)..<end])
    }

    @Test("A root deleted and made again: delete_self, then rewatch, its listing and ready, then its saves")
    func deletedAndMadeAgain() throws {
        try withTemporaryFolder { outside in
            let (watch, root) = try started(in: outside, files: ["sub/One.layout": "1", "Two.layout": "2"])
            try FileManager.default.removeItem(at: root)
            try watch.waitFor("delete_self\t0\t")
            try write(["Two.layout": "2 again", "Three.layout": "3"], into: root)
            try watch.waitFor("rewatch\t0\t")
            try watch.waitFor("ready")
            // Written before or after its watch was set, each file is listed or reported, or both.
            try watch.settle(folder: root)
            #expect(try save("saved", to: "Two.layout", under: root, watch) == [.changed(root: 0, path: "Two.layout")])
            #expect(
                Set(watch.actions) == [
                    .changed(root: 0, path: "Two.layout"), .changed(root: 0, path: "Three.layout"),
                    .removed(root: 0, path: "sub/One.layout"),
                ])
            #expect(watch.detector.knownScenes.map(\.path) == ["Three.layout", "Two.layout"])
            #expect(watch.standardErrorSoFar.isEmpty)
        }
    }

    @Test("A root renamed away and back: move_self, nothing of what happens to it away, then rewatch and its listing")
    func renamedAwayAndBack() throws {
        try withTemporaryFolder { outside in
            let (watch, root) = try started(in: outside, files: ["Quiz.layout": "q", "sub/Deep.layout": "d"])
            let away = outside.entry("away")
            #expect(rename(root.path, away.path) == 0)
            try watch.waitFor("move_self\t0\t")
            // Not watched where it went.
            try away.entry("Quiz.layout").write("changed away")
            try away.entry("sub/Made.layout").write("made away")
            #expect(rename(away.path, root.path) == 0)
            try watch.waitFor("rewatch\t0\t")
            try watch.waitFor("ready")
            #expect(
                Set(try lastListing(watch)) == [
                    WatchEvent(.exists, path: "Quiz.layout"), WatchEvent(.exists, path: "sub/Deep.layout"),
                    WatchEvent(.exists, path: "sub/Made.layout"),
                ])
            let moved = try #require(watch.events.firstIndex(of: WatchEvent(.moveSelf, isDirectory: true)))
            let back = try #require(watch.events.firstIndex(of: WatchEvent(.rewatch, isDirectory: true)))
            #expect(back == moved + 1, "nothing between move_self and rewatch: \(watch.events[moved...back])")
            // Watched again, the subfolder too; and within the grace, no scene was removed.
            #expect(
                try save("saved", to: "sub/Deep.layout", under: root, watch) == [
                    .changed(root: 0, path: "sub/Deep.layout")
                ])
            #expect(
                Set(watch.actions) == [
                    .changed(root: 0, path: "Quiz.layout"), .changed(root: 0, path: "sub/Deep.layout"),
                    .changed(root: 0, path: "sub/Made.layout"),
                ])
            #expect(watch.standardErrorSoFar.isEmpty)
        }
    }

    @Test(
        "A root replaced by rm -rf and cp -r: rewatch, the copy's files, the scenes not in it removed, its saves seen")
    func replacedByACopy() throws {
        try withTemporaryFolder { outside in
            let (watch, root) = try started(in: outside, files: ["Quiz.layout": "old", "Old.layout": "old"])
            try write(
                ["Quiz.layout": "new", "New.layout": "new", "sub/Deep.layout": "deep"], into: outside.entry("other"))
            let result = try ChildProcess.run(
                "/bin/sh", ["-c", "rm -rf root && cp -r other root"], directory: outside.path, timeout: .seconds(60))
            #expect(result.ending == .exited(0), "\(result.stderr)")
            try watch.waitFor("delete_self\t0\t")
            try watch.waitFor("rewatch\t0\t")
            try watch.waitFor("ready")
            try watch.settle(folder: root)
            #expect(try save("saved", to: "New.layout", under: root, watch) == [.changed(root: 0, path: "New.layout")])
            #expect(
                Set(watch.actions) == [
                    .changed(root: 0, path: "Quiz.layout"), .changed(root: 0, path: "New.layout"),
                    .changed(root: 0, path: "sub/Deep.layout"), .removed(root: 0, path: "Old.layout"),
                ])
            #expect(watch.actions.filter { $0 == .removed(root: 0, path: "Old.layout") }.count == 1)
            #expect(watch.detector.knownScenes.map(\.path) == ["New.layout", "Quiz.layout", "sub/Deep.layout"])
            #expect(watch.standardErrorSoFar.isEmpty)
        }
    }

    @Test("The parent's watch reports nothing of its other entries, sees the root come back at once, and goes then")
    func parentWatch() throws {
        try withTemporaryFolder { elsewhere in
            try withTemporaryFolder { outside in
                let root = outside.entry("root")
                try write(["Quiz.layout": "q"], into: root.entry("sub"))
                let watch = try LayoutWatchProcess([root.path, elsewhere.path])
                try watch.waitFor("ready")
                #expect(try inotifyWatches(of: watch.process.pid) == 3, "root, root/sub and the other root")
                try FileManager.default.removeItem(at: root)
                try watch.waitFor("delete_self\t0\t")
                // The parent's other entries, and a file under the root's name, which is not the root.
                try outside.entry("sibling.layout").write("s")
                try FileManager.default.createDirectory(at: outside.entry("dir"), withIntermediateDirectories: true)
                try outside.entry("dir/Inside.layout").write("i")
                #expect(rename(outside.entry("dir").path, outside.entry("root2").path) == 0)
                try outside.entry("root").write("a file")
                #expect(unlink(outside.entry("root").path) == 0)
                // The root, then at once a file in the other root: the parent's watch sees the root first.
                try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
                try elsewhere.entry("After.layout").write("a")
                try watch.waitFor("create\t1\tAfter.layout")
                let gone = try #require(watch.events.firstIndex(of: WatchEvent(.deleteSelf, isDirectory: true)))
                #expect(
                    Array(watch.events[(gone + 1)...]) == [
                        WatchEvent(.rewatch, isDirectory: true), WatchEvent(.ready),
                        WatchEvent(.create, root: 1, path: "After.layout"),
                    ])
                try watch.settle(folder: root)
                // The root watched again, the parent's watch removed.
                #expect(try inotifyWatches(of: watch.process.pid) == 2, "root and the other root")
                #expect(watch.standardErrorSoFar.isEmpty)
            }
        }
    }

    @Test("A root given with trailing slashes is watched again when it is back")
    func trailingSlashes() throws {
        try withTemporaryFolder { outside in
            let (watch, root) = try started(in: outside, files: ["Quiz.layout": "q"], given: { $0.path + "//" })
            try FileManager.default.removeItem(at: root)
            try watch.waitFor("delete_self\t0\t")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            try watch.waitFor("rewatch\t0\t")
            try watch.waitFor("ready")
            #expect(
                try save("again", to: "Quiz.layout", under: root, watch) == [.changed(root: 0, path: "Quiz.layout")])
            #expect(watch.standardErrorSoFar.isEmpty)
        }
    }

    @Test("A root given as a symbolic link: its folder deleted and made again, or the link pointed elsewhere")
    func symbolicLink() throws {
        try withTemporaryFolder { outside in
            let real = outside.entry("real")
            try write(["Quiz.layout": "q"], into: real)
            let link = outside.entry("link")
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
            let watch = try LayoutWatchProcess([link.path])
            try watch.waitFor("ready")
            // The link's folder comes back where the parent's watch does not see it: found by the look each second.
            try FileManager.default.removeItem(at: real)
            try watch.waitFor("delete_self\t0\t")
            try write(["Back.layout": "b"], into: real)
            try watch.waitFor("rewatch\t0\t")
            try watch.waitFor("ready")
            #expect(
                try save("saved", to: "Back.layout", under: link, watch) == [.changed(root: 0, path: "Back.layout")])
            // The link pointed at another folder: its old folder is not watched any more.
            let other = outside.entry("other")
            try write(["Other.layout": "o"], into: other)
            try FileManager.default.removeItem(at: real)
            try watch.waitFor("delete_self\t0\t")
            try FileManager.default.removeItem(at: link)
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: other)
            try watch.waitFor("rewatch\t0\t")
            try watch.waitFor("ready")
            #expect(try lastListing(watch) == [WatchEvent(.exists, path: "Other.layout")])
            #expect(
                try save("saved", to: "Other.layout", under: link, watch) == [.changed(root: 0, path: "Other.layout")])
            #expect(watch.detector.knownScenes.map(\.path) == ["Other.layout"])
            #expect(watch.standardErrorSoFar.isEmpty)
        }
    }

    @Test("A root whose parent goes too is watched again when both are back, without a word on standard error")
    func parentGoneToo() throws {
        try withTemporaryFolder { outside in
            let parent = outside.entry("parent")
            let root = parent.entry("root")
            try write(["Quiz.layout": "q"], into: root)
            let watch = try LayoutWatchProcess([root.path])
            try watch.waitFor("ready")
            for round in 0..<3 {
                try FileManager.default.removeItem(at: parent)
                try watch.waitFor("delete_self\t0\t")
                try write(["Round\(round).layout": "r"], into: root)
                try watch.waitFor("rewatch\t0\t")
                try watch.waitFor("ready")
                #expect(
                    try save("s", to: "Saved\(round).layout", under: root, watch) == [
                        .changed(root: 0, path: "Saved\(round).layout")
                    ])
            }
            try watch.passDeadlines()
            #expect(watch.detector.knownScenes.map(\.path) == ["Round2.layout", "Saved2.layout"])
            #expect(watch.standardErrorSoFar.isEmpty)
        }
    }
}

/// How many inotify watches process `pid` has, from its descriptors' `/proc` entries.
func inotifyWatches(of pid: Int32) throws -> Int {
    let folder = "/proc/\(pid)/fdinfo"
    var count = 0
    for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
        let info = (try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)) ?? ""
        count += info.split(separator: "\n").filter { $0.hasPrefix("inotify wd:") }.count
    }
    return count
}
