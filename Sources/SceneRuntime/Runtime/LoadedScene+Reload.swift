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
        let shown = scene.reloadTransition == nil ? nil : previous.presentationValues()
        // The new layout is the old solver with the save's difference, or built from nothing where it must be.
        self.init(
            scene: scene, name: previous.name, generation: previous.generation + 1,
            layout: LayoutModel(scene: scene, replacing: &previous.layout))
        guard let options = scene.reloadTransition, let old = shown else {
            runOnLoad()
            return
        }
        let timing = AnimationTiming(options)
        // A save mostly keeps every view where it was in the file: a view whose old namesake is at its own
        // index is matched there, and a table of the old names is made only when some view is not.
        let oldNames = previous.viewNames
        let sameOrder = oldNames == viewNames
        var oldByName: [String: Int] = [:]
        if !sameOrder {
            for (index, name) in oldNames.enumerated() where oldByName[name] == nil { oldByName[name] = index }
        }
        /// A channel of an old view as it was shown; alpha as a renderer drew it, within 0…1.
        func shownValue(_ channel: Channel, ofView index: Int) -> Double {
            let value = old[channel.index(ofView: index)]
            return channel == .alpha ? min(max(value, 0), 1) : value
        }
        var group = AnimationGroup(driver: .clock(start: 0, timing: timing), order: takeOrder())
        var matched = [Bool](repeating: false, count: oldNames.count)
        let moving: [Channel] = [.x, .y, .width, .height, .alpha] + Channel.transform
        for (index, name) in viewNames.enumerated() {
            func record(_ channel: Channel, from: Double) {
                group.record(channel: channel.index(ofView: index), from: from, to: model[channel.index(ofView: index)])
            }
            guard let oldIndex = sameOrder ? index : oldByName[name] else {
                record(.alpha, from: 0)
                continue
            }
            matched[oldIndex] = true
            for channel in moving {
                record(channel, from: shownValue(channel, ofView: oldIndex))
            }
        }
        for (index, name) in oldNames.enumerated() where !matched[index] {
            let declaration = previous.scene.views[index]
            let state = previous.states[index]
            let hasText = declaration.kind.hasText
            ghosts.append(
                Ghost(
                    name: name, kind: declaration.kind,
                    parent: declaration.parent.map { previous.viewNames[$0.index] } ?? "root",
                    frame: Rect(
                        x: shownValue(.x, ofView: index), y: shownValue(.y, ofView: index),
                        width: shownValue(.width, ofView: index), height: shownValue(.height, ofView: index)),
                    alpha: shownValue(.alpha, ofView: index),
                    color: previous.shownColor(ofView: index, in: old, modelColor: previous.states[index].color),
                    text: hasText ? state.text : nil, font: hasText ? state.font : nil,
                    textColor: hasText ? state.textColor : nil, isHidden: state.isHidden, timing: timing))
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
