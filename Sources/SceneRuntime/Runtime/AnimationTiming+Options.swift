import Animation
import SceneLanguage

extension AnimationTiming {
    /// The timing that a block's options (`animate 0.5 delay 0.1 curve linear repeat 3 autoreverse`) give.
    init(_ options: AnimationOptions) {
        let function = TimingFunction(options.timing, duration: options.duration)
        let repeatCount: Double =
            switch options.repeatCount {
            case nil: 1
            case .count(let count)?: count
            case .forever?: .infinity
            }
        self.init(
            duration: options.duration, delay: options.delay, function: function, repeatCount: repeatCount,
            autoreverses: options.autoreverses)
    }
}

extension TimingFunction {
    /// The timing function of a block's `curve` or `spring` option, for its duration.
    init(_ timing: TimingCurve, duration: Double) {
        switch timing {
        case .curve(let curve):
            let (x1, y1, x2, y2) = curve.controlPoints
            self = .bezier(CubicBezier(x1, y1, x2, y2))
        case .spring(let damping, let velocity):
            self = .spring(Spring(dampingRatio: damping, initialVelocity: velocity, duration: duration))
        }
    }
}
