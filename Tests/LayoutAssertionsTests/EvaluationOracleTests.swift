import LayoutAssertions
import PlaygroundProtocol
import TestSupport
import Testing

/// Comparisons on random frames against the edges worked out here from x,
/// y, width and height, as CGRect defines them.
@Suite struct EvaluationOracleTests {
    static func edge(_ attribute: String, _ view: ViewFrame) -> Double {
        switch attribute {
        case "left", "leading", "minX", "x": view.x
        case "right", "trailing", "maxX": view.x + view.width
        case "top", "minY", "y": view.y
        case "bottom", "maxY": view.y + view.height
        case "centerX", "midX": view.x + view.width / 2
        case "centerY", "midY": view.y + view.height / 2
        case "width": view.width
        case "height": view.height
        default: view.alpha
        }
    }

    @Test("a.P OP m * b.Q + c ± t holds exactly when the arithmetic says, on 5,000 random cases")
    func randomComparisons() throws {
        var random = SplitMix(state: 7)
        func uniform(_ low: Double, _ high: Double) -> Double {
            low + (high - low) * Double(random.next() >> 11) / Double(1 << 53)
        }
        let attributes = [
            "left", "right", "top", "bottom", "leading", "trailing", "width", "height", "centerX", "centerY", "minX",
            "midX", "maxX", "minY", "midY", "maxY", "x", "y", "alpha",
        ]
        let comparisons = ["==", "!=", "<=", ">=", "<", ">"]
        for _ in 0..<5000 {
            let a = ViewFrame(
                name: "a", kind: .view, parent: "root", x: uniform(-100, 400), y: uniform(-100, 700),
                width: uniform(0, 300), height: uniform(0, 300), alpha: uniform(0, 1))
            var b = a
            b.name = "b"
            // Half the time the same frame, so that equalities hold too.
            if random.next() % 2 == 0 {
                b.x = uniform(-100, 400)
                b.width = uniform(0, 300)
            }
            let p = attributes[Int(random.next() % UInt64(attributes.count))]
            let q = attributes[Int(random.next() % UInt64(attributes.count))]
            let op = comparisons[Int(random.next() % UInt64(comparisons.count))]
            let m = [1, 2, 0.5, -1][Int(random.next() % 4)]
            let c = (uniform(-50, 50) * 8).rounded() / 8
            let t = [0, 0.5, 3][Int(random.next() % 3)]
            let frame = Frame(
                scene: "S", generation: 1, seq: 1, time: 0, settled: true, canvas: Size(width: 375, height: 667),
                views: [a, b])
            let source = "a.\(p) \(op) \(m) * b.\(q) + \(c)" + (t > 0 ? " ± \(t)" : "")
            let left = Self.edge(p, a)
            let right = m * Self.edge(q, b) + c
            let tolerance = t > 0 ? t : Assertion.defaultTolerance
            let expected =
                switch op {
                case "==": abs(left - right) <= tolerance
                case "!=": abs(left - right) > tolerance
                case "<=": left <= right + tolerance
                case ">=": left >= right - tolerance
                case "<": left < right + tolerance
                default: left > right - tolerance
                }
            // Away from the boundary, where rounding in either computation could tip it.
            guard abs(abs(left - right) - tolerance) > 1e-9 else { continue }
            let result = try Assertion(source).evaluate(in: frame)
            #expect(result.holds == expected, "\(source): \(left) vs \(right), found \(result.found)")
        }
    }

    @Test("overlaps and inside agree with the intersection of the two rectangles, on 5,000 random pairs")
    func randomRectangles() throws {
        var random = SplitMix(state: 11)
        func coordinate() -> Double { Double(random.next() % 200) }
        for _ in 0..<5000 {
            let a = ViewFrame(
                name: "a", kind: .view, parent: "root", x: coordinate(), y: coordinate(), width: coordinate(),
                height: coordinate())
            let b = ViewFrame(
                name: "b", kind: .view, parent: "root", x: coordinate(), y: coordinate(), width: coordinate(),
                height: coordinate())
            let frame = Frame(
                scene: "S", generation: 1, seq: 1, time: 0, settled: true, canvas: Size(width: 375, height: 667),
                views: [a, b])
            // Brute force on the integer grid: a shared cell [i, i+1) × [j, j+1) means a shared area.
            var shared = false
            for i in Int(max(a.x, b.x))..<Int(max(max(a.x, b.x), min(a.x + a.width, b.x + b.width))) {
                for j in Int(max(a.y, b.y))..<Int(max(max(a.y, b.y), min(a.y + a.height, b.y + b.height))) {
                    _ = (i, j)
                    shared = true
                    break
                }
                if shared { break }
            }
            let inside = a.x >= b.x && a.y >= b.y && a.x + a.width <= b.x + b.width && a.y + a.height <= b.y + b.height
            #expect(try Assertion("a overlaps b").evaluate(in: frame).holds == shared, "\(a.frame) \(b.frame)")
            #expect(try Assertion("a inside b").evaluate(in: frame).holds == inside, "\(a.frame) \(b.frame)")
        }
    }
}

@Suite struct AssertionTrackerTests {
    /// The question sliding right at 100 pt/s from x = 100: frames at 0, 0.1 … 1.0, settled at the last.
    static func slide() -> [Frame] {
        (0...10).map { step in
            let time = Double(step) / 10
            return quizFrame(time: time, questionX: 100 + 100 * time, settled: step == 10)
        }
    }

    @Test("throughout: the first frame that breaks it decides, naming its time")
    func throughout() throws {
        var tracker = AssertionTracker([try Assertion("question.right <= 250")], timing: .throughout)
        var report: AssertionReport? = nil
        for frame in Self.slide() where report == nil { report = try tracker.observe(frame) }
        // right = 100 + 100 t + 102 > 250 first at t = 0.5 (252).
        #expect(report?.failures == ["question.right <= 250 failed at t = 0.5: 252.0 vs 250.0 (off by 2.0)"])
    }

    @Test("throughout: when nothing breaks it until the scene settles, it held at every frame")
    func throughoutHolds() throws {
        var tracker = AssertionTracker([try Assertion("question.top == 120")], timing: .throughout)
        var report: AssertionReport? = nil
        for frame in Self.slide() where report == nil { report = try tracker.observe(frame) }
        #expect(report?.passed == true)
        #expect(report?.successes == ["question.top == 120 held at every frame from t = 0.0 to t = 1.0 (11 frames)"])
    }

    @Test("eventually: passes on the first frame it holds; one that never holds names its closest miss")
    func eventually() throws {
        var tracker = AssertionTracker(
            [try Assertion("question.left >= 150"), try Assertion("question.left == 260 ± 1")], timing: .eventually)
        var report: AssertionReport? = nil
        for frame in Self.slide() where report == nil { report = try tracker.observe(frame) }
        #expect(report?.successes == ["question.left >= 150 held at t = 0.5: 150.0 vs 150.0"])
        #expect(
            report?.failures == [
                "question.left == 260 ± 1 never held from t = 0.0 to t = 1.0 (11 frames); closest at t = 1.0: "
                    + "200.0 vs 260.0 (off by 60.0)"
            ])
    }

    @Test("Frames that stop before the scene settles fail throughout, saying so")
    func timeout() throws {
        var tracker = AssertionTracker([try Assertion("question.top == 120")], timing: .throughout)
        for frame in Self.slide().prefix(3) { #expect(try tracker.observe(frame) == nil) }
        let report = tracker.finish(settled: false)
        #expect(
            report.failures == [
                "question.top == 120 held from t = 0.0 to t = 0.2 (3 frames); the scene still moved at t = 0.2, "
                    + "when the time allowed ran out"
            ])
    }
}
