import Animation
import PlaygroundProtocol
import SceneLanguage
import SceneRuntime
import Testing

/// Property animators through UIKit's states, with a linear curve so that
/// positions are worked out by hand: the box goes from 0 to 100 in 1 s.
@Suite struct AnimatorTests {
    static let scene = """
        view box color #000000
        boxX: box.left == root.left
        box.top == 0; box.width == 10; box.height == 10
        view probe
        probeY: probe.top == root.top
        probe.left == 0; probe.width == 1; probe.height == 1
        animator slide 1 curve linear { boxX.constant = 100; layout } completion { box.alpha = 0.5 }
        animator eased 1 { boxX.constant = 100; layout }
        animator idle 1 { layout }
        action start { start slide }
        action startLater { start slide after 0.5 }
        action pause { pause slide }
        action reverse { reverse slide }
        action stop { stop slide }
        action finishCurrent { finish slide at current }
        action finishEnd { finish slide at end }
        action finishStart { finish slide at start }
        action scrub { pause eased; eased.fraction = 0.25 }
        action resumeEased { start eased }
        action startIdle { start idle }
        action scrubRunning { slide.fraction = 0.5 }
        action readFraction { probeY.constant = slide.fraction * 100 }
        action relayout { probeY.constant += 1; layout }
        action layoutOnly { layout }
        """

    @Test("start: the block runs at once, the views follow the curve, the completion runs at the end")
    func start() {
        var run = Running(Self.scene, running: ["start"])
        #expect(run.loaded.modelFrame().views[0].x == 100)
        expectClose(run.view("box", at: 0.25).x, 25)
        #expect(!run.frame(at: 0.5).settled)
        expectClose(run.view("box", at: 1).x, 100)
        expectClose(run.view("box", at: 1).alpha, 0.5)
        #expect(run.frame(at: 1).settled)
    }

    @Test("start after a delay holds the start value, then runs")
    func startLater() {
        var run = Running(Self.scene, running: ["startLater"])
        expectClose(run.view("box", at: 0.5).x, 0)
        expectClose(run.view("box", at: 1).x, 50)
        expectClose(run.view("box", at: 1.5).x, 100)
        expectClose(run.view("box", at: 1.5).alpha, 0.5)
    }

    @Test("pause holds where it is, settled; start resumes from there")
    func pauseAndResume() {
        var run = Running(Self.scene, running: ["start"])
        _ = run.frame(at: 0.25)
        run.run("pause")
        expectClose(run.view("box", at: 1).x, 25)
        #expect(run.frame(at: 1).settled)
        run.run("start")
        expectClose(run.view("box", at: 1.5).x, 75)
        expectClose(run.view("box", at: 1.75).x, 100)
        expectClose(run.view("box", at: 1.75).alpha, 0.5)
    }

    @Test("A fraction set while paused is linear progress; resuming carries on along the curve without a jump")
    func scrub() {
        var run = Running(Self.scene, running: ["scrub"])
        // Linear, not ease-in-out's 0.129… at 0.25.
        expectClose(run.view("box", at: 0.5).x, 25)
        run.run("resumeEased")
        expectClose(run.view("box", at: 0.5).x, 25, within: 1e-6)
        let resumedAt = CubicBezier.easeInOut.fraction(atProgress: 0.25)
        let end = 0.5 + (1 - resumedAt)
        #expect(run.view("box", at: end - 0.01).x < 100)
        expectClose(run.view("box", at: end).x, 100)
    }

    @Test("Reversed while running, it goes back and finishes at its start; the constant stays changed")
    func reverse() {
        var run = Running(Self.scene, running: ["start"])
        _ = run.frame(at: 0.5)
        run.run("reverse")
        expectClose(run.view("box", at: 0.75).x, 25)
        let end = run.view("box", at: 1)
        expectClose(end.x, 0)
        expectClose(end.alpha, 0.5)
        #expect(run.diagnosticCodes() == [.unrevertedConstraints])
        // 'layout' with nothing pending does nothing, as layoutIfNeeded() does.
        run.run("layoutOnly")
        expectClose(run.view("box", at: 1).x, 0)
        // The next layout pass, which any change brings, puts the box where the constant says.
        run.run("relayout")
        expectClose(run.view("box", at: 1).x, 100)
    }

    @Test("stop holds the animation; finish at current keeps the views there until the next layout pass")
    func stopAndFinishCurrent() {
        var run = Running(Self.scene, running: ["start"])
        _ = run.frame(at: 0.5)
        run.run("stop")
        expectClose(run.view("box", at: 2).x, 50)
        #expect(run.frame(at: 2).settled)
        run.run("finishCurrent")
        expectClose(run.view("box", at: 3).x, 50)
        expectClose(run.view("box", at: 3).alpha, 0.5)
        run.run("relayout")
        expectClose(run.view("box", at: 3).x, 100)
        #expect(run.diagnosticCodes() == [])
    }

    @Test("finish at end jumps to the end; at start, back to the start, with the warning")
    func finishAtEndAndStart() {
        var end = Running(Self.scene, running: ["start"])
        _ = end.frame(at: 0.5)
        end.run("finishEnd")
        expectClose(end.view("box", at: 0.5).x, 100)
        #expect(end.diagnosticCodes() == [])
        var start = Running(Self.scene, running: ["start"])
        _ = start.frame(at: 0.5)
        start.run("finishStart")
        expectClose(start.view("box", at: 0.5).x, 0)
        #expect(start.diagnosticCodes() == [.unrevertedConstraints])
    }

    @Test("Illegal transitions are diagnostics, not crashes, and change nothing")
    func illegalTransitions() {
        var inactive = Running(Self.scene, running: ["reverse", "stop", "finishEnd"])
        #expect(inactive.diagnosticCodes() == [.animatorState, .animatorState, .animatorState])
        var running = Running(Self.scene, running: ["start", "scrubRunning"])
        #expect(running.diagnosticCodes() == [.animatorState])
        expectClose(running.view("box", at: 0.25).x, 25)
        var stopped = Running(Self.scene, running: ["start", "stop", "start", "pause"])
        #expect(stopped.diagnosticCodes() == [.animatorState, .animatorState])
    }

    @Test("An animator whose block moves nothing cannot start, and stays inactive")
    func nothingToAnimate() {
        var run = Running(Self.scene, running: ["startIdle", "startIdle"])
        #expect(run.diagnosticCodes() == [.nothingToAnimate, .nothingToAnimate])
        #expect(run.frame(at: 0).settled)
    }

    @Test("Regression: an animator whose block drives it recursed until the stack overflowed")
    func selfDriving() {
        var run = Running(
            """
            view box
            box.left == 0; box.top == 0; box.width == 10; box.height == 10
            animator loop 1 { box.alpha = 0; loop.fraction = 0.5; start loop }
            action go { pause loop }
            """, running: ["go"])
        #expect(run.diagnosticCodes() == [.animatorState, .animatorState])
        expectClose(run.view("box", at: 0).alpha, 1)
    }

    @Test("Recreating a paused animator finishes the old one where it stands, with an error")
    func recreatePaused() {
        var run = Running(
            Self.scene + """

                action recreate {
                  pause slide
                  slide.fraction = 0.5
                  animator slide 1 curve linear { boxX.constant += 100; layout }
                  start slide
                }
                """, running: ["recreate"])
        #expect(run.diagnosticCodes() == [.animatorState])
        // The old one left the box at 50; the new one moves it on to 200.
        expectClose(run.view("box", at: 0).x, 50)
        expectClose(run.view("box", at: 1).x, 200)
        #expect(run.frame(at: 1).settled)
    }

    @Test("Reversed during the delay of start after, it keeps its delay and finishes at its start")
    func reverseInDelay() {
        var run = Running(Self.scene + "\naction late { start slide after 0.5; reverse slide }", running: ["late"])
        expectClose(run.view("box", at: 0.25).x, 0)
        #expect(!run.frame(at: 0.4).settled)
        expectClose(run.view("box", at: 0.5).x, 0)
        #expect(run.frame(at: 0.5).settled)
    }

    @Test("A reversed finish warns about activations its block switched too, naming whole groups by their names")
    func unrevertedActivations() {
        var run = Running(
            """
            view box
            box.top == 0; box.width == 10; box.height == 10
            constraints left { box.left == 0 }
            constraints right inactive { box.right == root.right }
            animator move 1 curve linear { deactivate left; activate right; layout }
            action go { pause move; move.fraction = 0.5; reverse move; finish move at start }
            """, running: ["go"])
        let reported = run.loaded.takeDiagnostics()
        #expect(reported.map(\.diagnostic.code) == [.unrevertedConstraints])
        #expect(reported.first?.diagnostic.message.contains("('left', 'right')") == true)
    }

    @Test("An expression reads an animator's fraction")
    func readFraction() {
        var run = Running(Self.scene, running: ["start"])
        _ = run.frame(at: 0.25)
        run.run("readFraction")
        expectClose(run.view("probe", at: 0.25).y, 25)
    }
}
