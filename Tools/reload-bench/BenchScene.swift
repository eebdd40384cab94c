import BenchSupport

/// A scene of `count` labels in rows of ten, as Tools/scene-bench makes them: each row under the one before,
/// every label after the first of its row a system spacing after the previous one. `constant` is the first
/// row's inset, the one number a save changes.
func benchScene(views count: Int, constant: Int) -> String {
    var lines = ["canvas 375 x 667", "safearea 44 0 34 0"]
    for i in 0..<count { lines.append("label v\(i) \"item \(i)\" color systemBlue") }
    for i in 0..<count {
        if i == 0 {
            lines.append("row0: v0.leading == root.margins.leading + \(constant); v0.top == root.safeArea.top")
        } else if i % 10 == 0 {
            lines.append("row\(i): v\(i).leading == root.margins.leading; v\(i).top == v\(i - 10).bottom + system")
        } else {
            lines.append("v\(i).leading == v\(i - 1).trailing + system; v\(i).firstBaseline == v\(i - 1).firstBaseline")
        }
    }
    return lines.joined(separator: "\n") + "\n"
}
