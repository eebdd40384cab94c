// SceneRuntime: a checked scene brought to life — the layout model (scene to solver, stacks, text metrics), the
// action interpreter, animations and property animators, the presentation layer, and the playback session
// that steps it all through time on an injected clock and makes and numbers frames.
//
// Pure and in-process: no clock of its own, no files, no sockets, no processes. It imports the language, the
// solver, Animation and the protocol (whose `Frame` it produces), and must not import the server, the client or
// the host system. `public` is for a library user who plays scenes in-process (a test, a tool); the daemon and
// `layoutctl` are the package's users.
