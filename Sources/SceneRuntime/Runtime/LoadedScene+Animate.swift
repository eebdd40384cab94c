import Animation
import SceneLanguage

extension LoadedScene {
    /// `UIView.animate`: the block's changes apply to the model at once, a
    /// layout pass ends the block, and everything they moved animates from
    /// where the model had it, with one timing. The completion runs at the
    /// animation's end; when nothing changed, as in UIKit, at once.
    mutating func animate(_ options: AnimationOptions, body: [Statement], completion: [Statement]?, in file: SourceFile)
    {
        let timing = AnimationTiming(options)
        contexts.append(AnimationContext(group: AnimationGroup(driver: .clock(start: time, timing: timing))))
        runStatements(body, in: file)
        layoutIfNeeded()
        var group = contexts.removeLast().group
        group.completion = completion.map { Completion(statements: $0, file: file) }
        guard !group.isEmpty else {
            if let completion = group.completion { scheduled.append((time, completion)) }
            return
        }
        groups.append(group)
    }
}
