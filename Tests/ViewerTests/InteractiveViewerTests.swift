import Foundation
import HostSystem
import PlaygroundClient
import TestSupport
import Testing

/// The real `layout-view` in a real terminal: tmux runs it in a detached
/// session, and the tests read the screen back with `capture-pane`. Every
/// wait polls the screen for what it must show, bounded, with a message.
@Suite("layout-view in a terminal (tmux)", .serialized, .timeLimit(.minutes(2)))
struct InteractiveViewerTests {
    static let session = "layout-view-test-\(getpid())"

    /// Runs a tmux command; its output. The first one starts the tmux server, which stays (with the session).
    static func tmux(_ arguments: [String]) throws -> String {
        let result = try ChildProcess.run("tmux", arguments, timeout: .seconds(20))
        guard result.ending == .exited(0) || arguments == ["-V"] else {
            throw ChildProcess.Failure(
                "tmux \(arguments.first ?? "") ended with \(result.ending.map { "\($0)" } ?? "a timeout"): \(result.stderr)"
            )
        }
        return result.stdout
    }

    static func screen() throws -> String { try tmux(["capture-pane", "-p", "-t", session]) }

    /// Polls the screen until `condition` holds, for at most `seconds`.
    static func waitFor(
        _ what: String, seconds: Double = 20, sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: (String) -> Bool
    ) throws {
        let deadline = Date().addingTimeInterval(seconds)
        var last = ""
        while Date() < deadline {
            last = try screen()
            if condition(last) { return }
            usleep(50_000)
        }
        Issue.record("the screen never showed \(what); it showed:\n\(last)", sourceLocation: sourceLocation)
        throw CancellationError()
    }

    static func viewerPath() throws -> String {
        let daemon = try LocalDaemon.executablePath()
        return String(daemon.dropLast("layoutd".count)) + "layout-view"
    }

    static func hasTmux() -> Bool {
        (try? tmux(["-V"]))?.hasPrefix("tmux") == true
    }

    @Test(
        "Live: the scene shows, a save changes it, an error shows and clears, a resize repaints, n hides names, q restores the terminal",
        .enabled(if: hasTmux(), "tmux is not installed (Tools/setup.sh installs it)"))
    func liveSession() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layout-view-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Box.layout")
        let scene = """
            canvas 200 x 200
            view box color blue
            view other
            box.leading == root.leading + 20
            box.top == root.top + 20
            box.width == 100
            box.height == 60
            other.leading == root.leading
            other.top == root.top + 120
            other.width == 60
            other.height == 40

            """
        try scene.write(to: file, atomically: true, encoding: .utf8)
        let socket = folder.appendingPathComponent("d.sock").path
        let viewer = try Self.viewerPath()
        // After the viewer: whether the terminal is back in cooked mode, then a marker.
        let command =
            "LAYOUTD_SOCKET='\(socket)' '\(viewer)' '\(folder.path)'; echo \"EXIT=$?\"; stty -a | grep -o -- '-icanon\\| icanon'; sleep 30"
        _ = try Self.tmux(["new-session", "-d", "-s", Self.session, "-x", "100", "-y", "40", command])
        defer { _ = try? Self.tmux(["kill-session", "-t", Self.session]) }

        try Self.waitFor("the box and the status line") { $0.contains("┌box") && $0.contains("Box │ gen 1") }
        #expect(try Self.tmux(["display", "-p", "-t", Self.session, "#{alternate_on}"]).hasPrefix("1"))
        // The box's top-left corner where the frame puts it: 20 pt of 200 on the canvas's columns.
        let before = try Self.screen().split(separator: "\n").first { $0.contains("┌box") }.map(String.init) ?? ""

        // A save moves the box: its corner moves right, and the generation counts.
        try scene.replacingOccurrences(of: "root.leading + 20", with: "root.leading + 80").write(
            to: file, atomically: true, encoding: .utf8)
        try Self.waitFor("generation 2 with the box moved") { screen in
            screen.contains("gen 2") && screen.contains("settled")
                && screen.split(separator: "\n").contains { $0.contains("┌box") && String($0) != before }
        }
        let after = try Self.screen().split(separator: "\n").first { $0.contains("┌box") }.map(String.init) ?? ""
        let column = { (line: String) in line.distance(from: line.startIndex, to: line.firstIndex(of: "┌")!) }
        #expect(column(after) > column(before))

        // An error covers the picture, naming the file and line, and goes away when the file is fixed.
        try (scene + "view broken color\n").write(to: file, atomically: true, encoding: .utf8)
        try Self.waitFor("the error panel") {
            $0.contains("1 error in Box.layout") && $0.contains("Box.layout:12:18: error")
        }
        try scene.write(to: file, atomically: true, encoding: .utf8)
        try Self.waitFor("the error panel gone") { !$0.contains("error in") && $0.contains("no errors") }

        // A resize repaints at the new size: the status line is at the new last row.
        _ = try Self.tmux(["resize-window", "-t", Self.session, "-x", "70", "-y", "24"])
        try Self.waitFor("the status line on row 24") { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.count >= 24 && lines[23].contains("Box │ gen")
        }

        // Space pauses the daemon's clock: the status line says so.
        _ = try Self.tmux(["send-keys", "-t", Self.session, " "])
        try Self.waitFor("paused") { $0.contains("paused") }

        // n turns the names off: the box stays, without its name; n again brings it back.
        _ = try Self.tmux(["send-keys", "-t", Self.session, "n"])
        try Self.waitFor("the box without its name") { $0.contains("names off") && !$0.contains("┌box") }
        _ = try Self.tmux(["send-keys", "-t", Self.session, "n"])
        try Self.waitFor("the name back") { $0.contains("┌box") && !$0.contains("names off") }

        // q quits: main screen back, cursor shown, cooked mode, exit status 0.
        _ = try Self.tmux(["send-keys", "-t", Self.session, "q"])
        try Self.waitFor("the exit status") { $0.contains("EXIT=0") }
        #expect(try Self.tmux(["display", "-p", "-t", Self.session, "#{alternate_on}"]).hasPrefix("0"))
        #expect(try Self.tmux(["display", "-p", "-t", Self.session, "#{cursor_flag}"]).hasPrefix("1"))
        try Self.waitFor("cooked mode") { $0.contains(" icanon") && !$0.contains("-icanon") }
        // The in-process daemon removed its socket on the way out.
        #expect(!FileManager.default.fileExists(atPath: socket))
    }

    @Test(
        "Attached to layoutd: says so when the daemon goes away, and shows the scene again when it is back",
        .enabled(if: hasTmux(), "tmux is not installed (Tools/setup.sh installs it)"))
    func reconnects() async throws {
        let scene =
            "canvas 100 x 100\nview box\nbox.leading == root.leading\nbox.top == root.top\nbox.width == 50\nbox.height == 50\n"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layout-view-r-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try scene.write(to: folder.appendingPathComponent("Box.layout"), atomically: true, encoding: .utf8)
        let socket = folder.appendingPathComponent("d.sock").path
        // Waits for the daemon to listen before the viewer looks, so that it attaches rather than starting its own.
        func startDaemon() throws -> ChildProcess {
            let process = try ChildProcess(try LocalDaemon.executablePath(), [folder.path, "--socket", socket])
            let listening = process.waitForOutput(
                containing: "listening on", onStandardError: true, until: .now + .seconds(20))
            try #require(listening, "layoutd did not listen within 20 s: \(process.stderr)")
            return process
        }
        var daemon = try startDaemon()
        defer { daemon.stop() }
        let command = "'\(try Self.viewerPath())' Box --socket '\(socket)'; echo \"EXIT=$?\"; sleep 30"
        _ = try Self.tmux(["new-session", "-d", "-s", Self.session, "-x", "90", "-y", "30", command])
        defer { _ = try? Self.tmux(["kill-session", "-t", Self.session]) }
        try Self.waitFor("the scene, attached") {
            $0.contains("┌box") && $0.contains("Box │ gen 1") && !$0.contains("in-process")
        }
        daemon.stop()
        try Self.waitFor("the disconnected panel") { $0.contains("layoutd went away") }
        daemon = try startDaemon()
        try Self.waitFor("the scene again") {
            !$0.contains("went away") && $0.contains("┌box") && $0.contains("Box │ gen 1")
        }
        _ = try Self.tmux(["send-keys", "-t", Self.session, "C-c"])
        try Self.waitFor("the exit status") { $0.contains("EXIT=0") }
    }
}
