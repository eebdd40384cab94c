// SwiftImport: UIKit view controllers and views in Swift read into scenes — what `layoutctl import` does.
//
// Swift in, scene-language text out: swift-syntax's parser (no compiler, no type checker) reads the file, the
// importer walks the tree of one class and writes `.layout` text, and the language's own `Scene.parse` checks
// that text, so every check of the language applies and the output can be read and edited. What the importer
// cannot read is left out with an `import-skipped` warning at its Swift line and column; only Swift that does not
// parse fails an import (`invalid-swift`).
//
// It imports the language and swift-syntax only: no runtime, no protocol, no I/O. Only programs link it
// (layoutctl, layoutd and layout-view, which hand `SwiftImporter.scene(of:)` to the daemon's SceneService as its
// translator, and import-bench), so no library pays for swift-syntax. Its `public` API, `SwiftImporter` and
// `SwiftImport`, is for a library user and those programs; the rest is internal.
