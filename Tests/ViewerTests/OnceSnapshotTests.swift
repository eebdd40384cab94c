import Foundation
import HostSystem
import PlaygroundClient
import PlaygroundProtocol
import SceneLanguage
import SceneRuntime
import TestSupport
import Testing
import Viewer

/// `layout-view --once` on every playground at chosen times, run as a user
/// runs it, checked by reading the boxes back from its text: each view the
/// frame puts wholly on the canvas, large enough for a box and not covered
/// at its top-left corner by a view drawn later, has its corner `┌` where
/// the frame maps it.
@Suite(.timeLimit(.minutes(2)))
struct OnceSnapshotTests {
    /// Burger is left out: its one view is a 44-point button covered by its three 4-point lines,
    /// too small at any terminal size for a box whose corner shows.
    static let cases: [(playground: String, actions: [String], at: Double)] = [
        ("Quiz", [], 0), ("Quiz", ["next"], 0.25), ("Quiz", ["next"], 2), ("QuizGuide", ["next"], 0.3),
        ("Bankey", [], 0.5), ("Bankey", [], 3), ("Messaging", [], 1),
    ]

    static func playgrounds() -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Playgrounds")
    }

    static func runOnce(_ arguments: [String]) throws -> String {
        let daemon = try LocalDaemon.executablePath()
        let viewer = String(daemon.dropLast("layoutd".count)) + "layout-view"
        let result = try ChildProcess.run(viewer, arguments, timeout: .seconds(120))
        #expect(result.ending == .exited(0), "layout-view \(arguments.joined(separator: " ")): \(result.stderr)")
        return result.stdout
    }

    @Test("Each box's corner is where the frame puts it", arguments: 0..<cases.count)
    func corners(_ index: Int) throws {
        let (playground, actions, time) = Self.cases[index]
        let file = Self.playgrounds().appendingPathComponent("\(playground).layout")
        let (columns, rows) = (90, 45)
        var arguments = ["--once", file.path, "--at", "\(time)", "--size", "\(columns)x\(rows)"]
        for action in actions { arguments += ["--run", action] }
        let text = try Self.runOnce(arguments)
        #expect(!text.contains("\u{1B}"), "no escape sequences without --color")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }

        // The same frame in-process, as the oracle for where the boxes go.
        let scene = Scene.parse(SourceFile(name: file.lastPathComponent, bytes: Array(try Data(contentsOf: file))))
        var session = PlaybackSession(loading: scene, name: playground)
        for action in actions { try session.schedule(.action(action), at: 0) }
        let frame = session.frame(at: time)
        let placement = CanvasPlacement(canvas: frame.canvas, columns: columns, rows: rows)
        struct Box { let name: String; let left, top, right, bottom: Int }
        var boxes: [Box] = []
        for view in frame.views where view.kind != .guide && !view.hidden && view.alpha > 0.05 {
            let left = placement.column(view.x)
            let right = placement.column(view.x + view.width) - 1
            let top = placement.halfRow(view.y) / 2
            let bottom = (placement.halfRow(view.y + view.height) - 1) / 2
            boxes.append(Box(name: view.name, left: left, top: top, right: right, bottom: bottom))
        }
        var checked = 0
        for (index, box) in boxes.enumerated() {
            let onCanvas =
                box.left >= placement.left && box.right < placement.left + placement.columns
                && box.top >= placement.top && box.bottom < placement.top + placement.rows
            guard onCanvas, box.right - box.left >= 2, box.bottom > box.top else { continue }
            let covered = boxes[(index + 1)...].contains {
                $0.left <= box.left && box.left <= $0.right && $0.top <= box.top && box.top <= $0.bottom
            }
            guard !covered, box.top < lines.count, box.left < lines[box.top].count else {
                if !covered { Issue.record("\(playground): no text at \(box.name)'s corner") }
                continue
            }
            #expect(
                lines[box.top][box.left] == "┌",
                "\(playground) at \(time) s: \(box.name)'s corner at \(box.left),\(box.top)")
            checked += 1
        }
        #expect(checked >= 2, "\(playground) at \(time) s: at least two boxes to check, found \(checked)")
    }
}
