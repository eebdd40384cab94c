/// Where a daemon listens and clients connect unless told (spec §4).
public enum SocketPath {
    /// `$LAYOUTD_SOCKET`, else `$XDG_RUNTIME_DIR/layoutd.sock`, else `/tmp/layoutd-$UID.sock`.
    public static func `default`(environment: [String: String], userID: UInt32) -> String {
        if let path = environment["LAYOUTD_SOCKET"], !path.isEmpty { return path }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty { return runtime + "/layoutd.sock" }
        return "/tmp/layoutd-\(userID).sock"
    }
}
