import SceneLanguage

extension StatementWriter {
    /// `animate keyframes D … { … }`: `UIView.animateKeyframes(withDuration:delay:options:animations:completion:)`,
    /// each keyframe an `UIView.addKeyframe(withRelativeStartTime:relativeDuration:)` in the order written,
    /// the block's other statements between them. `UIView.KeyframeAnimationOptions` has no curve constants
    /// but takes `UIView.AnimationOptions`' curve bits, which UIKit honours, so a curve other than the
    /// default ease-in-out is passed through `rawValue`.
    mutating func writeKeyframes(_ animation: KeyframeAnimation, into code: inout SwiftCode) {
        let options = animation.options
        var flags: [String] = []
        if case .curve(let curve) = options.timing {
            switch curve {
            case .easeInOut: break
            case .easeIn: flags.append(Self.keyframeCurve("curveEaseIn"))
            case .easeOut: flags.append(Self.keyframeCurve("curveEaseOut"))
            case .linear: flags.append(Self.keyframeCurve("curveLinear"))
            case .bezier(let x1, let y1, let x2, let y2):
                let points = [x1, y1, x2, y2].map(SwiftSyntax.number).joined(separator: ", ")
                code.comment(
                    "Not exported: curve bezier(\(points)); UIView.animateKeyframes takes named curves only, "
                        + "so this one runs ease-in-out, UIKit's default.")
            }
        }
        if options.repeatCount != nil { flags.append(".repeat") }
        if options.autoreverses { flags.append(".autoreverse") }
        code.open(
            "UIView.animateKeyframes(withDuration: \(SwiftSyntax.number(options.duration)), "
                + "delay: \(SwiftSyntax.number(options.delay)), options: [\(flags.joined(separator: ", "))]) {")
        if let modifier = repeatModifier(options) {
            code.open(modifier)
            writeSteps(animation.steps, into: &code)
            code.close()
        } else {
            writeSteps(animation.steps, into: &code)
        }
        closeAnimation(completion: animation.completion, into: &code)
    }

    private mutating func writeSteps(_ steps: [KeyframeAnimation.Step], into code: inout SwiftCode) {
        for step in steps {
            switch step {
            case .statement(let statement):
                write([statement], into: &code, inClosure: true)
            case .keyframe(let keyframe):
                code.open(
                    "UIView.addKeyframe(withRelativeStartTime: \(SwiftSyntax.number(keyframe.start.value)), "
                        + "relativeDuration: \(SwiftSyntax.number(keyframe.length.value))) {")
                write(keyframe.body, into: &code, inClosure: true)
                code.close()
            }
        }
    }

    /// A curve option of `UIView.AnimationOptions` as a keyframe animation's option.
    private static func keyframeCurve(_ name: String) -> String {
        "UIView.KeyframeAnimationOptions(rawValue: UIView.AnimationOptions.\(name).rawValue)"
    }
}
