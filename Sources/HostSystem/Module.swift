// HostSystem: this package's few dealings with the host, in one place — reading a file someone else chose
// without blocking on it (`FileReader`), starting and watching processes (`Subprocess`, `ChildProcess`:
// posix_spawn, no descriptor of ours inherited, bounded waits), listening on a Unix socket, the private socket
// folder, a peer's credentials, returning freed memory.
//
// Standard library and glibc (with its C half, CSpawnShims) only. Nothing else in the package calls
// posix_spawn, pipe2 or fork; the language, the runtime and the protocol must never import it. `package` access:
// the daemon, the client and the tools are its users.
