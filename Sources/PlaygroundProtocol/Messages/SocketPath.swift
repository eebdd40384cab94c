/// Where a daemon listens and clients connect unless told (spec §4, with the private folder of
/// docs/protocol.md, "The socket").
///
/// Without `XDG_RUNTIME_DIR` the socket lives in a folder of its own under the shared temporary folder,
/// `/tmp/layoutd-UID/layoutd.sock`, as tmux keeps its sockets: the daemon creates that folder with mode 0700 and
/// refuses one that another user owns or can write to, so no other user can put a socket, a file or a link where
/// clients will look.
public enum SocketPath {
    /// The socket's name in its folder.
    public static let name = "layoutd.sock"

    /// `$LAYOUTD_SOCKET`, else `$XDG_RUNTIME_DIR/layoutd.sock`, else `${LAYOUTD_TMPDIR:-/tmp}/layoutd-UID/layoutd.sock`.
    public static func `default`(environment: [String: String], userID: UInt32) -> String {
        if let path = environment["LAYOUTD_SOCKET"], !path.isEmpty { return path }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty { return runtime + "/" + name }
        return privateFolder(environment: environment, userID: userID) + "/" + name
    }

    /// The folder of this user's sockets under the temporary folder: `${LAYOUTD_TMPDIR:-/tmp}/layoutd-UID`. Not `TMPDIR`, which
    /// differs between a shell, an IDE and `sudo`, so that a daemon and its clients always agree (tmux has
    /// `TMUX_TMPDIR` for the same reason); a relative one counts as unset.
    public static func privateFolder(environment: [String: String], userID: UInt32) -> String {
        var temporary = environment["LAYOUTD_TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        while temporary.count > 1 && temporary.hasSuffix("/") { temporary.removeLast() }
        return (temporary == "/" ? "" : temporary) + "/" + folderName(userID: userID)
    }

    /// The name of a user's private socket folder: `layoutd-UID`.
    public static func folderName(userID: UInt32) -> String { "layoutd-\(userID)" }

    /// The folder a socket path is in, when it is a user's private socket folder (named `layoutd-UID`): the
    /// daemon makes it, private, or checks it is.
    public static func privateFolder(of path: String, userID: UInt32) -> String? {
        guard let slash = path.lastIndex(of: "/") else { return nil }
        let folder = String(path[..<slash])
        let name = folder.split(separator: "/").last.map(String.init) ?? ""
        return name == folderName(userID: userID) ? folder : nil
    }
}
