/// A name that is none of a scene's actions, with the action it may have
/// meant: the one wording of that, for the checker (`run nxet`), a running
/// scene, and the daemon's `unknown-action` error.
///
/// ```swift
/// UnknownAction("nxet", among: ["next", "back"]).description
/// // unknown action 'nxet'; did you mean 'next'?
/// UnknownAction("nxet", among: ["next", "back"], scene: "Quiz").description
/// // 'Quiz' has no action 'nxet'; did you mean 'next'?
/// ```
public struct UnknownAction: Error, Hashable, Sendable, CustomStringConvertible {
    /// The name asked for.
    public let name: String
    /// The scene asked, when the message names it (outside its file).
    public let scene: String?
    /// The action nearest to ``name`` (``nearestName(to:among:)``), if one is near enough.
    public let suggestion: String?

    /// - Parameters:
    ///   - actions: The scene's actions' names; the first of the nearest is suggested.
    ///   - scene: The scene's name, for a message read outside its file.
    ///   - suggesting: False to look for no suggestion (the checker suggests for only so many names).
    public init(_ name: String, among actions: some Sequence<String>, scene: String? = nil, suggesting: Bool = true) {
        self.name = name
        self.scene = scene
        self.suggestion = suggesting ? nearestName(to: name, among: actions) : nil
    }

    /// `unknown action 'nxet'; did you mean 'next'?`, or with the scene,
    /// `'Quiz' has no action 'nxet'; did you mean 'next'?`.
    public var description: String {
        let head = scene.map { "\(quoted($0)) has no action \(quoted(name))" } ?? "unknown action \(quoted(name))"
        return head + didYouMean(suggestion)
    }
}

extension UnknownAction {
    /// For a command line that names a file's action: ``description`` with the file as the scene, then every
    /// action the file has — `'Quiz.layout' has no action 'jump'; it has: 'next', 'back'` — quoted and escaped
    /// as every message quotes names, so the line is safe to print.
    package static func listing(_ name: String, in scene: Scene, file: String) -> String {
        let actions = scene.actions.map(\.name.name)
        let known = actions.isEmpty ? "none" : actions.map { quoted($0) }.joined(separator: ", ")
        return UnknownAction(name, among: actions, scene: file).description + "; it has: " + known
    }
}
