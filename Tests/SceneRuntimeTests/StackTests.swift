import Foundation
import PlaygroundProtocol
import SceneLanguage
import SceneRuntime
import Testing

/// Stack views, against geometry worked out by hand from `UIStackView`'s
/// documented behaviour: each distribution and alignment, custom spacing,
/// margins, hidden subviews (one, and all), right to left, and the collapse
/// animating inside `animate`.
///
/// Text metrics: a 17-point label is 8.5 points per character and 20.4 tall;
/// a button adds 12 on each side and 6 above and below.
@Suite struct StackTests {
    // MARK: Distributions

    @Test("fill: the arranged views keep their intrinsic sizes, the spacing and custom spacing between them")
    func fillVertical() {
        let laid = Laid(
            """
            stack form vertical spacing 8 {
              label a "Name"
              view field size 200 x 30
              label c "Email"
            }
            form.top == root.top + 100
            form.leading == root.leading + 20
            form.spacing after field = 20
            """)
        #expect(laid.rendered == "")
        // Alignment fill: every view as wide as the widest intrinsic width, the field's 200
        // (its compression resistance, 750, beats the labels' hugging, 250).
        expectFrame(laid.frame("a"), rect(20, 100, 200, 20.4))
        expectFrame(laid.frame("field"), rect(20, 128.4, 200, 30))  // 100 + 20.4 + 8
        expectFrame(laid.frame("c"), rect(20, 178.4, 200, 20.4))  // 128.4 + 30 + 20
        expectFrame(laid.frame("form"), rect(20, 100, 200, 98.8))
    }

    @Test("fill: the view with the lowest hugging priority stretches")
    func fillStretchesLowestHugging() {
        let laid = Laid(
            """
            stack row horizontal {
              label a "ab" hugging 251 250
              label b "abcd"
            }
            row.leading == root.leading; row.top == root.top; row.width == 200
            """)
        #expect(laid.rendered == "")
        expectFrame(laid.frame("a"), rect(0, 0, 17, 20.4))
        expectFrame(laid.frame("b"), rect(17, 0, 183, 20.4))
    }

    @Test("fillEqually: equal sizes sharing the stack, or the largest intrinsic size when the stack is free")
    func fillEqually() {
        let fixed = Laid(
            """
            stack row horizontal spacing 10 distribution fillEqually {
              label a "ab"
              label b "abcdef"
            }
            row.leading == root.leading; row.top == root.top; row.width == 210
            """)
        #expect(fixed.rendered == "")
        expectFrame(fixed.frame("a"), rect(0, 0, 100, 20.4))  // (210 - 10) / 2
        expectFrame(fixed.frame("b"), rect(110, 0, 100, 20.4))
        let free = Laid(
            """
            stack row horizontal spacing 10 distribution fillEqually {
              label a "ab"
              label b "abcdef"
            }
            row.leading == root.leading; row.top == root.top
            """)
        #expect(free.rendered == "")
        // "stretches all the arranged views to match the view with the longest intrinsic size": 6 × 8.5.
        expectFrame(free.frame("a"), rect(0, 0, 51, 20.4))
        expectFrame(free.frame("b"), rect(61, 0, 51, 20.4))
        expectFrame(free.frame("row"), rect(0, 0, 112, 20.4))
    }

    @Test("fillProportionally: sizes in proportion to the intrinsic sizes, with UIKit's multipliers")
    func fillProportionally() {
        func laid(spacing: Int) -> Laid {
            Laid(
                """
                stack row horizontal spacing \(spacing) distribution fillProportionally {
                  view p size 10 x 10
                  view q size 30 x 10
                }
                row.leading == root.leading; row.top == root.top; row.width == 200
                """)
        }
        let exact = laid(spacing: 0)
        expectFrame(exact.frame("p"), rect(0, 0, 50, 10))  // 10 / 40 of 200
        expectFrame(exact.frame("q"), rect(50, 0, 150, 10))
        // UIKit's multipliers leave the spacing out (p: 0.25 × 200 at 999, q: 0.75 × 200 at 998), so
        // with 20 of spacing the later view gives way: 200 − 50 − 20.
        let spaced = laid(spacing: 20)
        expectFrame(spaced.frame("p"), rect(0, 0, 50, 10))
        expectFrame(spaced.frame("q"), rect(70, 0, 130, 10))
    }

    @Test("equalSpacing: intrinsic sizes, equal gaps filling the stack; the spacing when the stack is free")
    func equalSpacing() {
        func laid(_ width: String) -> Laid {
            Laid(
                """
                stack row horizontal spacing 5 distribution equalSpacing {
                  view a size 20 x 10
                  view b size 30 x 10
                  view c size 10 x 10
                }
                row.leading == root.leading; row.top == root.top\(width)
                """)
        }
        let fixed = laid("; row.width == 200")
        #expect(fixed.rendered == "")
        expectFrame(fixed.frame("a"), rect(0, 0, 20, 10))
        expectFrame(fixed.frame("b"), rect(90, 0, 30, 10))  // gaps (200 − 60) / 2 = 70
        expectFrame(fixed.frame("c"), rect(190, 0, 10, 10))
        let free = laid("")
        #expect(free.rendered == "")
        expectFrame(free.frame("b"), rect(25, 0, 30, 10))
        expectFrame(free.frame("c"), rect(60, 0, 10, 10))
        expectFrame(free.frame("row"), rect(0, 0, 70, 10))
    }

    @Test("equalCentering: equal distances between centres")
    func equalCentering() {
        let laid = Laid(
            """
            stack row horizontal distribution equalCentering {
              view a size 20 x 10
              view b size 40 x 10
              view c size 60 x 10
            }
            row.leading == root.leading; row.top == root.top; row.width == 200
            """)
        #expect(laid.rendered == "")
        // Centres 10 and 170 at the ends, so b's is 90.
        expectFrame(laid.frame("a"), rect(0, 0, 20, 10))
        expectFrame(laid.frame("b"), rect(70, 0, 40, 10))
        expectFrame(laid.frame("c"), rect(140, 0, 60, 10))
    }

    // MARK: Alignments

    @Test(
        "Alignments across a horizontal stack: the stack as tall as its tallest view",
        arguments: [("top", 0.0), ("center", 10.0), ("bottom", 20.0)])
    func alignment(_ alignment: String, shortY: Double) {
        let laid = Laid(
            """
            stack row horizontal alignment \(alignment) {
              view short size 20 x 10
              view tall size 20 x 30
            }
            row.leading == root.leading; row.top == root.top + 100
            """)
        #expect(laid.rendered == "")
        expectFrame(laid.frame("row"), rect(0, 100, 40, 30))
        expectFrame(laid.frame("short"), rect(0, 100 + shortY, 20, 10))
        expectFrame(laid.frame("tall"), rect(20, 100, 20, 30))
    }

    @Test("firstBaseline: the baselines line up and the stack spans the views")
    func firstBaseline() {
        let laid = Laid(
            """
            stack row horizontal alignment firstBaseline {
              label small "x"
              label large "x" font 34
            }
            row.leading == root.leading; row.top == root.top
            """)
        #expect(laid.rendered == "")
        // Baselines 0.8 × font below the tops: 13.6 and 27.2, so the small label is 13.6 lower.
        expectFrame(laid.frame("large"), rect(8.5, 0, 17, 40.8))
        expectFrame(laid.frame("small"), rect(0, 13.6, 8.5, 20.4))
        expectFrame(laid.frame("row"), rect(0, 0, 25.5, 40.8))
    }

    // MARK: Hiding

    static let column = """
        stack column vertical spacing 5 {
          view a size 10 x 10
          view b size 10 x 10
          view c size 10 x 10
        }
        column.leading == root.leading; column.top == root.top
        action hideMiddle { b.hidden = true }
        action hideAll { a.hidden = true; b.hidden = true; c.hidden = true }
        action hideMiddleAnimated { animate 1 curve linear { b.hidden = true } }
        action showMiddleAnimated { animate 1 curve linear { b.hidden = false } }
        """

    @Test("A hidden arranged view collapses and the others close the gap")
    func hidingCollapses() {
        var running = Running(Self.column, running: ["hideMiddle"])
        let frame = running.frame(at: 0)
        let b = frame.views.first { $0.name == "b" }
        #expect(b?.hidden == true)
        expectFrame(running.loaded.layout.frame(of: running.loaded.scene.viewID(named: "b")!), rect(0, 10, 10, 0))
        expectFrame(running.loaded.layout.frame(of: running.loaded.scene.viewID(named: "c")!), rect(0, 15, 10, 10))
        expectFrame(
            running.loaded.layout.frame(of: running.loaded.scene.viewID(named: "column")!), rect(0, 0, 10, 25))
        #expect(running.diagnosticCodes() == [])
    }

    @Test("A stack whose arranged views are all hidden collapses to nothing along its axis")
    func allHidden() {
        let running = Running(Self.column, running: ["hideAll"])
        let layout = running.loaded.layout
        let scene = running.loaded.scene
        for name in ["a", "b", "c"] {
            expectFrame(layout.frame(of: scene.viewID(named: name)!), rect(0, 0, 10, 0))
        }
        expectFrame(layout.frame(of: scene.viewID(named: "column")!), rect(0, 0, 10, 0))
        let declared = Laid(
            """
            stack column vertical spacing 5 {
              view a size 10 x 10 hidden
              view b size 10 x 10 hidden
            }
            column.leading == root.leading; column.top == root.top + 50
            """)
        #expect(declared.rendered == "")
        expectFrame(declared.frame("column"), rect(0, 50, 10, 0))
    }

    @Test("Inside animate, hiding an arranged view animates the collapse, with no layout and no warning")
    func hidingAnimates() {
        var running = Running(Self.column, running: ["hideMiddleAnimated"])
        #expect(running.diagnosticCodes() == [])
        // Linear, 1 s: halfway at 0.5 s.
        let b = running.view("b", at: 0.5)
        expectClose(b.height, 5, "b's height")
        expectClose(running.view("c", at: 0.5).y, 22.5, "c's y")  // from 30 to 15
        expectClose(running.view("c", at: 1).y, 15, "c's y at the end")
        running.run("showMiddleAnimated")
        expectClose(running.view("c", at: 1.25).y, 18.75, "c's y a quarter into showing")  // from 15 to 30
        expectClose(running.view("b", at: 2).height, 10, "b's height once shown")
        #expect(running.diagnosticCodes() == [])
    }

    // MARK: Margins, right to left

    @Test("Right to left, a horizontal stack runs from the right, its leading margin on the right")
    func rightToLeft() {
        let laid = Laid(
            """
            canvas 375 x 667 rtl
            stack row horizontal spacing 10 margins 0 4 0 6 {
              view a size 20 x 10
              view b size 30 x 10
            }
            row.leading == root.leading + 20
            row.top == root.top
            """)
        #expect(laid.rendered == "")
        // The row's right edge at 355; a 4 inside it, b 10 further left, then the 6 of trailing margin.
        expectFrame(laid.frame("a"), rect(331, 0, 20, 10))
        expectFrame(laid.frame("b"), rect(291, 0, 30, 10))
        expectFrame(laid.frame("row"), rect(285, 0, 70, 10))
    }

    @Test("margins alone are UIKit's default layout margins, 8 points on each side")
    func defaultMargins() {
        let laid = Laid(
            """
            stack box vertical margins {
              view a size 10 x 10
            }
            box.leading == root.leading; box.top == root.top
            """)
        #expect(laid.rendered == "")
        expectFrame(laid.frame("a"), rect(8, 8, 10, 10))
        expectFrame(laid.frame("box"), rect(0, 0, 26, 26))
    }

    // MARK: Conflicts

    @Test("A constraint that fights the stack is broken, and the message names the stack's constraint")
    func conflictNamesTheStacksConstraint() {
        let laid = Laid(
            """
            stack form vertical {
              view a size 10 x 10
            }
            form.leading == root.leading + 20; form.top == root.top
            a.leading == root.leading + 50
            """)
        #expect(laid.codes == [.unsatisfiableConstraints])
        #expect(
            laid.rendered.contains("UISV-canvas-connection of 'a.leading' (from the stack 'form')"), "\(laid.rendered)")
        expectFrame(laid.frame("a"), rect(20, 0, 10, 10))
    }

    // MARK: The playground

    @Test("Form: 'usePhone' swaps the fields in 0.3 s easeInOut, halfway at 0.15 s (the curve is symmetric)")
    func formPlayground() throws {
        let text = try String(
            contentsOf: PlaygroundTests.folder.appendingPathComponent("Form.layout"), encoding: .utf8)
        var running = Running(text, running: ["usePhone"])
        #expect(running.diagnosticCodes() == [])
        // The email field collapses from 222 + 44 towards 210 + 0 (flush after the name field, 166 + 44);
        // the phone field grows from 266 + 0 to 222 + 44; the button stays at 278 throughout.
        let email = running.view("emailField", at: 0.15)
        expectClose(email.y, 216, "email y")
        expectClose(email.height, 22, "email height")
        let phone = running.view("phoneField", at: 0.15)
        expectClose(phone.y, 244, "phone y")
        expectClose(phone.height, 22, "phone height")
        expectClose(running.view("signUp", at: 0.15).y, 278, "sign-up y")
        let end = running.frame(at: 0.3)
        #expect(end.views.first { $0.name == "emailField" }?.hidden == true)
        #expect(end.views.first { $0.name == "phoneField" }?.hidden == false)
        expectClose(running.view("phoneField", at: 0.3).y, 222, "phone y at the end")
    }

    @Test("Hiding an arranged view with a required height breaks UISV-hiding, as UIKit's log reports it")
    func hidingFightsARequiredHeight() {
        var running = Running(
            """
            stack form vertical spacing 8 {
              view avatar size 40 x 40
              view field
            }
            form.leading == root.leading; form.top == root.top
            field.height == 44
            action hide {
              animate 0.3 { field.hidden = true }
            }
            """, running: ["hide"])
        let rendered = running.loaded.takeDiagnostics().map(\.diagnostic.rendered).joined()
        #expect(
            rendered == """
                t.layout:1:1: error: unable to simultaneously satisfy constraints; breaking UISV-hiding of 'field.height' (from the stack 'form') to recover [unsatisfiable-constraints]
                stack form vertical spacing 8 {
                ^~~~~~~~~~~~~~~~~~~
                t.layout:6:1: note: it conflicts with 'field.height == 44'
                field.height == 44
                ^~~~~~~~~~~~~~~~~~
                t.layout:8:17: note: when this ran
                  animate 0.3 { field.hidden = true }
                                ^~~~~~~~~~~~~~~~~~~

                """)
        // The field keeps its height; the stack goes on arranging it.
        expectClose(running.view("field", at: 1).height, 44, "the field's height")
    }

    // MARK: Spacing in actions

    @Test("S.spacing = E and S.spacing after V = E wait for a layout pass, and animate with one")
    func spacingStatements() {
        let scene =
            Self.column + """

                action widen { animate 1 curve linear { column.spacing = 15; layout } }
                action gapAfterA { column.spacing after a = 25 }
                action gapUnlaidOut { animate 1 curve linear { column.spacing after a = 25 } }
                """
        var running = Running(scene, running: ["widen"])
        // 5 → 15 between each pair: b from 15 to 25, c from 30 to 50, halfway at 0.5 s.
        expectClose(running.view("b", at: 0.5).y, 20, "b's y")
        expectClose(running.view("c", at: 0.5).y, 40, "c's y")
        running.run("gapAfterA")
        // The custom spacing after a, 25, overrides the stack's 15 there; c keeps 15 after b.
        expectClose(running.view("b", at: 1).y, 35, "b's y")
        expectClose(running.view("c", at: 1).y, 60, "c's y")
        #expect(running.diagnosticCodes() == [])

        var unlaidOut = Running(scene, running: ["gapUnlaidOut"])
        expectClose(unlaidOut.view("b", at: 0.5).y, 35, "b jumps")
        #expect(unlaidOut.diagnosticCodes() == [.missingLayout])
    }

    @Test("Right to left, a vertical stack's leading alignment is its right edge")
    func rightToLeftVerticalLeading() {
        let laid = Laid(
            """
            direction rtl
            stack column vertical alignment leading {
              view a size 20 x 10
              view b size 40 x 10
            }
            column.leading == root.leading + 10
            column.top == root.top
            """)
        #expect(laid.rendered == "")
        // The column hugs its widest view, 40, its right edge at 375 − 10; both views flush right.
        expectFrame(laid.frame("column"), rect(325, 0, 40, 20))
        expectFrame(laid.frame("a"), rect(345, 0, 20, 10))
        expectFrame(laid.frame("b"), rect(325, 10, 40, 10))
    }

    @Test("A saved change to a stack reloads: its views move from where they were to the new arrangement")
    func reload() throws {
        let before = "reload 1 curve linear\n" + Self.column
        let after = before.replacingOccurrences(of: "spacing 5", with: "spacing 25")
        let first = LoadedScene(scene: Scene.parse(SourceFile(name: "t.layout", text: before)), name: "t")
        let scene = Scene.parse(SourceFile(name: "t.layout", text: after))
        #expect(scene.diagnostics.isEmpty)
        var next = LoadedScene(reloading: first, with: scene)
        next.advance(to: 0.5)
        let c = try #require(next.presentationFrame().views.first { $0.name == "c" })
        expectClose(c.y, 50, "c halfway from 30 to 70")
        next.advance(to: 1)
        expectClose(next.layout.frame(of: try #require(scene.viewID(named: "c"))).y, 70, "c at the end")
    }

    @Test("Baseline alignment follows a text's new font: the stack's constraints hold the baselines")
    func baselinesFollowTheFont() {
        let scene = """
            stack s horizontal spacing 10 alignment firstBaseline {
              label a "Hi" font 20
              label b "There" font 40
            }
            s.leading == root.leading + 10
            s.top == root.top + 10
            action grow { a.font = 60 }
            """
        let running = Running(scene, running: ["grow"])
        let declared = Laid(scene.replacingOccurrences(of: "font 20", with: "font 60"))
        // a's baseline 0.8 × 60 = 48 below its top, b's 32: b sits 16 lower than a, at 10 + 16.
        let b = running.loaded.layout.frame(of: running.loaded.scene.viewID(named: "b")!)
        expectFrame(b, declared.frame("b"))
        expectClose(b.y, 26, "b's y")
    }

    @Test("Subviews of equal hugging that do not fill the stack: the note says to lower one's hugging")
    func equalHuggingNote() {
        let laid = Laid(
            """
            stack row horizontal {
              view a size 20 x 20
              view b size 40 x 20
            }
            row.leading == root.leading; row.top == root.top; row.width == 200
            """)
        #expect(laid.codes == [.ambiguousLayout, .ambiguousLayout])
        #expect(laid.rendered.contains("give one of the arranged subviews of 'row' a lower hugging priority"))
        let fixed = Laid(
            """
            stack row horizontal {
              view a size 20 x 20 hugging 249 250
              view b size 40 x 20
            }
            row.leading == root.leading; row.top == root.top; row.width == 200
            """)
        #expect(fixed.rendered == "")
        expectFrame(fixed.frame("a"), rect(0, 0, 160, 20))
    }

    @Test("A guide in a stack's block is the stack's, not arranged; an arranged subview's frame is ignored")
    func guidesAndFrames() {
        let laid = Laid(
            """
            stack column vertical spacing 5 {
              view a size 10 x 10
              guide middle
              view b size 10 x 10 frame 50 50 5 5
            }
            column.leading == root.leading; column.top == root.top
            middle.leading == column.leading; middle.width == 10
            middle.top == column.top; middle.height == column.height
            """)
        #expect(laid.codes == [.notApplicable])
        expectFrame(laid.frame("b"), rect(0, 15, 10, 10))  // arranged after a, 5 apart; the frame ignored
        expectFrame(laid.frame("middle"), rect(0, 0, 10, 25))
    }

    @Test("A stack's first baseline is its first subview's: a title and subtitle column aligns on the title")
    func stackBaselines() {
        var running = Running(
            """
            stack row horizontal spacing 8 alignment firstBaseline {
              label icon "*" font 34
              stack texts vertical {
                label title "Title"
                label subtitle "Subtitle" font 12
              }
            }
            row.leading == root.leading; row.top == root.top
            action bigger { title.font = 24 }
            """)
        // The icon's baseline is 0.8 × 34 = 27.2 below the row's top; the title's 0.8 × 17 = 13.6 below its own.
        expectClose(running.view("title", at: 0).y, 13.6, "title's y")
        expectClose(running.view("subtitle", at: 0).y, 34, "subtitle's y")
        // At 24 points the title's baseline is 19.2 below its top: the column moves up to keep it at 27.2.
        running.run("bigger")
        expectClose(running.view("title", at: 0).y, 8, "title's y at 24 points")
        expectClose(running.view("row", at: 0).height, 51.2, "the row's height")
    }

    @Test("A declared constraint on a stack's baseline follows its subview's new font")
    func declaredStackBaseline() {
        var running = Running(
            """
            stack texts vertical {
              label title "Title"
            }
            label badge "New"
            texts.leading == root.leading; texts.top == root.top + 100
            badge.leading == texts.trailing + 8
            badge.firstBaseline == texts.firstBaseline
            action bigger { title.font = 34 }
            """)
        // The title's baseline: 100 + 13.6; the badge (17 points) 13.6 above it, at 100.
        expectClose(running.view("badge", at: 0).y, 100, "badge's y")
        running.run("bigger")
        // At 34 points the title's baseline is 100 + 27.2, so the badge's top is at 113.6.
        expectClose(running.view("badge", at: 0).y, 113.6, "badge's y at 34 points")
    }
}
