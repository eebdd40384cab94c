// PlaygroundClient: the Swift client of the protocol (spec §6) — a connection with typed requests and answers,
// frames as typed values, subscriptions as async sequences, assertions on geometry, and `LocalDaemon`, a real
// `layoutd` started on a temporary socket for tests.
//
// It imports the protocol, LayoutAssertions, HostSystem (to start a daemon and check who serves a socket) and
// NIO; never the language, the runtime or the server. `public` is what a user's Swift tests call.
