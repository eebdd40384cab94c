// FramePlot: how views move during an animation, as an SVG of stacked charts on a shared time axis — what
// `layoutctl plot` writes and the viewer's snapshots reuse.
//
// Frames in, text out: it imports the protocol only, does no I/O, and must not import the language, the
// runtime or the server. `public` is for a library user who plots frames.
