import Foundation
import PlaygroundProtocol
import SceneLanguage
import SceneRuntime
import TestSupport
import Testing

/// A save's layout made by updating the previous generation's solver
/// (`LayoutModel(scene:updating:)`) against the same layout built from
/// nothing: the oracle. Random edits of the playgrounds and of a chain of
/// labels (numbers changed, lines deleted, doubled or swapped, texts
/// changed) are applied one after another, each model updated from the one
/// before, as the daemon does save after save.
@Suite struct LayoutUpdateTests {
    /// Frames agree to this, relative to their size: the two solvers pivot differently.
    static let tolerance = 1e-9

    static func expectSame(
        _ updated: LayoutModel, _ fresh: LayoutModel, _ context: @autoclosure () -> String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for view in fresh.scene.viewIDs {
            let a = updated.frame(of: view)
            let b = fresh.frame(of: view)
            let close = zip([a.x, a.y, a.width, a.height], [b.x, b.y, b.width, b.height]).allSatisfy {
                abs($0 - $1) <= tolerance * max(1, abs($1))
            }
            #expect(
                close, "\(fresh.scene[view].name.name): updated \(a), built \(b)\n\(context())",
                sourceLocation: sourceLocation)
        }
        #expect(
            updated.allDiagnostics.map(\.message) == fresh.allDiagnostics.map(\.message), "\(context())",
            sourceLocation: sourceLocation)
    }

    static func parse(_ text: String) -> Scene {
        Scene.parse(SourceFile(name: "edited.layout", text: text))
    }

    /// A chain of labels in rows, as the reload benchmark has them, with baselines.
    static let rows: String = {
        var lines = ["canvas 375 x 667", "safearea 44 0 34 0"]
        for i in 0..<30 { lines.append("label v\(i) \"item \(i)\"") }
        for i in 0..<30 {
            if i % 10 == 0 {
                let above = i == 0 ? "root.safeArea.top" : "v\(i - 10).bottom + 8"
                lines.append("row\(i): v\(i).leading == root.margins.leading + 4; v\(i).top == \(above)")
            } else {
                lines.append("v\(i).leading == v\(i - 1).trailing + 8; v\(i).firstBaseline == v\(i - 1).firstBaseline")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    static let bases: [String: String] = {
        var bases = ["rows": rows]
        for name in ["Quiz", "QuizGuide", "Messaging", "Bankey", "Burger"] {
            bases[name] = try? String(
                contentsOf: PlaygroundTests.folder.appendingPathComponent(name + ".layout"), encoding: .utf8)
        }
        return bases
    }()

    /// One random edit of a scene's text, as a save might make.
    static func edit(_ text: String, _ rng: inout SplitMix) -> String {
        var lines = text.components(separatedBy: "\n")
        let numbers = try! NSRegularExpression(pattern: #"(?<![A-Za-z_#0-9.])[0-9]+(\.[0-9]+)?"#)
        let strings = try! NSRegularExpression(pattern: #""[^"\n]*""#)
        func replaceOne(_ pattern: NSRegularExpression, with choices: [String]) -> String {
            let matches = pattern.matches(in: text, range: NSRange(text.startIndex..., in: text))
            guard let match = matches.randomElement(using: &rng), let range = Range(match.range, in: text) else {
                return text
            }
            return text.replacingCharacters(in: range, with: choices.randomElement(using: &rng)!)
        }
        switch Int.random(in: 0..<10, using: &rng) {
        case 0..<5:
            return replaceOne(numbers, with: ["0", "4", "8", "16", "20", "44", "100", "250", "320", "0.5", "2"])
        case 5:
            return replaceOne(strings, with: [#""""#, #""Hi""#, #""a longer text than before""#, #""two\nlines""#])
        case 6:
            lines.remove(at: Int.random(in: lines.indices, using: &rng))
        case 7:
            let index = Int.random(in: lines.indices, using: &rng)
            lines.insert(lines[index], at: index)
        default:
            let index = Int.random(in: 0..<max(1, lines.count - 1), using: &rng)
            if index + 1 < lines.count { lines.swapAt(index, index + 1) }
        }
        return lines.joined(separator: "\n")
    }

    @Test("Save after save, each update lays out as a fresh build does", arguments: bases.keys.sorted())
    func randomSaves(base: String) throws {
        let original = try #require(Self.bases[base], "\(base) could not be read")
        var rng = SplitMix(state: UInt64(base.utf8.reduce(0) { $0 &* 31 &+ Int($1) }.magnitude))
        var text = original
        var model = LayoutModel(scene: Self.parse(text))
        var updates = 0
        let saves = 120
        for save in 0..<saves {
            let edited = Self.edit(text, &rng)
            let scene = Self.parse(edited)
            // Errors of the language keep the last good generation, as the daemon does.
            guard !scene.diagnostics.hasErrors else { continue }
            // Every other save as a reload makes it, taking the previous model's solver and tables.
            let updated =
                save % 2 == 0
                ? LayoutModel(scene: scene, updating: model) : LayoutModel(scene: scene, replacing: &model)
            Self.expectSame(updated, LayoutModel(scene: scene), "\(base), save \(save):\n\(edited)")
            if updated.isUpdate { updates += 1 }
            model = updated
            // Now and then the file goes back to where it started, so edits do not pile up for ever.
            text = save % 15 == 14 ? original : edited
            if save % 15 == 14 { model = LayoutModel(scene: Self.parse(text), updating: model) }
        }
        // The oracle must have something to judge: most saves take the update, not the fallback.
        #expect(updates >= saves / 3, "only \(updates) of \(saves) saves were updates")
    }

    @Test("A one-constant save is an update, and moves what the constant moves")
    func oneConstant() {
        let before = LayoutModel(scene: Self.parse(Self.rows))
        #expect(before.isUpdate == false)
        let after = LayoutModel(
            scene: Self.parse(Self.rows.replacingOccurrences(of: "margins.leading + 4", with: "margins.leading + 12")),
            updating: before)
        #expect(after.isUpdate)
        #expect(after.frame(of: ViewID(0)).x == before.frame(of: ViewID(0)).x + 8)
        #expect(after.frame(of: ViewID(9)).x == before.frame(of: ViewID(9)).x + 8)
        // Every row starts at the margin plus the inset; their y positions stay.
        #expect(after.frame(of: ViewID(10)).x == before.frame(of: ViewID(10)).x + 8)
        #expect(after.frame(of: ViewID(10)).y == before.frame(of: ViewID(10)).y)
    }

    /// A scene whose actions change constants, activate constraints and change texts.
    static let acting = """
        canvas 375 x 667
        label title "Hello"
        view box
        label tag "x"
        titleX: title.leading == root.leading + 20
        title.top == 40
        boxX: box.leading == title.trailing + 8
        box.top == title.bottom + 8; box.width == 100; box.height == 50
        tag.firstBaseline == title.firstBaseline
        tag.trailing == root.trailing - 16
        inactive wide: box.width == 200 @999
        action change { titleX.constant = 60; title.text = "A much longer title"; activate wide; layout }
        """

    @Test("A save after actions changed the running layout updates from what runs, not from the file")
    func afterActions() {
        var running = LoadedScene(scene: Self.parse(Self.acting), name: "acting")
        let ran = running.run(action: "change")
        #expect(ran)
        for saved in [
            Self.acting, Self.acting.replacingOccurrences(of: "box.width == 100", with: "box.width == 120"),
            Self.acting.replacingOccurrences(of: "\"Hello\"", with: "\"Hello, world\""),
        ] {
            let scene = Self.parse(saved)
            let updated = LayoutModel(scene: scene, updating: running.layout)
            Self.expectSame(updated, LayoutModel(scene: scene), saved)
            #expect(updated.isUpdate)
        }
    }

    @Test("Conflicts and ambiguity fall back to a fresh build, with the fresh build's diagnostics")
    func fallbacks() {
        let base = LayoutModel(scene: Self.parse(Self.acting))
        for saved in [
            // A required constraint that contradicts another: which one breaks depends on the order.
            Self.acting + "box.width == 300\n",
            // The title's horizontal position left open.
            Self.acting.replacingOccurrences(of: "titleX: title.leading == root.leading + 20\n", with: ""),
            // One more view: the variables differ.
            Self.acting + "view extra\nextra.left == 0; extra.top == 0; extra.width == 1; extra.height == 1\n",
        ] {
            let scene = Self.parse(saved)
            let updated = LayoutModel(scene: scene, updating: base)
            #expect(!updated.isUpdate)
            Self.expectSame(updated, LayoutModel(scene: scene), saved)
        }
    }

    /// Stacks of each distribution and alignment, nested, with hidden subviews, custom spacing and margins.
    static let stacks = """
        canvas 375 x 667
        safearea 44 0 34 0
        stack form vertical spacing 12 {
          label heading "Create account" font 28
          stack choices horizontal spacing 8 distribution fillEqually {
            button usePhone "Use phone"
            button useEmail "Use email"
          }
          view nameField size 0 x 44
          view phoneField size 0 x 44 hidden
          stack row horizontal spacing 4 distribution fillProportionally alignment firstBaseline {
            label a "ab" font 20
            label b "abcdef"
          }
          stack gaps horizontal spacing 5 distribution equalSpacing alignment center margins 2 4 2 4 {
            label c "one"
            label d "two" hidden
            label e "three"
          }
          button signUp "Sign Up"
        }
        form.spacing after heading = 24
        form.top == root.safeArea.top + 20
        form.leading == root.margins.leading
        form.trailing == root.margins.trailing
        label note "below"
        note.firstBaseline == row.firstBaseline + 40
        note.leading == root.margins.leading
        action phone { phoneField.hidden = false; nameField.hidden = true; form.spacing = 20; layout }
        """

    /// One random edit of a stack scene: an edit of any scene, or one of a stack's settings or of a view's
    /// hidden state.
    static func editStacks(_ text: String, _ rng: inout SplitMix) -> String {
        let words: [(String, [String])] = [
            ("distribution fillEqually", ["distribution fill", "distribution equalCentering", ""]),
            ("distribution fillProportionally", ["distribution fillEqually", "distribution equalSpacing"]),
            ("alignment firstBaseline", ["alignment lastBaseline", "alignment top", ""]),
            ("alignment center", ["alignment fill", "alignment bottom"]),
            ("form vertical", ["form horizontal"]),
            ("size 0 x 44 hidden", ["size 0 x 44", "size 10 x 20 hidden"]),
            ("\"two\" hidden", ["\"two\"", "\"two\" hidden font 30"]),
            ("\"Use email\"", ["\"Use email\" hidden"]),
            ("margins 2 4 2 4", ["", "margins 8 0 8 0"]),
        ]
        guard Int.random(in: 0..<2, using: &rng) == 0 else { return edit(text, &rng) }
        let present = words.filter { text.contains($0.0) }
        guard let (word, choices) = present.randomElement(using: &rng) else { return edit(text, &rng) }
        return text.replacingOccurrences(of: word, with: choices.randomElement(using: &rng)!)
    }

    @Test("Save after save of a scene with stacks, each update lays out as a fresh build does")
    func randomStackSaves() {
        var rng = SplitMix(state: 0x5EED_57AC)
        var text = Self.stacks
        var model = LayoutModel(scene: Self.parse(text))
        #expect(model.diagnostics.isEmpty, "\(model.allDiagnostics.map(\.message))")
        var updates = 0
        let saves = 150
        for save in 0..<saves {
            let edited = Self.editStacks(text, &rng)
            let scene = Self.parse(edited)
            guard !scene.diagnostics.hasErrors else { continue }
            let updated =
                save % 2 == 0
                ? LayoutModel(scene: scene, updating: model) : LayoutModel(scene: scene, replacing: &model)
            Self.expectSame(updated, LayoutModel(scene: scene), "stacks, save \(save):\n\(edited)")
            if updated.isUpdate { updates += 1 }
            model = updated
            text = save % 10 == 9 ? Self.stacks : edited
            if save % 10 == 9 { model = LayoutModel(scene: Self.parse(text), updating: model) }
        }
        #expect(updates >= saves / 3, "only \(updates) of \(saves) saves were updates")
    }

    @Test("A save of a scene with stacks updates the stacks in place: a constant, a spacing, a hidden view")
    func stackSaves() {
        let before = LayoutModel(scene: Self.parse(Self.stacks))
        for saved in [
            Self.stacks.replacingOccurrences(of: "safeArea.top + 20", with: "safeArea.top + 30"),
            Self.stacks.replacingOccurrences(of: "form vertical spacing 12", with: "form vertical spacing 16"),
            Self.stacks.replacingOccurrences(of: "size 0 x 44 hidden", with: "size 0 x 44"),
            Self.stacks.replacingOccurrences(of: "\"abcdef\"", with: "\"abc\""),
            Self.stacks.replacingOccurrences(of: "alignment firstBaseline", with: "alignment lastBaseline"),
        ] {
            let scene = Self.parse(saved)
            let updated = LayoutModel(scene: scene, updating: before)
            #expect(updated.isUpdate, "\(saved)")
            Self.expectSame(updated, LayoutModel(scene: scene), saved)
        }
    }

    @Test("A save after an action hid and showed stacked views updates from what runs")
    func stackSaveAfterActions() {
        var running = LoadedScene(scene: Self.parse(Self.stacks), name: "stacks")
        let ran = running.run(action: "phone")
        #expect(ran)
        for saved in [
            Self.stacks, Self.stacks.replacingOccurrences(of: "\"below\"", with: "\"further below\""),
            Self.stacks.replacingOccurrences(of: "size 0 x 44 hidden", with: "size 0 x 44"),
        ] {
            let scene = Self.parse(saved)
            let updated = LayoutModel(scene: scene, updating: running.layout)
            #expect(updated.isUpdate)
            Self.expectSame(updated, LayoutModel(scene: scene), saved)
        }
    }

    @Test("A save that changes no constraint updates, and an ambiguous layout is still reported after one")
    func savesWithoutLayoutChanges() {
        let recoloured = Self.acting.replacingOccurrences(of: "view box", with: "view box color systemRed")
        let before = LayoutModel(scene: Self.parse(Self.acting))
        var model = before
        // Twice: the second update starts from a model that was itself an update.
        for saved in [recoloured, Self.acting + "# a comment\n"] {
            let scene = Self.parse(saved)
            let updated = LayoutModel(scene: scene, updating: model)
            #expect(updated.isUpdate)
            Self.expectSame(updated, LayoutModel(scene: scene), saved)
            model = updated
        }
        // An ambiguous scene, saved unchanged but for a colour: its warnings come back each time.
        let open = Self.acting.replacingOccurrences(of: "title.top == 40\n", with: "")
        var ambiguous = LayoutModel(scene: Self.parse(open))
        #expect(ambiguous.diagnostics.contains { $0.message.hasPrefix("ambiguous vertical layout for 'title'") })
        for saved in [open.replacingOccurrences(of: "view box", with: "view box color systemRed"), open] {
            let scene = Self.parse(saved)
            let updated = LayoutModel(scene: scene, replacing: &ambiguous)
            Self.expectSame(updated, LayoutModel(scene: scene), saved)
            ambiguous = updated
        }
        // A running model changed by an action is checked again, even when the save changes nothing.
        var running = LoadedScene(scene: Self.parse(Self.acting), name: "acting")
        let ran = running.run(action: "change")
        #expect(ran)
        let scene = Self.parse(Self.acting)
        Self.expectSame(LayoutModel(scene: scene, updating: running.layout), LayoutModel(scene: scene), Self.acting)
    }
}
