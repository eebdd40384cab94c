import PlaygroundProtocol
import SceneLanguage
import SceneRuntime
import TestSupport
import Testing

/// Random `fill` stacks against frames computed by plain arithmetic, an
/// oracle that knows nothing of constraints: along the axis each visible view
/// at its intrinsic size, the spacing (or its custom spacing) after each
/// visible view, a hidden view flush and 0 long; across the axis every view
/// as wide as the widest (alignment `fill`) or at its own size, placed by the
/// alignment; the margins around; right to left mirrored.
@Suite struct StackOracleTests {
    struct Case {
        var horizontal: Bool
        var rightToLeft: Bool
        var alignment: String
        var spacing: Double
        var margins: Insets?
        var sizes: [(along: Double, across: Double)]
        var hidden: [Bool]
        var custom: [Int: Double]
        var origin: (x: Double, y: Double)

        static let canvasWidth = 375.0

        var text: String {
            var lines = [
                "canvas \(Self.canvasWidth) x 667" + (rightToLeft ? " rtl" : ""),
                "stack s \(horizontal ? "horizontal" : "vertical") spacing \(spacing) alignment \(alignment)"
                    + (margins.map { " margins \($0.top) \($0.leading) \($0.bottom) \($0.trailing)" } ?? "") + " {",
            ]
            for (i, size) in sizes.enumerated() {
                let (w, h) = horizontal ? (size.along, size.across) : (size.across, size.along)
                lines.append("  view v\(i) size \(w) x \(h)" + (hidden[i] ? " hidden" : ""))
            }
            lines.append("}")
            lines.append("s.leading == root.leading + \(origin.x)")
            lines.append("s.top == root.top + \(origin.y)")
            for (i, value) in custom.sorted(by: { $0.key < $1.key }) {
                lines.append("s.spacing after v\(i) = \(value)")
            }
            return lines.joined(separator: "\n")
        }

        /// Every frame, by name, worked out without constraints.
        var expected: [String: Rect] {
            let m = margins ?? .zero
            let (alongLead, alongTrail) = horizontal ? (m.leading, m.trailing) : (m.top, m.bottom)
            let (acrossLead, acrossTrail) = horizontal ? (m.top, m.bottom) : (m.leading, m.trailing)
            var along: [(position: Double, length: Double)] = []
            var position = alongLead
            var previousVisible: Int? = nil
            for (i, size) in sizes.enumerated() {
                if hidden[i] {
                    along.append((position, 0))
                    continue
                }
                if let previous = previousVisible { position += custom[previous] ?? spacing }
                along.append((position, size.along))
                position += size.along
                previousVisible = i
            }
            let stackAlong = position + alongTrail
            let widest = sizes.map(\.across).max() ?? 0
            let stackAcross = widest + acrossLead + acrossTrail
            var frames: [String: Rect] = [:]
            /// A rectangle in the stack's own axes, from its leading (or top) corner, placed on the canvas.
            func place(_ alongPosition: Double, _ length: Double, _ acrossPosition: Double, _ breadth: Double) -> Rect {
                // x measured from the stack's leading edge, which is on the right when right to left.
                let (leadX, y, width, height) =
                    horizontal
                    ? (alongPosition, acrossPosition, length, breadth)
                    : (acrossPosition, alongPosition, breadth, length)
                let x = rightToLeft ? Self.canvasWidth - origin.x - leadX - width : origin.x + leadX
                return Rect(x: x, y: origin.y + y, width: width, height: height)
            }
            frames["s"] = place(0, stackAlong, 0, stackAcross)
            for (i, size) in sizes.enumerated() {
                let breadth = alignment == "fill" ? widest : size.across
                let offset: Double =
                    switch alignment {
                    case "center": (widest - breadth) / 2
                    case "trailing", "bottom": widest - breadth
                    default: 0
                    }
                frames["v\(i)"] = place(along[i].position, along[i].length, acrossLead + offset, breadth)
            }
            return frames
        }
    }

    static func randomCase(_ rng: inout SplitMix) -> Case {
        let horizontal = Bool.random(using: &rng)
        let count = Int.random(in: 1...5, using: &rng)
        let alignments = horizontal ? ["fill", "top", "center", "bottom"] : ["fill", "leading", "center", "trailing"]
        let sizes = (0..<count).map { _ in
            (along: Double(Int.random(in: 1...60, using: &rng)), across: Double(Int.random(in: 1...60, using: &rng)))
        }
        var custom: [Int: Double] = [:]
        for i in 0..<count where Int.random(in: 0..<4, using: &rng) == 0 {
            custom[i] = Double(Int.random(in: 0...30, using: &rng))
        }
        let margins: Insets? =
            Bool.random(using: &rng)
            ? Insets(
                top: Double(Int.random(in: 0...12, using: &rng)), leading: Double(Int.random(in: 0...12, using: &rng)),
                bottom: Double(Int.random(in: 0...12, using: &rng)),
                trailing: Double(Int.random(in: 0...12, using: &rng))) : nil
        return Case(
            horizontal: horizontal, rightToLeft: Int.random(in: 0..<4, using: &rng) == 0,
            alignment: alignments.randomElement(using: &rng)!, spacing: Double(Int.random(in: 0...20, using: &rng)),
            margins: margins, sizes: sizes, hidden: (0..<count).map { _ in Int.random(in: 0..<3, using: &rng) == 0 },
            custom: custom,
            origin: (Double(Int.random(in: 0...100, using: &rng)), Double(Int.random(in: 0...100, using: &rng))))
    }

    @Test("300 random fill stacks match the arithmetic to 1e-9")
    func randomStacks() {
        var rng = SplitMix(state: 0x57AC_C0DE)
        for _ in 0..<300 {
            let stack = Self.randomCase(&rng)
            let laid = Laid(stack.text)
            guard laid.rendered.isEmpty else {
                Issue.record("diagnostics for\n\(stack.text)\n\(laid.rendered)")
                continue
            }
            for (name, frame) in stack.expected {
                let actual = laid.frame(name)
                let close = [
                    (actual.x, frame.x), (actual.y, frame.y), (actual.width, frame.width),
                    (actual.height, frame.height),
                ].allSatisfy { abs($0.0 - $0.1) <= 1e-9 }
                if !close {
                    Issue.record("\(name): \(actual), expected \(frame), in\n\(stack.text)")
                    break
                }
            }
        }
    }
}
