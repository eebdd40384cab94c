// PlaygroundServer: `layoutd` as a library — the socket server (NIO: accepting, framing lines, mailboxes that
// never block the loop), the daemon actor that answers requests and publishes frames, the real clock, and
// `layout-watch`'s process with the thread pool that reads scene files.
//
// It imports the runtime, the language, the protocol, FileWatching, HostSystem, NIO and swift-log. Nothing
// imports it but `layoutd` and the viewer's live app (through `PlaygroundServer`, `ServerConfiguration` and
// `ServerError`, its `public` API); clients must not.
