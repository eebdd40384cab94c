import SceneLanguage
import SwiftExport
import SwiftImport

#if canImport(Glibc)
    import Glibc
#endif

// import-bench: what `layoutctl import` (and a daemon serving a .swift file, at each save) costs to read a UIKit
// view controller: swift-syntax's parse, the import, and the check of the scene text it writes, in process.
// Files: the Bankey tutorial's login view controller (its full source, 200 lines), and controllers generated
// by exporting scenes of labels in rows (as scene-bench's) to Swift, of about 700, 2,000 and 10,600 lines.
// Medians of 11 runs (3 with --quick). Run it in release: `swift build -c release --product import-bench`
// (swift-syntax takes minutes to build in release the first time).

let quick = CommandLine.arguments.contains("--quick")
let repetitions = quick ? 3 : 11

/// A scene of `count` labels in rows of five, each row under the one before, and an action that moves every
/// row and fades every label: constraints kept in properties, `UIView.animate`, `layoutIfNeeded`.
func scene(views count: Int) -> String {
    var lines = ["canvas 375 x 667"]
    var action = ["action shift {", "  animate 0.5 {"]
    for i in 0..<count {
        lines.append("label v\(i) \"item \(i)\" color systemBlue")
        if i % 5 == 0 {
            let top = i == 0 ? "root.safeArea.top" : "v\(i - 5).bottom + system"
            lines.append("row\(i): v\(i).leading == root.margins.leading; v\(i).top == \(top)")
            action.append("    row\(i).constant = 20")
        } else {
            lines.append("v\(i).leading == v\(i - 1).trailing + system; v\(i).top == v\(i - 1).top")
        }
        action.append("    v\(i).alpha = 0.5")
    }
    return (lines + action + ["    layout", "  }", "}"]).joined(separator: "\n") + "\n"
}

/// The Bankey fixture, found from the working folder (the repository's root) or beside this file's folder.
func bankey() -> String? {
    let path = "Tests/SwiftImportTests/Fixtures/BankeyLoginViewController.swift.txt"
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count <= 0 { break }
        bytes += buffer[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}

func milliseconds(_ body: () -> Void) -> Double {
    var times: [Double] = []
    for _ in 0..<repetitions {
        let start = ContinuousClock.now
        body()
        let elapsed = ContinuousClock.now - start
        times.append(Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) * 1e-15)
    }
    return times.sorted()[times.count / 2]
}

func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(1, width - text.count)) }

var files: [(String, String)] = []
if let text = bankey() { files.append(("Bankey (tutorial)", text)) }
for views in quick ? [60, 186] : [60, 186, 1_000] {
    let generated = Scene.parse(SourceFile(name: "Rows\(views).layout", text: scene(views: views)))
    precondition(!generated.diagnostics.hasErrors, "the generated scene must be valid")
    files.append(("\(views) labels", SwiftExporter.export(scene: generated, className: "RowsViewController")))
}

print(pad("controller", 20) + pad("lines", 8) + pad("views", 8) + pad("import", 12) + "per 1,000 lines")
for (name, text) in files {
    let file = SourceFile(name: "Controller.swift", text: text)
    var result = SwiftImporter.import(file)
    precondition(result.scene != nil, "\(name) must import")
    let time = milliseconds { result = SwiftImporter.import(file) }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
    let views = result.scene?.views.count ?? 0
    let shown = time < 1 ? "\((time * 1000).rounded() / 1000) ms" : "\((time * 100).rounded() / 100) ms"
    let perThousand = (time / Double(lines) * 1000 * 100).rounded() / 100
    print(pad(name, 20) + pad("\(lines)", 8) + pad("\(views)", 8) + pad(shown, 12) + "\(perThousand) ms")
}
