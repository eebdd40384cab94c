/// A line from the daemon: the response to a request, or an event.
public enum ServerMessage: Hashable, Sendable {
    case response(IdentifiedResponse)
    case event(Event)

    /// Reads one line (without its newline), as a client does.
    /// - Throws: `MessageError` when it is not JSON or not a message of the protocol.
    public static func decode(_ line: some Collection<UInt8>) throws(MessageError) -> ServerMessage {
        let value: JSONValue
        do {
            value = try JSONReader.read(line)
        } catch {
            throw MessageError("not JSON: \(error)")
        }
        let fields = Fields(value, "a message")
        if let event = value["event"] {
            guard let name = event.string else { throw MessageError("a message's \"event\" is not a string") }
            return .event(try Event(name: name, fields))
        }
        guard value["ok"] != nil else { throw MessageError("a message has neither \"event\" nor \"ok\"") }
        // A response to a line without an id carries `"id":null`.
        let id = value["id"].flatMap { $0 == .null ? nil : $0 }
        return .response(IdentifiedResponse(id: id, response: try Response(fields)))
    }

    /// The message as one line of JSON, without the newline.
    public var json: String {
        var out = JSONWriter()
        write(to: &out)
        return out.string
    }

    public func write(to out: inout JSONWriter) {
        switch self {
        case .response(let response): response.write(to: &out)
        case .event(let event): event.write(to: &out)
        }
    }
}

extension IdentifiedResponse {
    /// `{"id":…,"ok":true,…}` or `{"id":…,"ok":false,"error":{…}}`. A frame is
    /// written by the frame writer, member by member, never through a value.
    public func write(to out: inout JSONWriter) {
        out.raw("{\"id\":")
        // As the client wrote it, unless that holds what a terminal would act on: then as the writer writes it.
        if let idText, !JSONWriter.holdsUnsafeCharacters(idText) { out.raw(idText) } else { out.value(id ?? .null) }
        switch response {
        case .hello(let info):
            out.raw(",\"ok\":true,\"server\":")
            out.string(info.server)
            out.raw(",\"version\":")
            out.string(info.version)
            out.raw(",\"protocol\":")
            out.integer(info.protocolVersion)
            out.raw(",\"clock\":")
            out.string(info.clock.rawValue)
            out.raw(",\"fps\":")
            out.number(info.fps)
        case .scenes(let scenes):
            out.raw(",\"ok\":true,\"scenes\":")
            out.value(.array(scenes.map(\.json)))
        case .frame(let frame):
            out.raw(",\"ok\":true,\"frame\":")
            frame.write(to: &out)
        case .diagnostics(let diagnostics):
            out.raw(",\"ok\":true,\"diagnostics\":")
            out.value(.array(diagnostics.map(\.json)))
        case .clock(let state):
            out.raw(",\"ok\":true,\"paused\":")
            out.raw(state.paused ? "true" : "false")
            out.raw(",\"slow\":")
            out.number(state.slow)
        case .done:
            out.raw(",\"ok\":true")
        case .error(let code, let message, let diagnostics):
            out.raw(",\"ok\":false,\"error\":{\"code\":")
            out.string(code.rawValue)
            out.raw(",\"message\":")
            out.string(message)
            if !diagnostics.isEmpty {
                out.raw(",\"diagnostics\":")
                out.value(.array(diagnostics.map(\.json)))
            }
            out.raw("}")
        }
        out.raw("}")
    }

    public var json: String {
        var out = JSONWriter()
        write(to: &out)
        return out.string
    }
}

extension Response {
    fileprivate init(_ fields: Fields) throws(MessageError) {
        guard try fields.bool("ok") else {
            let error = Fields(try fields.member("error"), "an error")
            let name = try error.string("code")
            guard let code = ErrorCode(rawValue: name) else { throw MessageError("unknown error code '\(name)'") }
            var diagnostics: [WireDiagnostic] = []
            if fields.value["error"]?["diagnostics"] != nil {
                for item in try error.array("diagnostics") { diagnostics.append(try WireDiagnostic(json: item)) }
            }
            self = .error(code, try error.string("message"), diagnostics: diagnostics)
            return
        }
        if fields.value["server"] != nil {
            guard let clock = ServerInfo.Clock(rawValue: try fields.string("clock")) else {
                throw MessageError("the clock is real or manual")
            }
            self = .hello(
                ServerInfo(
                    server: try fields.string("server"), version: try fields.string("version"),
                    protocolVersion: try fields.integer("protocol"), clock: clock, fps: try fields.number("fps")))
        } else if fields.value["scenes"] != nil {
            var scenes: [SceneSummary] = []
            for item in try fields.array("scenes") { scenes.append(try SceneSummary(json: item)) }
            self = .scenes(scenes)
        } else if let frame = fields.value["frame"] {
            self = .frame(try Frame(json: frame))
        } else if fields.value["paused"] != nil {
            self = .clock(ClockState(paused: try fields.bool("paused"), slow: try fields.number("slow")))
        } else if fields.value["diagnostics"] != nil {
            var diagnostics: [WireDiagnostic] = []
            for item in try fields.array("diagnostics") { diagnostics.append(try WireDiagnostic(json: item)) }
            self = .diagnostics(diagnostics)
        } else {
            self = .done
        }
    }
}

extension SceneSummary {
    var json: JSONValue {
        .object([
            "name": .string(name), "file": .string(file), "generation": .number(Double(generation)),
            "status": .string(status.rawValue), "errors": .number(Double(errors)),
            "warnings": .number(Double(warnings)), "actions": .array(actions.map(JSONValue.string)),
        ])
    }

    init(json value: JSONValue) throws(MessageError) {
        let fields = Fields(value, "a scene")
        guard let status = Status(rawValue: try fields.string("status")) else {
            throw MessageError("a scene's status is ok or error")
        }
        self.init(
            name: try fields.string("name"), file: try fields.string("file"),
            generation: try fields.integer("generation"), status: status, errors: try fields.integer("errors"),
            warnings: try fields.integer("warnings"),
            actions: try fields.value["actions"] == nil
                ? []
                : fields.array("actions").map { item throws(MessageError) in
                    guard let name = item.string else { throw MessageError("an action's name is a string") }
                    return name
                })
    }
}

extension Event {
    fileprivate init(name: String, _ fields: Fields) throws(MessageError) {
        switch name {
        case "frame":
            self = .frame(try Frame(json: fields.value))
        case "diagnostics":
            var diagnostics: [WireDiagnostic] = []
            for item in try fields.array("diagnostics") { diagnostics.append(try WireDiagnostic(json: item)) }
            self = .diagnostics(
                scene: try fields.string("scene"), generation: try fields.integer("generation"), diagnostics)
        case "reload":
            self = .reload(scene: try fields.string("scene"), generation: try fields.integer("generation"))
        case "removed":
            self = .removed(scene: try fields.string("scene"))
        default:
            throw MessageError("unknown event '\(name.prefix(40))'")
        }
    }

    /// The event as one line of JSON, without the newline.
    public func write(to out: inout JSONWriter) {
        switch self {
        case .frame(let frame):
            frame.write(to: &out)
        case .diagnostics(let scene, let generation, let diagnostics):
            out.raw("{\"event\":\"diagnostics\",\"scene\":")
            out.string(scene)
            out.raw(",\"generation\":")
            out.integer(generation)
            out.raw(",\"diagnostics\":")
            out.value(.array(diagnostics.map(\.json)))
            out.raw("}")
        case .reload(let scene, let generation):
            out.raw("{\"event\":\"reload\",\"scene\":")
            out.string(scene)
            out.raw(",\"generation\":")
            out.integer(generation)
            out.raw("}")
        case .removed(let scene):
            out.raw("{\"event\":\"removed\",\"scene\":")
            out.string(scene)
            out.raw("}")
        }
    }

    public var json: String {
        var out = JSONWriter()
        write(to: &out)
        return out.string
    }
}
