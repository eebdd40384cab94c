/// What the daemon answers a request with, carrying the request's `id`.
///
/// ```json
/// {"id":1,"ok":true,"server":"layoutd","version":"0.1.0","protocol":1,"clock":"manual","fps":60}
/// {"id":2,"ok":false,"error":{"code":"unknown-scene","message":"no scene 'Quz'; did you mean 'Quiz'?"}}
/// ```
public enum Response: Hashable, Sendable {
    /// `hello`.
    case hello(ServerInfo)
    /// `scenes`.
    case scenes([SceneSummary])
    /// `frame` and `settle`: the frame asked for, or the settled one.
    case frame(Frame)
    /// `diagnostics`, and `exec`: the diagnostics of the scene or of the source.
    case diagnostics([WireDiagnostic])
    /// `clock`: the clock's state after the request.
    case clock(ClockState)
    /// `subscribe`, `unsubscribe`, `run`, `step`, `reload`: done.
    case done
    /// Any request that could not be done; `exec` with errors carries the source's diagnostics.
    case error(ErrorCode, String, diagnostics: [WireDiagnostic] = [])
}

/// The real clock's state, as `clock` answers it:
/// `{"id":3,"ok":true,"paused":false,"slow":10}`.
public struct ClockState: Hashable, Sendable {
    /// Whether scene time stands still.
    public var paused: Bool
    /// Scene time runs this many times slower than the wall clock.
    public var slow: Double

    public init(paused: Bool, slow: Double) {
        self.paused = paused
        self.slow = slow
    }
}

/// What `hello` tells a client.
public struct ServerInfo: Hashable, Sendable {
    public enum Clock: String, Hashable, Sendable, CaseIterable {
        /// Time follows a monotonic clock at `fps`.
        case real
        /// Time moves only on `step` and `settle`.
        case manual
    }

    public var server: String
    public var version: String
    public var protocolVersion: Int
    public var clock: Clock
    public var fps: Double

    public init(
        server: String, version: String, protocolVersion: Int = ProtocolLimits.version, clock: Clock, fps: Double
    ) {
        self.server = server
        self.version = version
        self.protocolVersion = protocolVersion
        self.clock = clock
        self.fps = fps
    }
}

/// One scene in the `scenes` response.
public struct SceneSummary: Hashable, Sendable {
    public enum Status: String, Hashable, Sendable, CaseIterable {
        /// Its file's last version loaded.
        case ok
        /// Its file's last version has errors (the last good generation, if any, still runs).
        case error
    }

    /// The file's path relative to the watched folder, without `.layout`.
    public var name: String
    public var file: String
    /// How many times it has loaded successfully (0: never).
    public var generation: Int
    public var status: Status
    public var errors: Int
    public var warnings: Int
    /// The actions of its running generation, in the file's order (empty before it ever loaded).
    public var actions: [String]

    public init(
        name: String, file: String, generation: Int, status: Status, errors: Int, warnings: Int,
        actions: [String] = []
    ) {
        self.actions = actions
        self.name = name
        self.file = file
        self.generation = generation
        self.status = status
        self.errors = errors
        self.warnings = warnings
    }
}

/// A response with the `id` of the request it answers.
public struct IdentifiedResponse: Hashable, Sendable {
    public var id: JSONValue?
    /// The request's id as its client wrote it (``IdentifiedRequest/idText``): written instead of ``id`` when set.
    public var idText: [UInt8]?
    public var response: Response

    public init(id: JSONValue?, response: Response, idText: [UInt8]? = nil) {
        self.id = id
        self.idText = idText
        self.response = response
    }

    /// The response to a request: its id echoed as it was written.
    public init(answering request: IdentifiedRequest, with response: Response) {
        self.init(id: request.id, response: response, idText: request.idText)
    }

    /// The error response a line that is not a request gets.
    public init(_ error: RequestError) {
        self.init(id: error.id, response: .error(error.code, error.message), idText: error.idText)
    }
}

// Equality is of what the response means: an id's text is how it was spelt.
extension IdentifiedResponse {
    public static func == (left: Self, right: Self) -> Bool { left.id == right.id && left.response == right.response }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(response)
    }
}
