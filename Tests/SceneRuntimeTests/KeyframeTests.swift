import PlaygroundProtocol
import SceneLanguage
import SceneRuntime
import Testing

/// `animate keyframes`, each value worked out by hand: the whole animation's progress p (its curve over
/// its delay, repeats and reversals), each keyframe's progress `clamp((p − start) / length, 0, 1)`, and a
/// value `model + (from − to) × (1 − progress)` for each keyframe that changed it.
@Suite struct KeyframeTests {
    /// A 10 × 10 box at alpha 0 whose left edge `boxX` places.
    static let scene = """
        view box color #000000 alpha 0
        boxX: box.left == root.left
        box.top == root.top; box.width == 10; box.height == 10
        var runs = 0
        action fadeLinear {
          animate keyframes 2 curve linear {
            keyframe 0 0.5 { box.alpha = 1 }
            keyframe 0.5 0.5 { box.alpha = 0.2 }
          }
        }
        action fadeDefault {
          animate keyframes 2 {
            keyframe 0 0.5 { box.alpha = 1 }
            keyframe 0.5 0.5 { box.alpha = 0.2 }
          }
        }
        action slide {
          animate keyframes 1 curve linear {
            keyframe 0.25 0.5 {
              boxX.constant = 100
              layout
            }
          }
        }
        action mixed {
          animate keyframes 2 curve linear {
            boxX.constant = 200
            layout
            keyframe 0 0.25 { box.alpha = 1 }
          }
        }
        action delayed {
          animate keyframes 2 delay 1 curve linear {
            keyframe 0 0.5 { box.alpha = 1 }
            keyframe 0.5 0.5 { box.alpha = 0.2 }
          }
        }
        action bounce {
          animate keyframes 1 curve linear repeat 2 autoreverse {
            keyframe 0 0.5 { box.alpha = 1 }
            keyframe 0.5 0.5 { box.alpha = 0.2 }
          }
        }
        action counted {
          animate keyframes 2 delay 0.5 curve linear {
            keyframe 0 0.5 { box.alpha = 1 }
            keyframe 0.5 0.5 { boxX.constant = 50; layout }
          } completion {
            runs += 1
            boxX.constant = runs * 10
          }
        }
        action forever {
          animate keyframes 1 curve linear repeat forever {
            keyframe 0 1 { box.alpha = 1 }
          } completion {
            boxX.constant = 99
          }
        }
        action step {
          animate keyframes 2 curve linear {
            keyframe 0.5 0 { box.alpha = 1 }
          }
        }
        action nothing {
          animate keyframes 1 { keyframe 0 1 { layout } } completion { box.alpha = 0.75 }
        }
        action forgetLayout {
          animate keyframes 1 curve linear {
            keyframe 0 1 { boxX.constant = 100 }
          }
        }
        """

    /// The alpha of the two-keyframe fade at the whole animation's progress `p`: 0 → 1 over the first half,
    /// 1 → 0.2 over the second.
    static func fade(_ p: Double) -> Double {
        p <= 0.5 ? 2 * p : 1 - 0.8 * (p - 0.5) / 0.5
    }

    /// cubic-bezier(0.42, 0, 0.58, 1), UIKit's ease-in-out, at time fraction `x`: bisection on x(s), then
    /// y(s). Independent of the playground's Newton solver.
    static func easeInOut(_ x: Double) -> Double {
        func bezier(_ s: Double, _ a: Double, _ b: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s
        }
        var low = 0.0
        var high = 1.0
        for _ in 0..<100 {
            let mid = (low + high) / 2
            if bezier(mid, 0.42, 0.58) < x { low = mid } else { high = mid }
        }
        return bezier((low + high) / 2, 0, 1)
    }

    @Test("Two linear keyframes: piecewise linear through the key values, over their slices of 2 s")
    func piecewiseLinear() {
        var run = Running(Self.scene, running: ["fadeLinear"])
        // 0 → 1 over 0…1 s, then 1 → 0.2 over 1…2 s.
        let expected: [(Double, Double)] = [
            (0, 0), (0.25, 0.25), (0.5, 0.5), (1, 1), (1.25, 0.8), (1.5, 0.6), (1.75, 0.4), (1.9, 0.28),
        ]
        for (time, alpha) in expected {
            expectClose(run.view("box", at: time).alpha, alpha, within: 1e-12, "alpha at \(time)")
        }
        #expect(!run.frame(at: 1.99).settled)
        let end = run.frame(at: 2)
        #expect(end.settled)
        expectClose(end.views[0].alpha, 0.2, within: 1e-12, "alpha at the end")
    }

    @Test("By default the whole animation eases in and out, as UIKit's keyframe animations do; keyframes are linear")
    func defaultCurve() {
        var run = Running(Self.scene, running: ["fadeDefault"])
        for time in [0.1, 0.5, 0.8, 1.0, 1.2, 1.5, 1.9] {
            let p = Self.easeInOut(time / 2)
            expectClose(run.view("box", at: time).alpha, Self.fade(p), within: 1e-9, "alpha at \(time)")
        }
        // The anchors of docs/animation.md's table: ease-in-out at x = 0.25 is 0.129162, at 0.75 0.870838.
        expectClose(Self.easeInOut(0.25), 0.129162, within: 1e-6, "the bisection")
        var again = Running(Self.scene, running: ["fadeDefault"])
        expectClose(again.view("box", at: 0.5).alpha, 2 * 0.129162, within: 1e-5, "alpha at 0.5 s")
        expectClose(again.view("box", at: 1.5).alpha, 1 - 1.6 * 0.370838, within: 1e-5, "alpha at 1.5 s")
    }

    @Test("A keyframe moves a view by a constraint change and 'layout', over its slice only")
    func constraintKeyframe() {
        var run = Running(Self.scene, running: ["slide"])
        let expected: [(Double, Double)] = [
            (0, 0), (0.2, 0), (0.25, 0), (0.375, 25), (0.5, 50), (0.75, 100), (0.9, 100),
        ]
        for (time, x) in expected {
            expectClose(run.view("box", at: time).x, x, within: 1e-9, "x at \(time)")
        }
        #expect(!run.frame(at: 0.9).settled)
        #expect(run.frame(at: 1).settled)
        #expect(run.diagnosticCodes() == [])
    }

    @Test("Changes outside any keyframe animate over the whole duration, as Apple documents")
    func wholeDuration() {
        var run = Running(Self.scene, running: ["mixed"])
        let expected: [(time: Double, x: Double, alpha: Double)] = [
            (0, 0, 0), (0.25, 25, 0.5), (0.5, 50, 1), (1, 100, 1), (1.5, 150, 1),
        ]
        for (time, x, alpha) in expected {
            let box = run.view("box", at: time)
            expectClose(box.x, x, within: 1e-9, "x at \(time)")
            expectClose(box.alpha, alpha, within: 1e-9, "alpha at \(time)")
        }
        expectClose(run.view("box", at: 2).x, 200, within: 1e-9, "x at the end")
    }

    @Test("A delay holds the start values, then the keyframes follow, shifted by it")
    func delay() {
        var run = Running(Self.scene, running: ["delayed"])
        let expected: [(Double, Double)] = [(0.5, 0), (1, 0), (1.5, 0.5), (2, 1), (2.5, 0.6), (2.9, 0.28)]
        for (time, alpha) in expected {
            expectClose(run.view("box", at: time).alpha, alpha, within: 1e-9, "alpha at \(time)")
        }
        #expect(!run.frame(at: 2.99).settled)
        let end = run.frame(at: 3)
        #expect(end.settled)
        expectClose(end.views[0].alpha, 0.2, within: 1e-12, "alpha at the end")
    }

    @Test("Repeat and autoreverse take the whole animation out and back through every keyframe, then snap")
    func repeatAutoreverse() {
        var run = Running(Self.scene, running: ["bounce"])
        // p: t over 0…1, 2 − t over 1…2, t − 2 over 2…3, 4 − t over 3…4; then the model value, 0.2.
        let expected: [(Double, Double)] = [
            (0.25, 0.5), (0.75, 0.6), (1, 0.2), (1.25, 0.6), (1.75, 0.5), (2, 0), (2.5, 1), (3.8, 0.4), (3.99, 0.02),
        ]
        for (time, alpha) in expected {
            expectClose(run.view("box", at: time).alpha, alpha, within: 1e-9, "alpha at \(time)")
        }
        let end = run.frame(at: 4)
        #expect(end.settled)
        expectClose(end.views[0].alpha, 0.2, within: 1e-12, "the snap to the model at the end")
    }

    @Test("The completion runs once, at the end of the whole animation, not at each keyframe's")
    func completion() {
        var run = Running(Self.scene, running: ["counted"])
        // The first keyframe ends at 0.5 + 1 = 1.5 s: no completion there.
        expectClose(run.view("box", at: 1.5).alpha, 1, within: 1e-9, "alpha at 1.5 s")
        // At 2.4 s, p = 0.95: the second keyframe is at 0.9, so x = 50 − 50 × 0.1.
        expectClose(run.view("box", at: 2.4).x, 45, within: 1e-9, "x at 2.4 s")
        // At 2.5 s the completion has run once: runs = 1, x = 10.
        let end = run.frame(at: 2.5)
        #expect(end.settled)
        expectClose(end.views[0].x, 10, within: 1e-9, "x once the completion ran")
        expectClose(run.view("box", at: 10).x, 10, within: 1e-9, "x much later: it ran only once")
    }

    @Test("repeat forever never completes and never settles")
    func forever() {
        var run = Running(Self.scene, running: ["forever"])
        expectClose(run.view("box", at: 100.5).alpha, 0.5, within: 1e-9, "alpha at 100.5 s")
        let frame = run.frame(at: 1000)
        #expect(!frame.settled)
        expectClose(frame.views[0].x, 0, within: 1e-9, "x: the completion never ran")
    }

    @Test("A keyframe of no length changes its values at once at its start time")
    func step() {
        var run = Running(Self.scene, running: ["step"])
        expectClose(run.view("box", at: 0.5).alpha, 0, within: 0, "alpha before the step")
        expectClose(run.view("box", at: 1).alpha, 0, within: 0, "alpha at the step's time")
        expectClose(run.view("box", at: 1.01).alpha, 1, within: 0, "alpha after the step")
    }

    @Test("A keyframe animation that changes nothing completes at once")
    func nothingToAnimate() {
        var run = Running(Self.scene, running: ["nothing"])
        let frame = run.frame(at: 0)
        #expect(frame.settled)
        expectClose(frame.views[0].alpha, 0.75, within: 0, "the completion's alpha")
    }

    @Test("A constraint changed in a keyframe without 'layout' jumps at the end of the action, with a warning")
    func missingLayout() {
        var run = Running(Self.scene, running: ["forgetLayout"])
        #expect(run.diagnosticCodes() == [.missingLayout])
        expectClose(run.view("box", at: 0.5).x, 100, within: 0, "x: jumped")
    }
}
