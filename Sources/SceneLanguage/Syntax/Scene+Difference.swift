extension Scene {
    /// What differs between this scene and `other`, two parses of the same file, ranges and files included; nil when
    /// nothing does. For the tests and the fuzz target that hold ``parse(_:reusing:)`` to ``parse(_:)``: the
    /// diagnostics (codes, messages, ranges and notes), the views, constraints, groups, actions, animators,
    /// variables, text lists, settings and name tables, and that every view, constraint and diagnostic points into
    /// this scene's file.
    package func firstDifference(from other: Scene) -> String? {
        let (a, b) = (self, other)
        if a.file != b.file { return "the scene's file" }
        if a.diagnostics != b.diagnostics {
            func listed(_ scene: Scene) -> [String] {
                scene.diagnostics.map { diagnostic in
                    let notes = diagnostic.notes.map { "\($0.range?.start ?? -1)..<\($0.range?.end ?? -1)" }
                    return "\(diagnostic.code) \(diagnostic.range.start)..<\(diagnostic.range.end) \(notes) "
                        + diagnostic.message
                }
            }
            return "diagnostics \(listed(a)) vs \(listed(b))"
        }
        if a.diagnostics.contains(where: {
            $0.range.file != a.file || $0.notes.contains { $0.range?.file ?? a.file != a.file }
        }) {
            return "diagnostics' file"
        }
        if a.views != b.views || a.views.map(\.name.range) != b.views.map(\.name.range) { return "views" }
        if a.views.contains(where: { $0.range.file != a.file || $0.name.range.file != a.file }) { return "views' file" }
        if a.constraints != b.constraints || a.constraints.map(\.name?.range) != b.constraints.map(\.name?.range) {
            return "constraints"
        }
        if a.constraints.contains(where: { $0.range.file != a.file }) { return "constraints' file" }
        if a.groups != b.groups || a.groups.map(\.name?.range) != b.groups.map(\.name?.range) { return "groups" }
        if a.actions != b.actions || a.actions.map(\.range) != b.actions.map(\.range) { return "actions" }
        if a.animators != b.animators || a.onLoad != b.onLoad { return "animators or on load" }
        if a.variables != b.variables || a.textLists != b.textLists { return "variables or text lists" }
        if a.canvas != b.canvas || a.isRightToLeft != b.isRightToLeft || a.safeAreaInsets != b.safeAreaInsets
            || a.sizeClass != b.sizeClass || a.declaredRootMargins != b.declaredRootMargins
            || a.reloadTransition != b.reloadTransition || a.settingRanges != b.settingRanges
        {
            return "settings"
        }
        if a.viewsByName != b.viewsByName || a.constraintsByName != b.constraintsByName
            || a.groupsByName != b.groupsByName || a.variableIndices != b.variableIndices
            || a.textListIndices != b.textListIndices
        {
            return "names"
        }
        return nil
    }
}
