import BenchSupport

/// A scene of `count` labels in rows of ten, as Tools/scene-bench makes them, with the action `wave`: for ever,
/// the rows of the first `moving` labels slide 100 points right and back (their first label's constraint; the
/// others follow) while those labels fade to 0.2 and back, so that each tick of the clock changes them, and
/// only them.
func streamScene(views count: Int, moving: Int) -> String {
    var lines = ["canvas 375 x 667", "safearea 44 0 34 0"]
    var wave = ["action wave {", "  animate 1 repeat forever autoreverse {"]
    for i in 0..<count {
        lines.append("label v\(i) \"item \(i)\" color systemBlue")
        if i < moving { wave.append("    v\(i).alpha = 0.2") }
        if i == 0 {
            lines.append("row0: v0.leading == root.margins.leading; v0.top == root.safeArea.top")
        } else if i % 10 == 0 {
            lines.append("row\(i): v\(i).leading == root.margins.leading; v\(i).top == v\(i - 10).bottom + system")
        } else {
            lines.append("v\(i).leading == v\(i - 1).trailing + system; v\(i).firstBaseline == v\(i - 1).firstBaseline")
        }
        if i % 10 == 0 && i < moving { wave.append("    row\(i).constant = 100") }
    }
    return (lines + wave + ["    layout", "  }", "}"]).joined(separator: "\n") + "\n"
}
