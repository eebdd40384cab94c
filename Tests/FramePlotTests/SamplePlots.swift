import Foundation
import FramePlot
import PlaygroundProtocol
import Testing

/// Sample plots written to a folder for a person to look at (render them with `rsvg-convert`), when
/// `FRAMEPLOT_SAMPLES` names one. Skipped otherwise.
@Suite(
    .enabled(
        if: ProcessInfo.processInfo.environment["FRAMEPLOT_SAMPLES"] != nil,
        "opt-in: writes sample plots for a person to look at when FRAMEPLOT_SAMPLES names a folder"))
struct SamplePlots {
    static let samples: [(name: String, title: String, frames: [Frame])] = [
        (
            "spring-crossfade", "Quiz: reveal (spring damping 0.4, cross-fade)",
            Frames.sampled(count: 61, over: 1) { time in
                let ease = time * time * (3 - 2 * time)
                return [
                    Frames.view("card", x: -180 + 360 * Frames.spring(time), y: 120),
                    Frames.view("question", x: 24, y: 80 + 40 * ease, alpha: 1 - ease),
                    Frames.view("answer", x: 24, y: 80, alpha: ease),
                    Frames.view("background", x: 0, y: 0),
                ]
            }
        ),
        (
            "many-views", "Grid: 3,000 cells slide in",
            Frames.sampled(count: 31, over: 0.5) { time in
                (0..<3000).map { Frames.view("cell\($0)", x: Double($0 % 50) * 8 * time, y: Double($0 / 50) * 12) }
            }
        ),
        (
            "damping-table", "Springs: damping 0.2 to 0.9, alpha overshooting too",
            Frames.sampled(count: 91, over: 1.5) { time in
                [0.2, 0.3, 0.45, 0.6, 0.75, 0.9].map { ratio in
                    let progress = Frames.spring(time, damping: ratio)
                    return Frames.view("damping \(ratio)", x: 300 * progress, y: 40, alpha: 0.2 + 0.8 * progress)
                }
            }
        ),
        (
            "long-recording", "Ten seconds at 1 kHz: a shake",
            Frames.sampled(count: 10_001, over: 10) { time in
                [Frames.view("shaker", x: 8 * sin(time * 60) * exp(-time / 3), y: 1e7 * time)]
            }
        ),
        ("nothing", "Static scene", Frames.sampled(count: 10, over: 0.15) { _ in [Frames.view("card", x: 3)] }),
        (
            "gaps", "Reload: <old> & \"new\" views",
            Frames.sampled(count: 41, over: 0.4) { time in
                var views = [Frames.view("stays", x: 10 + 100 * time, y: 5)]
                if time < 0.25 { views.append(Frames.view("leaving-view-with-a-very-long-name", alpha: 1 - 4 * time)) }
                if time > 0.1 { views.append(Frames.view("arriving", y: 300 - 600 * time, alpha: min(1, time * 3))) }
                if abs(time - 0.2) < 0.03 { views[0].x = .nan }
                return views
            }
        ),
    ]

    @Test("Sample plots are written for a look")
    func write() throws {
        let folder = URL(fileURLWithPath: ProcessInfo.processInfo.environment["FRAMEPLOT_SAMPLES"] ?? "/tmp")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for sample in Self.samples {
            let svg = FramePlot.svg(sample.frames, title: sample.title)
            try svg.write(to: folder.appendingPathComponent("\(sample.name).svg"), atomically: true, encoding: .utf8)
        }
    }
}
