import Foundation
import PlaygroundProtocol
import SceneLanguage
import SceneRuntime
import TestSupport
import Testing

/// The playgrounds' animations at chosen times, against values worked out
/// without the animation engine: the reference numbers for the
/// ease-in-out curve and the spring, linear arithmetic, and the geometry of
/// `PlaygroundTests`.
@Suite struct PlaygroundAnimationTests {
    /// Ease-in-out (0.42, 0, 0.58, 1) at a quarter of the duration, and by symmetry at three quarters.
    static let easeInOutQuarter = 0.129161931
    /// The spring of ζ 0.6, v₀ 1, 1 s at 0.1, 0.2, 0.3 and 0.5 s.
    static let spring: [(Double, Double)] = [
        (0.1, 0.418725202), (0.2, 0.885229058), (0.3, 1.079461980), (0.5, 1.032973935),
    ]

    static func load(_ name: String, running actions: [String] = []) throws -> Running {
        let url = PlaygroundTests.folder.appendingPathComponent(name + ".layout")
        return Running(try String(contentsOf: url, encoding: .utf8), running: actions)
    }

    @Test("The spring written out here agrees with the specification's example (ζ 0.6, v₀ 1, 1 s)")
    func springReference() {
        for (time, progress) in Self.spring {
            expectClose(TutorialTiming.spring(damping: 0.6, velocity: 1, duration: 1, at: time), progress, within: 1e-8)
        }
        expectClose(TutorialTiming.easeInOut(0.25), Self.easeInOutQuarter, within: 1e-9)
    }

    /// Messaging: the toolbar's top is the safe area's (44) − 100; showing it
    /// sets the constant to message3's midY (116.8 + 10.2 = 127), so its top
    /// goes from −56 to 171.
    @Test("Messaging: the alpha jumps to 0.95; the top follows the spring to 44 + the message's midY, and back")
    func messaging() throws {
        var run = try Self.load("Messaging", running: ["showToolbar"])
        for time in [0.0, 0.1, 0.2, 0.3, 0.5, 0.8] {
            let progress = TutorialTiming.spring(damping: 0.6, velocity: 1, duration: 1, at: time)
            let toolbar = run.view("toolbar", at: time)
            expectClose(toolbar.y, -56 + 227 * progress, within: 1e-6, "at \(time)")
            expectClose(toolbar.x, 30)
            // Set outside the block: no animation.
            expectClose(toolbar.alpha, 0.95)
        }
        expectClose(run.view("toolbar", at: 1).y, 171)
        #expect(run.frame(at: 1).settled)
        #expect(run.diagnosticCodes().isEmpty)
        run.run("hideToolbar")
        for time in [1.1, 1.3] {
            let progress = TutorialTiming.spring(damping: 0.6, velocity: 1, duration: 1, at: time - 1)
            let toolbar = run.view("toolbar", at: time)
            expectClose(toolbar.y, 171 - 227 * progress, within: 1e-6, "at \(time)")
            // Inside the block: the alpha springs too, and the frame clamps its overshoot.
            expectClose(toolbar.alpha, min(max(0.95 * (1 - progress), 0), 1), within: 1e-6, "at \(time)")
        }
        expectClose(run.view("toolbar", at: 2).y, -56)
        expectClose(run.view("toolbar", at: 2).alpha, 0)
    }

    @Test("Messaging pitfall: without layout in the spring the toolbar jumps to the message, with the warning")
    func messagingWithoutLayout() throws {
        var run = try Self.load("Messaging", running: ["showToolbarWithoutLayout"])
        let reported = run.loaded.takeDiagnostics()
        #expect(reported.map(\.diagnostic.code) == [.missingLayout])
        #expect(reported.first?.diagnostic.message.contains("'toolbarTop'") == true)
        expectClose(run.view("toolbar", at: 0).y, 171)
        #expect(run.frame(at: 0).settled)
    }

    @Test("Messaging: activating and deactivating constraints inside the spring animates too")
    func messagingActivate() throws {
        var run = try Self.load("Messaging", running: ["showToolbarUnderLast"])
        // Under message4 (145.2 + 20.4 + 8 = 173.6), from −56.
        let progress = TutorialTiming.spring(damping: 0.6, velocity: 1, duration: 1, at: 0.2)
        expectClose(run.view("toolbar", at: 0.2).y, -56 + 229.6 * progress, within: 1e-6)
        expectClose(run.view("toolbar", at: 1).y, 173.6)
        #expect(run.diagnosticCodes().isEmpty)
    }

    /// Bankey: the login view's right edge is 375 − 16; the leading constants
    /// go from −1000 to 16; animator1 runs 0.8 s from 0, animator2 0.8 s from
    /// 0.2, animator3 (the fade) 1.6 s from 0.2, all ease-in-out.
    @Test("Bankey: the title slides from 0, the subtitle from 0.2 s, both fade from 0.2 s over 1.6 s")
    func bankey() throws {
        var run = try Self.load("Bankey")
        // The figure: at 0.8 s the fade is at ease-in-out(0.375).
        expectClose(run.view("title", at: 0.8).alpha, 0.2928, within: 1e-4)
        run = try Self.load("Bankey")
        for time in [0.0, 0.1, 0.2, 0.4, 0.6, 0.8, 1.0, 1.4] {
            let title = run.view("title", at: time)
            let subtitle = run.view("subtitle", at: time)
            let titleX = -1000 + 1016 * TutorialTiming.easeInOut(time / 0.8)
            let subtitleX = -1000 + 1016 * TutorialTiming.easeInOut((time - 0.2) / 0.8)
            let alpha = TutorialTiming.easeInOut((time - 0.2) / 1.6)
            expectClose(title.x, titleX, within: 1e-9, "title at \(time)")
            expectClose(title.width, 359 - titleX, within: 1e-9, "title's width at \(time)")
            expectClose(subtitle.x, subtitleX, within: 1e-9, "subtitle at \(time)")
            expectClose(title.alpha, alpha, within: 1e-9, "title's alpha at \(time)")
            expectClose(subtitle.alpha, alpha, within: 1e-9, "subtitle's alpha at \(time)")
        }
        let end = run.frame(at: 1.8)
        #expect(end.settled && end.views.prefix(2).allSatisfy { $0.alpha == 1 && $0.x == 16 })
        #expect(run.diagnosticCodes().isEmpty)
    }

    @Test("Bankey: the tutorial's first version slides both together")
    func bankeyTogether() throws {
        var run = try Self.load("Bankey")
        _ = run.frame(at: 2)
        run.run("replayTogether")
        let progress = TutorialTiming.easeInOut(0.5)
        expectClose(run.view("title", at: 2.4).x, -1000 + 1016 * progress, within: 1e-9)
        expectClose(run.view("subtitle", at: 2.4).x, -1000 + 1016 * progress, within: 1e-9)
    }

    @Test("Bankey pitfall: animators without layout have nothing to animate; the labels jump, only the fade runs")
    func bankeyWithoutLayout() throws {
        var run = try Self.load("Bankey")
        _ = run.frame(at: 2)
        _ = run.loaded.takeDiagnostics()
        run.run("replayWithoutLayout")
        let codes = run.diagnosticCodes()
        #expect(codes.filter { $0 == .nothingToAnimate }.count == 2)
        expectClose(run.view("title", at: 2).x, 16)
        expectClose(run.view("subtitle", at: 2).x, 16)
        expectClose(run.view("title", at: 2.6).alpha, TutorialTiming.easeInOut(0.25), within: 1e-9)
    }

    /// Burger: the lines' centres are 8 above and 8 below the burger's middle
    /// (40); the converged group puts all three on it. A scrubbed animator's
    /// progress is linear in its fraction.
    @Test("Burger: scrubbing converges the lines; cancelled, they return but the constraints stay: a warning")
    func burger() throws {
        var run = try Self.load("Burger", running: ["scrub"])
        expectClose(run.view("top", at: 0).y, 30 + 8 * 0.5)
        expectClose(run.view("bottom", at: 0).y, 46 - 8 * 0.5)
        expectClose(run.view("middle", at: 0).y, 38)
        run.run("close")
        expectClose(run.view("top", at: 0).y, 30)
        expectClose(run.view("bottom", at: 0).y, 46)
        let warnings = run.loaded.takeDiagnostics()
        #expect(warnings.map(\.diagnostic.code) == [.unrevertedConstraints])
        #expect(warnings.first?.diagnostic.message.contains("('lines', 'converged')") == true)
    }

    @Test("Burger pitfall: panning again after the cancel has nothing left to animate (UIKit raises); the lines stay")
    func burgerPanAgain() throws {
        var run = try Self.load("Burger", running: ["scrub", "close"])
        _ = run.loaded.takeDiagnostics()
        run.run("scrub")
        #expect(run.diagnosticCodes() == [.nothingToAnimate])
        expectClose(run.view("top", at: 0.1).y, 30)
        expectClose(run.view("bottom", at: 0.1).y, 46)
    }

    @Test("Burger fixed: the completion resets the constraints, so no warning and the next pan animates")
    func burgerTidy() throws {
        var run = try Self.load("Burger", running: ["scrubTidy", "closeTidy"])
        #expect(run.diagnosticCodes().isEmpty)
        expectClose(run.view("top", at: 0).y, 30)
        run.run("scrubTidy")
        #expect(run.diagnosticCodes().isEmpty)
        expectClose(run.view("top", at: 0).y, 34)
        expectClose(run.view("bottom", at: 0).y, 42)
    }

    @Test("Burger: released, the animator carries on from the scrubbed fraction; cancelled, it runs back and warns")
    func burgerReleaseAndCancel() throws {
        var released = try Self.load("Burger", running: ["scrub", "release"])
        // Ease-in-out is symmetric: progress 0.5 is at fraction 0.5, 0.25 s left.
        let progress = TutorialTiming.easeInOut(0.5 + 0.1 / 0.5)
        expectClose(released.view("top", at: 0.1).y, 30 + 8 * progress, within: 1e-9)
        expectClose(released.view("top", at: 0.25).y, 38)
        #expect(released.diagnosticCodes().isEmpty)

        var cancelled = try Self.load("Burger", running: ["scrub", "cancel"])
        let back = TutorialTiming.easeInOut(0.5 - 0.1 / 0.5)
        expectClose(cancelled.view("top", at: 0.1).y, 30 + 8 * back, within: 1e-9)
        expectClose(cancelled.view("top", at: 0.25).y, 30)
        #expect(cancelled.diagnosticCodes() == [.unrevertedConstraints])
    }

    @Test("Burger pitfall: a tap that starts the animator without layout in its block: nothing to animate, a jump")
    func burgerWithoutLayout() throws {
        var run = try Self.load("Burger", running: ["convergeWithoutLayout"])
        #expect(run.diagnosticCodes() == [.nothingToAnimate])
        expectClose(run.view("top", at: 0).y, 38)
    }
}
