// libFuzzer entry point for the Swift import: any bytes as a Swift file, read by swift-syntax and imported
// (`layoutctl import`, and a daemon serving `.swift` files). Built by Tools/fuzz.sh, not by SwiftPM: the
// package's modules are compiled with the fuzzer's instrumentation, swift-syntax's are linked as SwiftPM built
// them. A broken invariant traps, which libFuzzer reports as a crash with the input that caused it:
//
// - an import never fails but with `invalid-swift` (Swift that does not parse, or no class to import),
//   `too-deep` (Swift nested deeper than the importer reads), or an
//   error of the scene it wrote: anything else the importer does not understand is an `import-skipped`
//   warning;
// - every diagnostic's range lies inside its file, and renders safe to print;
// - a scene is given exactly when the Swift parsed and held a class, and its text parses to the same scene;
// - a scene without errors lays out with finite frames, or an `out-of-range` error says why not.

import FuzzSupport
import PlaygroundProtocol
import SceneLanguage
import SceneRuntime
import SwiftImport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let file = SourceFile(name: "fuzz.swift", bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    // Whether the Swift holds a tab, which a diagnostic's source line (shown in the Swift) may then show.
    let tabs = file.bytes.contains(0x09)
    let result = SwiftImporter.import(file)
    for diagnostic in result.diagnostics {
        precondition(
            diagnostic.severity != .error || [.invalidSwift, .tooDeep].contains(diagnostic.code) || result.scene != nil,
            "an import failed with \(diagnostic.code): \(diagnostic.message)")
        let rangeFile = diagnostic.range.file
        precondition(
            0 <= diagnostic.range.start && diagnostic.range.start <= diagnostic.range.end
                && diagnostic.range.end <= rangeFile.bytes.count,
            "\(diagnostic.code) at \(diagnostic.range.start)..<\(diagnostic.range.end) outside its file")
        let rendered = diagnostic.rendered
        precondition(
            isSafeToPrint(rendered, tabsAllowed: tabs),
            "a diagnostic renders unsafe text: \(rendered.debugDescription)")
    }
    guard let scene = result.scene else {
        precondition(
            result.diagnostics.contains { [.invalidSwift, .tooDeep].contains($0.code) }, "no scene and no reason")
        return 0
    }
    let again = Scene.parse(SourceFile(name: "again.layout", text: result.text))
    precondition(again.views.map(\.name.name) == scene.views.map(\.name.name), "the text is not the scene")
    guard !scene.diagnostics.hasErrors else { return 0 }
    let model = LayoutModel(scene: scene)
    let frame = model.modelFrame(scene: "fuzz")
    let outOfRange = model.diagnostics.contains { $0.code == .outOfRange }
    for view in frame.views {
        precondition(
            outOfRange || [view.x, view.y, view.width, view.height].allSatisfy(\.isFinite), "a frame is not finite")
    }
    return 0
}
