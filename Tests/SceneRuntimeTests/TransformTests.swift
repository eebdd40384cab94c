import Foundation
import PlaygroundProtocol
import SceneLanguage
import SceneRuntime
import TestSupport
import Testing

/// `V.transform`: values worked out by hand from the matrices
/// (a, b, c, d) = (sx cos θ, sx sin θ, −sy sin θ, sy cos θ) for a rotation θ
/// (clockwise on screen) after a scale (sx, sy), and (tx, ty) the translation.
@Suite struct TransformTests {
    static let scene = """
        view box color #000000
        box.left == root.left + 10; box.top == root.top + 20; box.width == 100; box.height == 50
        action quarter { animate 1 curve linear { box.transform = rotate 90 } }
        action tilt { box.transform = rotate 170 }
        action across { animate 1 curve linear { box.transform = rotate -170 } }
        action half { animate 1 curve linear { box.transform = rotate 180 } }
        action grow { animate 1 curve linear { box.transform = scale 3 } }
        action stretch { box.transform = scale 2 0.5 }
        action turnThenMove { box.transform = rotate 90 translate 10 0 }
        action moveThenTurn { box.transform = translate 10 0 rotate 90 }
        action reset { animate 1 curve linear { box.transform = identity } }
        var angle = 30
        action byVariable { box.transform = rotate (angle * 2) scale (1 + 1) }
        animator spin 1 curve linear { box.transform = rotate 90 }
        action scrub { spin.fraction = 0.5 }
        """

    static func expectTransform(
        _ actual: AffineTransform2D?, _ expected: [Double], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let actual else {
            Issue.record("no transform, expected \(expected)", sourceLocation: sourceLocation)
            return
        }
        for (i, (a, e)) in zip(actual.components, expected).enumerated() where abs(a - e) > 1e-9 {
            Issue.record("component \(i): \(a), expected \(e) in \(actual)", sourceLocation: sourceLocation)
        }
    }

    @Test("A 1 s linear rotation to 90 degrees is at 45 degrees at 0.5 s, and the layout does not move")
    func rotationHalfway() {
        var run = Running(Self.scene, running: ["quarter"])
        #expect(run.view("box", at: 0).transform == nil)
        let half = sqrt(0.5)
        let box = run.view("box", at: 0.5)
        Self.expectTransform(box.transform, [half, half, -half, half, 0, 0])
        expectFrame(box.frame, rect(10, 20, 100, 50))
        // Turned about its centre: a 100 × 50 box at 45° covers (150/√2) × (150/√2) around (60, 45).
        let side = 150 * half
        expectFrame(box.shownFrame, rect(60 - side / 2, 45 - side / 2, side, side), within: 1e-9)
        Self.expectTransform(run.view("box", at: 1).transform, [0, 1, -1, 0, 0, 0])
    }

    @Test("From 170 to -170 degrees turns 20 degrees through 180, the short way round")
    func shortWayRound() {
        var run = Running(Self.scene, running: ["tilt", "across"])
        // A quarter of the way: 175 degrees.
        let r = 175 * Double.pi / 180
        Self.expectTransform(run.view("box", at: 0.25).transform, [cos(r), sin(r), -sin(r), cos(r), 0, 0])
        // Halfway: 180 degrees, cos −1, sin 0.
        Self.expectTransform(run.view("box", at: 0.5).transform, [-1, 0, 0, -1, 0, 0])
    }

    @Test("A half turn is a rotation all the way, not a matrix shrinking through zero")
    func decomposedNotLinear() {
        var run = Running(Self.scene, running: ["half"])
        // The entries' average would be 0 at 0.5 s; taken apart it is 90 degrees at scale 1.
        Self.expectTransform(run.view("box", at: 0.5).transform, [0, 1, -1, 0, 0, 0])
    }

    @Test("A scale interpolates its factor; two factors scale each axis")
    func scale() {
        var run = Running(Self.scene, running: ["grow"])
        Self.expectTransform(run.view("box", at: 0.5).transform, [2, 0, 0, 2, 0, 0])
        _ = run.frame(at: 1)
        run.run("stretch")
        Self.expectTransform(run.view("box", at: 1).transform, [2, 0, 0, 0.5, 0, 0])
    }

    @Test("Steps compose as CGAffineTransform's chained methods: each applies before those written before it")
    func compositionOrder() {
        // rotate 90 translate 10 0: the point moves 10 along x, then turns 90°: (0, 10).
        var run = Running(Self.scene, running: ["turnThenMove"])
        Self.expectTransform(run.view("box", at: 0).transform, [0, 1, -1, 0, 0, 10])
        // translate 10 0 rotate 90: turned first, then moved 10 along x.
        run.run("moveThenTurn")
        Self.expectTransform(run.view("box", at: 0).transform, [0, 1, -1, 0, 10, 0])
    }

    @Test("identity animates back, and the frame then carries no transform")
    func backToIdentity() {
        var run = Running(Self.scene, running: ["grow"])
        _ = run.frame(at: 1)
        run.run("reset")
        Self.expectTransform(run.view("box", at: 1.5).transform, [2, 0, 0, 2, 0, 0])
        #expect(run.view("box", at: 2).transform == nil)
    }

    @Test("Arguments are expressions: variables, and arithmetic in parentheses")
    func expressions() {
        var run = Running(Self.scene, running: ["byVariable"])
        let r = Double.pi / 3
        Self.expectTransform(run.view("box", at: 0).transform, [2 * cos(r), 2 * sin(r), -2 * sin(r), 2 * cos(r), 0, 0])
    }

    @Test("A property animator scrubbed halfway shows the rotation halfway")
    func animatorScrub() {
        var run = Running(Self.scene, running: ["scrub"])
        let half = sqrt(0.5)
        Self.expectTransform(run.view("box", at: 0).transform, [half, half, -half, half, 0, 0])
    }

    @Test("A transform parses as steps and reports what is not one")
    func diagnostics() {
        let cases: [(String, DiagnosticCode)] = [
            ("a.transform = rotat 45", .unknownName),
            ("a.transform = identity rotate 45", .invalidValue),
            ("a.transform = translate 10", .expectedToken),
            ("a.transform = 45", .expectedToken),
            ("a.transform += rotate 45", .notAssignable),
        ]
        for (statement, code) in cases {
            let text = "view a\naction x { \(statement) }"
            let scene = Scene.parse(SourceFile(name: "t.layout", text: text))
            #expect(scene.diagnostics.map(\.code) == [code], "\(statement): \(scene.diagnostics.map(\.message))")
        }
    }
}

/// The decomposition that interpolation relies on.
@Suite struct AffineTransformPartsTests {
    @Test("Taken apart and put together again, a transform is itself (rotation, scale, shear, mirror)")
    func roundTrip() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let t = AffineTransform2D(
                a: .random(in: -3...3, using: &generator), b: .random(in: -3...3, using: &generator),
                c: .random(in: -3...3, using: &generator), d: .random(in: -3...3, using: &generator),
                tx: .random(in: -50...50, using: &generator), ty: .random(in: -50...50, using: &generator))
            guard abs(t.a * t.d - t.b * t.c) > 1e-3 else { continue }
            let back = t.parts.transform
            for (x, y) in zip(t.components, back.components) {
                #expect(abs(x - y) < 1e-9, "\(t) came back as \(back)")
            }
            #expect((-180...180).contains(t.parts.rotation))
        }
    }

    @Test("A rotation's parts are its angle, in degrees, and unit scales")
    func rotationParts() {
        let parts = AffineTransform2D(rotationDegrees: 135).parts
        #expect(abs(parts.rotation - 135) < 1e-9)
        #expect(abs(parts.scaleX - 1) < 1e-12 && abs(parts.scaleY - 1) < 1e-12 && abs(parts.shear) < 1e-12)
    }
}

/// The Burger playground's X, as the article ends: formed when the lines
/// have converged, and unfolded again.
@Suite struct BurgerTransformTests {
    @Test("Burger: released, the lines converge, form the X (±45 degrees, the middle faded), and unfold")
    func formsAndUndoesTheX() throws {
        let url = PlaygroundTests.folder.appendingPathComponent("Burger.layout")
        var run = Running(try String(contentsOf: url, encoding: .utf8), running: ["scrubTidy", "releaseTidy"])
        // The animator runs its remaining half (0.25 s), then the X's 0.3 s block.
        let converged = run.frame(at: 0.25)
        #expect(converged.view(named: "top")?.y == 38 && converged.view(named: "bottom")?.y == 38)
        let x = run.frame(at: 0.6)
        let half = sqrt(0.5)
        TransformTests.expectTransform(x.view(named: "top")?.transform, [half, half, -half, half, 0, 0])
        TransformTests.expectTransform(x.view(named: "bottom")?.transform, [half, -half, half, half, 0, 0])
        #expect(x.view(named: "middle")?.alpha == 0)
        #expect(x.settled)
        run.run("unfold")
        // 0.3 s to straighten, then 0.3 s to spread: back to the burger, 8 apart, no transform.
        let burger = run.frame(at: 1.3)
        for (name, y) in [("top", 30.0), ("middle", 38), ("bottom", 46)] {
            #expect(burger.view(named: name)?.y == y, "\(name)")
            #expect(burger.view(named: name)?.transform == nil, "\(name)")
        }
        #expect(burger.view(named: "middle")?.alpha == 1)
    }
}

/// The Card playground: a spring on a scale, keyframes of translations.
@Suite struct CardPlaygroundTests {
    static func load(_ actions: [String]) throws -> Running {
        let url = PlaygroundTests.folder.appendingPathComponent("Card.layout")
        return Running(try String(contentsOf: url, encoding: .utf8), running: actions)
    }

    @Test("Card: the message wraps in two lines inside the card's margins")
    func message() throws {
        var run = try Self.load([])
        #expect(
            run.view("message", at: 0).lines == ["Transforms and keyframes are the", "other half of UIKit animation."])
    }

    @Test("Card pop: the scale goes from 0.8 to 1 on UIKit's spring (damping 0.5, 0.5 s)")
    func pop() throws {
        var run = try Self.load(["pop"])
        for time in [0.05, 0.1, 0.2, 0.3] {
            let progress = TutorialTiming.spring(damping: 0.5, velocity: 0, duration: 0.5, at: time)
            let scale = 0.8 + 0.2 * progress
            TransformTests.expectTransform(run.view("card", at: time).transform, [scale, 0, 0, scale, 0, 0])
        }
        #expect(run.view("card", at: 0.5).transform == nil)
    }

    @Test("Card shake: four linear keyframes of 0.1 s each: -12, 12, -6, home")
    func shake() throws {
        var run = try Self.load(["shake"])
        for (time, x) in [(0.05, -6.0), (0.1, -12), (0.15, 0), (0.2, 12), (0.25, 3), (0.3, -6), (0.35, -3)] {
            TransformTests.expectTransform(run.view("card", at: time).transform, [1, 0, 0, 1, x, 0])
        }
        #expect(run.view("card", at: 0.4).transform == nil)
    }
}
