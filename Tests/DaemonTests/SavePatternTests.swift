import Foundation
import HostSystem
import PlaygroundClient
import PlaygroundProtocol
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Each editor's way of saving, done with the real file operations in the
/// folder of a real `layoutd`: a changed save is exactly one new
/// generation, an unchanged one (`touch`, the same text again) none, the
/// editors' droppings nothing, and a scene whose file is replaced is never
/// removed. The operations follow the traces recorded from the editors
/// (Tests/FileWatchingTests/SaveTraces.swift).
///
/// No sleep decides anything: after the operations, a second scene is saved
/// and waited for; the watcher's events come through one pipe in order, so
/// every event of the operations before it has been handled by then.
@Suite(.timeLimit(.minutes(2))) struct SavePatternTests {
    struct Pattern: Sendable, CustomTestStringConvertible {
        var name: String
        /// New generations the save must make: 1, or 0 for a save that changes nothing.
        var reloads: Int
        /// Saves `text` over the scene file at `path` in `folder`, as the editor does.
        var save: @Sendable (_ folder: String, _ path: String, _ text: String) throws -> Void

        var testDescription: String { name }
    }

    static func write(_ path: String, _ text: String) throws {
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }

    static func check(_ status: Int32, _ what: String) throws {
        guard status == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO, userInfo: ["what": what]) }
    }

    static func run(_ tool: String, _ arguments: [String], in folder: String) throws {
        let result = try ChildProcess.run(tool, arguments, directory: folder, timeout: .seconds(60))
        #expect(result.ending == .exited(0), "\(tool) \(arguments) failed: \(result.stderr)")
    }

    static let patterns: [Pattern] = [
        Pattern(name: "shell > and VS Code: truncate, then write in place", reloads: 1) { _, path, text in
            try write(path, text)
        },
        Pattern(name: "vim: the 4913 probe, a swap file, rename to name~, a new file", reloads: 1) {
            folder, path, text in
            try write(folder + "/.Box.layout.swp", "swap")
            try write(folder + "/4913", "")
            try check(unlink(folder + "/4913"), "unlink 4913")
            try check(rename(path, path + "~"), "rename to backup")
            try write(path, text)
            try check(unlink(path + "~"), "unlink backup")
            try check(unlink(folder + "/.Box.layout.swp"), "unlink swap")
        },
        Pattern(name: "emacs: lock link, auto-save file, rename to name~, a new file", reloads: 1) {
            folder, path, text in
            try check(symlink("user@host.4242:1700000000", folder + "/.#Box.layout"), "lock link")
            try write(folder + "/#Box.layout#", text)
            try check(rename(path, path + "~"), "rename to backup")
            try write(path, text)
            try check(unlink(folder + "/#Box.layout#"), "unlink auto-save")
            try check(unlink(folder + "/.#Box.layout"), "unlink lock")
        },
        Pattern(name: "sed -i: a temporary sedXXXXXX renamed over the scene", reloads: 1) { folder, path, text in
            // GNU sed itself, where it is: it writes sedXXXXXX and renames it; otherwise the same by hand.
            if FileManager.default.isExecutableFile(atPath: "/usr/bin/sed") {
                try run("/usr/bin/sed", ["-i", "$a # edited by sed", "Box.layout"], in: folder)
            } else {
                try write(folder + "/sedK3x9Qz", text)
                try check(rename(folder + "/sedK3x9Qz", path), "rename")
            }
        },
        Pattern(name: "JetBrains safe write: name___jb_tmp___ and name___jb_old___", reloads: 1) { _, path, text in
            try write(path + "___jb_tmp___", text)
            try check(rename(path, path + "___jb_old___"), "rename old")
            try check(rename(path + "___jb_tmp___", path), "rename new")
            try check(unlink(path + "___jb_old___"), "unlink old")
        },
        Pattern(name: "rsync: a hidden temporary renamed over the scene", reloads: 1) { folder, path, text in
            try write(folder + "/.Box.layout.a1B2c3", text)
            try check(rename(folder + "/.Box.layout.a1B2c3", path), "rename")
        },
        Pattern(name: "git checkout: unlink, then a new file", reloads: 1) { _, path, text in
            try check(unlink(path), "unlink")
            try write(path, text)
        },
        Pattern(name: "vim itself, headless, with Debian's defaults (swap file, backup, write)", reloads: 1) {
            folder, _, _ in
            try run(
                "vim", ["-Es", "-u", "DEFAULTS", "-i", "NONE", "-c", "$a|# edited by vim", "-c", "wq", "Box.layout"],
                in: folder)
        },
        Pattern(name: "neovim itself, headless", reloads: 1) { folder, _, _ in
            try run("nvim", ["--clean", "-Es", "-c", "$a|# edited by neovim", "-c", "wq", "Box.layout"], in: folder)
        },
        Pattern(name: "emacs itself, in batch mode, backups on", reloads: 1) { folder, _, _ in
            try run(
                "emacs",
                [
                    "--batch", "-Q", "--eval", "(setq make-backup-files t backup-inhibited nil)", "Box.layout",
                    "--eval", "(progn (goto-char (point-max)) (insert \"# edited by emacs\\n\") (save-buffer))",
                ], in: folder)
        },
        Pattern(name: "cp over the scene: truncated and written in place", reloads: 1) { folder, _, text in
            try write(folder + "/other.txt", text)
            try run("cp", ["other.txt", "Box.layout"], in: folder)
        },
        Pattern(name: "git checkout of another version, by git itself", reloads: 1) { folder, _, text in
            let git = ["-c", "user.name=test", "-c", "user.email=test@example.com"]
            try run("git", ["init", "-q"], in: folder)
            try run("git", git + ["add", "Box.layout"], in: folder)
            try run("git", git + ["commit", "-q", "-m", "first"], in: folder)
            // The other version goes into the index without touching the file; checkout then writes it.
            try write(folder + "/.other", text)
            let blob = try ChildProcess.run("git", ["hash-object", "-w", ".other"], directory: folder).stdout
            try run(
                "git",
                [
                    "update-index", "--cacheinfo",
                    "100644,\(blob.trimmingCharacters(in: .whitespacesAndNewlines)),Box.layout",
                ],
                in: folder)
            try run("git", ["checkout", "--", "Box.layout"], in: folder)
        },
        Pattern(name: "touch: nothing changed", reloads: 0) { _, path, _ in
            try check(utimes(path, nil), "touch")
        },
        Pattern(name: "the same text saved again", reloads: 0) { _, path, _ in
            try write(path, try String(contentsOfFile: path, encoding: .utf8))
        },
    ]

    @Test("Each save is one new generation, or none when nothing changed, and never a removal", arguments: patterns)
    func save(_ pattern: Pattern) async throws {
        let scenes = ["Box": DaemonTests.box, "Marker": DaemonTests.box]
        try await LocalDaemon.with(scenes: scenes) { daemon, client in
            var events = try await client.allEvents().makeAsyncIterator()
            let path = daemon.folder + "/Box.layout"
            try pattern.save(daemon.folder, path, DaemonTests.box + "\n# saved\n")
            // The marker: once its reload is seen, every event of the save has been.
            try await daemon.write(DaemonTests.box + "\n# marker\n", to: "Marker")
            var reloads = 0
            var removed = 0
            while let event = await events.next() {
                switch event {
                case .reload("Box", _): reloads += 1
                case .removed("Box"): removed += 1
                case .reload("Marker", _): break
                default: continue
                }
                if case .reload("Marker", _) = event { break }
            }
            #expect(reloads == pattern.reloads, "\(pattern.name): \(reloads) reloads")
            #expect(removed == 0, "\(pattern.name): the scene was removed")
            let box = try #require(try await client.scenes().first { $0.name == "Box" })
            #expect(box.generation == 1 + pattern.reloads)
            #expect(try await client.diagnostics(of: "Box").isEmpty)
        }
    }
}
