/// What a client asks the daemon: one JSON object per line with an `id`
/// (echoed in the response) and a `cmd`.
///
/// ```json
/// {"id":1,"cmd":"run","scene":"Quiz","action":"next"}
/// ```
public enum Request: Hashable, Sendable {
    case hello
    case scenes
    /// `delta`: frame events after the first carry only the views that changed since the frame before, sent to
    /// this client (``Frame/delta``).
    case subscribe(SceneSelector, delta: Bool = false)
    case unsubscribe(SceneSelector)
    case frame(scene: String, layer: Layer)
    case run(scene: String, action: String)
    case exec(scene: String, source: String)
    /// Manual clock only: advance every scene, ticking at the daemon's fps.
    case step(seconds: Double)
    /// Returns when the scene has no running animation; `timeout` in seconds.
    case settle(scene: String, timeout: Double)
    case diagnostics(scene: String)
    case reload(scene: String)
    /// Real clock only: pauses or resumes every scene's time, or slows it
    /// down (`slow` 10: ten times slower, the Simulator's slow animations);
    /// what is not given stays. Answers with the clock's state.
    case clock(paused: Bool?, slow: Double?)

    /// Which scene a subscription is for.
    public enum SceneSelector: Hashable, Sendable {
        case all
        case named(String)
    }

    /// Which layer a `frame` request reads.
    public enum Layer: String, Hashable, Sendable, CaseIterable {
        /// What is on screen now (the default).
        case presentation
        /// What the constraints and properties say, without animations.
        case model
    }

    /// The `cmd` of each request.
    public var command: String {
        switch self {
        case .hello: "hello"
        case .scenes: "scenes"
        case .subscribe: "subscribe"
        case .unsubscribe: "unsubscribe"
        case .frame: "frame"
        case .run: "run"
        case .exec: "exec"
        case .step: "step"
        case .settle: "settle"
        case .diagnostics: "diagnostics"
        case .reload: "reload"
        case .clock: "clock"
        }
    }

    /// Every command the protocol knows, for messages.
    public static let commands = [
        "hello", "scenes", "subscribe", "unsubscribe", "frame", "run", "exec", "step", "settle", "diagnostics",
        "reload", "clock",
    ]

    /// The largest slow factor `clock` takes (and the smallest is its inverse).
    public static let maximumSlow = 1000.0

    /// The longest `step` or `settle` a request may ask for, in seconds.
    public static let maximumSeconds = 3600.0
    /// `settle`'s timeout when the request gives none.
    public static let defaultSettleTimeout = 10.0
}

/// A request with the `id` its response must carry.
public struct IdentifiedRequest: Hashable, Sendable {
    /// Any JSON value the client chose, echoed as it came; nil when the line had none.
    public var id: JSONValue?
    /// The id's JSON text exactly as the client wrote it, when the request was decoded from a line: the response
    /// echoes these bytes, so that `9007199254740993` or `1.50` comes back as it went, not as a `Double` prints.
    public var idText: [UInt8]?
    public var request: Request

    public init(id: JSONValue?, request: Request, idText: [UInt8]? = nil) {
        self.id = id
        self.idText = idText
        self.request = request
    }
}

/// Why a line is not a request: the error response it gets.
public struct RequestError: Error, Hashable, Sendable {
    public var code: ErrorCode
    public var message: String
    /// The request's `id`, when it could be read, so the response carries it.
    public var id: JSONValue?
    /// The id's text as written (``IdentifiedRequest/idText``).
    public var idText: [UInt8]?

    public init(_ code: ErrorCode, _ message: String, id: JSONValue? = nil, idText: [UInt8]? = nil) {
        self.code = code
        self.message = message
        self.id = id
        self.idText = idText
    }
}

// Equality is of what the messages mean: an id's text is how it was spelt.
extension IdentifiedRequest {
    public static func == (left: Self, right: Self) -> Bool { left.id == right.id && left.request == right.request }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(request)
    }
}

extension RequestError {
    public static func == (left: Self, right: Self) -> Bool {
        left.code == right.code && left.message == right.message && left.id == right.id
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(message)
        hasher.combine(id)
    }
}
