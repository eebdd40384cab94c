import Foundation
import PlaygroundProtocol
import PropertyBased
import SceneLanguage
import SceneRuntime
import Testing

/// The whole scene pipeline (lexer, parser, checker, layout model, model frame, rendering) on random bytes,
/// mutated scenes and scenes generated from the grammar: never a trap, every diagnostic inside the file and
/// rendered, a frame of finite numbers whose JSON parses, one frame entry per declared view.
@Suite struct SceneFuzzTests {
    /// Scene texts that together use every construct of spec §2; none has an error.
    static let embeddedSeeds = [
        """
        # Settings, every kind of view and every view property.
        canvas 375 x 667
        safearea 44 0 34 0
        reload 0.4 spring damping 0.8 velocity 0
        view card color blue alpha 0.5 size 100 x 50 hugging 251 249 compression 751 749
        label title "Bankey\\n\\"hi\\" \\\\" font 34 alpha 0 color #3366ff
        button signIn "Sign In" font 17 hidden
        guide spacer
        view fixed frame 10 20 100 40 color clear
        view panel color systemBlue {
          label name "Bob"
          name.leading == panel.leading + 8; name.top == panel.top + system
          constraints inner {
            name.trailing <= panel.trailing - 8
          }
        }
        card.leading == root.margins.leading; card.top == root.safeArea.top + 2 * system @high
        title.centerX == root.centerX; title.top == card.bottom + 3 * system
        signIn.firstBaseline == title.lastBaseline + 20 @750
        signIn.leading == title.leading
        spacer.width == 0.5 * card.width - 4 @low
        spacer.height == card.height / 2 @fitting
        spacer.left == card.right; spacer.top == card.top
        panel.leading == root.leading + 16; panel.trailing == root.trailing - (4 * (2 + 2))
        panel.top >= signIn.bottom + 8 @999; panel.height == 100
        """,
        """
        # Groups, named and inactive constraints, animators and every statement.
        canvas 320x480
        reload none
        label question "What is 7+7?"
        label next "Next" alpha 0
        view burger size 44 x 44
        label top "Menu"
        questionX: question.centerX == root.centerX
        nextX: next.centerX == root.centerX + 375
        question.centerY == root.centerY; next.centerY == root.centerY
        burger.top == root.safeArea.top; burger.leading == root.margins.leading
        constraints collapsed {
          top.centerY == burger.top + 4
        }
        constraints expanded inactive {
          top.centerY == burger.centerY
        }
        inactive pinned: question.top == root.safeArea.top + 200
        top.leading == burger.trailing + system
        animator slide 0.6 curve bezier(0.25, 0.1, 0.25, 1) { question.alpha = 0.5 } completion { layout }
        action next {
          next.text = "What is the capital of Vermont?"
          layout
          animate 0.5 curve linear {
            nextX.constant = 0
            questionX.constant += root.width
            question.alpha = 0
            next.alpha = 1
          } completion {
            swap question next
            swap questionX nextX
            nextX.constant = -root.width
          }
        }
        action toggle {
          deactivate collapsed
          activate expanded, pinned
          animate 0.3 delay 0.1 spring damping 0.6 velocity 1 repeat 3 autoreverse { layout }
          animate 1 curve easeIn repeat forever { question.alpha = next.width / 1000 }
          animator pop 0.2 curve easeOut { pinned.constant -= 2 * system; layout }
          start pop after 0.1
          pause pop
          pop.fraction = 0.5
          reverse pop
          stop pop
          finish pop at end
          start slide
          finish slide at current
          canvas 667 x 375
          burger.hidden = true
          burger.color = #00ff00
          top.font = 20
          top.text = "a\\nb"
          run next
        }
        on load {
          run toggle
        }
        """,
        """
        view a { view b { view c { label d "deep" } } }
        a.left == root.left; a.top == root.top; a.width == 200; a.height == 200
        b.leading == a.leading + 10; b.top == a.top + 10; b.width == a.width - 20; b.height == 0.5 * a.height
        c.centerX == b.centerX; c.centerY == b.centerY; c.width == 50; c.height == 50 @required
        d.leading >= c.leading; d.trailing <= c.trailing; d.centerY == c.centerY
        animator fade 1 spring damping 1 velocity 0 { d.alpha = 0 }
        on load { animate 0.25 curve easeInOut { a.alpha = 0.5 }; start fade }
        """,
        // Animators whose completions drive animators, themselves and each other.
        """
        view v; view w
        vX: v.left == root.left; v.top == 0; v.width == 10; v.height == 10
        w.left == 0; w.top == 20; w.width == 10; w.height == 10
        animator a 0.5 curve linear { vX.constant += 10; layout } completion { start b; finish a at end }
        animator b 0.25 { w.alpha = 0.5 } completion at start { start a } completion at end { reverse a; stop b }
        action go { start a; pause b; b.fraction = 0.5; reverse b; finish b at start }
        on load { start a after 0.1 }
        """,
        // Visual format lines: every piece of the grammar, options, a named line and an inactive one.
        """
        canvas 375 x 667 rtl
        label a "Name"
        view b size 40 x 30
        view q size 10 x 10
        view p { view c; guide g; H:|-[c]-(>=8,==40@high)-[g(==c)]| align all top bottom; V:|-[c(>=20@750)]-| }
        H:|-[a]-8-[b(==a)]-(>=20)-| align all centerY
        H:|-20-[p(<=root)]-| direction leftToRight
        V:|-[a]-(-5)-[p(100)] align all leading
        H:|-(>=0)-[q]-30-| direction rightToLeft
        V:|[q]
        row: V:[p]-(>=system)-|
        inactive wide: V:[p]-(>=100@high)-|
        action go { deactivate row; activate wide; animate 0.3 { layout } }
        """,
        // Keyframe animations: statements between keyframes, a step, a repeat, a completion that starts another.
        """
        view k color blue alpha 0
        kX: k.left == root.left; k.top == 0; k.width == 10; k.height == 10
        action go {
          animate keyframes 1 delay 0.1 curve linear repeat 2 autoreverse {
            k.color = red
            keyframe 0 0.5 { k.alpha = 1 }
            keyframe 0.5 0 { kX.constant = 50; layout }
            keyframe 1/3 2/3 { kX.constant += 10; layout }
          } completion {
            animate keyframes 0.5 { keyframe 0 1 { k.alpha = 0 } }
          }
        }
        on load { animate keyframes 0 { keyframe 0 1 { k.alpha = 0.5 } } }
        """,
    ]

    /// `Playgrounds/*.layout` if the checkout has any, then ``embeddedSeeds``.
    static let seeds: [[UInt8]] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let folder = root.appendingPathComponent("Playgrounds")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let files = names.filter { $0.hasSuffix(".layout") }.sorted().compactMap {
            FileManager.default.contents(atPath: folder.appendingPathComponent($0).path).map { Array($0) }
        }
        return files + embeddedSeeds.map { Array($0.utf8) }
    }()

    /// Runs bytes through the pipeline and checks the invariants; `declared`, when the input is known to
    /// declare exactly these views (in order), is compared with the frame of an input without errors.
    static func check(
        _ bytes: [UInt8], declared: [String]? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let started = ContinuousClock.now
        let file = SourceFile(name: "fuzz.layout", bytes: bytes)
        let scene = Scene.parse(file)
        let model = LayoutModel(scene: scene)
        let diagnostics = model.allDiagnostics
        for diagnostic in diagnostics {
            for range in [diagnostic.range] + diagnostic.notes.compactMap(\.range) {
                #expect(
                    0 <= range.start && range.start <= range.end && range.end <= file.bytes.count,
                    "\(diagnostic.code) at \(range) in a file of \(file.bytes.count) bytes",
                    sourceLocation: sourceLocation)
            }
            let rendered = diagnostic.rendered
            #expect(rendered.hasPrefix("fuzz.layout:"), sourceLocation: sourceLocation)
        }
        let frame = model.modelFrame(scene: "fuzz")
        let numbers =
            [frame.canvas.width, frame.canvas.height]
            + frame.views.flatMap { [$0.x, $0.y, $0.width, $0.height, $0.alpha] + ($0.font.map { [$0] } ?? []) }
        // A frame that cannot be laid out in finite numbers must at least be reported.
        #expect(
            numbers.allSatisfy(\.isFinite) || diagnostics.contains { $0.code == .outOfRange },
            "a frame holds a non-finite number without an out-of-range error", sourceLocation: sourceLocation)
        let json = try? JSONSerialization.jsonObject(with: Data(frame.json.utf8)) as? [String: Any]
        let views = json?["views"] as? [[String: Any]]
        #expect(views?.count == scene.views.count, "the frame's JSON must parse", sourceLocation: sourceLocation)
        for view in views ?? [] {
            for key in ["x", "y", "width", "height", "alpha"] {
                #expect((view[key] as? Double)?.isFinite == true, sourceLocation: sourceLocation)
            }
        }
        if !diagnostics.hasErrors {
            let names = frame.views.map(\.name)
            #expect(Set(names).count == names.count, "views share a name", sourceLocation: sourceLocation)
            if let declared { #expect(names == declared, sourceLocation: sourceLocation) }
        }
        if !scene.diagnostics.hasErrors { run(scene, sourceLocation: sourceLocation) }
        #expect(ContinuousClock.now - started < .seconds(10), "slow input", sourceLocation: sourceLocation)
    }

    /// Runs a valid scene: `on load`, every action, time moving on in ticks
    /// and jumps; every presentation frame holds finite numbers, and every
    /// runtime diagnostic points inside the file.
    static func run(_ scene: Scene, sourceLocation: SourceLocation) {
        var loaded = LoadedScene(scene: scene, name: "fuzz")
        loaded.runOnLoad()
        for action in scene.actions { loaded.run(action: action.name.name) }
        for time in [0, 0.05, 0.1, 0.25, 0.5, 1] {
            loaded.advance(to: time)
            if time == 0.25, let action = scene.actions.first { loaded.run(action: action.name.name) }
            let frame = loaded.presentationFrame()
            let numbers = frame.views.flatMap { [$0.x, $0.y, $0.width, $0.height, $0.alpha] }
            let finite = numbers.allSatisfy(\.isFinite)
            #expect(finite, "a presentation frame at \(time) is not finite", sourceLocation: sourceLocation)
        }
        for reported in loaded.takeDiagnostics() {
            let range = reported.diagnostic.range
            #expect(range.end <= reported.diagnostic.range.file.bytes.count, sourceLocation: sourceLocation)
            _ = reported.rendered
        }
    }

    @Test("Every seed is a scene without errors")
    func seedsAreValid() {
        for seed in Self.seeds {
            let file = SourceFile(name: "seed.layout", bytes: seed)
            let model = LayoutModel(scene: Scene.parse(file))
            #expect(!model.allDiagnostics.hasErrors, "\(model.allDiagnostics.map { $0.rendered })")
            Self.check(seed)
        }
    }

    @Test("Regression: multipliers compounding past the solver's tolerance made it trap (unbounded objective)")
    func compoundingMultipliers() {
        Self.check(
            Array(
                """
                button a "Hi"
                a.width == a.height - 2 @500
                a.height <= 0.5 @high
                a.height >= 1000000000 * a.width - 1
                """.utf8))
        Self.check(
            Array(
                """
                button a "Hi"
                view b; view c
                a.width == a.height - 2 @500
                a.height <= 0.5 @high
                b.width == 1000 * a.width; c.width == 1000 * b.width
                a.height >= 1000 * c.width - 1
                """.utf8))
    }

    @Test("Regression: a chain of large multipliers reached infinity, written as 0 in the frame without an error")
    func infiniteFrames() {
        let text =
            (0...40).map { "view v\($0)\n" }.joined() + "v0.width == 1000000000\n"
            + (1...40).map { "v\($0).width == 1000000000 * v\($0 - 1).width\n" }.joined()
        Self.check(Array(text.utf8))
        let model = LayoutModel(scene: Scene.parse(SourceFile(name: "chain.layout", text: text)))
        let outOfRange = model.allDiagnostics.filter { $0.code == .outOfRange }.map {
            String(model.scene.text(of: $0.range))
        }
        // v0 is 1e9 wide, v1 1e18: past 1e15 from v1 on.
        #expect(outOfRange == (1...40).map { "v\($0)" })
    }

    @Test("Regression: 3,000 misspellings among 3,000 names took a minute; only the first 50 get a suggestion")
    func manyMisspellings() {
        let text = (0..<3000).map { "view v\($0)\n" }.joined() + (0..<3000).map { "w\($0).width == 10\n" }.joined()
        Self.check(Array(text.utf8))
        let diagnostics = Scene.parse(SourceFile(name: "many.layout", text: text)).diagnostics
        // Every one is an error; the first thousand are reported.
        #expect(diagnostics.count { $0.code == .unknownName } == SceneLanguage.diagnosticLimit)
        #expect(diagnostics.count { $0.suggestion != nil } == 50)
    }

    @Test("Random bytes")
    func randomBytes() async {
        await propertyCheck(count: 500, input: Gen.uint8(in: 0...255).array(of: 0...400)) { Self.check($0) }
    }

    @Test("Mutations of the seeds: flipped, inserted and deleted bytes, inserted tokens, copied slices")
    func mutations() async {
        let edit = zip(Gen.int(in: 0...4), Gen.int(in: 0...100_000), Gen.int(in: 0...100_000), Gen.uint8(in: 0...255))
        await propertyCheck(count: 1000, input: zip(Gen.int(in: 0...1000), edit.array(of: 1...10))) { pick, edits in
            var bytes = Self.seeds[pick % Self.seeds.count]
            for (kind, position, other, value) in edits {
                let at = position % (bytes.count + 1)
                switch kind {
                case 0 where at < bytes.count: bytes[at] = value
                case 1: bytes.insert(value, at: at)
                case 2: if at < bytes.count { bytes.removeSubrange(at..<min(bytes.count, at + 1 + Int(value) % 4)) }
                case 3:
                    bytes.insert(
                        contentsOf: Array(" \(Grammar.vocabulary[other % Grammar.vocabulary.count]) ".utf8), at: at)
                default:
                    let from = other % (bytes.count + 1)
                    bytes.insert(contentsOf: bytes[min(from, at)..<max(from, at)].prefix(400), at: at)
                }
            }
            Self.check(bytes)
        }
    }

    @Test("Random sequences of the language's tokens")
    func tokenSoup() async {
        let token = Gen.int(in: 0...10_000).map { Grammar.vocabulary[$0 % Grammar.vocabulary.count] }
        await propertyCheck(count: 800, input: token.array(of: 0...120)) { tokens in
            Self.check(Array(tokens.joined(separator: " ").utf8))
        }
    }

    @Test("Scenes generated from the grammar, some with a few tokens corrupted")
    func grammar() async {
        await propertyCheck(count: 1000, input: Gen.uint64(in: 0...UInt64.max)) { seed in
            var grammar = Grammar(seed: seed)
            let (text, declared) = grammar.scene()
            Self.check(Array(text.utf8), declared: declared)
        }
    }

    @Test("The grammar writes visual format lines, most of which expand and some of which are broken")
    func grammarWritesVisualFormatLines() {
        var expanded = 0
        var broken = 0
        for seed in UInt64(0)..<300 {
            var grammar = Grammar(seed: seed)
            let scene = Scene.parse(SourceFile(name: "t.layout", text: grammar.scene().0))
            expanded += scene.constraints.filter { $0.expansion != nil }.count
            broken += scene.diagnostics.filter { $0.code == .invalidFormat }.count
        }
        #expect(expanded > 100)
        #expect(broken > 10)
    }
}
