package import HostSystem
public import Logging
public import PlaygroundProtocol
package import SceneService

/// What a daemon serves and how: the entry point's parameters.
///
/// ```swift
/// let configuration = ServerConfiguration(paths: ["Playgrounds"], socketPath: "/tmp/layoutd-test.sock", clock: .manual)
/// try await PlaygroundServer(configuration).run()
/// ```
public struct ServerConfiguration: Sendable {
    /// The daemon's version, as `hello` reports it.
    public static let version = "0.1.0"

    /// Scene files and folders to watch (folders recursively, `*.layout`).
    public var paths: [String]
    public var socketPath: String
    public var clock: ServerInfo.Clock
    /// Ticks per second of the real clock, and of `step` and `settle` on the manual one.
    public var fps: Double
    /// Scene time runs this many times slower than the real clock (the Simulator's slow animations).
    public var slow: Double
    public var logger: Logger
    /// Where `layout-watch` is; by default beside the running executable.
    public var watcherPath: String?
    /// How long a scene whose file vanished waits for its re-creation before it is dropped, in seconds.
    public var removalGrace: Double
    /// Reads a scene file's bytes, or says why it cannot (``FileReader/read(_:limit:)`` by default). Called on a
    /// thread of the blocking pool, never on the event loop, for every save, listing and `reload`. Injected so
    /// that this package's tests can see what was read.
    package var readFile: @Sendable (String) -> Result<[UInt8], FileReadError> = { path in
        Result { () throws(FileReadError) in try FileReader.read(path) }
    }
    /// Reads a scene file on the event loop when that cannot wait on a disk (``FileReader/readIfCached(_:limit:)``
    /// by default: a file just saved is in memory), else nil and ``readFile`` on the pool. Nil here: every read on
    /// the pool.
    package var readFileIfCached: (@Sendable (String) -> Result<[UInt8], FileReadError>?)? = { path in
        FileReader.readIfCached(path)
    }
    /// How files become scenes: `.layout` files parsed; `.swift` files imported when the program gives the importer
    /// (`layoutd` and `layout-view` do; SwiftImport is linked by them only).
    package var translator = SceneTranslator.layoutOnly
    /// Called once, with the socket's path, when the daemon listens: every watched scene has loaded, so a client
    /// that connects now sees them all. What a parent waits for (`layoutd --ready-fd`), never a log line.
    public var ready: (@Sendable (_ socketPath: String) -> Void)?

    public init(
        paths: [String], socketPath: String, clock: ServerInfo.Clock = .real, fps: Double = 60, slow: Double = 1,
        logger: Logger = Logger(label: "layoutd"), watcherPath: String? = nil, removalGrace: Double = 0.2
    ) {
        self.paths = paths
        self.socketPath = socketPath
        self.clock = clock
        self.fps = fps
        self.slow = slow
        self.logger = logger
        self.watcherPath = watcherPath
        self.removalGrace = removalGrace
    }

    /// The socket path of §4: `$LAYOUTD_SOCKET`, else `$XDG_RUNTIME_DIR/layoutd.sock`, else
    /// `${LAYOUTD_TMPDIR:-/tmp}/layoutd-$UID/layoutd.sock` (``SocketPath``).
    public static func defaultSocketPath(environment: [String: String]) -> String {
        SocketPath.default(environment: environment, userID: FileSystem.userID)
    }
}
