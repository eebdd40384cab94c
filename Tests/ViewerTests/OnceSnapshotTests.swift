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
/// runs it, checked by reading the picture back from its text: each view
/// the frame shows wholly on the canvas and not covered by a view drawn
/// later is where the frame shows it. A plain view, or a button with room
/// for its box, has its corner `┌` where its shown frame maps; a label, or
/// a button without that room, whose text fits its cells has the whole
/// text on the row of its centre, centred on it.
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

    @Test("Each view is where the frame shows it: a box's corner, a label's text", arguments: 0..<cases.count)
    func corners(_ index: Int) throws {
        let (playground, actions, time) = Self.cases[index]
        let file = Self.playgrounds().appendingPathComponent("\(playground).layout")
        let (columns, rows) = (120, 60)
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
        let canvas = CellRect(
            left: placement.left, top: placement.top, right: placement.left + placement.columns,
            bottom: placement.top + placement.rows)
        func within(_ cells: CellRect, _ outer: CellRect) -> Bool {
            cells.left >= outer.left && cells.right <= outer.right && cells.top >= outer.top
                && cells.bottom <= outer.bottom
        }
        func overlap(_ a: CellRect, _ b: CellRect) -> Bool {
            a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
        }
        let shown = frame.views.filter { $0.kind != .guide && !$0.hidden && $0.alpha > 0.05 }
        // Every cell a view may draw in: its box, and its text's room.
        let covers = shown.map { view in
            [placement.box(of: view.shownFrame).cells, placement.textArea(of: view.shownFrame)]
        }
        var checked = 0
        for (index, view) in shown.enumerated() {
            let later = covers[(index + 1)...].flatMap { $0 }
            let box = placement.box(of: view.shownFrame).cells
            let text = view.text ?? ""
            let boxed =
                view.kind == .view || view.kind == .stack
                || (view.kind == .button && box.rows >= 3 && box.columns - 2 >= text.count)
            if boxed {
                guard within(box, canvas), box.columns > 2, box.rows > 1,
                    !later.contains(where: {
                        overlap($0, CellRect(left: box.left, top: box.top, right: box.left + 1, bottom: box.top + 1))
                    })
                else { continue }
                #expect(
                    lines[box.top][box.left] == "┌",
                    "\(playground) at \(time) s: \(view.name)'s corner at \(box.left),\(box.top)")
                checked += 1
            } else {
                let area = placement.textArea(of: view.shownFrame)
                guard !text.isEmpty, !text.contains("\n"), view.lines == nil, text.count <= area.columns,
                    within(area, canvas), !later.contains(where: { overlap($0, area) })
                else { continue }
                let centre = placement.centre(of: view.shownFrame)
                let row = String(lines[Int(centre.row)])
                let found = row.ranges(of: text).map { row.distance(from: row.startIndex, to: $0.lowerBound) }
                #expect(
                    found.contains { abs(Double($0) + Double(text.count) / 2 - centre.column) <= 1 },
                    "\(playground) at \(time) s: \(view.name)'s text \"\(text)\" on row \(Int(centre.row)): \(row)")
                checked += 1
            }
        }
        #expect(checked >= 2, "\(playground) at \(time) s: at least two views to check, found \(checked)")
    }

    @Test("--no-names leaves the names out and keeps the boxes and the texts")
    func withoutNames() throws {
        let file = Self.playgrounds().appendingPathComponent("Quiz.layout").path
        let named = try Self.runOnce(["--once", file, "--size", "120x60"])
        #expect(named.contains("┌nextButton") && named.contains("Next Question") && named.contains("What is 7+7?"))
        let bare = try Self.runOnce(["--once", file, "--size", "120x60", "--no-names"])
        #expect(!bare.contains("nextButton") && !bare.contains("showAnswer"))
        #expect(bare.contains("┌────") && bare.contains("Next Question") && bare.contains("What is 7+7?"))
    }
}
