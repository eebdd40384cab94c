// SceneService: the scenes a daemon serves, as a value with no I/O of its own. It owns the registry of scenes and
// their playing sessions, the reload rule (a save's content loads once; a `reload` overtaken by a save applies
// nothing; errors keep the last good generation and say why), save detection applied to the scenes (which file is
// which scene, removal after its grace), frame numbering, and diagnostics with their error text. Files come through
// an injected reader, their text becomes a scene through an injected translator (`.layout` files parsed; `.swift`
// files imported by the importer the program gives, so that swift-syntax stays out of this module), and time for
// removal graces from an injected clock, so that all of it is tested in-process
// without sleeping. The daemon (PlaygroundServer) calls it, with `package` access; it must never import NIO, open a
// socket or start a process.
