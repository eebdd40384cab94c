/// What a delta frame says beside its views: the frame it changes, by `seq`, and the views gone since.
///
/// A client that subscribes with `"delta": true` gets a whole frame first (at subscription, again after a
/// reload, and whenever it subscribes again), then frames that list only the views whose fields changed since
/// the frame sent to it before:
///
/// ```json
/// {"event":"frame","scene":"Quiz","generation":1,"seq":33,"time":0.55,"settled":false,
///  "canvas":{"width":375,"height":667},"delta":{"base":32,"gone":[]},
///  "views":[{"name":"question","kind":"label","parent":"root","x":-160.2,…}]}
/// ```
public struct FrameDelta: Hashable, Sendable {
    /// The `seq` of the frame this one changes: the last frame of the scene sent to this client.
    public var base: Int
    /// The views of the base that this frame no longer has (a reload's fading views, once gone).
    public var gone: [String]

    public init(base: Int, gone: [String] = []) {
        self.base = base
        self.gone = gone
    }
}

extension Frame {
    /// This frame as a delta from `base`: the same scene, generation, `seq`, time, settledness and canvas, with
    /// only the views that differ from `base`'s (or that it lacks), in this frame's order, and the names of
    /// `base`'s views that this frame lacks.
    public func delta(from base: Frame) -> Frame {
        var changed: [ViewFrame] = []
        var gone: [String] = []
        if base.views.count == views.count,
            zip(base.views, views).allSatisfy({ $0.name == $1.name })
        {
            // The usual case: the same views in the same order, compared in place.
            for (old, new) in zip(base.views, views) where old != new { changed.append(new) }
        } else {
            let before = Dictionary(base.views.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            let now = Set(views.map(\.name))
            changed = views.filter { before[$0.name] != $0 }
            gone = base.views.map(\.name).filter { !now.contains($0) }
        }
        return Frame(
            scene: scene, generation: generation, seq: seq, time: time, settled: settled, canvas: canvas,
            views: changed, delta: FrameDelta(base: base.seq, gone: gone))
    }

    /// The whole frame that a delta frame makes of this one, its base: this frame's views with the delta's in
    /// their place (a view this frame lacks added at the end), those gone removed. Nil when `delta` is not a
    /// delta of this frame: another scene or generation, or a base other than this frame's `seq`. A whole frame
    /// is returned as it is.
    public func applying(_ delta: Frame) -> Frame? {
        guard let change = delta.delta else { return delta }
        guard change.base == seq, delta.scene == scene, delta.generation == generation else { return nil }
        var views = self.views
        if !change.gone.isEmpty {
            let gone = Set(change.gone)
            views.removeAll { gone.contains($0.name) }
        }
        if !delta.views.isEmpty {
            var index = Dictionary(views.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
            for view in delta.views {
                if let at = index[view.name] {
                    views[at] = view
                } else {
                    index[view.name] = views.count
                    views.append(view)
                }
            }
        }
        return Frame(
            scene: scene, generation: generation, seq: delta.seq, time: delta.time, settled: delta.settled,
            canvas: delta.canvas, views: views)
    }
}
