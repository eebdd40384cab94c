import Animation
import PlaygroundProtocol
public import SceneLanguage

extension LoadedScene {
    /// The next generation of a scene whose file changed: the new scene,
    /// laid out, with the scene's `reload` transition from what `previous`
    /// shows now, then `on load` run. Views are matched by the names they go
    /// by: each moves from its old presentation to its new frame, new views
    /// fade in, and views that are gone fade out where they stood. What `on
    /// load` changes without animation is part of the transition, so a view
    /// it moves still starts from where it was shown. Scene time starts at 0.
    public init(reloading previous: LoadedScene, with scene: Scene) {
        var previous = previous
        self.init(replacing: &previous, with: scene)
    }

    /// ``init(reloading:with:)`` for a previous generation that is going
    /// away: its layout's solver is moved into the new generation's and
    /// updated in place, and `previous` keeps no layout to speak of.
    init(replacing previous: inout LoadedScene, with scene: Scene) {
        // What the old generation shows, read before its layout moves.
        let shown = scene.reloadTransition == nil ? nil : previous.presentationFrame()
        // The new layout is the old solver with the save's difference, or built from nothing where it must be.
        self.init(
            scene: scene, name: previous.name, generation: previous.generation + 1,
            layout: LayoutModel(scene: scene, replacing: &previous.layout))
        guard let options = scene.reloadTransition, let old = shown else {
            runOnLoad()
            return
        }
        let timing = AnimationTiming(options)
        var oldByName: [String: Int] = [:]
        for (index, view) in old.views.enumerated().prefix(previous.scene.views.count) where oldByName[view.name] == nil
        {
            oldByName[view.name] = index
        }
        var group = AnimationGroup(driver: .clock(start: 0, timing: timing), order: takeOrder())
        var matched = Set<String>()
        for (index, name) in viewNames.enumerated() {
            func record(_ channel: Channel, from: Double) {
                group.record(channel: channel.index(ofView: index), from: from, to: model[channel.index(ofView: index)])
            }
            guard let oldIndex = oldByName[name] else {
                record(.alpha, from: 0)
                continue
            }
            matched.insert(name)
            let view = old.views[oldIndex]
            record(.x, from: view.x)
            record(.y, from: view.y)
            record(.width, from: view.width)
            record(.height, from: view.height)
            record(.alpha, from: view.alpha)
        }
        for view in old.views.prefix(previous.scene.views.count) where !matched.contains(view.name) {
            ghosts.append(
                Ghost(
                    name: view.name, kind: view.kind, parent: view.parent, frame: view.frame, alpha: view.alpha,
                    color: view.color, text: view.text, font: view.font, isHidden: view.hidden, timing: timing))
        }
        // The transition records what `on load` changes without animation.
        contexts.append(AnimationContext(group: group))
        isReloading = true
        if let onLoad = scene.onLoad { runStatements(onLoad.body) }
        layoutIfNeeded()
        isReloading = false
        group = contexts.removeLast().group
        group.finishRecording()
        if !group.isEmpty { groups.append(group) }
        refreshProgress()
    }
}
