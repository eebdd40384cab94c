// PlaygroundProtocol: the wire between `layoutd` and its clients — requests, responses, events and frames,
// their NDJSON reading and writing (its own small JSON reader and writer), error codes, limits, and where the
// socket lives by default.
//
// Standard library and LayoutValues only: it knows nothing of the language, the runtime, NIO or the host
// system, so a client links it without any of them. It re-exports LayoutValues, whose `Rect`, `Color` and
// `ViewKind` frames are made of. `public` is for a library user who speaks the protocol (PlaygroundClient, a
// test, another client).
@_exported public import LayoutValues
