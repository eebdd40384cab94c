import PlaygroundProtocol
import SceneLanguage

/// Text tables for people: columns padded to their widest cell.
func table(_ rows: [[String]]) -> String {
    guard let header = rows.first else { return "" }
    var widths = header.map { _ in 0 }
    for row in rows {
        for (index, cell) in row.enumerated() where index < widths.count {
            widths[index] = max(widths[index], cell.count)
        }
    }
    return rows.map { row in
        row.enumerated().map { index, cell in
            index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
        }.joined(separator: "  ")
    }.joined(separator: "\n")
}

/// A number in a table: at most 3 decimals, no trailing zeros (`187.5`, `120`, `20.417`).
func cell(_ value: Double) -> String {
    guard value.isFinite else { return String(value) }
    var rounded = (value * 1000).rounded() / 1000
    if rounded == 0 { rounded = 0 }
    if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
    return String(rounded)
}

/// A frame for people: a line about the scene, then a row per view or
/// guide, subviews indented under their parent.
///
/// ```
/// Quiz  generation 2  t = 0.95  moving  canvas 375 × 667
/// view      kind   x       y    width  height  alpha  text
/// question  label  -187.5  120  126    20.4    0.1    "What is 7+7?"
/// ```
func humanReadable(_ frame: Frame, layer: Request.Layer = .presentation) -> String {
    let state = frame.settled ? "settled" : "moving"
    let model = layer == .model ? "  (model)" : ""
    var lines = [
        "\(escapedForDisplay(frame.scene))  generation \(frame.generation)  t = \(cell(frame.time))  \(state)  "
            + "canvas \(cell(frame.canvas.width)) × \(cell(frame.canvas.height))\(model)"
    ]
    var depth: [String: Int] = ["root": 0]
    var rows = [["view", "kind", "x", "y", "width", "height", "alpha", "text"]]
    for view in frame.views {
        let level = (depth[view.parent] ?? 0) + 1
        depth[view.name] = level
        let indent = String(repeating: "  ", count: level - 1)
        var text = view.text.map { "\"" + escapedForDisplay($0) + "\"" } ?? ""
        if view.hidden { text = "hidden" + (text.isEmpty ? "" : " ") + text }
        rows.append([
            indent + escapedForDisplay(view.name), view.kind.rawValue, cell(view.x), cell(view.y), cell(view.width),
            cell(view.height), cell(view.alpha), text,
        ])
    }
    lines.append(table(rows))
    return lines.joined(separator: "\n")
}

/// The `scenes` answer for people.
func humanReadable(_ scenes: [SceneSummary]) -> String {
    guard !scenes.isEmpty else { return "no scenes" }
    var rows = [["scene", "generation", "status", "errors", "warnings", "file"]]
    for scene in scenes {
        rows.append([
            escapedForDisplay(scene.name), String(scene.generation), scene.status.rawValue, String(scene.errors),
            String(scene.warnings), escapedForDisplay(scene.file),
        ])
    }
    return table(rows)
}
