import Foundation
import PlaygroundProtocol
import SceneLanguage
import SceneRuntime
import SwiftImport
import TestSupport
import Testing

/// The message toolbar of "Auto Layout by Tutorials", chapter 9 (`Fixtures/MessagesViewController.swift.txt`, the
/// chapter's code completed with the declarations it refers to), imported, against `Playgrounds/Messaging.layout`.
///
/// The names map as the playground's comments say: the toolbar `toolbarView` is the playground's `toolbar`, its
/// top constraint `toolbarViewTopConstraint` is `toolbarTop`, `doubleTapForCell(_:)` is `showToolbar` and
/// `hideToolbarView()` is `hideToolbar`. The double-tapped cell is the table's, which the import leaves out (a
/// `UITableView` has no counterpart in a scene), so `toolbarViewTopConstraint.constant = cell.frame.midY` is
/// skipped; the playground shows the toolbar at its third message, so the test sets the constant to that
/// message's `midY` in the playground, as the table would give the cell's, as `doubleTapForCell` starts (in
/// the same turn of the run loop, so that no layout comes between).
/// Both play on the playground's device (its canvas and safe area). The playground draws the toolbar's buttons,
/// which the chapter's `ToolbarView` holds inside; only the toolbar is compared.
@Suite struct MessagingToolbarTests {
    static func fixture() throws -> SourceFile {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/MessagesViewController.swift.txt")
        return SourceFile(name: "MessagesViewController.swift", text: try String(contentsOf: url, encoding: .utf8))
    }

    static func playgroundText() throws -> String {
        try String(
            contentsOf: repositoryRoot.appendingPathComponent("Playgrounds/Messaging.layout"), encoding: .utf8)
    }

    @Test("The chapter's code imports its toolbar, top constraint, doubleTapForCell and hideToolbarView")
    func imports() throws {
        let result = SwiftImporter.import(try Self.fixture())
        result.expectClean()
        #expect(result.className == "MessagesViewController")
        #expect(result.lines.contains("view toolbarView size 200 x 44"))
        #expect(result.lines.contains("toolbarViewTopConstraint: toolbarView.top == root.safeArea.top - 100"))
        #expect(result.lines.contains("toolbarView.leading == root.safeArea.leading + 30"))
        #expect(result.lines.contains("animate 1 spring damping 0.6 velocity 1 {"))
        let skipped = result.diagnostics.first { $0.message.contains("'cell.frame.midY'") }
        #expect(skipped?.range.location.description == "112:41")
    }

    @Test("Its toolbar shows and hides as the playground's, at every 1/60 s through showToolbar and hideToolbar")
    func animatesAsThePlayground() throws {
        let playgroundText = try Self.playgroundText()
        let playground = Scene.parse(SourceFile(name: "Messaging.layout", text: playgroundText))
        var theirs = PlaybackSession(loading: playground, name: "Messaging")
        let cellMidY =
            try #require(theirs.frame(at: 0).views.first { $0.name == "message3" }).y
            + (try #require(theirs.frame(at: 0).views.first { $0.name == "message3" }).height / 2)

        let result = SwiftImporter.import(try Self.fixture())
        let device = playgroundText.split(separator: "\n").filter {
            $0.hasPrefix("canvas ") || $0.hasPrefix("safearea ")
        }
        let imported = Scene.parse(
            SourceFile(name: "Messages.layout", text: device.joined(separator: "\n") + "\n" + result.text))
        #expect(!imported.diagnostics.hasErrors, "\(imported.diagnostics.map(\.rendered))")
        var mine = PlaybackSession(loading: imported, name: "Messages")

        let (cell, _) = imported.parseStatements(
            SourceFile(name: "cell", text: "toolbarViewTopConstraint.constant = \(cellMidY)\nrun doubleTapForCell"))
        try mine.schedule(.statements(cell), at: 0)
        try mine.schedule(.action("hideToolbarView"), at: 1.2)
        try theirs.schedule(.action("showToolbar"), at: 0)
        try theirs.schedule(.action("hideToolbar"), at: 1.2)

        var compared = 0
        var moved = 0.0
        for tick in 0...180 {
            let time = Double(tick) / 60
            let a = try #require(mine.frame(at: time).views.first { $0.name == "toolbarView" })
            let b = try #require(theirs.frame(at: time).views.first { $0.name == "toolbar" })
            for (what, x, y) in [
                ("x", a.x, b.x), ("y", a.y, b.y), ("width", a.width, b.width), ("height", a.height, b.height),
                ("alpha", a.alpha, b.alpha),
            ] {
                #expect(abs(x - y) <= 1e-9, "toolbar.\(what) at \(time): \(x), the playground's \(y)")
            }
            moved = max(moved, b.y + 56)
            compared += 1
        }
        #expect(compared == 181)
        // The toolbar does travel: from 100 points above the safe area to the third message and back.
        #expect(moved > 200)
        print("Messaging toolbar: \(compared) frames of the toolbar equal the playground's")
    }
}
