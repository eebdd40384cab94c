import PlaygroundProtocol
import SceneLanguage
import SceneRuntime
import TestSupport
import Testing

/// `animate` blocks, with linear curves so that each value is worked out by
/// hand: x = model + (from − to) × (1 − t/d) while a block runs.
@Suite struct AnimateTests {
    /// A 10 × 10 box whose left edge `boxX` places, and a label.
    static let scene = """
        view box color #000000
        label title "abcd"
        boxX: box.left == root.left
        box.top == root.top; box.width == 10; box.height == 10
        title.left == 0; title.top == 100
        action move {
          animate 1 curve linear { boxX.constant = 100; layout }
        }
        action moveFurther {
          animate 1 curve linear { boxX.constant = 200; layout }
        }
        action delayed {
          animate 1 delay 0.5 curve linear { boxX.constant = 100; layout }
        }
        action fadeThenMark {
          animate 1 curve linear { box.alpha = 0 } completion { box.alpha = 0.5 }
        }
        action retitleLaidOut {
          title.text = "abcdefgh"
          layout
          animate 1 curve linear { boxX.constant = 100; layout }
        }
        action retitleAnimated {
          title.text = "abcdefgh"
          animate 1 curve linear { boxX.constant = 100; layout }
        }
        action bounce {
          animate 0.5 curve linear repeat 2 autoreverse { boxX.constant = 100; layout }
        }
        action nothing {
          animate 1 { layout } completion { box.alpha = 0.25 }
        }
        action recolour {
          animate 1 curve linear { box.color = #ff8000 }
        }
        """

    @Test("A constant animates linearly from the model's old frame to its new one")
    func linear() {
        var run = Running(Self.scene, running: ["move"])
        expectClose(run.view("box", at: 0).x, 0)
        expectClose(run.view("box", at: 0.25).x, 25)
        expectClose(run.view("box", at: 0.5).x, 50)
        expectClose(run.view("box", at: 1).x, 100)
        #expect(run.frame(at: 1).settled)
    }

    @Test("A delay holds the start value, then the run follows")
    func delay() {
        var run = Running(Self.scene, running: ["delayed"])
        expectClose(run.view("box", at: 0.4).x, 0)
        #expect(!run.frame(at: 0.45).settled)
        expectClose(run.view("box", at: 1).x, 50)
        expectClose(run.view("box", at: 1.5).x, 100)
    }

    @Test("A change in mid-flight blends: both animations add up, and nothing jumps")
    func additive() {
        var run = Running(Self.scene, running: ["move"])
        expectClose(run.view("box", at: 0.5).x, 50)
        run.run("moveFurther")
        // At once: the model is 200; the first adds -100 × 0.5, the second -100 × 1.
        expectClose(run.view("box", at: 0.5).x, 50)
        // 200 - 100 × 0.25 - 100 × 0.75
        expectClose(run.view("box", at: 0.75).x, 100)
        // The first has ended: 200 - 100 × 0.5
        expectClose(run.view("box", at: 1).x, 150)
        expectClose(run.view("box", at: 1.5).x, 200)
    }

    @Test("A completion runs at its animation's end, before the frame for that time is made")
    func completion() {
        var run = Running(Self.scene, running: ["fadeThenMark"])
        expectClose(run.view("box", at: 0.999).alpha, 0.001, within: 1e-9)
        expectClose(run.view("box", at: 1).alpha, 0.5)
    }

    @Test("'layout' before an animation applies pending changes unanimated; without it they animate")
    func layoutBeforeAnimate() {
        var laidOut = Running(Self.scene, running: ["retitleLaidOut"])
        expectClose(laidOut.view("title", at: 0).width, 68)
        var animated = Running(Self.scene, running: ["retitleAnimated"])
        // From 34 (four characters) to 68 (eight), halfway at 0.5.
        expectClose(animated.view("title", at: 0).width, 34)
        expectClose(animated.view("title", at: 0.5).width, 51)
        expectClose(animated.view("title", at: 1).width, 68)
    }

    @Test("repeat 2 autoreverse goes out and back twice, then the model value stands (UIKit's snap)")
    func autoreverse() {
        var run = Running(Self.scene, running: ["bounce"])
        expectClose(run.view("box", at: 0.25).x, 50)
        expectClose(run.view("box", at: 0.5).x, 100)
        expectClose(run.view("box", at: 0.75).x, 50)
        expectClose(run.view("box", at: 1.25).x, 50)
        expectClose(run.view("box", at: 1.99).x, 2, within: 1e-9)
        expectClose(run.view("box", at: 2).x, 100)
    }

    @Test("An animation that changes nothing completes at once, as UIKit's does")
    func nothingToAnimate() {
        var run = Running(Self.scene, running: ["nothing"])
        expectClose(run.view("box", at: 0).alpha, 0.25)
    }

    @Test("Completions due at the same instant run in the order their blocks began, enclosing before nested")
    func completionOrder() {
        var run = Running(
            """
            label log "-"
            log.left == 0; log.top == 0
            view v
            v.left == 0; v.top == 50; v.width == 10; v.height == 10
            action flat {
              animate 0 curve linear { v.alpha = 0.5 } completion { log.text = "first" }
              animate 0 { } completion { log.text = "second" }
            }
            action nested {
              animate 1 curve linear { v.alpha = 0.2
                animate 1 curve linear { v.alpha = 0.1 } completion { log.text = "inner" }
              } completion { log.text = "outer" }
            }
            """, running: ["flat"])
        #expect(run.view("log", at: 0).text == "second")
        run.run("nested")
        #expect(run.view("log", at: 1).text == "inner")
    }

    static let nested = """
        view v; view w
        vX: v.left == root.left
        v.top == 0; v.width == 10; v.height == 10
        w.left == 0; w.top == 50; w.width == 10; w.height == 10
        action outer {
          animate 1 curve linear { vX.constant = 100
            animate 0.2 curve easeIn { w.alpha = 0 }
            layout
          }
        }
        action inner {
          animate 1 curve linear { vX.constant = 100
            animate 0.2 curve easeIn { w.alpha = 0; layout }
          }
        }
        action innerOverride {
          animate 1 curve linear { vX.constant = 100
            animate 0.2 curve linear override { w.alpha = 0; layout }
          }
        }
        action overrideDuration {
          animate 1 curve easeIn {
            animate 0.2 curve linear override duration { w.alpha = 0 }
          }
        }
        action overrideCurve {
          animate 1 curve easeIn {
            animate 0.2 curve linear override curve { w.alpha = 0 }
          }
        }
        """

    @Test("A nested block takes the enclosing block's duration and curve, as UIKit's nested animations do")
    func nestedBlocksInherit() {
        // The nested block says 0.2 s easeIn; it runs 1 s linear, the enclosing block's.
        var outer = Running(Self.nested, running: ["outer"])
        expectClose(outer.view("v", at: 0.1).x, 10)
        expectClose(outer.view("w", at: 0.1).alpha, 0.9)
        expectClose(outer.view("w", at: 0.5).alpha, 0.5)
        expectClose(outer.view("v", at: 0.5).x, 50)
        // The pending constraint change, applied by the nested block's 'layout', also moves over 1 s, linear.
        var inner = Running(Self.nested, running: ["inner"])
        expectClose(inner.view("v", at: 0.1).x, 10)
        expectClose(inner.view("v", at: 0.5).x, 50)
        #expect(inner.diagnosticCodes().isEmpty)
    }

    @Test("'override' keeps a nested block's own timing: both, the duration alone, or the curve alone")
    func nestedBlocksOverride() {
        // The earlier behaviour, reproducible: 0.2 s, linear, for the change its 'layout' applies.
        var both = Running(Self.nested, running: ["innerOverride"])
        expectClose(both.view("v", at: 0.1).x, 50)
        expectClose(both.view("v", at: 0.2).x, 100)
        // 0.2 s with the enclosing easeIn: at 0.1 s, easeIn(0.5) of the way.
        var duration = Running(Self.nested, running: ["overrideDuration"])
        expectClose(duration.view("w", at: 0.1).alpha, 1 - TutorialTiming.easeIn(0.5))
        expectClose(duration.view("w", at: 0.2).alpha, 0)
        // 1 s (inherited) with its own linear curve.
        var curve = Running(Self.nested, running: ["overrideCurve"])
        expectClose(curve.view("w", at: 0.25).alpha, 0.75)
        expectClose(curve.view("w", at: 0.5).alpha, 0.5)
    }

    @Test("Colours animate channel by channel")
    func colour() {
        var run = Running(Self.scene, running: ["recolour"])
        #expect(run.view("box", at: 0.5).color == Color(rgb: 0x804000))
        #expect(run.view("box", at: 1).color == Color(rgb: 0xFF8000))
    }

    @Test("The same inputs give the same frames, bit for bit")
    func determinism() {
        func frames() -> [String] {
            var run = Running(Self.scene, running: ["move", "bounce", "recolour"])
            var out: [String] = []
            for tick in 0...90 {
                out.append(run.frame(at: Double(tick) / 60).json)
                if tick == 20 { run.run("moveFurther") }
            }
            return out
        }
        #expect(frames() == frames())
    }
}

/// Names, switches, the canvas and the bounds of a running scene.
@Suite struct RuntimeStatementTests {
    @Test("swap trades names: frames list each view under the name it goes by now")
    func swap() {
        var run = Running(
            """
            label a "first"
            label b "second"
            a.left == 0; a.top == 0; b.left == 0; b.top == 50
            action go { swap a b }
            """, running: ["go"])
        let frame = run.frame(at: 0)
        #expect(frame.views.map(\.name) == ["b", "a"])
        #expect(frame.views.map(\.text) == ["first", "second"])
    }

    @Test("Switching constraint groups inside an animation animates the move")
    func groups() {
        var run = Running(
            """
            view box
            box.top == 0; box.width == 10; box.height == 10
            constraints left { box.left == 0 }
            constraints right inactive { box.right == root.right }
            action go { animate 1 curve linear { deactivate left; activate right; layout } }
            """, running: ["go"])
        expectClose(run.view("box", at: 0.5).x, 182.5)
        expectClose(run.view("box", at: 1).x, 365)
    }

    @Test("Resizing the canvas inside an animation moves what depends on the root")
    func canvas() {
        var run = Running(
            """
            view box
            box.right == root.right; box.top == 0; box.width == 10; box.height == 10
            action rotate { animate 1 curve linear { canvas 667 x 375; layout } }
            """, running: ["rotate"])
        expectClose(run.view("box", at: 0.5).x, 511)
        let end = run.frame(at: 1)
        #expect(end.canvas.width == 667 && end.views[0].x == 657)
    }

    @Test("A completion that restarts a zero-length animation forever is stopped, with a diagnostic")
    func runaway() {
        var run = Running(
            """
            view box
            box.left == 0; box.top == 0; box.width == 10; box.height == 10
            action spin { animate 0 { box.alpha = 0.5 } completion { box.alpha = 1; run spin } }
            """, running: ["spin"])
        _ = run.frame(at: 1)
        #expect(run.diagnosticCodes() == [.runtimeLimit])
        #expect(run.frame(at: 2).settled)
    }

    @Test("Completions that double the animations at each round are capped; changes past the cap apply at once")
    func doubling() {
        var run = Running(
            """
            view box
            boxX: box.left == root.left
            box.top == 0; box.width == 10; box.height == 10
            action grow {
              animate 0.01 curve linear { boxX.constant += 1; layout } completion { run grow; run grow }
            }
            """, running: ["grow"])
        // 2¹⁰ is past the cap of 1,000 animations: ten rounds reach it.
        for tick in 1...12 { _ = run.frame(at: Double(tick) * 0.01) }
        let reported = run.loaded.takeDiagnostics()
        #expect(reported.map(\.diagnostic.code).allSatisfy { $0 == .runtimeLimit } && !reported.isEmpty)
        #expect(reported.first?.diagnostic.message.hasPrefix("more than 1000 animations run at once") == true)
        // Past the cap the constant still changes, without animation.
        let constant = run.loaded.layout.constant(of: ConstraintID(0))
        #expect(run.loaded.modelFrame().views[0].x == constant && constant > 1000)
    }

    @Test("An alpha out of range is clamped with a warning; a conflicting activation is refused with a note")
    func runtimeDiagnostics() {
        var run = Running(
            """
            view box
            box.left == 0; box.top == 0; box.width == 10; box.height == 10
            inactive wide: box.width == 20
            action go { box.alpha = box.width / 5; activate wide }
            """, running: ["go"])
        let reported = run.loaded.takeDiagnostics()
        #expect(reported.map(\.diagnostic.code) == [.invalidValue, .unsatisfiableConstraints])
        #expect(reported.last?.diagnostic.notes.last?.message == "when this ran")
        #expect(run.view("box", at: 0).alpha == 1 && run.view("box", at: 0).width == 10)
    }

    @Test("Expressions read model frames, constants and the canvas")
    func expressions() {
        var run = Running(
            """
            view a; view b
            a.left == 20; a.top == 30; a.width == 40; a.height == 50
            bY: b.top == root.top
            b.left == 0; b.width == 10; b.height == 10
            action go { bY.constant = a.midY + root.width / 375 * system - bY.constant }
            """, running: ["go"])
        expectClose(run.view("b", at: 0).y, 63)
    }
}
