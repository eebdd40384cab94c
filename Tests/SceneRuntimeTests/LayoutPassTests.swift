import PlaygroundProtocol
import SceneLanguage
import SceneRuntime
import Testing

/// UIKit's layout-pass rule: constraint, text and canvas changes move views
/// only at a layout pass. `layout` inside an animation block animates them;
/// changes that an animation block leaves to a pass outside it jump, with a
/// `missing-layout` warning. Values are worked out by hand, with linear
/// curves: x = model + (from − to) × (1 − t/d).
@Suite struct LayoutPassTests {
    static let scene = """
        view box color #000000
        label title "abcd"
        boxX: box.left == root.left
        box.top == root.top; box.width == 10; box.height == 10
        title.left == 0; title.top == 100
        action inside {
          animate 1 curve linear { boxX.constant = 100; box.alpha = 0; layout }
        }
        action forgotten {
          animate 1 curve linear { boxX.constant = 100; box.alpha = 0 }
        }
        action before {
          boxX.constant = 100
          animate 1 curve linear { box.alpha = 0 }
        }
        action beforeLaidOutInside {
          boxX.constant = 100
          animate 1 curve linear { layout }
        }
        action laidOutAfter {
          animate 1 curve linear { boxX.constant = 100 }
          layout
        }
        action plain {
          boxX.constant = 100
        }
        action retitle {
          animate 1 curve linear { title.text = "abcdefgh" }
        }
        action same {
          boxX.constant = 0
          animate 1 curve linear { layout }
        }
        action toggled {
          deactivate boxX
          activate boxX
          animate 1 curve linear { box.alpha = 0.5 }
        }
        weak: box.left == 50 @low
        action outvoted {
          weak.constant = 70
          animate 1 curve linear { box.alpha = 0.5 }
        }
        animator slide 1 curve linear { boxX.constant = 100; box.alpha = 0 }
        animator push 1 curve linear { boxX.constant = 100 }
        action startSlide { start slide }
        action startPush { start push }
        """

    @Test("'layout' inside the block animates the constraint change with the block")
    func layoutInside() {
        var run = Running(Self.scene, running: ["inside"])
        expectClose(run.view("box", at: 0).x, 0)
        expectClose(run.view("box", at: 0.25).x, 25)
        expectClose(run.view("box", at: 0.25).alpha, 0.75)
        #expect(run.diagnosticCodes().isEmpty)
    }

    @Test("Without 'layout' in the block the view jumps when the action ends; alpha still animates; a warning")
    func forgotten() {
        var run = Running(Self.scene, running: ["forgotten"])
        let reported = run.loaded.takeDiagnostics()
        #expect(reported.map(\.diagnostic.code) == [.missingLayout])
        #expect(reported.first?.diagnostic.severity == .warning)
        #expect(reported.first?.diagnostic.message.contains("'boxX'") == true)
        expectClose(run.view("box", at: 0).x, 100)
        expectClose(run.view("box", at: 0.5).x, 100)
        expectClose(run.view("box", at: 0.5).alpha, 0.5)
    }

    @Test("The warning points at the block and says what to add")
    func rendered() {
        var run = Running(Self.scene, running: ["forgotten"])
        let text = run.loaded.takeDiagnostics().map(\.rendered).joined()
        #expect(
            text == """
                t.layout:10:3: warning: this animation block has no 'layout' for the changes it leaves pending \
                ('boxX'), so the views jump to their new frames at the layout pass after it instead of animating; \
                add 'layout' inside the block, as layoutIfNeeded() in UIKit's animations closure [missing-layout]
                  animate 1 curve linear { boxX.constant = 100; box.alpha = 0 }
                  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

                """)
    }

    @Test("Changes made before a block that has no 'layout' jump too, with the warning")
    func changedBefore() {
        var run = Running(Self.scene, running: ["before"])
        #expect(run.diagnosticCodes() == [.missingLayout])
        expectClose(run.view("box", at: 0).x, 100)
        expectClose(run.view("box", at: 0.5).alpha, 0.5)
    }

    @Test("Changes made before a block are animated by a 'layout' inside it (the toolbar's way)")
    func changedBeforeLaidOutInside() {
        var run = Running(Self.scene, running: ["beforeLaidOutInside"])
        #expect(run.diagnosticCodes().isEmpty)
        expectClose(run.view("box", at: 0.5).x, 50)
    }

    @Test("A 'layout' after the block is not animated: the view jumps, with the warning")
    func laidOutAfter() {
        var run = Running(Self.scene, running: ["laidOutAfter"])
        #expect(run.diagnosticCodes() == [.missingLayout])
        expectClose(run.view("box", at: 0).x, 100)
    }

    @Test("A change outside any animation jumps without a warning, as it should")
    func plainChange() {
        var run = Running(Self.scene, running: ["plain"])
        #expect(run.diagnosticCodes().isEmpty)
        expectClose(run.view("box", at: 0).x, 100)
    }

    @Test("A text changed in a block without 'layout' is named in the warning; its width jumps")
    func text() {
        var run = Running(Self.scene, running: ["retitle"])
        let reported = run.loaded.takeDiagnostics()
        #expect(reported.first?.diagnostic.message.contains("the text of 'title'") == true)
        expectClose(run.view("title", at: 0).width, 68)
    }

    @Test("Setting a constant to the value it has leaves nothing for a layout pass to do")
    func unchanged() {
        var run = Running(Self.scene, running: ["same"])
        #expect(run.diagnosticCodes().isEmpty)
        #expect(run.frame(at: 0).settled)
    }

    @Test("Pending changes that move no view warn of nothing: a switch off and on, an outvoted constraint")
    func nothingMoved() {
        for action in ["toggled", "outvoted"] {
            var run = Running(Self.scene, running: [action])
            #expect(run.diagnosticCodes().isEmpty, "\(action)")
            expectClose(run.view("box", at: 0).x, 0)
        }
    }

    @Test("On a reload, `on load`'s forgotten layout still warns, though the transition smooths the move")
    func reload() throws {
        let text = """
            view box
            boxX: box.left == root.left
            box.top == 0; box.width == 10; box.height == 10
            on load {
              boxX.constant = 100
              animate 1 curve linear { box.alpha = 0.5 }
            }
            """
        var first = Running(text)
        #expect(first.diagnosticCodes() == [.missingLayout])
        let scene = Scene.parse(SourceFile(name: "t.layout", text: text))
        var reloaded = LoadedScene(reloading: first.loaded, with: scene)
        #expect(reloaded.takeDiagnostics().map(\.diagnostic.code) == [.missingLayout])
    }

    @Test("An animator's block follows the same rule: the constraint jumps, the alpha animates, the warning")
    func animatorBlock() {
        var run = Running(Self.scene, running: ["startSlide"])
        #expect(run.diagnosticCodes() == [.missingLayout])
        expectClose(run.view("box", at: 0).x, 100)
        expectClose(run.view("box", at: 0.5).alpha, 0.5)
    }

    @Test("An animator whose block only changes a constant, without 'layout', has nothing to animate: one error")
    func animatorNothingToAnimate() {
        var run = Running(Self.scene, running: ["startPush"])
        let reported = run.loaded.takeDiagnostics()
        #expect(reported.map(\.diagnostic.code) == [.nothingToAnimate])
        #expect(
            reported.first?.diagnostic.message.hasSuffix(
                "its changes ('boxX') wait for a layout pass: add 'layout' inside its block") == true)
        expectClose(run.view("box", at: 0).x, 100)
    }
}
