package import Foundation
package import SceneLanguage

/// The repository's root folder, found from this file's place in it.
package let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The rendered diagnostics that `docs/diagnostics.md` shows: each code block
/// whose first line is a diagnostic's (`Scene.layout:…`, or a Swift file's,
/// `Card.swift:…`, for the import's), with the code that line ends with (nil
/// when it cannot be read).
package func documentedDiagnostics() throws -> [(code: DiagnosticCode?, text: String)] {
    let document = try String(
        contentsOf: repositoryRoot.appendingPathComponent("docs/diagnostics.md"), encoding: .utf8)
    var examples: [(code: DiagnosticCode?, text: String)] = []
    var block: [Substring]? = nil
    for line in document.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("```") {
            if let lines = block, let first = lines.first,
                first.hasPrefix("Scene.layout:") || first.wholeMatch(of: #/[A-Za-z]+\.swift:\d+:\d+: .*/#) != nil
            {
                let code = first.split(separator: "[").last.flatMap { DiagnosticCode(rawValue: String($0.dropLast())) }
                examples.append((code, lines.joined(separator: "\n") + "\n"))
            }
            block = block == nil ? [] : nil
        } else {
            block?.append(line)
        }
    }
    return examples
}
