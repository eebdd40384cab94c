import SceneLanguage

/// Walks every statement of a scene: `on load`, the actions, the top-level
/// animators, and the blocks nested in them.
enum SceneWalk {
    /// Every block of statements at the top: `on load`, each action, each
    /// top-level animator's block and completions.
    static func bodies(of scene: Scene) -> [[Statement]] {
        var result: [[Statement]] = []
        if let onLoad = scene.onLoad { result.append(onLoad.body) }
        result += scene.actions.map(\.body)
        for animator in scene.animators {
            result.append(animator.body)
            result += animator.allCompletions
        }
        return result
    }

    /// Calls `body` on every statement, nested blocks included.
    static func forEach(in scene: Scene, _ body: (Statement) -> Void) {
        for block in bodies(of: scene) { forEach(in: block, body) }
    }

    static func forEach(in statements: [Statement], _ body: (Statement) -> Void) {
        for statement in statements {
            body(statement)
            switch statement.kind {
            case .animate(_, let inner, let completion):
                forEach(in: inner, body)
                if let completion { forEach(in: completion, body) }
            case .animateKeyframes(let animation):
                forEach(in: animation.blockStatements, body)
                if let completion = animation.completion { forEach(in: completion, body) }
            case .animator(let declaration):
                forEach(in: declaration.body, body)
                for completion in declaration.allCompletions { forEach(in: completion, body) }
            default:
                break
            }
        }
    }

    /// Every animator's name, top-level or (re)created in an action, in the
    /// order first seen.
    static func animatorNames(in scene: Scene) -> [String] {
        var names = scene.animators.map(\.name.name)
        forEach(in: scene) { statement in
            if case .animator(let declaration) = statement.kind, !names.contains(declaration.name.name) {
                names.append(declaration.name.name)
            }
        }
        return names
    }
}
