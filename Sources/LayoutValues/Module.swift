// LayoutValues: the plain values every other module speaks of, and nothing else.
//
// It owns geometry in points (`Point`, `Size`, `Rect`, `AffineTransform2D`), `Color`, `ViewKind`, diagnostic `Severity`, `SceneName`
// (and with it which paths are scene files), the way a number is written for a person (`format`, `formatted`),
// the "did you mean" suggestion (`nearestName`) and which characters are unsafe to show on a terminal. The
// language, the protocol, the assertions, the plot and the viewer all use these, so that the language needs
// nothing of the wire and a client nothing of the language. Standard library only (and the C library's trigonometry): it must import no other
// module of this package, and nothing of the host system. `public` is what a library user sees (re-exported by
// PlaygroundProtocol and SceneLanguage); `package` is for this package's own modules.
