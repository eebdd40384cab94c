package import PlaygroundProtocol
import SceneLanguage

extension LayoutModel {
    /// The model frame of the scene as declared: every view's solved frame
    /// with the properties its declaration gives, before `on load` runs.
    ///
    /// - Parameters:
    ///   - name: The scene's name, as frames carry it.
    ///   - generation: How many times the scene has loaded.
    public func modelFrame(scene name: String, generation: Int = 1) -> Frame {
        var views: [ViewFrame] = []
        views.reserveCapacity(scene.views.count)
        for id in scene.viewIDs {
            let view = scene[id]
            let rect = frame(of: id)
            let lines =
                view.kind.hasText
                ? WrappedText.drawnLines(
                    text: view.text, font: view.font, kind: view.kind, numberOfLines: view.numberOfLines,
                    size: rect.size, metrics: metrics[id.index]) : nil
            views.append(
                ViewFrame(
                    name: view.name.name, kind: view.kind,
                    parent: view.parent.map { scene[$0].name.name } ?? "root", x: rect.x, y: rect.y,
                    width: rect.width, height: rect.height, alpha: view.alpha,
                    text: view.kind.hasText ? view.text : nil, font: view.kind.hasText ? view.font : nil,
                    color: view.color, hidden: view.isHidden, lines: lines,
                    textColor: view.kind.hasText ? view.textColor : nil))
        }
        return Frame(
            scene: name, generation: generation, seq: 0, time: 0, settled: true, canvas: canvas, views: views)
    }
}
