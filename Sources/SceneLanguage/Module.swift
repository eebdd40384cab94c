// SceneLanguage: the `.layout` file format — source files, the lexer, the parser (which recovers), the syntax
// tree, the checker that resolves names and types, and located diagnostics with stable codes.
//
// It turns text into a checked `Scene` or diagnostics, and does nothing else: no layout, no time, no I/O (a
// file's bytes are read by whoever calls it). It imports LayoutValues only — never the protocol, the runtime or
// the host system — and re-exports LayoutValues, whose `Size`, `Color` and `ViewKind` its syntax is made of.
// `public` is for a library user who parses and checks scenes (the daemon, `layoutctl`, an editor); `package`
// is for this package's own tools.
@_exported public import LayoutValues
