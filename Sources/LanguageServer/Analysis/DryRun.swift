import SceneLanguage
import SceneRuntime

/// A scene played offline for the warnings only running it finds: `on load`
/// and its animations, then each named action on its own from there, as a
/// client would run it: `missing-layout`, `unreverted-constraints`, a value
/// out of range.
///
/// Only warnings are kept. The runtime's errors (an animator asked to do
/// what its state does not allow, an animator started with nothing to
/// animate) depend on what ran before, which an editor cannot know: the
/// Burger playground's `close` reverses an animator that `scrub` started, and
/// run straight after loading it would be an error in a file that has none.
///
/// Each run advances scene time by at most ``timeLimit`` in one step, with no
/// frame made, so a `repeat forever` costs no more than a finite animation.
/// Each diagnostic is kept once, however many runs found it, with a note
/// naming the first action that did.
struct DryRun {
    /// Scene seconds each run is played for.
    static let timeLimit = 30.0

    private(set) var diagnostics: [Diagnostic] = []

    init(scene: Scene, layout: LayoutModel) {
        var loaded = LoadedScene(scene: scene, name: "dry-run", generation: 1, layout: layout)
        loaded.runOnLoad()
        var session = PlaybackSession(loaded)
        session.advance(to: Self.timeLimit)
        var seen = Set<Key>()
        record(session.takeDiagnostics(), from: scene.onLoad.map { _ in "on load" }, since: 0, seen: &seen)
        let start = session.time
        for action in scene.actions {
            var run = session
            do {
                try run.schedule(.action(action.name.name), at: start)
            } catch {
                continue
            }
            run.advance(to: start + Self.timeLimit)
            record(
                run.takeDiagnostics(), from: "the action '\(action.name.name)'", at: action.name.range, since: start,
                seen: &seen)
        }
    }

    /// What makes two runtime diagnostics the same: the same problem at the same place.
    private struct Key: Hashable {
        var code: DiagnosticCode
        var start: Int
        var end: Int
        var message: String
    }

    private mutating func record(
        _ found: [RuntimeDiagnostic], from run: String?, at range: SourceRange? = nil, since start: Double,
        seen: inout Set<Key>
    ) {
        for item in found where item.diagnostic.severity != .error {
            var diagnostic = item.diagnostic
            let key = Key(
                code: diagnostic.code, start: diagnostic.range.start, end: diagnostic.range.end,
                message: diagnostic.message)
            guard seen.insert(key).inserted else { continue }
            if let run {
                diagnostic.notes.append(
                    Diagnostic.Note("found by a dry run of \(run), \(seconds(item.time - start)) in", at: range))
            }
            diagnostics.append(diagnostic)
        }
    }

    private func seconds(_ time: Double) -> String {
        let rounded = (time * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? "\(Int(rounded)) s" : "\(rounded) s"
    }
}
