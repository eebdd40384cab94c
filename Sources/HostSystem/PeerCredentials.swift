#if canImport(Glibc)
    import Glibc
#endif

/// Who is at the other end of a Unix-domain socket: `struct ucred`, which `getsockopt(SOL_SOCKET, SO_PEERCRED)`
/// fills (Glibc declares it only under `_GNU_SOURCE`; these are its three 32-bit fields). The kernel records it
/// when the connection is made, so the peer cannot lie about it.
///
/// ```swift
/// let peer: PeerCredentials = try await provider.unsafeGetSocketOption(
///     level: SocketOptionLevel(SOL_SOCKET), name: SocketOptionName(SO_PEERCRED)).get()
/// guard peer.isThisUser else { … }
/// ```
package struct PeerCredentials: Sendable, Hashable {
    package var pid: Int32 = 0
    package var uid: UInt32 = 0
    package var gid: UInt32 = 0

    package init() {}

    /// Whether the peer runs as the user this process runs as.
    package var isThisUser: Bool { uid == getuid() }

    /// Whether a client may trust the peer as its server: this user's, or root's (which could do anything as
    /// this user anyway).
    package var isTrustedServer: Bool { isThisUser || uid == 0 }
}
