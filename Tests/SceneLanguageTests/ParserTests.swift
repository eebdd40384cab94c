import PlaygroundProtocol
import Testing

@testable import SceneLanguage

/// Parses a scene that must be free of diagnostics.
func parseClean(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Scene {
    let scene = Scene.parse(SourceFile(name: "t.layout", text: text))
    let rendered = scene.diagnostics.map { $0.rendered }.joined()
    #expect(rendered == "", sourceLocation: sourceLocation)
    return scene
}

/// The statement kinds of a scene's first action.
func statements(_ body: String, sourceLocation: SourceLocation = #_sourceLocation) -> [Statement.Kind] {
    let scene = parseClean(
        """
        view v; label l "x"; guide g
        c: v.left == 0; constraints grp { v.top == 0 }
        animator anim 1 { v.alpha = 0 }
        action other { layout }
        action a {
        \(body)
        }
        """, sourceLocation: sourceLocation)
    return scene.actions.first { $0.name.name == "a" }?.body.map(\.kind) ?? []
}

@Suite struct ParserTests {
    @Test("Settings: canvas (also as 375x667), safe area, reload with options or none")
    func settings() {
        var scene = parseClean("canvas 320x480\nsafearea 44 0 34 0\nreload 0.4 spring damping 0.8 velocity 0")
        #expect(scene.canvas == Size(width: 320, height: 480))
        #expect(scene.safeAreaInsets == Insets(top: 44, leading: 0, bottom: 34, trailing: 0))
        #expect(scene.reloadTransition?.duration == 0.4)
        #expect(scene.reloadTransition?.timing == .spring(damping: 0.8, velocity: 0))
        scene = parseClean("reload 0.3 delay 0.1 curve easeOut")
        #expect(scene.reloadTransition?.delay == 0.1 && scene.reloadTransition?.timing == .curve(.easeOut))
        scene = parseClean("reload none")
        #expect(scene.reloadTransition == nil)
        scene = parseClean("")
        #expect(scene.canvas == Size(width: 375, height: 667))
        #expect(scene.reloadTransition?.duration == 0.25)
        #expect(scene.reloadTransition?.timing == .curve(.easeInOut))
    }

    @Test("Views of each kind, with every property, subviews after their parent")
    func views() {
        let scene = parseClean(
            """
            view  card   color blue size 100 x 50 hugging 251 252 compression 700 701 hidden alpha 0.5
            label title  "Bankey\\nLogin" font 34 alpha 0 color #3366ff
            button signIn "Sign In"
            guide spacer
            view  panel frame -10 20 100 40 {
              label name "Bob"
              view inner { guide g }
            }
            """)
        #expect(scene.views.map(\.name.name) == ["card", "title", "signIn", "spacer", "panel", "name", "inner", "g"])
        #expect(scene.views.map(\.kind) == [.view, .label, .button, .guide, .view, .label, .view, .guide])
        #expect(scene.views.map(\.parent?.index) == [nil, nil, nil, nil, nil, 4, 4, 6])
        let card = scene.views[0]
        #expect(card.color == Color(rgb: 0x0000FF))
        #expect(card.intrinsicSize == Size(width: 100, height: 50))
        #expect(card.hugging == AxisPriorities(horizontal: 251, vertical: 252))
        #expect(card.compression == AxisPriorities(horizontal: 700, vertical: 701))
        #expect(card.isHidden && card.alpha == 0.5)
        let title = scene.views[1]
        #expect(title.text == "Bankey\nLogin" && title.font == 34 && title.alpha == 0)
        #expect(title.color?.description == "#3366ff")
        #expect(scene.views[2].text == "Sign In" && scene.views[2].font == 17)
        #expect(scene.views[4].fixedFrame == Rect(x: -10, y: 20, width: 100, height: 40))
        #expect(scene.text(of: card.propertyRange(.size)!) == "size 100 x 50")
    }

    @Test("Constraints in Auto Layout's form: names, multipliers, constants with system, priorities")
    func constraints() {
        let scene = parseClean(
            """
            view a; view b
            top: a.top == root.safeArea.top + 3 * system @high
            a.width == 0.5 * root.width - 2 * (system + 1) @ 999
            a.leading >= b.trailing * 2 @low
            a.height <= 44 @fitting
            b.centerX == root.margins.centerX @required
            b.lastBaseline == a.firstBaseline - 8 @500
            """)
        let c = scene.constraints
        #expect(c.count == 6)
        #expect(c[0].name?.name == "top" && scene.constraintsByName["top"] == ConstraintID(0))
        #expect(c[0].first == Anchor(.view(ViewID(0)), .top) && c[0].second == Anchor(.safeArea, .top))
        #expect(c[0].constant == 24 && c[0].priority == 750 && c[0].multiplier == 1)
        #expect(c[1].second == Anchor(.root, .width) && c[1].multiplier == 0.5 && c[1].constant == -18)
        #expect(c[1].priority == 999)
        #expect(c[2].relation == .greaterThanOrEqual && c[2].multiplier == 2 && c[2].priority == 250)
        #expect(c[3].relation == .lessThanOrEqual && c[3].second == nil && c[3].constant == 44)
        #expect(c[3].priority == 50)
        #expect(c[4].second == Anchor(.margins, .centerX) && c[4].priority == 1000)
        #expect(c[5].first == Anchor(.view(ViewID(1)), .lastBaseline) && c[5].constant == -8 && c[5].priority == 500)
        #expect(scene.text(of: c[0].range) == "top: a.top == root.safeArea.top + 3 * system @high")
    }

    @Test("Groups and 'inactive': what is active at load")
    func groupsAndInactive() throws {
        let scene = parseClean(
            """
            view top; view burger
            constraints collapsed {
              top.centerY == burger.top + 4
            }
            constraints expanded inactive {
              top.centerY == burger.centerY
            }
            inactive pinned: top.top == root.safeArea.top + 200
            constraints { top.width == 10 }
            """)
        #expect(scene.groups.map { $0.name?.name } == ["collapsed", "expanded", nil])
        #expect(scene.groups.map(\.isInitiallyActive) == [true, false, true])
        #expect(scene.groupsByName == ["collapsed": GroupID(0), "expanded": GroupID(1)])
        let expanded = try #require(scene.groupID(named: "expanded"))
        #expect(scene[expanded].name?.name == "expanded" && "\(expanded)" == "group #1")
        #expect(scene.groupID(named: "pinned") == nil && scene.groupID(named: "top") == nil)
        #expect(scene.constraints.map(\.group) == [GroupID(0), GroupID(1), nil, GroupID(2)])
        #expect(scene.constraints.map(\.isInitiallyActive) == [true, false, false, true])
    }

    @Test("Constraints inside a view's block, and views referenced before they are declared")
    func forwardReferences() {
        let scene = parseClean(
            """
            later.top == panel.bottom
            view panel {
              label name "Bob"
              name.leading == panel.leading + system
            }
            view later
            """)
        #expect(scene.constraints.map(\.first.item) == [.view(ViewID(2)), .view(ViewID(1))])
    }

    @Test("Property assignments, layout and constraint constants")
    func assignments() {
        let kinds = statements(
            """
            l.text = "What is the capital of Vermont?"
            layout
            c.constant = -root.width / 2; c.constant += v.midY; c.constant -= 8
            v.alpha = 0.5; v.hidden = true; v.color = #ff8800; v.color = systemBlue; l.font = 20
            """)
        guard kinds.count == 10 else {
            Issue.record("expected 10 statements, got \(kinds)")
            return
        }
        #expect(kinds[0] == .setProperty(id("l"), located(.text), .text("What is the capital of Vermont?")))
        #expect(kinds[1] == .layout)
        guard case .setConstant(let name, .assign, let value) = kinds[2] else {
            Issue.record("\(kinds[2])")
            return
        }
        #expect(name.name == "c" && value.constantValue == nil)
        guard case .setConstant(_, .add, _) = kinds[3], case .setConstant(_, .subtract, _) = kinds[4] else {
            Issue.record("\(kinds[3]), \(kinds[4])")
            return
        }
        #expect(kinds[5] == .setProperty(id("v"), located(.alpha), .number(Expr(.number(0.5), anywhere))))
        #expect(kinds[6] == .setProperty(id("v"), located(.hidden), .bool(true)))
        #expect(kinds[7] == .setProperty(id("v"), located(.color), .color(Color(rgb: 0xFF8800))))
        #expect(kinds[8] == .setProperty(id("v"), located(.color), .color(Color(rgb: 0x007AFF))))
        #expect(kinds[9] == .setProperty(id("l"), located(.font), .number(Expr(.number(20), anywhere))))
    }

    @Test("animate with every option, completion on the same line or the next")
    func animate() {
        let kinds = statements(
            """
            animate 0.5 delay 0.1 curve bezier(0.25, 0.1, 0.25, 1) repeat 3 autoreverse { v.alpha = 0 } completion {
              swap c c
            }
            animate 1 spring damping 0.6 velocity 1 {
              v.alpha = 1
            }
            completion { layout }
            animate 2 repeat forever curve linear { layout }
            """)
        guard kinds.count == 3, case .animate(let first, let body, let completion) = kinds[0],
            case .animate(let spring, _, let springCompletion) = kinds[1], case .animate(let forever, _, nil) = kinds[2]
        else {
            Issue.record("\(kinds)")
            return
        }
        #expect(first.duration == 0.5 && first.delay == 0.1 && first.autoreverses)
        #expect(first.timing == .curve(.bezier(0.25, 0.1, 0.25, 1)) && first.repeatCount == .count(3))
        #expect(body.count == 1 && completion?.count == 1)
        #expect(spring.timing == .spring(damping: 0.6, velocity: 1) && springCompletion?.count == 1)
        #expect(forever.repeatCount == .forever && forever.timing == .curve(.linear))
    }

    @Test("'override', 'override duration' and 'override curve' on animate; reload and animators refuse it")
    func override() {
        let kinds = statements(
            """
            animate 0.2 override { layout }
            animate 0.2 curve linear override duration { layout }
            animate 0.2 override curve delay 0.1 { layout }
            animate 0.2 { layout }
            """)
        let flags = kinds.compactMap { kind -> [Bool]? in
            guard case .animate(let options, _, _) = kind else { return nil }
            return [options.overridesDuration, options.overridesCurve]
        }
        #expect(flags == [[true, true], [true, false], [false, true], [false, false]])
        for text in ["reload 0.3 override\nview v\n", "animator a 0.3 override { }\nview v\n"] {
            let scene = Scene.parse(SourceFile(name: "t.layout", text: text))
            #expect(scene.diagnostics.map(\.code) == [.notApplicable], "\(text): \(scene.diagnostics.map(\.rendered))")
        }
    }

    @Test("'canvas W x H rtl' lays the scene out right to left; without it, left to right")
    func rightToLeft() {
        let rtl = Scene.parse(SourceFile(name: "t.layout", text: "canvas 320 x 480 rtl\nview v\n"))
        #expect(rtl.diagnostics.isEmpty && rtl.isRightToLeft && rtl.canvas == Size(width: 320, height: 480))
        let ltr = Scene.parse(SourceFile(name: "t.layout", text: "canvas 320 x 480\nview v\n"))
        #expect(ltr.diagnostics.isEmpty && !ltr.isRightToLeft)
    }

    @Test("Animators: declared, recreated, started, paused, scrubbed, reversed, stopped, finished")
    func animators() {
        let kinds = statements(
            """
            animator slide 0.8 curve easeIn { c.constant = 16 } completion { c.constant = 0 }
            start slide after 0.2
            start anim
            pause slide; slide.fraction = 0.5; reverse slide; stop slide
            finish slide at start; finish anim at current
            """)
        #expect(kinds.count == 9)
        guard case .animator(let slide) = kinds[0] else {
            Issue.record("\(kinds)")
            return
        }
        #expect(slide.name.name == "slide" && slide.options.timing == .curve(.easeIn) && slide.completion?.count == 1)
        #expect(kinds[1] == .start(id("slide"), after: 0.2) && kinds[2] == .start(id("anim"), after: 0))
        #expect(kinds[3] == .pause(id("slide")))
        #expect(kinds[4] == .setFraction(id("slide"), Expr(.number(0.5), anywhere)))
        #expect(kinds[5] == .reverse(id("slide")) && kinds[6] == .stop(id("slide")))
        #expect(kinds[7] == .finish(id("slide"), located(FinishPosition.start)))
        #expect(kinds[8] == .finish(id("anim"), located(FinishPosition.current)))
    }

    @Test("An animator's completions: plain, and at start, end or current")
    func positionedCompletions() {
        let scene = parseClean(
            """
            view v
            animator a 1 { v.alpha = 0 } completion { layout }
              completion at start { v.alpha = 1 }
            completion at end { layout; layout }
            """)
        let animator = scene.animators[0]
        #expect(animator.completion?.count == 1)
        #expect(animator.completionsAt[.start]?.count == 1 && animator.completionsAt[.end]?.count == 2)
        #expect(animator.completionsAt[.current] == nil)
        let errors = Scene.parse(
            SourceFile(
                name: "t.layout",
                text: """
                    view v
                    animator a 1 { v.alpha = 0 } completion at end { layout } completion at end { layout }
                    action go { animate 1 { v.alpha = 1 } completion at end { layout } }
                    """))
        #expect(errors.diagnostics.map(\.code) == [.duplicateProperty, .notApplicable])
    }

    @Test("activate and deactivate lists, swap, run, canvas")
    func switches() {
        let kinds = statements("activate c grp; deactivate c, grp\nswap v v\nrun other\ncanvas 667 x 375")
        #expect(
            kinds == [
                .activate([id("c"), id("grp")]), .deactivate([id("c"), id("grp")]), .swap(id("v"), id("v")),
                .run(id("other")), .canvas(Size(width: 667, height: 375)),
            ])
    }

    @Test("'on load' and top-level animators")
    func onLoad() {
        let scene = parseClean(
            """
            view v
            animator fade 1.6 curve linear {
              v.alpha = 1
            }
            on load { start fade }
            """)
        #expect(scene.animators.map(\.name.name) == ["fade"])
        #expect(scene.onLoad?.body.map(\.kind) == [.start(id("fade"), after: 0)])
    }

    @Test("A name related without an attribute is read as a constraint that lacks one")
    func missingAttribute() {
        let scene = Scene.parse(SourceFile(name: "t.layout", text: "view card\ncard == root.width\ncard.top == 0"))
        #expect(scene.diagnostics.map(\.code) == [.invalidConstraint])
        #expect(scene.diagnostics.first?.message == "'card' needs an attribute, as 'card.top'")
        #expect(scene.constraints.count == 1)
    }

    @Test("One pass reports every error and keeps what follows each")
    func recovery() {
        let scene = Scene.parse(
            SourceFile(
                name: "t.layout",
                text: """
                    view a colr red alpha 0.5
                    a.left == == 3
                    veiw b
                    view c {
                      label d font 12
                      d.top = c.top
                    }
                    action go {
                      a.alpha = 1 2
                      animate 0.3 curve springy { a.alpha = 0 }
                      layout
                    }
                    a.top == 0
                    """))
        #expect(
            scene.diagnostics.map(\.code) == [
                .unknownName, .expectedToken, .unknownName, .expectedToken, .expectedToken, .expectedToken,
                .unknownName,
            ])
        #expect(scene.views.map(\.name.name) == ["a", "c", "d"])
        #expect(scene.views[0].alpha == 0.5)
        // 'd.top = c.top' is read as '==' after reporting it; the last line survives too.
        #expect(scene.constraints.count == 2)
        // 'a.alpha = 1' stands, its stray '2' reported; the bad 'animate' goes, 'layout' stays.
        let alpha = Statement.Kind.setProperty(id("a"), located(.alpha), .number(Expr(.number(1), anywhere)))
        #expect(scene.actions.first?.body.map(\.kind) == [alpha, .layout])
    }
}

func id(_ name: String) -> Identifier { Identifier(name, anywhere) }
func located<T>(_ value: T) -> Located<T> { Located(value, anywhere) }
/// A range for syntax built by hand, whose ranges `==` ignores.
let anywhere = SourceRange.at(0, in: SourceFile(name: "", text: ""))
