import LayoutValues
import PlaygroundProtocol

/// What a condition found on a frame, before it becomes an ``AssertionResult``.
struct Outcome {
    var holds: Bool
    var found: String
    var miss: Double?
}

/// A frame's views by name, for checking names and reading values.
/// `root` is the canvas: origin 0, the canvas's size, alpha 1.
struct FrameLookup {
    let frame: Frame
    let source: String
    private let views: [String: ViewFrame]

    init(_ frame: Frame, source: String) {
        self.frame = frame
        self.source = source
        var views: [String: ViewFrame] = [:]
        for view in frame.views where views[view.name] == nil { views[view.name] = view }
        self.views = views
    }

    // MARK: Names

    /// Throws for the first name that is neither a view, a guide nor `root`.
    func check(_ condition: Condition) throws(AssertionError) {
        for view in condition.views where view.name != "root" && views[view.name] == nil {
            let names = ["root"] + frame.views.map(\.name)
            let suggestion = nearestName(to: view.name, among: names).map { "; did you mean '\($0)'?" } ?? ""
            let scene = frame.scene.isEmpty ? "the scene" : "'\(frame.scene)'"
            throw AssertionError(
                "\(scene) has no view or guide named '\(view.name.prefix(40))'\(suggestion)", source: source,
                range: view.range)
        }
    }

    private func rect(_ view: ViewName) -> Rect {
        views[view.name]?.frame ?? Rect(x: 0, y: 0, width: frame.canvas.width, height: frame.canvas.height)
    }

    // MARK: Values

    private enum Value {
        case number(Double)
        case text(String?)
    }

    private func value(_ operand: Operand) -> Value {
        switch operand {
        case .number(let number): return .number(number)
        case .text(let text): return .text(text)
        case .property(let view, .text): return .text(views[view.name]?.text)
        case .property(let view, let property): return .number(number(property, of: view))
        case .negated(let inner): return .number(-numeric(inner))
        case .arithmetic(let left, let op, let right):
            let (a, b) = (numeric(left), numeric(right))
            switch op {
            case .plus: return .number(a + b)
            case .minus: return .number(a - b)
            case .times: return .number(a * b)
            case .divided: return .number(a / b)
            }
        }
    }

    private func numeric(_ operand: Operand) -> Double {
        if case .number(let number) = value(operand) { return number }
        return .nan
    }

    private func number(_ property: Property, of view: ViewName) -> Double {
        let frame = rect(view)
        switch property {
        case .left, .leading, .minX, .x: return frame.minX
        case .right, .trailing, .maxX: return frame.maxX
        case .top, .minY, .y: return frame.minY
        case .bottom, .maxY: return frame.maxY
        case .centerX, .midX: return frame.midX
        case .centerY, .midY: return frame.midY
        case .width: return frame.width
        case .height: return frame.height
        case .alpha: return views[view.name]?.alpha ?? 1
        case .text: return .nan
        }
    }

    // MARK: Conditions

    func evaluate(_ condition: Condition) -> Outcome {
        switch condition {
        case .compare(let left, let comparison, let right, let tolerance):
            return compare(value(left), comparison, value(right), tolerance: tolerance ?? Assertion.defaultTolerance)
        case .state(let view, let state):
            return self.state(view, state)
        case .pair(let view, .inside, let other, let tolerance):
            return inside(view, other, tolerance: tolerance ?? Assertion.defaultTolerance)
        case .pair(let view, .overlaps, let other, let tolerance):
            return overlaps(view, other, tolerance: tolerance ?? Assertion.defaultTolerance)
        case .not(let inner):
            let outcome = evaluate(inner)
            return Outcome(holds: !outcome.holds, found: outcome.found, miss: outcome.holds ? nil : 0)
        }
    }

    private func compare(_ left: Value, _ comparison: Comparison, _ right: Value, tolerance: Double) -> Outcome {
        switch (left, right) {
        case (.text(let a), .text(let b)):
            let equal = a == b
            let holds = comparison == .equal ? equal : !equal
            return Outcome(holds: holds, found: "\(quotedText(a)) vs \(quotedText(b))", miss: nil)
        case (.number(let a), .number(let b)):
            let difference = a - b
            let holds: Bool
            let miss: Double
            switch comparison {
            case .equal:
                holds = abs(difference) <= tolerance
                miss = max(0, abs(difference) - tolerance)
            case .notEqual:
                holds = abs(difference) > tolerance
                miss = holds ? 0 : tolerance - abs(difference)
            case .lessOrEqual:
                holds = difference <= tolerance
                miss = max(0, difference - tolerance)
            case .less:
                holds = difference < tolerance
                miss = max(0, difference - tolerance)
            case .greaterOrEqual:
                holds = -difference <= tolerance
                miss = max(0, -difference - tolerance)
            case .greater:
                holds = -difference < tolerance
                miss = max(0, -difference - tolerance)
            }
            guard a.isFinite, b.isFinite else {
                return Outcome(
                    holds: false, found: "\(formatted(a)) vs \(formatted(b)) (not a finite number)", miss: nil)
            }
            var found = "\(formatted(a)) vs \(formatted(b))"
            if comparison == .notEqual && !holds {
                found += " (equal within \(formatted(tolerance)))"
            } else if !holds || (comparison == .equal && abs(difference) >= 0.0005) {
                found += " (off by \(formatted(abs(difference))))"
            }
            return Outcome(holds: holds, found: found, miss: miss)
        default:
            return Outcome(holds: false, found: "text compared with a number", miss: nil)
        }
    }

    private func state(_ view: ViewName, _ state: ViewState) -> Outcome {
        let frame = rect(view)
        switch state {
        case .visible, .hidden:
            let alpha = views[view.name]?.alpha ?? 1
            let hidden = views[view.name]?.hidden ?? false
            let visible = !hidden && alpha > 0.01
            let found = hidden ? "it is hidden (alpha \(formatted(alpha)))" : "its alpha is \(formatted(alpha))"
            return Outcome(holds: state == .visible ? visible : !visible, found: found, miss: nil)
        case .onscreen, .offscreen:
            let gap = frame.offCanvas(self.frame.canvas)
            let found: String
            if let gap {
                let distance = gap.distance < 0.0005 ? "just" : formatted(gap.distance)
                found = "its frame \(describe(frame)) is \(distance) \(gap.side) the canvas"
            } else {
                found =
                    "its frame \(describe(frame)) is on the canvas (\(formatted(self.frame.canvas.width)) × \(formatted(self.frame.canvas.height)))"
            }
            let onscreen = gap == nil
            return Outcome(holds: state == .onscreen ? onscreen : !onscreen, found: found, miss: nil)
        }
    }

    private func inside(_ view: ViewName, _ other: ViewName, tolerance: Double) -> Outcome {
        let (inner, outer) = (rect(view), rect(other))
        let overhangs = [
            ("left", outer.minX - inner.minX, inner.minX, outer.minX),
            ("right", inner.maxX - outer.maxX, inner.maxX, outer.maxX),
            ("top", outer.minY - inner.minY, inner.minY, outer.minY),
            ("bottom", inner.maxY - outer.maxY, inner.maxY, outer.maxY),
        ]
        let beyond = overhangs.filter { $0.1 > tolerance }
        guard let worst = beyond.max(by: { $0.1 < $1.1 }) else {
            return Outcome(holds: true, found: "\(describe(inner)) is inside \(describe(outer))", miss: 0)
        }
        let more = beyond.count > 1 ? " (and \(beyond.count - 1) more edge\(beyond.count > 2 ? "s" : ""))" : ""
        let found =
            "its \(worst.0) edge \(formatted(worst.2)) is \(formatted(worst.1)) past \(other.name.prefix(40))'s, \(formatted(worst.3))\(more)"
        return Outcome(holds: false, found: found, miss: worst.1 - tolerance)
    }

    private func overlaps(_ view: ViewName, _ other: ViewName, tolerance: Double) -> Outcome {
        let (a, b) = (rect(view), rect(other))
        let across = min(a.maxX, b.maxX) - max(a.minX, b.minX)
        let down = min(a.maxY, b.maxY) - max(a.minY, b.minY)
        if across > tolerance && down > tolerance {
            return Outcome(holds: true, found: "they overlap by \(formatted(across)) × \(formatted(down))", miss: 0)
        }
        let found: String
        if across <= tolerance && down <= tolerance {
            found = "they are \(formatted(-across)) apart across and \(formatted(-down)) apart down"
        } else if across <= tolerance {
            found = across < 0 ? "they are \(formatted(-across)) apart across" : "they meet at an edge, side by side"
        } else {
            found = down < 0 ? "they are \(formatted(-down)) apart down" : "they meet at an edge, one above the other"
        }
        return Outcome(holds: false, found: found, miss: tolerance - min(across, down))
    }
}

/// `(x, y, width, height)` in a message.
func describe(_ rect: Rect) -> String {
    "(\(formatted(rect.x)), \(formatted(rect.y)), \(formatted(rect.width)), \(formatted(rect.height)))"
}

/// A label's text in a message: quoted and cut, control characters escaped; "no text" for none.
func quotedText(_ text: String?) -> String {
    guard let text else { return "no text" }
    let cut = text.count > 60 ? String(text.prefix(60)) + "…" : text
    return "\"" + escapedForDisplay(cut) + "\""
}

extension Rect {
    /// How far off a canvas of `size` at the origin the rectangle is, and on
    /// which side; nil when some of it is on the canvas (a frame of zero
    /// width or height counts when it lies within, edges included).
    func offCanvas(_ size: Size) -> (distance: Double, side: String)? {
        var gaps: [(Double, String)] = []
        if minX >= size.width && width > 0 || minX > size.width { gaps.append((minX - size.width, "right of")) }
        if maxX <= 0 && width > 0 || maxX < 0 { gaps.append((-maxX, "left of")) }
        if minY >= size.height && height > 0 || minY > size.height { gaps.append((minY - size.height, "below")) }
        if maxY <= 0 && height > 0 || maxY < 0 { gaps.append((-maxY, "above")) }
        guard let widest = gaps.max(by: { $0.0 < $1.0 }) else { return nil }
        return (widest.0, widest.1)
    }
}
