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
        // The usual case: the same views in the same order, compared in place (through buffers, so that no view
        // is copied to be compared: a frame of 2,000 views is diffed 120 times a second).
        let inPlace = base.views.withUnsafeBufferPointer { old in
            views.withUnsafeBufferPointer { new in
                guard old.count == new.count else { return false }
                guard let oldBase = old.baseAddress, let newBase = new.baseAddress else { return true }
                for index in new.indices where oldBase[index].name != newBase[index].name { return false }
                for index in new.indices where !ViewFrame.same(oldBase + index, newBase + index) {
                    changed.append(new[index])
                }
                return true
            }
        }
        if !inPlace {
            changed.removeAll()
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

extension ViewFrame {
    /// Whether two views in place are equal, field by field, the numbers first: what `==` says, without copying
    /// either view (which the synthesised `==` did, for every view of every frame).
    static func same(_ a: UnsafePointer<ViewFrame>, _ b: UnsafePointer<ViewFrame>) -> Bool {
        a.pointee.x == b.pointee.x && a.pointee.y == b.pointee.y && a.pointee.width == b.pointee.width
            && a.pointee.height == b.pointee.height && a.pointee.alpha == b.pointee.alpha
            && a.pointee.hidden == b.pointee.hidden && a.pointee.kind == b.pointee.kind
            && a.pointee.font == b.pointee.font && a.pointee.color == b.pointee.color
            && a.pointee.textColor == b.pointee.textColor && a.pointee.transform == b.pointee.transform
            && a.pointee.name == b.pointee.name && a.pointee.parent == b.pointee.parent
            && a.pointee.text == b.pointee.text && a.pointee.lines == b.pointee.lines
    }

    /// ``same(_:_:)`` of every view of two lists, in place.
    package static func sameViews(_ a: [ViewFrame], _ b: [ViewFrame]) -> Bool {
        a.withUnsafeBufferPointer { first in
            b.withUnsafeBufferPointer { second in
                guard first.count == second.count else { return false }
                guard let one = first.baseAddress, let two = second.baseAddress else { return true }
                for index in first.indices where !same(one + index, two + index) { return false }
                return true
            }
        }
    }
}
