public import PlaygroundProtocol
import SceneLanguage

extension LoadedScene {
    /// What is on screen now: the model plus every running animation's
    /// share, views in declaration order under the names they go by now,
    /// then the views a reload removed, still fading out. Positions and
    /// sizes may overshoot with a spring; alpha is shown clamped into 0…1,
    /// as a renderer draws it.
    public func presentationFrame(seq: Int = 0) -> Frame {
        frame(from: presentationValues(), seq: seq, withGhosts: true)
    }

    /// Every view's channels as shown now (``Channel``): the model plus
    /// every running animation's share, unclamped.
    func presentationValues() -> [Double] {
        var values = model
        for group in groups {
            let weight = 1 - group.progress
            guard weight != 0 else { continue }
            for k in group.channels.indices {
                values[group.channels[k]] += group.deltas[k] * weight
            }
        }
        return values
    }

    /// A view's colour as shown with these channel values: its model colour (`modelColor`, its state's),
    /// or the blend an animation of it has reached.
    func shownColor(ofView index: Int, in values: [Double], modelColor: Color?) -> Color? {
        guard let modelColor else { return nil }
        let red = Channel.red.index(ofView: index)
        let green = Channel.green.index(ofView: index)
        let blue = Channel.blue.index(ofView: index)
        let animating = values[red] != model[red] || values[green] != model[green] || values[blue] != model[blue]
        return modelColor.isClear || !animating ? modelColor : Color(channels: values[red], values[green], values[blue])
    }

    /// A view's transform as shown with these channel values: its model
    /// transform (`modelTransform`, its state's), or the parts an animation of it has reached put together;
    /// nil for the identity.
    func shownTransform(ofView index: Int, in values: [Double], modelTransform: AffineTransform2D)
        -> AffineTransform2D?
    {
        // The transform's channels are contiguous; checked without allocating, as this runs for every view of
        // every frame.
        let first = Channel.translateX.index(ofView: index)
        let range = first..<(first + Channel.transform.count)
        var animating = false
        for channel in range where values[channel] != model[channel] {
            animating = true
            break
        }
        let shown =
            animating ? AffineTransform2D.Parts(values: Array(values[range])).transform : modelTransform
        return shown.isIdentity ? nil : shown
    }

    /// What the model says now: no animation's share.
    public func modelFrame(seq: Int = 0) -> Frame {
        frame(from: model, seq: seq, withGhosts: false)
    }

    private func frame(from values: [Double], seq: Int, withGhosts: Bool) -> Frame {
        var views: [ViewFrame] = []
        views.reserveCapacity(scene.views.count + ghosts.count)
        // Only the fields needed, not each declaration whole: copying a declaration retains every string and
        // table it holds, which for 2,000 views at 120 frames a second was a quarter of the daemon's time.
        for index in scene.views.indices {
            let kind = scene.views[index].kind
            let parent = scene.views[index].parent
            let numberOfLines = scene.views[index].numberOfLines
            let base = index * Channel.count
            let state = states[index]
            let hasText = kind.hasText
            let color = shownColor(ofView: index, in: values, modelColor: state.color)
            // Text is laid out at the model's size, as UIKit redraws a label at its new bounds at once.
            var lines: [String]? = nil
            if hasText {
                let size = Size(
                    width: model[base + Channel.width.rawValue], height: model[base + Channel.height.rawValue])
                let metrics = layout.textMetrics(of: ViewID(index))
                // Most labels are one line that fits, drawing no lines: known without the memo.
                if WrappedText.drawsLines(text: state.text, numberOfLines: numberOfLines, size: size, metrics: metrics)
                {
                    lines = drawnLines.lines(
                        ofView: index,
                        DrawnLinesMemo.Key(
                            text: state.text, font: state.font, kind: kind, numberOfLines: numberOfLines, size: size,
                            metrics: metrics))
                }
            }
            views.append(
                ViewFrame(
                    name: viewNames[index], kind: kind, parent: parent.map { viewNames[$0.index] } ?? "root",
                    x: values[base],
                    y: values[base + Channel.y.rawValue], width: values[base + Channel.width.rawValue],
                    height: values[base + Channel.height.rawValue],
                    alpha: min(max(values[base + Channel.alpha.rawValue], 0), 1),
                    text: hasText ? state.text : nil, font: hasText ? state.font : nil, color: color,
                    hidden: state.isHidden, lines: lines,
                    transform: shownTransform(ofView: index, in: values, modelTransform: state.transform),
                    textColor: hasText ? state.textColor : nil))
        }
        if withGhosts {
            for ghost in ghosts {
                views.append(
                    ViewFrame(
                        name: ghost.name, kind: ghost.kind, parent: ghost.parent, x: ghost.frame.x,
                        y: ghost.frame.y, width: ghost.frame.width, height: ghost.frame.height,
                        alpha: ghost.alpha(at: time), text: ghost.text, font: ghost.font, color: ghost.color,
                        hidden: ghost.isHidden, textColor: ghost.textColor))
            }
        }
        return Frame(
            scene: name, generation: generation, seq: seq, time: time, settled: isSettled,
            canvas: layout.canvas, views: views)
    }
}
