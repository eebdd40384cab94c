import PlaygroundProtocol
import SceneLanguage
import SceneRuntime
import Testing

/// Visual format lines against an oracle: each case is a layout written with
/// `H:`/`V:` lines and the same layout written out by hand with plain
/// constraints, as UIKit's documentation expands the format; both are solved
/// and every frame must agree.
@Suite struct VisualFormatTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let title: String
        /// Views and settings both scenes share.
        let views: String
        let lines: String
        let constraints: String

        init(_ title: String, views: String, lines: String, constraints: String) {
            self.title = title
            self.views = views
            self.lines = lines
            self.constraints = constraints
        }

        var testDescription: String { title }
    }

    static let cases: [Case] = [
        Case(
            "standard spacing between siblings, margins at the edges",
            views: "view a\nview b",
            lines: "H:|-[a]-[b(==a)]-|\nV:|-[a(40)]\nV:|-[b(==a)]",
            constraints: """
                a.leading == root.margins.leading
                b.leading == a.trailing + 8
                b.width == a.width
                root.margins.trailing == b.trailing
                a.top == root.margins.top; a.height == 40
                b.top == root.margins.top; b.height == a.height
                """),
        Case(
            "explicit spacing, flush edges and fixed sizes",
            views: "view a\nview b\nview c",
            lines: "H:|-20-[a]-10-[b(50)][c(==30)]|\nV:|[a(10)]-(-5)-[b(20)]-0-[c(5)]",
            constraints: """
                a.leading == root.leading + 20
                b.leading == a.trailing + 10
                b.width == 50
                c.leading == b.trailing
                c.width == 30
                root.trailing == c.trailing
                a.top == root.top; a.height == 10
                b.top == a.bottom - 5; b.height == 20
                c.top == b.bottom; c.height == 5
                """),
        Case(
            "predicates with relations and priorities",
            views: "view a size 80 x 20\nview b\nsafearea 44 0 34 0",
            lines: """
                H:|[a(>=50@750,<=60)]-(>=20,<=300@high)-[b(==a@low)]-(100@999)-|
                V:|-[a]-(system)-[b(==a)]
                """,
            constraints: """
                a.leading == root.leading
                a.width >= 50 @750
                a.width <= 60
                b.leading >= a.trailing + 20
                b.leading <= a.trailing + 300 @high
                b.width == a.width @low
                root.trailing == b.trailing + 100 @999
                a.top == root.margins.top
                b.top == a.bottom + 8
                b.height == a.height
                """),
        Case(
            "a declared view's margins are 8 points inside its edges",
            views: "view panel {\n  view a\n  view b\n}",
            lines: """
                H:|-40-[panel(200)]
                V:|-100-[panel(120)]
                H:|-[a]-[b(==a)]-|
                V:|-[a]-|
                V:|[b]|
                """,
            constraints: """
                panel.leading == root.leading + 40; panel.width == 200
                panel.top == root.top + 100; panel.height == 120
                a.leading == panel.leading + 8
                b.leading == a.trailing + 8
                b.width == a.width
                panel.trailing == b.trailing + 8
                a.top == panel.top + 8; panel.bottom == a.bottom + 8
                b.top == panel.top; panel.bottom == b.bottom
                """),
        Case(
            "alignment options, one constraint per pair of neighbours",
            views: "label a \"Name\"\nlabel b \"Hi\" font 30\nview c size 20 x 20\nview d size 50 x 10\nview e",
            lines: """
                H:|-[a]-[b]-[c] align all centerY
                V:|-[a]
                V:|-[d]-[e(==d)] align all leading trailing
                H:[d(100)]-|
                """,
            constraints: """
                a.leading == root.margins.leading
                b.leading == a.trailing + 8
                c.leading == b.trailing + 8
                b.centerY == a.centerY
                c.centerY == b.centerY
                a.top == root.margins.top
                d.top == root.margins.top
                e.top == d.bottom + 8
                e.height == d.height
                e.leading == d.leading
                e.trailing == d.trailing
                d.width == 100
                root.margins.trailing == d.trailing
                """),
        Case(
            "baseline alignment",
            views: "label a \"Name\"\nlabel b \"Hi\" font 30",
            lines: "H:|-[a]-[b] align all firstBaseline\nV:|-100-[b]",
            constraints: """
                a.leading == root.margins.leading
                b.leading == a.trailing + 8
                b.firstBaseline == a.firstBaseline
                b.top == root.top + 100
                """),
        Case(
            "left to right and right to left directions",
            views: "view a\nview b\nview c\nview d",
            lines: """
                H:|-10-[a(30)]-5-[b(40)] direction leftToRight
                H:|-10-[c(30)]-5-[d(40)] direction rightToLeft
                V:|[a(10)][b(10)][c(10)][d(10)]
                """,
            constraints: """
                a.left == root.left + 10; a.width == 30
                b.left == a.right + 5; b.width == 40
                root.right == c.right + 10; c.width == 30
                c.left == d.right + 5; d.width == 40
                a.top == root.top; a.height == 10
                b.top == a.bottom; b.height == 10
                c.top == b.bottom; c.height == 10
                d.top == c.bottom; d.height == 10
                """),
        Case(
            "a line in a right-to-left scene flips leading and trailing, as the constraints it stands for do",
            views: "canvas 375 x 667 rtl\nview a\nview b",
            lines: "H:|-[a(100)]-12-[b(50)]\nV:|-[a(10)]\nV:|-[b(10)]",
            constraints: """
                a.leading == root.margins.leading; a.width == 100
                b.leading == a.trailing + 12; b.width == 50
                a.top == root.margins.top; a.height == 10
                b.top == root.margins.top; b.height == 10
                """),
        Case(
            "a guide in a line",
            views: "view a\nguide gap\nview b",
            lines: "H:|[a(40)][gap(==a)][b(==a)]\nV:|[a(10)]\nV:|[gap(10)]\nV:|[b(10)]",
            constraints: """
                a.leading == root.leading; a.width == 40
                gap.leading == a.trailing; gap.width == a.width
                b.leading == gap.trailing; b.width == a.width
                a.top == root.top; a.height == 10
                gap.top == root.top; gap.height == 10
                b.top == root.top; b.height == 10
                """),
    ]

    @Test("A line lays out as the plain constraints it expands to", arguments: cases)
    func oracle(_ test: Case) {
        let lines = Laid(test.views + "\n" + test.lines)
        let plain = Laid(test.views + "\n" + test.constraints)
        #expect(lines.rendered == "")
        #expect(plain.rendered == "")
        #expect(lines.scene.constraints.count == plain.scene.constraints.count)
        for view in plain.scene.views {
            expectFrame(lines.frame(view.name.name), plain.frame(view.name.name))
        }
    }

    @Test("Each constraint's range is the fragment of the format that made it, and it is written out")
    func fragments() {
        let laid = Laid("view a\nview b\nH:|-[a]-8-[b(==a)]-(>=20)-|\nV:[a(>=50@750,<=100)][b] align all left")
        #expect(laid.scene.diagnostics.isEmpty)
        let written = laid.scene.constraints.map { (String(laid.scene.text(of: $0.range)), $0.expansion ?? "") }
        let expected: [(String, String)] = [
            ("|-", "a.leading == root.margins.leading"),
            ("-8-", "b.leading == a.trailing + 8"),
            ("(==a)", "b.width == a.width"),
            // An explicit spacing to '|' is to the superview's edge; only the standard one is to its margin.
            ("-(>=20)-|", "root.trailing >= b.trailing + 20"),
            (">=50@750", "a.height >= 50 @750"),
            ("<=100", "a.height <= 100"),
            // Flush views: the connection has no characters of its own; its range is its two neighbours.
            ("[a(>=50@750,<=100)][b]", "b.top == a.bottom"),
            ("left", "b.left == a.left"),
        ]
        #expect(written.map(\.0) == expected.map(\.0))
        #expect(written.map(\.1) == expected.map(\.1))
    }

    @Test("An H line in a right-to-left scene is the left-to-right layout mirrored")
    func rightToLeftMirrors() {
        let text =
            "view a\nview b\nview panel {\n  view c\n}\nH:|-[a]-[b(==a)]-|\nH:|-20-[panel(200)]\n"
            + "H:|-[c(50)]-(>=30)-|\nV:|-[a(10)]\nV:|-[b(10)]\nV:|-[panel(100)]\nV:|[c]|"
        let leftToRight = Laid("canvas 375 x 667\n" + text)
        let rightToLeft = Laid("canvas 375 x 667 rtl\n" + text)
        #expect(leftToRight.rendered == "")
        #expect(rightToLeft.rendered == "")
        for name in ["a", "b", "panel", "c"] {
            let frame = leftToRight.frame(name)
            expectFrame(rightToLeft.frame(name), rect(375 - frame.x - frame.width, frame.y, frame.width, frame.height))
        }
        // 16 + a + 8 + b + 16 = 375 with a == b: 167.5 each; `V:|-` at the root's top margin, which is 0.
        expectFrame(leftToRight.frame("a"), rect(16, 0, 167.5, 10))
        expectFrame(rightToLeft.frame("a"), rect(191.5, 0, 167.5, 10))
    }

    @Test("A format without views is an error, as UIKit raises for it, and gives no constraints")
    func noViews() {
        for format in ["H:|-|", "V:|", "H:||", "V:|-8-|", "H:|-(>=20)-|"] {
            let scene = Scene.parse(SourceFile(name: "t.layout", text: "view a\n" + format))
            #expect(scene.diagnostics.map(\.code) == [.invalidFormat], "\(format)")
            #expect(scene.diagnostics.first?.message.hasPrefix("a visual format line needs at least one view") == true)
            #expect(scene.constraints.isEmpty)
        }
    }

    @Test("A named line is a group that actions switch; an inactive one starts off")
    func namedLines() {
        var running = Running(
            """
            view a
            V:|[a(20)]
            wide: H:|[a]|
            inactive narrow: H:|-100-[a]-100-|
            constraints both inactive {
              V:[a]-(>=0)-|
            }
            action swap { deactivate wide; activate narrow; layout }
            action back { deactivate narrow; activate wide; layout }
            """)
        let scene = running.loaded.scene
        #expect(scene.groups.map { $0.name?.name } == ["wide", "narrow", "both"])
        #expect(scene.groups.map(\.isInitiallyActive) == [true, false, false])
        #expect(scene.constraints.map(\.group?.index) == [nil, nil, 0, 0, 1, 1, 2])
        var a = running.view("a", at: 0)
        #expect([a.x, a.width] == [0, 375])
        running.run("swap")
        a = running.view("a", at: 0)
        #expect([a.x, a.width] == [100, 175])
        running.run("back")
        a = running.view("a", at: 0)
        #expect([a.x, a.width] == [0, 375])
        #expect(running.diagnosticCodes() == [])
    }

    @Test("A constraint named H or V is still a constraint")
    func constraintNamedH() {
        let laid = Laid("view a\nH: a.leading == root.leading + 10\nV:a.top == root.top\na.width == 10; a.height == 10")
        #expect(laid.rendered == "")
        #expect(laid.scene.constraintID(named: "H") != nil)
        #expect(laid.scene.constraintID(named: "V") != nil)
        expectFrame(laid.frame("a"), rect(10, 0, 10, 10))
    }
}
