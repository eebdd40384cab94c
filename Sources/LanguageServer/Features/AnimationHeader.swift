import Animation
import LayoutValues
import SceneLanguage

/// The options of an `animate`, `animate keyframes`, `animator` or `reload`
/// line, found by where they are written, and what they make of time: the
/// hover of an animation header.
struct AnimationHeader {
    /// What the header is: `animate`, `animator 'titleIn'`, `reload`.
    var title: String
    var options: AnimationOptions
    /// From the keyword to the end of the options.
    var range: SourceRange

    /// The fractions of the duration at which the hover gives the progress.
    static let fractions = [0.1, 0.25, 0.5, 0.75, 0.9]

    /// The header under an offset, in the scene's settings, top-level animators, actions and `on load`.
    static func find(at offset: Int, in scene: Scene) -> AnimationHeader? {
        all(in: scene).first { $0.range.start <= offset && offset <= $0.range.end }
    }

    /// The header of the animator of this name: the top-level declaration, else the first that an action makes.
    static func animator(named name: String, in scene: Scene) -> AnimationHeader? {
        all(in: scene).first { $0.title == "animator `\(name)`" }
    }

    /// Every header of the scene, in no particular order.
    static func all(in scene: Scene) -> [AnimationHeader] {
        var found: [AnimationHeader] = []
        if let reload = scene.reloadTransition, let written = scene.settingRanges[.reload] {
            found.append(AnimationHeader(title: "reload", options: reload, range: written.union(reload.range)))
        }
        func animator(_ declaration: AnimatorDeclaration) {
            found.append(
                AnimationHeader(
                    title: "animator `\(declaration.name.name)`", options: declaration.options,
                    range: declaration.range.prefix(upTo: declaration.options.range)))
            walk(declaration.body)
            declaration.allCompletions.forEach(walk)
        }
        func walk(_ statements: [Statement]) {
            for statement in statements {
                switch statement.kind {
                case .animate(let options, let body, let completion):
                    found.append(
                        AnimationHeader(
                            title: "animate", options: options,
                            range: statement.range.prefix(upTo: options.range)))
                    walk(body)
                    walk(completion ?? [])
                case .animateKeyframes(let keyframes):
                    found.append(
                        AnimationHeader(
                            title: "animate keyframes", options: keyframes.options,
                            range: statement.range.prefix(upTo: keyframes.options.range)))
                    walk(keyframes.blockStatements)
                    walk(keyframes.completion ?? [])
                case .animator(let declaration):
                    animator(declaration)
                default:
                    continue
                }
            }
        }
        scene.animators.forEach(animator)
        for action in scene.actions { walk(action.body) }
        walk(scene.onLoad?.body ?? [])
        return found
    }

    /// The header in Markdown: the options in words, then the progress at a few fractions of the duration, or a
    /// spring's constants and settling.
    var markdown: String {
        var lines: [String] = []
        var summary = "**\(title)** \(format(options.duration)) s"
        if options.delay > 0 { summary += ", after \(format(options.delay)) s" }
        switch options.repeatCount {
        case .count(let count)?: summary += ", \(format(count)) times"
        case .forever?: summary += ", repeating forever"
        case nil: break
        }
        if options.autoreverses { summary += ", out and back" }
        lines.append(summary)
        let function: TimingFunction
        switch options.timing {
        case .curve(let curve):
            let (x1, y1, x2, y2) = curve.controlPoints
            lines.append(
                "curve: \(Self.name(of: curve)), cubic-bezier(\([x1, y1, x2, y2].map(format).joined(separator: ", ")))")
            function = .bezier(CubicBezier(x1, y1, x2, y2))
        case .spring(let damping, let velocity):
            let spring = Spring(dampingRatio: damping, initialVelocity: velocity, duration: options.duration)
            lines.append(
                "spring: damping ratio \(format(spring.dampingRatio)), initial velocity \(format(spring.initialVelocity))"
                    + "; ω₀ \(points(spring.naturalFrequency)) rad/s, stiffness \(points(spring.stiffness)), "
                    + "damping \(points(spring.damping))")
            lines.append(
                "settles at \(format(spring.duration)) s (its envelope within 0.1 % of the target), "
                    + Self.overshoot(of: spring))
            function = .spring(spring)
        }
        var table = ["| time | progress |", "|---|---|"]
        for fraction in Self.fractions {
            let time = fraction * options.duration
            table.append(
                "| \(points(time)) s (\(format(fraction * 100)) %) | \(Self.progress(function, time, options.duration)) |"
            )
        }
        return lines.joined(separator: "  \n") + "\n\n" + table.joined(separator: "\n")
    }

    private static func name(of curve: Curve) -> String {
        switch curve {
        case .easeInOut: "easeInOut"
        case .easeIn: "easeIn"
        case .easeOut: "easeOut"
        case .linear: "linear"
        case .bezier: "bezier"
        }
    }

    /// The progress of one run at a time, to 3 decimals.
    private static func progress(_ function: TimingFunction, _ time: Double, _ duration: Double) -> String {
        let timing = AnimationTiming(duration: duration, delay: 0, function: function)
        return points(timing.progress(at: time))
    }

    /// A spring's largest overshoot, sampled at 200 points of its duration.
    private static func overshoot(of spring: Spring) -> String {
        var peak = (value: 1.0, time: 0.0)
        for step in 1...200 {
            let time = spring.duration * Double(step) / 200
            let value = spring.value(at: time)
            if value > peak.value { peak = (value, time) }
        }
        guard peak.value > 1 + 1e-4 else { return "no overshoot" }
        return "overshoots to \(points(peak.value)) at \(points(peak.time)) s"
    }
}

extension SourceRange {
    /// From this range's start to the end of `options`: a header without its block.
    fileprivate func prefix(upTo options: SourceRange) -> SourceRange {
        SourceRange(start: start, end: max(start, options.end), in: file)
    }
}
