import PlaygroundProtocol
import SceneLanguage

extension LoadedScene {
    /// `layoutIfNeeded()`: a layout pass if a change waits for one.
    mutating func layoutIfNeeded() {
        if needsLayout { layoutPass() }
    }

    /// A layout pass now: every view takes its frame from the constraints,
    /// multi-line labels wrapped at the widths they get (``LayoutModel/fitText()``).
    /// Inside an animating block, each frame that moves animates from where
    /// the model had it; outside, changes that an animation block left
    /// pending jump, with a warning. A frame out of range (multipliers
    /// compound along chains of constraints) is reported and the view keeps
    /// its old one.
    mutating func layoutPass() {
        let changes = pendingLayout.take()
        // Multi-line labels wrap at their new widths, and the layout follows their heights.
        layout.fitText()
        // On a reload, `on load` runs inside the transition, which animates
        // what it left pending; the warning still belongs to its blocks.
        let animated = !contexts.isEmpty && !(isReloading && contexts.count == 1)
        var moved = false
        let limit = LayoutModel.largestCoordinate
        for index in scene.views.indices {
            let new = layout.frame(of: ViewID(index))
            let old = laidOut[index]
            guard new != old else { continue }
            guard [new.x, new.y, new.width, new.height].allSatisfy({ abs($0) <= limit }) else {
                report(
                    .error(
                        .outOfRange,
                        "the constraints put \(quoted(viewNames[index])) out of range (\(new)); it stays where it was",
                        at: scene.views[index].name.range))
                continue
            }
            recordChange(of: index, .x, from: old.x, to: new.x)
            recordChange(of: index, .y, from: old.y, to: new.y)
            recordChange(of: index, .width, from: old.width, to: new.width)
            recordChange(of: index, .height, from: old.height, to: new.height)
            laidOut[index] = new
            writeFrame(of: index)
            moved = true
        }
        if moved && !animated { reportMissedAnimations(changes) }
    }
}
