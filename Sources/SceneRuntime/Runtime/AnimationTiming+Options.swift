import Animation
import SceneLanguage

extension AnimationTiming {
    /// The timing that a block's options (`animate 0.5 delay 0.1 curve linear repeat 3 autoreverse`) give.
    init(_ options: AnimationOptions) {
        let function: TimingFunction =
            switch options.timing {
            case .curve(let curve):
                .bezier(
                    CubicBezier(
                        curve.controlPoints.0, curve.controlPoints.1, curve.controlPoints.2, curve.controlPoints.3))
            case .spring(let damping, let velocity):
                .spring(Spring(dampingRatio: damping, initialVelocity: velocity, duration: options.duration))
            }
        let repeatCount: Double =
            switch options.repeatCount {
            case nil: 1
            // Core Animation plays an animation whose repeatCount is 0 once.
            case .count(let count)?: count == 0 ? 1 : count
            case .forever?: .infinity
            }
        self.init(
            duration: options.duration, delay: options.delay, function: function, repeatCount: repeatCount,
            autoreverses: options.autoreverses)
    }
}
