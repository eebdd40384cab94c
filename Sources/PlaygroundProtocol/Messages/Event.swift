/// What the daemon sends without being asked, to the clients subscribed to
/// a scene: no `id`, an `event`.
///
/// ```json
/// {"event":"diagnostics","scene":"Quiz","generation":2,"diagnostics":[]}
/// {"event":"reload","scene":"Quiz","generation":3}
/// {"event":"removed","scene":"Quiz"}
/// ```
public enum Event: Hashable, Sendable {
    /// The presentation changed (and once at once on `subscribe`).
    case frame(Frame)
    /// The scene's diagnostics after a load, a failed load, or a running
    /// scene's report; an empty list clears them.
    case diagnostics(scene: String, generation: Int, [WireDiagnostic])
    /// A new generation of the scene loaded.
    case reload(scene: String, generation: Int)
    /// The scene's file is gone.
    case removed(scene: String)

    /// The scene the event is about.
    public var scene: String {
        switch self {
        case .frame(let frame): frame.scene
        case .diagnostics(let scene, _, _), .reload(let scene, _), .removed(let scene): scene
        }
    }
}
