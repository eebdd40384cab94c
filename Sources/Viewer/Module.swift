// Viewer: the terminal viewer's pure part — viewer state, the screen composer, the frame renderer (frames into
// cells), the screen encoder (cells into the fewest escape sequences), the key decoder and the SVG snapshot.
//
// No I/O and no tasks: it imports the protocol and FramePlot only, never the server or the client; the live
// app in `Tools/layout-view` drives it. `package` access: layout-view and viewer-bench are its users.
