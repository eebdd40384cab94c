import PlaygroundProtocol
import Testing

/// Delta frames: a frame as the views that changed since a base, which the base and the delta rebuild exactly,
/// through their JSON as a client reads them.
@Suite struct FrameDeltaTests {
    /// A deterministic generator, so that a failure names its seed.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 11
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    }

    static func view(_ name: String, _ random: inout Generator) -> ViewFrame {
        ViewFrame(
            name: name, kind: random.chance(50) ? .label : .view, parent: "root", x: Double(random.below(400)),
            y: Double(random.below(800)), width: Double(random.below(100)), height: Double(random.below(50)),
            alpha: Double(random.below(11)) / 10, text: random.chance(30) ? "t\(random.below(5))" : nil,
            color: random.chance(30) ? Color(rgb: UInt32(random.below(0xFFFFFF))) : nil, hidden: random.chance(10),
            lines: random.chance(10) ? ["a", "b…"] : nil,
            transform: random.chance(10) ? AffineTransform2D(a: 1, b: 0.5, c: -0.5, d: 1, tx: 3, ty: -2) : nil,
            textColor: random.chance(10) ? Color(rgb: 0x336699) : nil)
    }

    /// A frame, then the next: each view kept, changed in one field, or dropped; a few added.
    static func pair(seed: UInt64) -> (Frame, Frame) {
        var random = Generator(state: seed)
        let names = (0..<random.below(40)).map { "v\($0)" }
        let before = names.map { view($0, &random) }
        var after: [ViewFrame] = []
        for var view in before {
            switch random.below(10) {
            case 0: continue
            case 1, 2: view.x += 1
            case 3: view.alpha = 1 - view.alpha
            case 4: view.text = (view.text ?? "") + "!"
            case 5: view.textColor = view.textColor == nil ? Color(rgb: 0xFF0000) : nil
            default: break
            }
            after.append(view)
        }
        for extra in 0..<random.below(3) { after.append(view("new\(extra)", &random)) }
        let base = Frame(
            scene: "S", generation: 3, seq: 10, time: 1, settled: false, canvas: Size(width: 375, height: 667),
            views: before)
        let next = Frame(
            scene: "S", generation: 3, seq: 12, time: 1.1, settled: random.chance(50),
            canvas: Size(width: 375, height: 667), views: after)
        return (base, next)
    }

    static func decoded(_ frame: Frame) throws -> Frame? {
        guard case .event(.frame(let read)) = try ServerMessage.decode(Array(frame.json.utf8)) else { return nil }
        return read
    }

    @Test("A delta through its JSON rebuilds the next frame from the base, for 500 random pairs")
    func rebuilds() throws {
        for seed in 1...500 as ClosedRange<UInt64> {
            let (base, next) = Self.pair(seed: seed)
            let delta = next.delta(from: base)
            #expect(delta.delta?.base == 10)
            #expect(delta.views.count <= next.views.count)
            // As a client reads them: the base whole, then the delta; what it rebuilds is what the next frame
            // whole would have given it (numbers as JSON writes them). Views kept stay in place; added ones come
            // last, as the next frame has them.
            let read = try #require(try Self.decoded(delta), "seed \(seed)")
            let wholeBase = try #require(try Self.decoded(base))
            let rebuilt = try #require(wholeBase.applying(read), "seed \(seed)")
            #expect(rebuilt == (try Self.decoded(next)), "seed \(seed)")
        }
    }

    @Test("A frame encoded from the one before, its unchanged views copied, is the same JSON as written afresh")
    func encodedReusing() {
        for seed in 1...500 as ClosedRange<UInt64> {
            let (base, next) = Self.pair(seed: seed)
            let before = base.encoded(reusing: nil)
            #expect(before.bytes == Array(base.json.utf8), "seed \(seed)")
            // Kept, changed, dropped (so later views sit one place earlier) and added views, in one frame.
            #expect(next.encoded(reusing: before).bytes == Array(next.json.utf8), "seed \(seed)")
            // Of another generation, as a reload's first frame is, and a chain of three.
            var reloaded = next
            reloaded.generation += 1
            let again = reloaded.encoded(reusing: next.encoded(reusing: before))
            #expect(again.bytes == Array(reloaded.json.utf8), "seed \(seed)")
            #expect(base.encoded(reusing: again).bytes == before.bytes, "seed \(seed)")
        }
    }

    @Test("Unchanged views are left out; gone ones are named; a delta of another base or generation is refused")
    func contents() throws {
        let a = ViewFrame(name: "a", kind: .view, parent: "root", x: 0, y: 0, width: 10, height: 10)
        let b = ViewFrame(name: "b", kind: .view, parent: "root", x: 20, y: 0, width: 10, height: 10)
        var moved = b
        moved.x = 25
        let base = Frame(
            scene: "S", generation: 1, seq: 4, time: 0, settled: true, canvas: Size(width: 100, height: 100),
            views: [a, b])
        let next = Frame(
            scene: "S", generation: 1, seq: 5, time: 0.1, settled: false, canvas: Size(width: 100, height: 100),
            views: [moved])
        let delta = next.delta(from: base)
        #expect(delta.views == [moved] && delta.delta == FrameDelta(base: 4, gone: ["a"]))
        #expect(delta.json.contains(#""delta":{"base":4,"gone":["a"]},"views":[{"name":"b""#), "\(delta.json)")
        var otherBase = base
        otherBase.seq = 3
        #expect(otherBase.applying(delta) == nil)
        var otherGeneration = base
        otherGeneration.generation = 2
        #expect(otherGeneration.applying(delta) == nil)
        #expect(base.applying(next) == next, "a whole frame replaces the base")
    }

    @Test("The in-place comparison the daemon diffs with agrees with ==, one field changed at a time")
    func inPlaceComparison() {
        var random = Generator(state: 7)
        for _ in 0..<300 {
            let view = Self.view("v", &random)
            var variants: [ViewFrame] = []
            for field in 0..<15 {
                var changed = view
                switch field {
                case 0: changed.name += "x"
                case 1: changed.kind = view.kind == .label ? .button : .label
                case 2: changed.parent += "x"
                case 3: changed.x += 1
                case 4: changed.y += 1
                case 5: changed.width += 1
                case 6: changed.height += 1
                case 7: changed.alpha += 0.5
                case 8: changed.text = (view.text ?? "") + "x"
                case 9: changed.font = (view.font ?? 17) + 1
                case 10: changed.color = Color(rgb: 0x010203)
                case 11: changed.hidden.toggle()
                case 12: changed.lines = ["other"]
                case 13: changed.transform = AffineTransform2D(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: 0)
                default: changed.textColor = Color(rgb: 0x040506)
                }
                variants.append(changed)
            }
            for other in variants + [view] {
                #expect(ViewFrame.sameViews([view], [other]) == (view == other), "\(view) and \(other)")
            }
        }
    }
}
