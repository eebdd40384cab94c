import Foundation
import PlaygroundProtocol

/// Synthetic frames for the plot's tests: a scene sampled at given times.
enum Frames {
    /// A view in a frame with only what the plot reads set.
    static func view(
        _ name: String, x: Double = 0, y: Double = 0, alpha: Double = 1, kind: ViewKind = .view
    ) -> ViewFrame {
        ViewFrame(name: name, kind: kind, parent: "root", x: x, y: y, width: 40, height: 20, alpha: alpha)
    }

    /// A frame at `time` holding `views`.
    static func frame(at time: Double, seq: Int = 0, _ views: [ViewFrame]) -> Frame {
        Frame(
            scene: "Test", generation: 1, seq: seq, time: time, settled: false,
            canvas: Size(width: 375, height: 667), views: views)
    }

    /// Frames at `count` evenly spaced times from 0 to `duration`, each made by `views` from its time.
    static func sampled(count: Int, over duration: Double, _ views: (Double) -> [ViewFrame]) -> [Frame] {
        (0..<count).map { index in
            let time = count > 1 ? duration * Double(index) / Double(count - 1) : 0
            return frame(at: time, seq: index, views(time))
        }
    }

    /// An underdamped spring's progress from 0 towards 1 (by default damping ratio 0.4, settling in about a
    /// second): it passes 1 and comes back.
    static func spring(_ time: Double, damping ratio: Double = 0.4) -> Double {
        let frequency = 14.0
        let damped = frequency * (1 - ratio * ratio).squareRoot()
        let envelope = exp(-ratio * frequency * time)
        return 1 - envelope * (cos(damped * time) + ratio * frequency / damped * sin(damped * time))
    }
}
